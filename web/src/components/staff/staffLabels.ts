/*
 * How the staff page names states: the words the customer's own screens use (docs/rules/web-app.md),
 * each with its colour, never colour alone.
 */

export const CUSTOMER_STATUS: Record<string, { label: string; palette: string }> = {
  VERIFIED: { label: "Verified", palette: "green" },
  PENDING: { label: "Pending review", palette: "amber" },
  REJECTED: { label: "Rejected", palette: "red" },
};

/** A milestone's state: Paid, Ready or Pending (not reached yet). */
export const MILESTONE_STATE: Record<string, { label: string; palette: string }> = {
  PAID: { label: "Paid", palette: "green" },
  READY: { label: "Ready", palette: "amber" },
  LOCKED: { label: "Pending", palette: "gray" },
};

export const REFERRAL_STATUS_PALETTE: Record<string, string> = {
  PENDING: "amber",
  PURCHASED: "green",
  EXPIRED: "gray",
  WITHDRAWN: "gray",
};

export const CHANNEL_LABEL: Record<string, string> = {
  TYPED: "Added by the customer",
  SHARE_LINK: "Through their link",
  STAFF: "Recorded by staff",
};

/** Whole percent rounded down, shown capped at 100 (docs/rules/web-app.md, "Progress"). */
export function progressPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.floor(value)));
}
