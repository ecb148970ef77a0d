import { SEGMENTS, type SegmentKey, segmentOf } from "../customers/index.ts";
import { precompile, queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import {
  afterPosition,
  type KeysetOrder,
  keysetOrderBy,
  type PageRequest,
  type Position,
  positionOfId,
} from "../graphql/pager.ts";
import { displayName } from "../lib/displayName.ts";
import { ValidationError } from "../lib/errors.ts";
import { MAX_ROWS_PER_CALL } from "../lib/listSizes.ts";
import { mulDivRoundHalfUp, penceFromSum } from "../lib/money.ts";
import { FreshReadSharing } from "./freshReads.ts";

// Every figure is computed by PostgreSQL in one plain SQL statement per call: nothing here loads
// all the rows, and nothing is kept between requests. The aggregates over the whole programme are
// the expensive reads of the admin screens (tens of milliseconds at 20,000 customers), so callers
// asking at the same time share a run that started after they asked (see freshReads.ts).
const sharing = new FreshReadSharing();

export interface AnalyticsFigures {
  totalCustomers: number;
  verifiedCustomers: number;
  totalReferrals: number;
  purchasedReferrals: number;
  /** Purchased referrals per 100 referrals, one decimal. */
  conversionRate: number;
  totalCreditsIssuedPence: number;
  totalPurchaseValuePence: number;
  averagePurchaseValuePence: number;
}

// One statement, so the figures agree with each other (one snapshot). Each table is read once
// through an index: the referral count is the cost floor (an index-only scan of every referral).
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
      .select(sql<string>`coalesce(sum("amountPence"), 0)::bigint`.as("credits"))
      .as("l"),
    queryBuilder
      .selectFrom("ReferralPurchase")
      .where("liveReferralId", "is not", null)
      .select([sql<string>`coalesce(sum("amountPence"), 0)::bigint`.as("purchase_value"), count.as("purchase_count")])
      .as("p"),
  ])
  .selectAll()
  .compile();

type FiguresRow = NonNullable<Awaited<ReturnType<typeof getFiguresRow>>>;
const getFiguresRow = (reader: SqlReader) => runFirst(reader, FIGURES);

export function getAnalyticsFigures(sql: SqlReader): Promise<AnalyticsFigures> {
  return sharing.read(sql, "figures", async () => {
    const row = await getFiguresRow(sql);
    if (!row) throw new Error("analytics query returned no row");
    return analyticsFigures(row);
  });
}

function analyticsFigures(row: FiguresRow): AnalyticsFigures {
  const purchaseValue = penceFromSum(row.purchase_value);
  return {
    totalCustomers: row.total_customers,
    verifiedCustomers: row.verified_customers,
    totalReferrals: row.total_referrals,
    purchasedReferrals: row.purchased_referrals,
    conversionRate:
      row.total_referrals === 0 ? 0 : Math.round((row.purchased_referrals * 1000) / row.total_referrals) / 10,
    totalCreditsIssuedPence: penceFromSum(row.credits),
    totalPurchaseValuePence: purchaseValue,
    // Half-up in integers: purchaseValue × 2 could pass 2^53 in floating point.
    averagePurchaseValuePence: row.purchase_count === 0 ? 0 : mulDivRoundHalfUp(purchaseValue, 1, row.purchase_count),
  };
}

export interface TopPerformer {
  /** The customer's id (the list's tie-break). */
  id: number;
  customerId: number;
  customerName: string;
  totalCreditsPence: number;
  purchasedReferrals: number;
}

/** Highest credits first, ties by customer id: the key is the credits negated, so both run upwards. */
export const TOP_PERFORMERS_ORDER: KeysetOrder<TopPerformer> = {
  name: "topPerformers",
  keys: ["integer"],
  descending: false,
  keysOf: (row) => [-row.totalCreditsPence],
};
/** Each customer's ledger total, for those whose total is above zero. */
const creditTotals = () =>
  queryBuilder
    .selectFrom("CreditLedgerEntry")
    .select(["customerId", sql<string>`sum("amountPence")::bigint`.as("credits")])
    .groupBy("customerId")
    .having(sql`sum("amountPence")`, ">", 0);

const TOP_PERFORMER_COLUMNS = { keys: [sql<string>`-t.credits`], id: sql.ref<number>("t.customerId") };

const TOP_PERFORMER_CREDITS = precompile((p: { id: number }) =>
  queryBuilder.selectFrom(creditTotals().as("t")).select("t.credits").where("t.customerId", "=", p.id),
);

/** Where a customer stands among the top performers (the REST `?after=`); 400 when they have earned nothing. */
export function topPerformerPosition(reader: SqlReader, customerId: number): Promise<Position> {
  return positionOfId(TOP_PERFORMERS_ORDER, customerId, "top performer", async (id) => {
    const row = await runFirst(reader, TOP_PERFORMER_CREDITS({ id }));
    return (
      row && { customerId: id, customerName: "", totalCreditsPence: penceFromSum(row.credits), purchasedReferrals: 0 }
    );
  });
}

// The page is cut from the per-customer totals before anything is joined to them: the names and
// purchased counts are read for the page's customers only. Every ledger entry's customer has a
// profile and a user (foreign keys), so joining after the LIMIT drops no row.
const topPerformersPage = (withAfter: boolean) =>
  precompile((p: { limit: number; key: string; id: number }) => {
    const order = TOP_PERFORMERS_ORDER;
    const page = queryBuilder
      .selectFrom(creditTotals().as("t"))
      .select(["t.customerId", "t.credits"])
      .$if(withAfter, (query) => query.where(afterPosition(order, TOP_PERFORMER_COLUMNS, { keys: [p.key], id: p.id })))
      .orderBy(keysetOrderBy(order, TOP_PERFORMER_COLUMNS))
      .limit(p.limit);
    return queryBuilder
      .selectFrom(page.as("l"))
      .innerJoin("CustomerProfile as c", "c.id", "l.customerId")
      .innerJoin("User as u", "u.id", "c.userId")
      .select(["l.customerId", "l.credits", "u.firstName", "u.lastName", "u.username"])
      .select((eb) =>
        eb
          .selectFrom("Referral as r")
          .select(sql<number>`count(*)::int`.as("purchased"))
          .whereRef("r.customerId", "=", "l.customerId")
          .where("r.status", "=", "PURCHASED")
          .as("purchased"),
      )
      .orderBy(sql`l.credits desc, l."customerId"`);
  });
const TOP_PERFORMERS_PAGE = { first: topPerformersPage(false), after: topPerformersPage(true) };

/** Customers by credits earned (net of reversals), highest first; ties by customer id. */
export function listTopPerformers(
  reader: SqlReader,
  request: Pick<PageRequest, "limit" | "after">,
): Promise<TopPerformer[]> {
  const { limit, after } = request;
  checkLimit(limit);
  const key = after ? `topPerformers:${limit}:${after.keys[0]}:${after.id}` : `topPerformers:${limit}`;
  return sharing.read(reader, key, async () => {
    const rows = await run(
      reader,
      after
        ? TOP_PERFORMERS_PAGE.after({ limit, key: after.keys[0] as string, id: after.id })
        : TOP_PERFORMERS_PAGE.first({ limit, key: "", id: 0 }),
    );
    return rows.map((row) => ({
      id: row.customerId,
      customerId: row.customerId,
      customerName: displayName(row.firstName, row.lastName, row.username),
      totalCreditsPence: penceFromSum(row.credits),
      purchasedReferrals: row.purchased ?? 0,
    }));
  });
}

export type SegmentCounts = Record<SegmentKey, number>;

// Only customers with credits need their ledger total: the rest (no entries, or a total of zero or
// less) are Getting Started, counted as all customers minus the others.
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

export function countCustomerSegments(sql: SqlReader): Promise<SegmentCounts> {
  return sharing.read(sql, "segments", async () => {
    const rows = await run(sql, SEGMENTS_QUERY);
    const counts = Object.fromEntries(SEGMENTS.map((s) => [s.key, 0])) as SegmentCounts;
    let allCustomers = 0;
    for (const row of rows) {
      if (row.segment === "ALL") allCustomers = row.customers;
      else counts[row.segment] = row.customers;
    }
    counts.GETTING_STARTED = allCustomers - counts.LOW_PROGRESS - counts.MEDIUM_PROGRESS - counts.HIGH_PROGRESS;
    return counts;
  });
}

export interface RevenueTrendItem {
  /** The purchase's id: the list's order. */
  id: number;
  amountPence: number;
  creditPence: number;
  date: Date;
}

/** Newest purchase first: the id grows with every verification. */
export const REVENUE_TRENDS_ORDER: KeysetOrder<RevenueTrendItem> = {
  name: "revenueTrends",
  keys: [],
  descending: true,
  keysOf: () => [],
};

const revenueTrendsPage = (withAfter: boolean) =>
  precompile((p: { limit: number; id: number }) =>
    queryBuilder
      .selectFrom("ReferralPurchase as p")
      .leftJoin("CreditLedgerEntry as e", (join) => join.onRef("e.purchaseId", "=", "p.id").on("e.kind", "=", "CREDIT"))
      .select(["p.id", "p.amountPence", "p.verifiedAt", "e.amountPence as creditPence"])
      .where("p.liveReferralId", "is not", null)
      .$if(withAfter, (query) => query.where("p.id", "<", p.id))
      .orderBy("p.id", "desc")
      .limit(p.limit),
  );
const REVENUE_TRENDS_PAGE = { first: revenueTrendsPage(false), after: revenueTrendsPage(true) };

/** A purchase's place in the revenue trends (the REST `?after=`); 400 when there is no such purchase. */
export function revenueTrendPosition(reader: SqlReader, purchaseId: number): Promise<Position> {
  return positionOfId(REVENUE_TRENDS_ORDER as KeysetOrder<{ id: number }>, purchaseId, "purchase", (id) =>
    runFirst(reader, queryBuilder.selectFrom("ReferralPurchase").select("id").where("id", "=", id)),
  );
}

/** Live (not cancelled) verified purchases, newest first, with the credit each earned. */
export async function listRevenueTrends(
  reader: SqlReader,
  request: Pick<PageRequest, "limit" | "after">,
): Promise<RevenueTrendItem[]> {
  checkLimit(request.limit);
  const rows = await run(
    reader,
    request.after
      ? REVENUE_TRENDS_PAGE.after({ limit: request.limit, id: request.after.id })
      : REVENUE_TRENDS_PAGE.first({ limit: request.limit, id: 0 }),
  );
  return rows.map((row) => ({
    id: row.id,
    amountPence: row.amountPence,
    creditPence: row.creditPence ?? 0,
    date: row.verifiedAt,
  }));
}

function checkLimit(limit: number) {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ROWS_PER_CALL) {
    throw new ValidationError(`Ask for between 1 and ${MAX_ROWS_PER_CALL} items at a time.`, "first");
  }
}
