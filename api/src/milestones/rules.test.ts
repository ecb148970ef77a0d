import { describe, expect, it } from "vitest";
import {
  creditsNeededPence,
  type MilestoneKey,
  milestoneFromTypeName,
  milestoneState,
  milestonesMadeReady,
  milestoneThresholds,
  milestoneTranches,
  overpaidPence,
  type PaidMilestone,
} from "./rules.ts";

const P = 10_000; // £100.00: thresholds 3,300 / 6,600 / 10,000; tranches 3,300 / 3,300 / 3,400
const paid = (...keys: MilestoneKey[]): PaidMilestone[] =>
  keys.map((milestone) => ({ milestone, amountPence: milestoneTranches(P)[milestone] }));
const states = (purchase: number, credits: number, payments: PaidMilestone[]) =>
  (["M33", "M66", "M100"] as const).map((key) => milestoneState(key, purchase, credits, payments));

describe("thresholds and tranches at the rounding midpoints", () => {
  it.each([
    // 33% of 150p is 49.5p → 50p (half-up); 66% is 99p exactly.
    [150, { M33: 50, M66: 99, M100: 150 }, { M33: 50, M66: 49, M100: 51 }],
    // 33% of 50p is 16.5p → 17p; 66% is 33p.
    [50, { M33: 17, M66: 33, M100: 50 }, { M33: 17, M66: 16, M100: 17 }],
    // 66% of 25p is 16.5p → 17p; 33% is 8.25p → 8p.
    [25, { M33: 8, M66: 17, M100: 25 }, { M33: 8, M66: 9, M100: 8 }],
    [P, { M33: 3_300, M66: 6_600, M100: 10_000 }, { M33: 3_300, M66: 3_300, M100: 3_400 }],
  ])("a purchase of %ip", (purchase, thresholds, tranches) => {
    expect(milestoneThresholds(purchase)).toEqual(thresholds);
    expect(milestoneTranches(purchase)).toEqual(tranches);
  });

  it("is READY exactly at a half-up threshold and LOCKED a penny below", () => {
    expect(states(150, 49, [])).toEqual(["LOCKED", "LOCKED", "LOCKED"]);
    expect(creditsNeededPence("M33", 150, 49, [])).toBe(1);
    expect(states(150, 50, [])).toEqual(["READY", "LOCKED", "LOCKED"]);
    expect(states(25, 16, [])).toEqual(["READY", "LOCKED", "LOCKED"]);
    expect(states(25, 17, [])).toEqual(["READY", "READY", "LOCKED"]);
  });
});

describe("the ordinary course: credits only grow", () => {
  it("unlocks each milestone at its threshold, whatever has been paid", () => {
    expect(states(P, 3_299, [])).toEqual(["LOCKED", "LOCKED", "LOCKED"]);
    expect(states(P, 3_300, [])).toEqual(["READY", "LOCKED", "LOCKED"]);
    expect(states(P, 6_599, paid("M33"))).toEqual(["PAID", "LOCKED", "LOCKED"]);
    expect(states(P, 6_600, paid("M33"))).toEqual(["PAID", "READY", "LOCKED"]);
    expect(states(P, 6_600, [])).toEqual(["READY", "READY", "LOCKED"]);
    expect(states(P, 10_000, paid("M33", "M66"))).toEqual(["PAID", "PAID", "READY"]);
    expect(states(P, 9_999, paid("M33", "M66"))).toEqual(["PAID", "PAID", "LOCKED"]);
    expect(states(P, 12_000, paid("M33", "M66", "M100"))).toEqual(["PAID", "PAID", "PAID"]);
  });

  it("lets tranches be paid in any order once the credits cover them", () => {
    expect(states(P, 10_000, paid("M100"))).toEqual(["READY", "READY", "PAID"]);
    expect(states(P, 10_000, paid("M66", "M100"))).toEqual(["READY", "PAID", "PAID"]);
  });
});

describe("after a cancellation: nothing more is payable until credits catch up", () => {
  it("holds back a milestone whose threshold is met while paid tranches exceed the credits", () => {
    // 33% and 66% paid (£66), then a cancellation left £40 of credits: overpaid by £26.
    const payments = paid("M33", "M66");
    expect(overpaidPence(4_000, payments)).toBe(2_600);
    expect(states(P, 4_000, payments)).toEqual(["PAID", "PAID", "LOCKED"]);
    // The 100% tranche (£34) needs credits of £100: £66 paid + £34, exactly the threshold.
    expect(creditsNeededPence("M100", P, 9_999, payments)).toBe(1);
    expect(states(P, 10_000, payments)).toEqual(["PAID", "PAID", "READY"]);
  });

  it("counts the credits not yet paid out, not only the threshold, at the exact midpoint", () => {
    // 100% paid first (£34), then a cancellation left £50: the 33% threshold is met, but only
    // £16 has not been paid out, less than its £33 tranche.
    const payments = paid("M100");
    expect(overpaidPence(5_000, payments)).toBe(0);
    expect(states(P, 5_000, payments)).toEqual(["LOCKED", "LOCKED", "PAID"]);
    expect(creditsNeededPence("M33", P, 5_000, payments)).toBe(1_700);
    // £67 of credits: £34 paid + £33 unpaid covers the 33% tranche exactly; a penny less does not.
    expect(states(P, 6_699, payments)).toEqual(["LOCKED", "LOCKED", "PAID"]);
    expect(creditsNeededPence("M33", P, 6_699, payments)).toBe(1);
    expect(states(P, 6_700, payments)).toEqual(["READY", "READY", "PAID"]);
  });

  it("gives the overpaid amount as max(0, paid − credits)", () => {
    expect(overpaidPence(0, [])).toBe(0);
    expect(overpaidPence(6_600, paid("M33", "M66"))).toBe(0);
    expect(overpaidPence(6_599, paid("M33", "M66"))).toBe(1);
    expect(overpaidPence(-500, paid("M33"))).toBe(3_800);
  });
});

describe("milestones a credit makes ready", () => {
  it("names those READY after the change and not before", () => {
    expect(milestonesMadeReady(P, 3_299, 3_300, [])).toEqual(["M33"]);
    expect(milestonesMadeReady(P, 3_300, 3_400, [])).toEqual([]);
    expect(milestonesMadeReady(P, 0, 10_000, [])).toEqual(["M33", "M66", "M100"]);
    expect(milestonesMadeReady(P, 3_300, 6_600, paid("M33"))).toEqual(["M66"]);
    expect(milestonesMadeReady(P, 4_000, 6_600, paid("M33", "M66"))).toEqual([]);
    expect(milestonesMadeReady(P, 6_600, 10_000, paid("M33", "M66"))).toEqual(["M100"]);
    // After a cancellation the threshold may already be behind: becoming payable is what counts.
    expect(milestonesMadeReady(P, 5_000, 6_700, paid("M100"))).toEqual(["M33", "M66"]);
  });
});

describe("REST milestone names", () => {
  it.each([
    ["milestone_33", "M33"],
    ["MILESTONE_66", "M66"],
    ["milestone100", "M100"],
    ["33", "M33"],
    [66, "M66"],
    ["100%", "M100"],
    ["m33", "M33"],
    [" milestone_100 ", "M100"],
  ])("reads %j as %s", (input, key) => {
    expect(milestoneFromTypeName(input)).toBe(key);
  });

  it.each([["milestone_50"], [""], [null], [33.5], ["33.0"], [{}], ["milestone_"]])("refuses %j", (input) => {
    expect(milestoneFromTypeName(input)).toBeNull();
  });
});
