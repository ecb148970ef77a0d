import { lazy, Suspense, useState } from "react";
import { Redirect, Route, Switch } from "wouter";
import ActivityPageQuery, {
  type ActivityPageQuery as ActivityPageQueryType,
} from "../__generated__/ActivityPageQuery.graphql.ts";
import HomePageQuery, { type HomePageQuery as HomePageQueryType } from "../__generated__/HomePageQuery.graphql.ts";
import LandingPageQuery, {
  type LandingPageQuery as LandingPageQueryType,
} from "../__generated__/LandingPageQuery.graphql.ts";
import MilestonesPageQuery, {
  type MilestonesPageQuery as MilestonesPageQueryType,
} from "../__generated__/MilestonesPageQuery.graphql.ts";
import RegistrationPageQuery, {
  type RegistrationPageQuery as RegistrationPageQueryType,
} from "../__generated__/RegistrationPageQuery.graphql.ts";
import {
  ActivitySkeleton,
  DashboardSkeleton,
  FormPageSkeleton,
  MilestonesSkeleton,
} from "../components/customer/skeletons.tsx";
import { FullPageSpinner } from "../components/FullPageSpinner.tsx";
import { HydrationMark } from "../components/HydrationMark.tsx";
import { useRouteQuery } from "../relay/useRouteQuery.ts";
import { homePathOf, useViewerSession } from "../session/viewerSession.ts";
import { AdminOnly, PageBoundary, SignedInOnly, SignedOutOnly, StaffOnly } from "./gates.tsx";

/*
 * Every page is its own chunk (React.lazy), so a page's code loads only when someone opens it;
 * admin pages load only for administrators (AdminOnly), the staff page only for staff (StaffOnly). Route components that need data start
 * their query with useRouteQuery before the page renders, alongside the page's chunk.
 *
 * To fill in a placeholder: replace the page module; if the page needs a query, give it a
 * route component like LandingRoute below that preloads it and passes the reference down.
 */

const importLandingPage = () => import("../pages/landing/LandingPage.tsx");
const LandingPage = lazy(() => importLandingPage().then((module) => ({ default: module.LandingPage })));
const importAuthPage = () => import("../pages/auth/AuthPage.tsx");
const AuthPage = lazy(() => importAuthPage().then((module) => ({ default: module.AuthPage })));
const ResetPasswordPage = lazy(() =>
  import("../pages/resetPassword/ResetPasswordPage.tsx").then((module) => ({ default: module.ResetPasswordPage })),
);
const ConfirmEmailPage = lazy(() =>
  import("../pages/confirmEmail/ConfirmEmailPage.tsx").then((module) => ({ default: module.ConfirmEmailPage })),
);
const importHomePage = () => import("../pages/home/HomePage.tsx");
const HomePage = lazy(() => importHomePage().then((module) => ({ default: module.HomePage })));
const importRegistrationPage = () => import("../pages/registration/RegistrationPage.tsx");
const RegistrationPage = lazy(() => importRegistrationPage().then((module) => ({ default: module.RegistrationPage })));
const importMilestonesPage = () => import("../pages/milestones/MilestonesPage.tsx");
const MilestonesPage = lazy(() => importMilestonesPage().then((module) => ({ default: module.MilestonesPage })));
const importActivityPage = () => import("../pages/activity/ActivityPage.tsx");
const ActivityPage = lazy(() => importActivityPage().then((module) => ({ default: module.ActivityPage })));
const AdminPage = lazy(() => import("../pages/admin/AdminPage.tsx").then((module) => ({ default: module.AdminPage })));
const AdminTestPage = lazy(() =>
  import("../pages/admin/AdminTestPage.tsx").then((module) => ({ default: module.AdminTestPage })),
);
const AdminReportsPage = lazy(() =>
  import("../pages/admin/AdminReportsPage.tsx").then((module) => ({ default: module.AdminReportsPage })),
);
const AdminCustomerPage = lazy(() =>
  import("../pages/admin/AdminCustomerPage.tsx").then((module) => ({ default: module.AdminCustomerPage })),
);
// The showroom page: its chunk loads only for staff (StaffOnly).
const StaffPage = lazy(() => import("../pages/staff/StaffPage.tsx").then((module) => ({ default: module.StaffPage })));
const AccountPage = lazy(() =>
  import("../pages/account/AccountPage.tsx").then((module) => ({ default: module.AccountPage })),
);
// The API docs are a chunk of their own, loaded only on /docs (their viewer, Redoc, a file the page adds).
const DocsPage = lazy(() => import("../pages/docs/DocsPage.tsx").then((module) => ({ default: module.DocsPage })));
const NotFoundPage = lazy(() =>
  import("../pages/notFound/NotFoundPage.tsx").then((module) => ({ default: module.NotFoundPage })),
);

export function AppRoutes() {
  return (
    // The session's first load suspends here: the full-page spinner with 'Loading...'.
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/">
          <LandingRoute />
        </Route>
        <Route path="/auth">
          <AuthRoute />
        </Route>
        <Route path="/reset-password">
          <PageBoundary>
            <ResetPasswordPage />
          </PageBoundary>
        </Route>
        <Route path="/confirm-email">
          <PageBoundary>
            <ConfirmEmailPage />
          </PageBoundary>
        </Route>
        <Route path="/home">
          <HomeRoute />
        </Route>
        <Route path="/registration">
          <RegistrationRoute />
        </Route>
        <Route path="/milestones">
          <MilestonesRoute />
        </Route>
        <Route path="/activity">
          <ActivityRoute />
        </Route>
        <Route path="/admin">
          <AdminOnly signedOutTo="/auth">
            <AdminPage />
          </AdminOnly>
        </Route>
        <Route path="/admin/reports">
          <AdminOnly signedOutTo="/auth">
            <AdminReportsPage />
          </AdminOnly>
        </Route>
        <Route path="/admin/customers/:id">
          {(params) => (
            <AdminOnly signedOutTo="/auth">
              <AdminCustomerPage customerId={params.id} />
            </AdminOnly>
          )}
        </Route>
        <Route path="/staff">
          <StaffOnly>
            <StaffPage />
          </StaffOnly>
        </Route>
        {/* Everyone's account settings; an administrator or staff member who must enrol a second factor is sent here. */}
        <Route path="/account">
          <SignedInOnly signedOutTo="/auth" staffToo>
            <AccountPage />
          </SignedInOnly>
        </Route>
        {/* /admin-test shows Access Denied to anyone who is not an administrator. */}
        <Route path="/admin-test">
          <AdminOnly signedOutTo={null}>
            <AdminTestPage />
          </AdminOnly>
        </Route>
        <Route path="/docs">
          <PageBoundary>
            <DocsPage />
          </PageBoundary>
        </Route>
        <Route>
          <PageBoundary>
            <NotFoundPage />
          </PageBoundary>
        </Route>
      </Switch>
      <HydrationMark />
    </Suspense>
  );
}

/** `/`: the landing page for visitors; signed in, administrators go to /admin, staff to /staff and customers to /home. */
function LandingRoute() {
  // Started before the session is known, so the page's data and code load while it loads.
  const landingQuery = useRouteQuery<LandingPageQueryType>(LandingPageQuery, {});
  void importLandingPage();
  const viewer = useViewerSession();
  const [target] = useState(() => (viewer ? homePathOf(viewer) : null));
  if (target) return <Redirect to={target} replace />;
  return (
    <PageBoundary>
      <LandingPage queryRef={landingQuery} />
    </PageBoundary>
  );
}

/** `/auth`: its code loads alongside the session, so a prerendered /auth hydrates in one pass once both are in. */
function AuthRoute() {
  void importAuthPage();
  return (
    <SignedOutOnly signedInTo="/home">
      <AuthPage />
    </SignedOutOnly>
  );
}

/*
 * The customer routes start their query (and their page's code) as the route is entered, before
 * the session is known, so both load alongside it; a visitor who turns out to be signed out is
 * sent away by the gate and the answer (no viewer) is simply dropped.
 */

/** `/home`: the customer's screen (registration, review, or dashboard); signed out, to /. */
function HomeRoute() {
  const queryRef = useRouteQuery<HomePageQueryType>(HomePageQuery, {});
  void importHomePage();
  return (
    <SignedInOnly signedOutTo="/">
      <Suspense fallback={<DashboardSkeleton />}>
        <HomePage queryRef={queryRef} />
        <HydrationMark />
      </Suspense>
    </SignedInOnly>
  );
}

/** `/registration` (Complete Registration); signed out, to /auth. */
function RegistrationRoute() {
  const queryRef = useRouteQuery<RegistrationPageQueryType>(RegistrationPageQuery, {});
  void importRegistrationPage();
  return (
    <SignedInOnly signedOutTo="/auth">
      <Suspense fallback={<FormPageSkeleton />}>
        <RegistrationPage queryRef={queryRef} />
      </Suspense>
    </SignedInOnly>
  );
}

/** `/milestones` (Milestone Rewards); signed out, to /. */
function MilestonesRoute() {
  const queryRef = useRouteQuery<MilestonesPageQueryType>(MilestonesPageQuery, {});
  void importMilestonesPage();
  return (
    <SignedInOnly signedOutTo="/">
      <Suspense fallback={<MilestonesSkeleton />}>
        <MilestonesPage queryRef={queryRef} />
        <HydrationMark />
      </Suspense>
    </SignedInOnly>
  );
}

/** `/activity` (the whole activity history, from Recent Activity's "See all"); signed out, to /. */
function ActivityRoute() {
  const queryRef = useRouteQuery<ActivityPageQueryType>(ActivityPageQuery, {});
  void importActivityPage();
  return (
    <SignedInOnly signedOutTo="/">
      <Suspense fallback={<ActivitySkeleton />}>
        <ActivityPage queryRef={queryRef} />
      </Suspense>
    </SignedInOnly>
  );
}
