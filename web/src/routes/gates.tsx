import { type ReactNode, Suspense, useState } from "react";
import { Redirect } from "wouter";
import { AccessDenied } from "../components/AccessDenied.tsx";
import { HydrationMark } from "../components/HydrationMark.tsx";
import { PageSkeleton } from "../components/PageSkeleton.tsx";
import { homePathOf, type SessionViewer, useViewerSession } from "../session/viewerSession.ts";

/*
 * The redirects (docs/rules/web-app.md, "Web app routes"). Each gate decides once, when its route is entered: signing
 * in on / must not whisk the user away at once, because the app shows 'Welcome back!' and moves
 * to /home about a second later itself.
 */

function useDecisionOnEntry(decide: (viewer: SessionViewer | null) => string | null) {
  const viewer = useViewerSession();
  const [target] = useState(() => decide(viewer));
  return { viewer, target };
}

/** The page's own code loads inside this boundary, so a slow chunk shows a skeleton. */
export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      {children}
      <HydrationMark />
    </Suspense>
  );
}

/** /auth: a signed-in user goes to `signedInTo`, staff to /staff. */
export function SignedOutOnly({ signedInTo, children }: { signedInTo: string; children: ReactNode }) {
  const { target } = useDecisionOnEntry((viewer) =>
    viewer ? (viewer.role === "STAFF" ? "/staff" : signedInTo) : null,
  );
  if (target) return <Redirect to={target} replace />;
  return <PageBoundary>{children}</PageBoundary>;
}

/**
 * A page for signed-in users; anyone else goes to `signedOutTo` (/ or /auth, per section 6). The
 * customer pages send staff to /staff (docs/rules/roles.md, "The pages"); `staffToo` keeps them
 * (the account settings every user has).
 */
export function SignedInOnly({
  signedOutTo,
  staffToo = false,
  children,
}: {
  signedOutTo: string;
  staffToo?: boolean;
  children: ReactNode;
}) {
  const { target } = useDecisionOnEntry((viewer) =>
    !viewer ? signedOutTo : viewer.role === "STAFF" && !staffToo ? "/staff" : null,
  );
  if (target) return <Redirect to={target} replace />;
  return <PageBoundary>{children}</PageBoundary>;
}

/**
 * An administrator's page: its code is requested only once the session says the user is an
 * administrator, so a customer's browser never downloads admin code. Staff go to /staff; another
 * signed-in user sees Access Denied; a signed-out visitor goes to `signedOutTo`, or sees Access
 * Denied when it is null.
 */
export function AdminOnly({ signedOutTo, children }: { signedOutTo: string | null; children: ReactNode }) {
  const { viewer, target } = useDecisionOnEntry((viewer) =>
    viewer ? (viewer.role === "STAFF" ? "/staff" : null) : signedOutTo,
  );
  if (target) return <Redirect to={target} replace />;
  if (viewer?.role !== "ADMIN") return <AccessDenied />;
  // REQUIRE_ADMIN_MFA: an administrator without a second factor can only enrol (/account, open to every signed-in user).
  if (viewer.mustEnrolSecondFactor) return <Redirect to="/account" replace />;
  return <PageBoundary>{children}</PageBoundary>;
}

/**
 * /staff, the showroom page: staff only. A customer goes to /home, an administrator to /admin, a
 * visitor to /auth; a member of staff who must enrol a second factor (REQUIRE_STAFF_MFA) to /account.
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { target } = useDecisionOnEntry((viewer) =>
    !viewer ? "/auth" : viewer.role !== "STAFF" ? homePathOf(viewer) : viewer.mustEnrolSecondFactor ? "/account" : null,
  );
  if (target) return <Redirect to={target} replace />;
  return <PageBoundary>{children}</PageBoundary>;
}
