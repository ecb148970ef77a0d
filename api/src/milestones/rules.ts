// The milestone rule: thresholds, tranches, READY, overpaid, and the three milestones' view. Pure: it imports no
// domain, so customers, referrals and the milestone service all read it through milestones/index.ts.
import { mulDivRoundHalfUp } from "../lib/money.ts";

export type MilestoneKey = "M33" | "M66" | "M100";
export const MILESTONES: readonly MilestoneKey[] = ["M33", "M66", "M100"];
export const MILESTONE_PERCENT: Record<MilestoneKey, number> = { M33: 33, M66: 66, M100: 100 };
/** Each milestone's title, as the customer's and the staff member's cards show it. */
export const MILESTONE_TITLES: Record<MilestoneKey, string> = {
  M33: "33% Milestone",
  M66: "66% Milestone",
  M100: "100% Milestone (Full Refund)",
};

/** A milestone already paid to the customer, with the amount that went out. */
export interface PaidMilestone {
  milestone: MilestoneKey;
  amountPence: number;
}

/** The amount at which each milestone is reached: 33%, 66% and 100% of the purchase P. */
export function milestoneThresholds(purchasePence: number): Record<MilestoneKey, number> {
  return {
    M33: mulDivRoundHalfUp(purchasePence, 33, 100),
    M66: mulDivRoundHalfUp(purchasePence, 66, 100),
    M100: purchasePence,
  };
}

/** What each milestone pays: round(0.33P), round(0.66P) − round(0.33P), P − round(0.66P); together exactly P. */
export function milestoneTranches(purchasePence: number): Record<MilestoneKey, number> {
  const t = milestoneThresholds(purchasePence);
  return { M33: t.M33, M66: t.M66 - t.M33, M100: purchasePence - t.M66 };
}

export type MilestoneState = "LOCKED" | "READY" | "PAID";

/** Everything paid out in milestone tranches so far. */
export function totalPaidPence(payments: readonly PaidMilestone[]): number {
  return payments.reduce((sum, payment) => sum + payment.amountPence, 0);
}

/**
 * What has been paid beyond the current credits: max(0, paid − credits). Only a cancellation can
 * make it positive (docs/rules/milestones.md, "Milestones": the cancellation still goes through and administrators see this).
 */
export function overpaidPence(creditsPence: number, payments: readonly PaidMilestone[]): number {
  return Math.max(0, totalPaidPence(payments) - creditsPence);
}

/**
 * Further credits needed before the milestone can be paid: zero once it is READY or PAID.
 * A milestone is payable when credits have reached its threshold AND the credits not yet paid out
 * (credits − everything already paid) cover its tranche. In the ordinary course the second
 * condition follows from the first; after a cancellation that left paid tranches above the
 * credits, it holds back every further payment until the credits catch up (docs/rules/milestones.md, "Milestones").
 */
export function creditsNeededPence(
  key: MilestoneKey,
  purchasePence: number,
  creditsPence: number,
  payments: readonly PaidMilestone[],
): number {
  if (payments.some((payment) => payment.milestone === key)) return 0;
  const belowThreshold = milestoneThresholds(purchasePence)[key] - creditsPence;
  const unpaidCredits = creditsPence - totalPaidPence(payments);
  const belowTranche = milestoneTranches(purchasePence)[key] - unpaidCredits;
  return Math.max(0, belowThreshold, belowTranche);
}

/** PAID once processed; READY when payable (see creditsNeededPence); LOCKED otherwise. */
export function milestoneState(
  key: MilestoneKey,
  purchasePence: number,
  creditsPence: number,
  payments: readonly PaidMilestone[],
): MilestoneState {
  if (payments.some((payment) => payment.milestone === key)) return "PAID";
  return creditsNeededPence(key, purchasePence, creditsPence, payments) === 0 ? "READY" : "LOCKED";
}

/**
 * The milestones a change of credits made payable: READY afterwards and not before, with the same
 * payments. These are the ones the customer is told about ("ready to be paid").
 */
export function milestonesMadeReady(
  purchasePence: number,
  creditsBeforePence: number,
  creditsAfterPence: number,
  payments: readonly PaidMilestone[],
): MilestoneKey[] {
  return MILESTONES.filter(
    (key) =>
      milestoneState(key, purchasePence, creditsAfterPence, payments) === "READY" &&
      milestoneState(key, purchasePence, creditsBeforePence, payments) !== "READY",
  );
}

/** Progress in whole percent, capped at 100 (floor, so 100 means the target is truly met). */
export function progressPercentage(purchasePence: number, creditsPence: number): number {
  if (purchasePence <= 0 || creditsPence <= 0) return 0;
  return Math.min(100, Math.floor((creditsPence * 100) / purchasePence));
}

export interface PaymentFact {
  milestone: MilestoneKey;
  amountPence: number;
  paidAt: Date;
}

export interface MilestoneView {
  key: MilestoneKey;
  percent: number;
  /** The credits at which it is reached. */
  thresholdPence: number;
  /** What it pays: the three add up to the original purchase. */
  tranchePence: number;
  state: MilestoneState;
  /** Further credits needed before it can be paid; zero once READY or PAID. */
  creditsNeededPence: number;
  paidAt: Date | null;
}

/** The three milestones of one customer, in order, with what they pay and where they stand. */
export function milestoneOverview(
  purchasePence: number,
  creditsPence: number,
  payments: readonly PaymentFact[],
): MilestoneView[] {
  const thresholds = milestoneThresholds(purchasePence);
  const tranches = milestoneTranches(purchasePence);
  return MILESTONES.map((key) => {
    const payment = payments.find((p) => p.milestone === key);
    return {
      key,
      percent: MILESTONE_PERCENT[key],
      thresholdPence: thresholds[key],
      tranchePence: tranches[key],
      state: milestoneState(key, purchasePence, creditsPence, payments),
      creditsNeededPence: creditsNeededPence(key, purchasePence, creditsPence, payments),
      paidAt: payment?.paidAt ?? null,
    };
  });
}

/** "milestone_33": the REST name of a milestone. */
export function milestoneTypeName(key: MilestoneKey): string {
  return `milestone_${MILESTONE_PERCENT[key]}`;
}

/**
 * The milestone a REST caller named, in any of the documented spellings: "milestone_33", "33", 33,
 * "33%", "M33" (any case). Null when it names none.
 */
export function milestoneFromTypeName(value: unknown): MilestoneKey | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim().toUpperCase() : "";
  const match = /^(?:MILESTONE_?|M)?(33|66|100)%?$/.exec(text);
  return match ? (`M${match[1]}` as MilestoneKey) : null;
}
