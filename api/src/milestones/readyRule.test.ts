import { describe, expect, it } from "vitest";
import { sqlClientForFile } from "../../test/sqlClient.ts";
import { queryBuilder, sql } from "../db/query.ts";
import { MAX_AMOUNT_PENCE } from "../lib/money.ts";
import { readyMilestone } from "./readyRuleSql.ts";
import { MILESTONES, milestoneState, milestoneThresholds, milestoneTranches, type PaidMilestone } from "./rules.ts";

// "A milestone is ready" is written in rules.ts and, for the pending list, in SQL (readyRuleSql.ts): this proves
// the SQL predicate, its rounded thresholds included, gives the same answer as rules.ts at every boundary.

const PURCHASES = [1, 2, 3, 99, 100, 101, 150, 12_345, MAX_AMOUNT_PENCE];

/** Payments made so far: none, the first tranche, the first two, and the second alone (out of order). */
function paymentSets(purchase: number): PaidMilestone[][] {
  const tranches = milestoneTranches(purchase);
  return [
    [],
    [{ milestone: "M33", amountPence: tranches.M33 }],
    [
      { milestone: "M33", amountPence: tranches.M33 },
      { milestone: "M66", amountPence: tranches.M66 },
    ],
    [{ milestone: "M66", amountPence: tranches.M66 }],
  ];
}

/** Credits on and either side of every threshold, of every paid total plus a tranche, and of zero. */
function creditCases(purchase: number, payments: PaidMilestone[]): number[] {
  const thresholds = milestoneThresholds(purchase);
  const tranches = milestoneTranches(purchase);
  const paid = payments.reduce((sum, p) => sum + p.amountPence, 0);
  const bounds = [
    0,
    paid,
    ...MILESTONES.map((key) => thresholds[key]),
    ...MILESTONES.map((key) => paid + tranches[key]),
  ];
  return [...new Set(bounds.flatMap((bound) => [bound - 1, bound, bound + 1]))];
}

const client = sqlClientForFile();

describe('"a milestone is ready"', () => {
  it("is the same in rules.ts and in the pending list's SQL at every boundary, cancellations and out-of-order payments included", async () => {
    const ready = readyMilestone({
      credits: sql.ref("l.credits"),
      paid: sql.ref("p.paid"),
      paidKeys: sql.ref("p.paid_keys"),
      purchase: sql.ref("t.purchase"),
    });
    const query = sql`SELECT ${ready} AS ready
      FROM (SELECT $1::bigint AS credits) l, (SELECT $2::bigint AS paid, $3::text[] AS paid_keys) p,
           (SELECT $4::bigint AS purchase) t`.compile(queryBuilder).sql;
    let compared = 0;
    for (const purchase of PURCHASES) {
      for (const payments of paymentSets(purchase)) {
        const paid = payments.reduce((sum, p) => sum + p.amountPence, 0);
        for (const credits of creditCases(purchase, payments)) {
          const params = [credits, paid, payments.map((p) => p.milestone), purchase];
          const { rows } = await client().query<{ ready: boolean }>(query, params);
          const inTs = MILESTONES.some((key) => milestoneState(key, purchase, credits, payments) === "READY");
          expect({ purchase, credits, payments, ready: rows[0]!.ready }).toEqual({
            purchase,
            credits,
            payments,
            ready: inTs,
          });
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});
