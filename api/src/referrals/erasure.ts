/**
 * The columns that erase a referral's personal data (name, phone, email, address) while the row stays
 * for the figures. Expiry, a customer's withdrawal, an account's deletion and an administrator's
 * erasure on request all write exactly this, so "erased" means one thing everywhere. A hold ends
 * with it: its note may name the friend (docs/rules/fraud.md, "Holds").
 */
export function erasedReferralDetails(now: Date) {
  return {
    name: null,
    phone: null,
    email: null,
    address: null,
    heldAt: null,
    heldNote: null,
    heldById: null,
    erasedAt: now,
    updatedAt: now,
  } as const;
}
