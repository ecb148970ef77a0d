import type { SegmentKey } from "../customers/index.ts";
import type { Db } from "../db/prisma.ts";
import { execute, type QueryRunner, queryBuilder, run, runFirst, sql } from "../db/query.ts";

// The programme's figures are kept by PostgreSQL as the tables change (statement triggers on
// customers, referrals, purchases and the ledger; prisma/migrations/*_analytics_summary_triggers):
// each write appends its change to "AnalyticsDelta" in its own transaction, so a figure is the sum
// of a column, exact as soon as the write commits, and parallel writers never wait on one row.
// Each customer's ledger total is kept in "CustomerCreditTotal", ordered by its index.

const total = (column: string) => sql<string>`coalesce(sum(${sql.ref(column)}), 0)::bigint`;

/** The summary as one row: sums of the changes (a handful of rows once folded, see foldAnalyticsDeltas). */
export const SUMMARY = queryBuilder
  .selectFrom("AnalyticsDelta")
  .select([
    total("customers").as("customers"),
    total("verifiedCustomers").as("verifiedCustomers"),
    total("referrals").as("referrals"),
    total("purchasedReferrals").as("purchasedReferrals"),
    total("creditsPence").as("creditsPence"),
    total("purchases").as("purchases"),
    total("purchaseValuePence").as("purchaseValuePence"),
    total("lowProgress").as("lowProgress"),
    total("mediumProgress").as("mediumProgress"),
    total("highProgress").as("highProgress"),
  ])
  .compile();

export interface ProgrammeSummary {
  customers: number;
  verifiedCustomers: number;
  referrals: number;
  purchasedReferrals: number;
  /** Sums of pence as text: they may pass 2^53 (lib/money.ts penceFromSum reads them). */
  creditsPence: string;
  purchases: number;
  purchaseValuePence: string;
  segments: Record<SegmentKey, number>;
}

export async function readProgrammeSummary(reader: QueryRunner): Promise<ProgrammeSummary> {
  const row = await runFirst(reader, SUMMARY);
  if (!row) throw new Error("the analytics summary returned no row");
  const n = (value: string | number | bigint) => Number(value);
  const low = n(row.lowProgress);
  const medium = n(row.mediumProgress);
  const high = n(row.highProgress);
  return {
    customers: n(row.customers),
    verifiedCustomers: n(row.verifiedCustomers),
    referrals: n(row.referrals),
    purchasedReferrals: n(row.purchasedReferrals),
    creditsPence: String(row.creditsPence),
    purchases: n(row.purchases),
    purchaseValuePence: String(row.purchaseValuePence),
    segments: {
      GETTING_STARTED: n(row.customers) - low - medium - high,
      LOW_PROGRESS: low,
      MEDIUM_PROGRESS: medium,
      HIGH_PROGRESS: high,
    },
  };
}

/**
 * Folds the changes into one row (the job runner, every minute): in one transaction, so a reader
 * sees either the rows or their sum. Rows appended meanwhile are not in its snapshot and stay.
 */
export async function foldAnalyticsDeltas(db: Db): Promise<number> {
  return db.$transaction(async (tx) => {
    // Another instance folding at the same moment has nothing left to do.
    const [lock] = await run(
      tx,
      sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(7301220533) AS locked`.compile(queryBuilder),
    );
    if (!lock?.locked) return 0;
    const [row] = await run(
      tx,
      sql<{ folded: number }>`
        WITH gone AS (DELETE FROM "AnalyticsDelta" WHERE (SELECT count(*) FROM "AnalyticsDelta") > 1 RETURNING *),
        summed AS (
          INSERT INTO "AnalyticsDelta" (customers, "verifiedCustomers", referrals, "purchasedReferrals", "creditsPence",
                                        purchases, "purchaseValuePence", "lowProgress", "mediumProgress", "highProgress")
          SELECT sum(customers), sum("verifiedCustomers"), sum(referrals), sum("purchasedReferrals"), sum("creditsPence"),
                 sum(purchases), sum("purchaseValuePence"), sum("lowProgress"), sum("mediumProgress"), sum("highProgress")
          FROM gone HAVING count(*) > 0
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM gone)::int AS folded WHERE EXISTS (SELECT 1 FROM summed)`.compile(queryBuilder),
    );
    return row?.folded ?? 0;
  });
}

/**
 * Recomputes every summary from the tables (`npm run analytics:rebuild`, the repair): the SQL
 * function analytics_rebuild(), which locks the summaries so writers wait for the few seconds it takes.
 */
export async function rebuildAnalyticsSummaries(db: Db): Promise<void> {
  await db.$transaction((tx) => execute(tx, sql`SELECT analytics_rebuild()`.compile(queryBuilder)), {
    timeout: 600_000,
    maxWait: 60_000,
  });
}
