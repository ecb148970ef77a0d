import type { Context } from "../graphql/context.ts";
import { ForbiddenError, NotAuthenticatedError } from "../lib/errors.ts";
import { actsAsAdmin, enrolFirstRefusal } from "../secondFactor/index.ts";

export const VERIFIED_ONLY_MESSAGE =
  "Your account has not been verified yet: referrals, activities and milestones open once our team has verified it.";

/** The customer's own profile: its owner (verified or not) or an administrator. */
export function mayReadCustomer(context: Context, customer: { userId: number }): boolean {
  return actsAsAdmin(context) || context.viewer?.id === customer.userId;
}

/** A customer's referrals, activities and milestone payments: a verified owner or an administrator. */
export function mayReadCustomerData(context: Context, row: { customerId: number }): boolean {
  if (actsAsAdmin(context)) return true;
  const customer = context.viewer?.customer;
  return customer?.status === "VERIFIED" && customer.id === row.customerId;
}

/** Why a verifiedCustomer-only field was refused, in words the customer can act on. */
export function verifiedOnlyError(context: Context): Error {
  if (!context.viewer) return new NotAuthenticatedError();
  const enrolFirst = enrolFirstRefusal(context);
  if (enrolFirst) return enrolFirst;
  if (context.viewer.role === "CUSTOMER" && context.viewer.customer?.status !== "VERIFIED")
    return new ForbiddenError(VERIFIED_ONLY_MESSAGE);
  return new ForbiddenError("You do not have permission to do this");
}
