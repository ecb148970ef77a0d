// The operations each route sends as it opens, as Relay's artifacts spell them: the server runs them
// for the page's own request and inlines the answers in its HTML (api/src/http/routeData.ts), and
// the app's first fetch of each is answered from there (web/src/relay/initialData.ts).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { type ConcreteRequest, createOperationDescriptor, type Variables } from "relay-runtime";
import AdminCountsQuery from "../src/__generated__/AdminCountsQuery.graphql.ts";
import AdminPendingReferralsTabQuery from "../src/__generated__/AdminPendingReferralsTabQuery.graphql.ts";
import AdminVerificationRequestsQuery from "../src/__generated__/AdminVerificationRequestsQuery.graphql.ts";
import HomeDashboardQuery from "../src/__generated__/HomeDashboardQuery.graphql.ts";
import HomePageQuery from "../src/__generated__/HomePageQuery.graphql.ts";
import LandingPageQuery from "../src/__generated__/LandingPageQuery.graphql.ts";
import MilestonesPageDetailsQuery from "../src/__generated__/MilestonesPageDetailsQuery.graphql.ts";
import MilestonesPageQuery from "../src/__generated__/MilestonesPageQuery.graphql.ts";
import MyRecordedReferralsQuery from "../src/__generated__/MyRecordedReferralsQuery.graphql.ts";
import viewerSessionQuery from "../src/__generated__/viewerSessionQuery.graphql.ts";
import {
  ADMIN_COUNTS_VARIABLES,
  ADMIN_PAGE_SIZE,
  VERIFICATION_REQUESTS_SHOWN,
} from "../src/components/admin/adminLists.ts";
import { DASHBOARD_VARIABLES } from "../src/pages/home/dashboardVariables.ts";
import { operationText } from "./persistedDocuments.ts";

/** The server reads it from the web build (api/src/http/routeData.ts names it too). */
export const ROUTE_QUERIES_FILE = "route-queries.json";

/** Who a route's data is run for: its page's gate in web/src/routes/AppRoutes.tsx. */
type Audience = "everyone" | "signedIn" | "admin" | "staff";

interface RouteOperation {
  name: string;
  text: string;
  variables: Variables;
}

function operation(request: ConcreteRequest, variables: Variables = {}): RouteOperation {
  const { name } = request.params;
  const text = operationText(request.params);
  // The variables as Relay completes them (defaults applied): what the app's fetch is given.
  return { name, text, variables: createOperationDescriptor(request, variables).request.variables };
}

/**
 * Per path, what the app asks first: the session everywhere; the landing page's programme on `/`;
 * the customer's screen and dashboard on `/home`; the profile and the milestones on `/milestones`;
 * the Admin Panel's tab counts, first tab and the verifications awaiting approval above it on `/admin` (the settings have a tab of their own,
 * loaded when it opens); a staff member's recorded referrals on `/staff`.
 */
export function routeQueries(): Record<string, { audience: Audience; operations: RouteOperation[] }> {
  const session = operation(viewerSessionQuery);
  return {
    "/": { audience: "everyone", operations: [session, operation(LandingPageQuery)] },
    "/auth": { audience: "everyone", operations: [session] },
    "/home": {
      audience: "signedIn",
      operations: [session, operation(HomePageQuery), operation(HomeDashboardQuery, DASHBOARD_VARIABLES)],
    },
    "/milestones": {
      audience: "signedIn",
      operations: [session, operation(MilestonesPageQuery), operation(MilestonesPageDetailsQuery)],
    },
    "/admin": {
      audience: "admin",
      operations: [
        session,
        operation(AdminCountsQuery, ADMIN_COUNTS_VARIABLES),
        operation(AdminPendingReferralsTabQuery, { count: ADMIN_PAGE_SIZE }),
        operation(AdminVerificationRequestsQuery, { count: VERIFICATION_REQUESTS_SHOWN }),
      ],
    },
    "/staff": { audience: "staff", operations: [session, operation(MyRecordedReferralsQuery)] },
  };
}

/** Writes the table into a web build folder. */
export function writeRouteQueries(distDir: string): void {
  writeFileSync(path.join(distDir, ROUTE_QUERIES_FILE), JSON.stringify(routeQueries()));
}
