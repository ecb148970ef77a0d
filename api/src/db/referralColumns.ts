/**
 * A referral's own details as the admin referral list and the referrals report read them, in that
 * order, from the `Referral as r` alias.
 */
export const REFERRAL_DETAIL_COLUMNS = [
  "r.name",
  "r.email",
  "r.phone",
  "r.address",
  "r.status",
  "r.createdAt",
  "r.expiresAt",
  "r.heldAt",
] as const;
