import {
  creditsNeededPence,
  MILESTONE_PERCENT,
  MILESTONES,
  type MilestoneKey,
  type MilestoneState,
  milestoneState,
  milestoneThresholds,
  milestoneTranches,
} from "./milestoneRules.ts";

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
