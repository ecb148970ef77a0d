import {
  MILESTONE_PERCENT,
  MILESTONES,
  type MilestoneKey,
  type MilestoneState,
  milestoneState,
  milestoneThresholds,
  milestoneTranches,
} from "./rules.ts";

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
  paidAt: Date | null;
}

/** The three milestones of one customer, in order, with what they pay and where they stand. */
export function milestoneOverview(purchasePence: number, creditsPence: number, payments: readonly PaymentFact[]): MilestoneView[] {
  const thresholds = milestoneThresholds(purchasePence);
  const tranches = milestoneTranches(purchasePence);
  return MILESTONES.map((key) => {
    const payment = payments.find((p) => p.milestone === key);
    return {
      key,
      percent: MILESTONE_PERCENT[key],
      thresholdPence: thresholds[key],
      tranchePence: tranches[key],
      state: milestoneState(key, purchasePence, creditsPence, payment !== undefined),
      paidAt: payment?.paidAt ?? null,
    };
  });
}

/** "milestone_33": the REST name of a milestone (spec section 3). */
export function milestoneTypeName(key: MilestoneKey): string {
  return `milestone_${MILESTONE_PERCENT[key]}`;
}
