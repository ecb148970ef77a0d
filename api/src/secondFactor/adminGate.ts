import { ForbiddenError } from "../lib/errors.ts";

/** What the gate reads: the request's viewer and whether production requires a second factor. */
interface GateContext {
  viewer: { isAdmin: boolean; secondFactorEnabled: boolean } | null;
  app: { config: { requireAdminMfa: boolean } };
}

export const ENROL_FIRST_MESSAGE =
  "Administrators must set up two-step verification first: open My Account (/account) to enrol an authenticator app.";

/** An administrator who may act as one: with REQUIRE_ADMIN_MFA, only once their second factor is confirmed. */
export function actsAsAdmin(context: GateContext): boolean {
  const viewer = context.viewer;
  if (viewer?.isAdmin !== true) return false;
  return !context.app.config.requireAdminMfa || viewer.secondFactorEnabled === true;
}

/** An administrator held back until they enrol (the admin pages send them to /account). */
export function mustEnrolSecondFactor(context: GateContext): boolean {
  return context.viewer?.isAdmin === true && !actsAsAdmin(context);
}

/** The refusal an administrator held back gets, or null. */
export function enrolFirstRefusal(context: GateContext): ForbiddenError | null {
  return mustEnrolSecondFactor(context) ? new ForbiddenError(ENROL_FIRST_MESSAGE) : null;
}
