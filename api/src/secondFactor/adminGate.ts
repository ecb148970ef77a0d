// The one "acts in this role" check: the access table's USER_ROLES (graphql/access.ts) says which
// role needs a second factor under which setting (docs/rules/roles.md, docs/security.md).
import { type SecondFactorSetting, USER_ROLES, type UserRole } from "../graphql/access.ts";
import { ForbiddenError } from "../lib/errors.ts";

/** What the gate reads: the request's viewer and whether production requires a second factor. */
interface GateContext {
  viewer: { role: UserRole; secondFactorEnabled: boolean } | null;
  app: { config: Record<SecondFactorSetting, boolean> };
}

export const ENROL_FIRST_MESSAGE =
  "Administrators must set up two-step verification first: open My Account (/account) to enrol an authenticator app.";

export const STAFF_ENROL_FIRST_MESSAGE =
  "Staff accounts must set up two-step verification first: open My Account (/account) to enrol an authenticator app.";

/** A viewer whose role needs a second factor under a setting that is on, and who has none yet. */
function heldBack(context: GateContext): boolean {
  const viewer = context.viewer;
  if (!viewer) return false;
  const setting = USER_ROLES[viewer.role].secondFactorRequiredBy;
  return setting !== null && context.app.config[setting] && viewer.secondFactorEnabled !== true;
}

/** An administrator who may act as one: with REQUIRE_ADMIN_MFA, only once their second factor is confirmed. */
export function actsAsAdmin(context: GateContext): boolean {
  return context.viewer?.role === "ADMIN" && !heldBack(context);
}

/** A staff member who may act as one: with REQUIRE_STAFF_MFA, only once their second factor is confirmed. */
export function actsAsStaff(context: GateContext): boolean {
  return context.viewer?.role === "STAFF" && !heldBack(context);
}

/** A user held back until they enrol (the admin pages send administrators to /account). */
export function mustEnrolSecondFactor(context: GateContext): boolean {
  return heldBack(context);
}

/** The refusal a user held back gets, or null. */
export function enrolFirstRefusal(context: GateContext): ForbiddenError | null {
  if (!heldBack(context)) return null;
  return new ForbiddenError(context.viewer?.role === "STAFF" ? STAFF_ENROL_FIRST_MESSAGE : ENROL_FIRST_MESSAGE);
}
