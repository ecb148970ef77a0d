import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { queryBuilder, sql } from "../db/query.ts";
import type { CustomerStatus } from "../generated/prisma/client.ts";
import { MAX_AMOUNT_PENCE } from "../lib/money.ts";
import { MILESTONES, milestoneTranches, overpaidPence, type PaidMilestone } from "../milestones/index.ts";
import { overpaidCondition } from "./overpaid.ts";
import { customerFigures } from "./service.ts";
import { customerStage, stageOf } from "./stages.ts";

// A customer's stage and "overpaid" are written twice: in TypeScript for the list's rows and in
// SQL for its filters. This runs the SQL on PostgreSQL against the TypeScript over every
// combination of status, referrals, milestone payments and credits either side of each bound.

const STATUSES: CustomerStatus[] = ["PENDING", "VERIFIED", "REJECTED"];
const PURCHASES = [1, 3, 100, 12_345, MAX_AMOUNT_PENCE];
const REFERRALS = [0, 1, 2];

/** Every set of milestones paid so far (in or out of order), each with its tranche. */
function paymentSets(purchase: number): PaidMilestone[][] {
  const tranches = milestoneTranches(purchase);
  return Array.from({ length: 1 << MILESTONES.length }, (_, mask) =>
    MILESTONES.filter((_, bit) => mask & (1 << bit)).map((milestone) => ({
      milestone,
      amountPence: tranches[milestone],
    })),
  );
}

interface Case {
  id: number;
  status: CustomerStatus;
  credits: number;
  purchase: number;
  referrals: number;
  payments: PaidMilestone[];
}

/** Credits on and either side of zero and of everything paid (where overpaid begins). */
function cases(): Case[] {
  const all: Case[] = [];
  for (const purchase of PURCHASES)
    for (const payments of paymentSets(purchase)) {
      const paid = payments.reduce((sum, p) => sum + p.amountPence, 0);
      const credits = [...new Set([0, paid].flatMap((bound) => [bound - 1, bound, bound + 1]))];
      for (const status of STATUSES)
        for (const referrals of REFERRALS)
          for (const creditsPence of credits)
            all.push({ id: all.length + 1, status, credits: creditsPence, purchase, referrals, payments });
    }
  return all;
}

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: inject("postgresAdminUrl") });
  await client.connect();
  // Session tables of the columns the rules read: they come before any other table of the name.
  await client.query(`CREATE TEMP TABLE "MilestonePayment" ("customerId" int, milestone text, "amountPence" bigint)`);
  await client.query(`CREATE TEMP TABLE "Referral" ("customerId" int)`);
  await client.query(`CREATE INDEX ON "MilestonePayment" ("customerId")`);
  await client.query(`CREATE INDEX ON "Referral" ("customerId")`);
});
afterAll(async () => {
  await client.end();
});

describe("the customer list's stage and overpaid filters", () => {
  it("give what customerStage and overpaidPence give, for every status, referral count, set of payments and credits at each bound", async () => {
    const all = cases();
    const payments = all.flatMap((c) => c.payments.map((p) => ({ id: c.id, ...p })));
    await client.query(`INSERT INTO "MilestonePayment" SELECT * FROM unnest($1::int[], $2::text[], $3::bigint[])`, [
      payments.map((p) => p.id),
      payments.map((p) => p.milestone),
      payments.map((p) => p.amountPence),
    ]);
    const referrals = all.flatMap((c) => Array.from({ length: c.referrals }, () => c.id));
    await client.query(`INSERT INTO "Referral" SELECT * FROM unnest($1::int[])`, [referrals]);
    await client.query(`ANALYZE "MilestonePayment", "Referral"`);

    const customer = {
      status: sql.ref<string>("t.status"),
      id: sql.ref<number>("t.id"),
      credits: sql.ref<string>("t.credits"),
    };
    const query = sql<{ stage: string; overpaid: boolean; notOverpaid: boolean }>`SELECT ${stageOf(customer)} AS stage,
        ${overpaidCondition(customer, true)} AS overpaid, ${overpaidCondition(customer, false)} AS "notOverpaid"
      FROM unnest(${all.map((c) => c.status)}::text[], ${all.map((c) => c.id)}::int[], ${all.map((c) => c.credits)}::bigint[])
      WITH ORDINALITY AS t(status, id, credits, n) ORDER BY n`.compile(queryBuilder);
    const { rows } = await client.query<{ stage: string; overpaid: boolean; notOverpaid: boolean }>(query.sql, [
      ...query.parameters,
    ]);

    const inTs = all.map((c) => {
      const overpaid = overpaidPence(c.credits, c.payments) > 0;
      const stage = customerStage({
        status: c.status,
        totalReferrals: c.referrals,
        creditsPence: c.credits,
        refundIssued: customerFigures(
          c.purchase,
          c.credits,
          c.payments.map((p) => ({ ...p, paidAt: new Date(0) })),
        ).refundIssued,
      });
      return { case: c, stage, overpaid, notOverpaid: !overpaid };
    });
    expect(rows.map((row, index) => ({ case: all[index], ...row }))).toEqual(inTs);
    expect(all.length).toBeGreaterThan(1000);
    expect(new Set(inTs.map((c) => c.stage)).size).toBe(6);
    expect(inTs.some((c) => c.overpaid)).toBe(true);
  });
});
