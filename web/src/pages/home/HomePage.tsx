import { Suspense, useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import { Redirect } from "wouter";
import HomeDashboardQuery, {
  type HomeDashboardQuery as HomeDashboardQueryType,
} from "../../__generated__/HomeDashboardQuery.graphql.ts";
import type { HomePageQuery as HomePageQueryType } from "../../__generated__/HomePageQuery.graphql.ts";
import { AccountPendingScreen } from "../../components/customer/AccountPendingScreen.tsx";
import { AccountRejectedScreen } from "../../components/customer/AccountRejectedScreen.tsx";
import { EmailConfirmationNotice } from "../../components/customer/EmailConfirmationNotice.tsx";
import { DashboardSkeleton } from "../../components/customer/skeletons.tsx";
import { HydrationMark } from "../../components/HydrationMark.tsx";
import { useRouteQuery } from "../../relay/useRouteQuery.ts";
import { DASHBOARD_VARIABLES } from "./dashboardVariables.ts";
import { HomeDashboard } from "./HomeDashboard.tsx";

/**
 * Preloaded by HomeRoute (routes/AppRoutes.tsx). Only what decides the screen: the dashboard's
 * referrals, activities and milestones are open to verified customers only, and asking for them
 * in this query would null the whole profile for anyone else, so the dashboard has its own query.
 */
export const HomePageQuery = graphql`
  query HomePageQuery {
    viewer {
      id
      role
      ...EmailConfirmationNotice_user
      customer {
        id
        status
        ...AccountPendingScreen_customer
        ...AccountRejectedScreen_customer
      }
    }
  }
`;

/**
 * /home (docs/rules/web-app.md, "Web app routes"): no profile yet goes to /registration (an administrator without one to
 * /admin); a pending registration shows Account Under Review; a rejected one its reason; a
 * verified customer the dashboard.
 */
export function HomePage({ queryRef }: { queryRef: PreloadedQuery<HomePageQueryType> }) {
  const { viewer } = usePreloadedQuery<HomePageQueryType>(HomePageQuery, queryRef);
  // Decided once on entry, like the route gates: signing out on this page must not bounce it elsewhere.
  const [entryRedirect] = useState(() =>
    !viewer ? "/" : !viewer.customer ? (viewer.role === "ADMIN" ? "/admin" : "/registration") : null,
  );
  if (entryRedirect) return <Redirect to={entryRedirect} replace />;
  const customer = viewer?.customer;
  if (!customer) return null;
  return (
    <>
      {viewer ? <EmailConfirmationNotice user={viewer} standalone /> : null}
      {customer.status === "VERIFIED" ? (
        <Suspense fallback={<DashboardSkeleton />}>
          <DashboardRoute />
          <HydrationMark />
        </Suspense>
      ) : customer.status === "REJECTED" ? (
        <AccountRejectedScreen customer={customer} />
      ) : (
        <AccountPendingScreen customer={customer} />
      )}
    </>
  );
}

/** Starts the dashboard's query as soon as the profile is known to be verified. */
function DashboardRoute() {
  const queryRef = useRouteQuery<HomeDashboardQueryType>(HomeDashboardQuery, DASHBOARD_VARIABLES);
  return <HomeDashboard queryRef={queryRef} />;
}
