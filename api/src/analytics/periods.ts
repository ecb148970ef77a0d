import { precompile, queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import { ValidationError } from "../lib/errors.ts";
import { penceFromSum } from "../lib/money.ts";
import { type DayRange, dayRange, REPORT_TIME_ZONE } from "../lib/reportDays.ts";

// Figures over a date range: each statement reads only the rows of the range, through an index
// whose leading column is the date it filters on (migration report_ranges), so the cost follows
// the range, not the programme's size.

export type Period = "WEEK" | "MONTH";

/** The most buckets one call draws: ten years of months, five of weeks. */
const MAX_BUCKETS = { WEEK: 262, MONTH: 120 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A range with both ends, as the figures over time need; a clear error otherwise. */
export function boundedRange(from: string, to: string): Required<DayRange> {
  const range = dayRange(from, to);
  if (!range.from || !range.until || !range.fromDay || !range.toDay)
    throw new ValidationError("Give both a from and a to date (YYYY-MM-DD).", range.from ? "to" : "from");
  return range as Required<DayRange>;
}

export interface RevenueBucket {
  /** The bucket's first day in London (a Monday, or the 1st of the month), YYYY-MM-DD. */
  start: string;
  /** Live (not cancelled) purchases verified in the bucket. */
  purchases: number;
  revenuePence: number;
  /** Credits given in the bucket, and reversals made in it (a positive amount). */
  creditsIssuedPence: number;
  creditsReversedPence: number;
}

const ZONE = sql.lit(REPORT_TIME_ZONE);
/** The London-time bucket a timestamp falls in (a timestamp without zone, as generate_series makes them). */
const bucketOf = (unit: "week" | "month", column: string) =>
  sql<Date>`date_trunc(${sql.lit(unit)}, ${sql.ref(column)} at time zone ${ZONE})`;

// Every bucket from the one holding the first day to the one holding the last, empty ones as zero:
// generate_series makes the buckets, the aggregates join onto them.
const revenueStatement = (unit: "week" | "month") =>
  precompile((p: { from: Date; until: Date; fromDay: string; toDay: string }) =>
    queryBuilder
      .with("purchases", (db) =>
        db
          .selectFrom("ReferralPurchase")
          .select([
            bucketOf(unit, "verifiedAt").as("bucket"),
            sql<number>`count(*)::int`.as("purchases"),
            sql<string>`sum("amountPence")::bigint`.as("revenue"),
          ])
          .where("verifiedAt", ">=", p.from)
          .where("verifiedAt", "<", p.until)
          .where("liveReferralId", "is not", null)
          .groupBy(sql`1`),
      )
      .with("credits", (db) =>
        db
          .selectFrom("CreditLedgerEntry")
          .select([
            bucketOf(unit, "createdAt").as("bucket"),
            sql<string>`coalesce(sum("amountPence") filter (where kind = 'CREDIT'), 0)::bigint`.as("issued"),
            sql<string>`coalesce(-sum("amountPence") filter (where kind = 'REVERSAL'), 0)::bigint`.as("reversed"),
          ])
          .where("createdAt", ">=", p.from)
          .where("createdAt", "<", p.until)
          .groupBy(sql`1`),
      )
      .selectFrom(
        queryBuilder
          .selectNoFrom(
            sql<Date>`generate_series(date_trunc(${sql.lit(unit)}, ${p.fromDay}::date::timestamp), ${p.toDay}::date::timestamp, ${sql.lit(`1 ${unit}`)}::interval)`.as(
              "bucket",
            ),
          )
          .as("s"),
      )
      .leftJoin("purchases as p", "p.bucket", "s.bucket")
      .leftJoin("credits as c", "c.bucket", "s.bucket")
      .select([
        sql<string>`to_char(s.bucket, 'YYYY-MM-DD')`.as("start"),
        sql<number>`coalesce(p.purchases, 0)`.as("purchases"),
        sql<string>`coalesce(p.revenue, 0)`.as("revenue"),
        sql<string>`coalesce(c.issued, 0)`.as("issued"),
        sql<string>`coalesce(c.reversed, 0)`.as("reversed"),
      ])
      .orderBy(sql`s.bucket`),
  );
const REVENUE = { WEEK: revenueStatement("week"), MONTH: revenueStatement("month") };

/** Revenue and credits per week or month of the range (London time), every bucket present, empty ones zero. */
export async function revenueByPeriod(
  reader: SqlReader,
  period: Period,
  from: string,
  to: string,
): Promise<RevenueBucket[]> {
  const range = boundedRange(from, to);
  const days = (range.until.getTime() - range.from.getTime()) / DAY_MS;
  const buckets = period === "WEEK" ? days / 7 : days / 28;
  if (buckets > MAX_BUCKETS[period] + 1)
    throw new ValidationError(
      `The range is too long for ${period === "WEEK" ? "weeks" : "months"}: at most ${MAX_BUCKETS[period]} of them.`,
      "from",
    );
  const rows = await run(
    reader,
    REVENUE[period]({ from: range.from, until: range.until, fromDay: range.fromDay, toDay: range.toDay }),
  );
  return rows.map((row) => ({
    start: row.start,
    purchases: row.purchases,
    revenuePence: penceFromSum(row.revenue),
    creditsIssuedPence: penceFromSum(row.issued),
    creditsReversedPence: penceFromSum(row.reversed),
  }));
}

export interface ReferralFunnel {
  /** Referrals added in the range. */
  added: number;
  /** Of those, purchased (now). */
  purchased: number;
  /** Of those, expired: marked so, or pending past their 90 days (docs/rules/milestones.md, "Verifying a purchase"). */
  expired: number;
  /** Of those, withdrawn by their customer while pending (an outcome of its own: neither expired nor pending). */
  withdrawn: number;
  /** Of those, still pending within their 90 days. */
  pending: number;
}

// Read from the (createdAt, status, expiresAt, heldAt) index alone: the range's entries, nothing else. A
// held referral's clock stops (docs/rules/fraud.md, "Holds"): pending, never expired, while held.
const FUNNEL = precompile((p: { from: Date; until: Date }) =>
  queryBuilder
    .selectFrom("Referral")
    .select([
      sql<number>`count(*)::int`.as("added"),
      sql<number>`(count(*) filter (where status = 'PURCHASED'))::int`.as("purchased"),
      sql<number>`(count(*) filter (where status = 'EXPIRED' or (status = 'PENDING' and "expiresAt" <= now() and "heldAt" is null)))::int`.as(
        "expired",
      ),
      sql<number>`(count(*) filter (where status = 'WITHDRAWN'))::int`.as("withdrawn"),
      sql<number>`(count(*) filter (where status = 'PENDING' and ("expiresAt" > now() or "heldAt" is not null)))::int`.as(
        "pending",
      ),
    ])
    .where("createdAt", ">=", p.from)
    .where("createdAt", "<", p.until),
);

/** Referrals added in the range, and where they are now: purchased, expired, withdrawn, pending. */
export async function referralFunnel(reader: SqlReader, from: string, to: string): Promise<ReferralFunnel> {
  const range = boundedRange(from, to);
  const row = await runFirst(reader, FUNNEL({ from: range.from, until: range.until }));
  return {
    added: row?.added ?? 0,
    purchased: row?.purchased ?? 0,
    expired: row?.expired ?? 0,
    withdrawn: row?.withdrawn ?? 0,
    pending: row?.pending ?? 0,
  };
}
