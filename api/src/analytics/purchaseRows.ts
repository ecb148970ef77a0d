import { queryBuilder } from "../db/query.ts";

/**
 * A purchase with its referral and that referral's customer, as the cancellations list and the
 * purchased-referrals report show them: the joins and the first columns both read.
 */
export function purchasesWithCustomer() {
  return queryBuilder
    .selectFrom("ReferralPurchase as p")
    .innerJoin("Referral as r", "r.id", "p.referralId")
    .innerJoin("CustomerProfile as c", "c.id", "r.customerId")
    .innerJoin("User as u", "u.id", "c.userId")
    .select(["p.id", "p.referralId", "r.customerId", "u.firstName", "u.lastName", "u.username", "r.name"]);
}
