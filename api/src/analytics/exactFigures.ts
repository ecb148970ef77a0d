import { SEGMENTS, type SegmentKey, segmentOf } from "../customers/index.ts";
import { type QueryRunner, queryBuilder, run, runFirst, sql } from "../db/query.ts";
import { type AnalyticsFigures, analyticsFigures, type SegmentCounts } from "./service.ts";

// The programme's figures recomputed from the tables, as the summaries must show them: the test
// of the summaries (summaries.test.ts) compares both after many writes. Each statement aggregates
// every row (tens of milliseconds at 20,000 customers): never on a request's path.

const count = sql<number>`count(*)::int`;
const FIGURES = queryBuilder
  .selectFrom([
    queryBuilder
      .selectFrom("CustomerProfile")
      .select([
        count.as("total_customers"),
        sql<number>`(count(*) FILTER (WHERE status = 'VERIFIED'))::int`.as("verified_customers"),
      ])
      .as("c"),
    queryBuilder.selectFrom("Referral").select(count.as("total_referrals")).as("r"),
    queryBuilder
      .selectFrom("Referral")
      .where("status", "=", sql.lit("PURCHASED"))
      .select(count.as("purchased_referrals"))
      .as("rp"),
    queryBuilder
      .selectFrom("CreditLedgerEntry")
      .select(sql<string>`coalesce(sum("amountPence"), 0)::text`.as("credits"))
      .as("l"),
    queryBuilder
      .selectFrom("ReferralPurchase")
      .where("liveReferralId", "is not", null)
      .select([sql<string>`coalesce(sum("amountPence"), 0)::text`.as("purchase_value"), count.as("purchase_count")])
      .as("p"),
  ])
  .selectAll()
  .compile();

export async function exactAnalyticsFigures(reader: QueryRunner): Promise<AnalyticsFigures> {
  const row = await runFirst(reader, FIGURES);
  if (!row) throw new Error("analytics query returned no row");
  return analyticsFigures({
    customers: row.total_customers,
    verifiedCustomers: row.verified_customers,
    referrals: row.total_referrals,
    purchasedReferrals: row.purchased_referrals,
    creditsPence: row.credits,
    purchases: row.purchase_count,
    purchaseValuePence: row.purchase_value,
  });
}

/** Each customer's ledger total, for those whose total is above zero. */
const creditTotals = () =>
  queryBuilder
    .selectFrom("CreditLedgerEntry")
    .select(["customerId", sql<string>`sum("amountPence")::bigint`.as("credits")])
    .groupBy("customerId")
    .having(sql`sum("amountPence")`, ">", 0);

// Only customers with credits need their ledger total: the rest are Getting Started.
const SEGMENTS_QUERY = queryBuilder
  .selectFrom(creditTotals().as("l"))
  .innerJoin("CustomerProfile as c", "c.id", "l.customerId")
  .select([
    sql<SegmentKey | "ALL">`${segmentOf(sql.ref("l.credits"), sql.ref("c.originalPurchaseAmountPence"))}`.as("segment"),
    sql<number>`count(*)::int`.as("customers"),
  ])
  .groupBy(sql`1`)
  .unionAll(
    queryBuilder
      .selectFrom("CustomerProfile")
      .select([sql<SegmentKey | "ALL">`'ALL'`.as("segment"), sql<number>`count(*)::int`.as("customers")]),
  )
  .compile();

export async function exactSegmentCounts(reader: QueryRunner): Promise<SegmentCounts> {
  const rows = await run(reader, SEGMENTS_QUERY);
  const counts = Object.fromEntries(SEGMENTS.map((s) => [s.key, 0])) as SegmentCounts;
  let allCustomers = 0;
  for (const row of rows) {
    if (row.segment === "ALL") allCustomers = row.customers;
    else counts[row.segment] = row.customers;
  }
  counts.GETTING_STARTED = allCustomers - counts.LOW_PROGRESS - counts.MEDIUM_PROGRESS - counts.HIGH_PROGRESS;
  return counts;
}

/** Every customer with credits above zero and their total, highest first, ties by customer id. */
export async function exactTopPerformers(reader: QueryRunner): Promise<{ customerId: number; credits: string }[]> {
  return run(
    reader,
    queryBuilder
      .selectFrom(creditTotals().as("t"))
      .select(["t.customerId", sql<string>`t.credits::text`.as("credits")])
      .orderBy(sql`t.credits desc, t."customerId"`),
  );
}

/** The summaries' per-customer totals above zero, in the same order: they must equal exactTopPerformers. */
export async function summaryTopPerformers(reader: QueryRunner): Promise<{ customerId: number; credits: string }[]> {
  return run(
    reader,
    queryBuilder
      .selectFrom("CustomerCreditTotal")
      .select(["customerId", sql<string>`"creditsPence"::text`.as("credits")])
      .where(sql<boolean>`"creditsPence" > 0`)
      .orderBy(sql`"creditsPence" desc, "customerId"`),
  );
}
