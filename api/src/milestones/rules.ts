import { mulDivRoundHalfUp } from "../lib/money.ts";

export type MilestoneKey = "M33" | "M66" | "M100";
export const MILESTONES: readonly MilestoneKey[] = ["M33", "M66", "M100"];
export const MILESTONE_PERCENT: Record<MilestoneKey, number> = { M33: 33, M66: 66, M100: 100 };

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

export function milestoneState(key: MilestoneKey, purchasePence: number, creditsPence: number, paid: boolean): MilestoneState {
  if (paid) return "PAID";
  return creditsPence >= milestoneThresholds(purchasePence)[key] ? "READY" : "LOCKED";
}

/** Progress in whole percent, capped at 100 (floor, so 100 means the target is truly met). */
export function progressPercentage(purchasePence: number, creditsPence: number): number {
  if (purchasePence <= 0 || creditsPence <= 0) return 0;
  return Math.min(100, Math.floor((creditsPence * 100) / purchasePence));
}
