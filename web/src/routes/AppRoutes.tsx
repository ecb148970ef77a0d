import { lazy, Suspense, useState } from "react";
import { Redirect, Route, Switch } from "wouter";
import LandingPageQuery, { type LandingPageQuery as LandingPageQueryType } from "../__generated__/LandingPageQuery.graphql.ts";
import { FullPageSpinner } from "../components/FullPageSpinner.tsx";
import { useRouteQuery } from "../relay/useRouteQuery.ts";
import { useViewerSession } from "../session/viewerSession.ts";
import { AdminOnly, PageBoundary, SignedInOnly, SignedOutOnly } from "./gates.tsx";

/*
 * Every page is its own chunk (React.lazy), so a page's code loads only when someone opens it;
 * admin pages load only for administrators (AdminOnly). Route components that need data start
 * their query with useRouteQuery before the page renders, alongside the page's chunk.
 *
 * To fill in a placeholder: replace the page module; if the page needs a query, give it a
 * route component like LandingRoute below that preloads it and passes the reference down.
 */

const importLandingPage = () => import("../pages/landing/LandingPage.tsx");
const LandingPage = lazy(() => importLandingPage().then((module) => ({ default: module.LandingPage })));
const AuthPage = lazy(() => import("../pages/auth/AuthPage.tsx").then((module) => ({ default: module.AuthPage })));
const ResetPasswordPage = lazy(() =>
  import("../pages/resetPassword/ResetPasswordPage.tsx").then((module) => ({ default: module.ResetPasswordPage })),
);
const HomePage = lazy(() => import("../pages/home/HomePage.tsx").then((module) => ({ default: module.HomePage })));
const RegistrationPage = lazy(() =>
  import("../pages/registration/RegistrationPage.tsx").then((module) => ({ default: module.RegistrationPage })),
);
const MilestonesPage = lazy(() => import("../pages/milestones/MilestonesPage.tsx").then((module) => ({ default: module.MilestonesPage })));
const AdminPage = lazy(() => import("../pages/admin/AdminPage.tsx").then((module) => ({ default: module.AdminPage })));
const AdminTestPage = lazy(() => import("../pages/admin/AdminTestPage.tsx").then((module) => ({ default: module.AdminTestPage })));
const AdminReportsPage = lazy(() =>
  import("../pages/admin/AdminReportsPage.tsx").then((module) => ({ default: module.AdminReportsPage })),
);
const NotFoundPage = lazy(() => import("../pages/notFound/NotFoundPage.tsx").then((module) => ({ default: module.NotFoundPage })));

export function AppRoutes() {
  return (
    // The session's first load suspends here: the spec's full-page spinner with 'Loading...'.
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/">
          <LandingRoute />
        </Route>
        <Route path="/auth">
          <SignedOutOnly signedInTo="/home">
            <AuthPage />
          </SignedOutOnly>
        </Route>
        <Route path="/reset-password">
          <PageBoundary>
            <ResetPasswordPage />
          </PageBoundary>
        </Route>
        <Route path="/home">
          <SignedInOnly signedOutTo="/">
            <HomePage />
          </SignedInOnly>
        </Route>
        <Route path="/registration">
          <SignedInOnly signedOutTo="/auth">
            <RegistrationPage />
          </SignedInOnly>
        </Route>
        <Route path="/milestones">
          <SignedInOnly signedOutTo="/">
            <MilestonesPage />
          </SignedInOnly>
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
        {/* Spec section 6: /admin-test shows Access Denied to anyone who is not an administrator. */}
        <Route path="/admin-test">
          <AdminOnly signedOutTo={null}>
            <AdminTestPage />
          </AdminOnly>
        </Route>
        <Route>
          <PageBoundary>
            <NotFoundPage />
          </PageBoundary>
        </Route>
      </Switch>
    </Suspense>
  );
}

/** `/`: the landing page for visitors; signed in, administrators go to /admin and others to /home. */
function LandingRoute() {
  // Started before the session is known, so the page's data and code load while it loads.
  const landingQuery = useRouteQuery<LandingPageQueryType>(LandingPageQuery, {});
  void importLandingPage();
  const viewer = useViewerSession();
  const [target] = useState(() => (viewer ? (viewer.isAdmin ? "/admin" : "/home") : null));
  if (target) return <Redirect to={target} replace />;
  return (
    <PageBoundary>
      <LandingPage queryRef={landingQuery} />
    </PageBoundary>
  );
}
