import type { SegmentKey } from "../customers/index.ts";
import { precompile, queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import { type KeysetOrder, type PageRequest, type Position, positionOfId } from "../graphql/pager.ts";
import { displayName } from "../lib/displayName.ts";
import { ValidationError } from "../lib/errors.ts";
import { MAX_ROWS_PER_CALL } from "../lib/listSizes.ts";
import { mulDivRoundHalfUp, penceFromSum } from "../lib/money.ts";
import { type ProgrammeSummary, readProgrammeSummary } from "./summaries.ts";

// The figures over the whole programme come from summaries PostgreSQL keeps as the tables change
// (summaries.ts): a read costs the same at any size and is exact as soon as a write commits.
// exactFigures.ts keeps the recomputation from the tables, for the test and the repair.

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

export async function getAnalyticsFigures(reader: SqlReader): Promise<AnalyticsFigures> {
  return analyticsFigures(await readProgrammeSummary(reader));
}

/** The figures from their counts and sums (pence as text: a sum may pass 2^53). */
export function analyticsFigures(row: Omit<ProgrammeSummary, "segments">): AnalyticsFigures {
  const purchaseValue = penceFromSum(row.purchaseValuePence);
  return {
    totalCustomers: row.customers,
    verifiedCustomers: row.verifiedCustomers,
    totalReferrals: row.referrals,
    purchasedReferrals: row.purchasedReferrals,
    conversionRate: row.referrals === 0 ? 0 : Math.round((row.purchasedReferrals * 1000) / row.referrals) / 10,
    totalCreditsIssuedPence: penceFromSum(row.creditsPence),
    totalPurchaseValuePence: purchaseValue,
    // Half-up in integers: purchaseValue × 2 could pass 2^53 in floating point.
    averagePurchaseValuePence: row.purchases === 0 ? 0 : mulDivRoundHalfUp(purchaseValue, 1, row.purchases),
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
const TOP_PERFORMER_CREDITS = precompile((p: { id: number }) =>
  queryBuilder
    .selectFrom("CustomerCreditTotal")
    .select(sql<string>`"creditsPence"::text`.as("credits"))
    .where("customerId", "=", p.id)
    .where(sql<boolean>`"creditsPence" > 0`),
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

// Each customer's ledger total is kept in "CustomerCreditTotal" (summaries.ts) and read in its
// index's order (credits descending, customer id ascending): a page stops after its rows at any
// size. The names and purchased counts are read for the page's customers only.
const topPerformersPage = (withAfter: boolean) =>
  precompile((p: { limit: number; credits: string; id: number }) => {
    const credits = sql.ref("t.creditsPence");
    const page = queryBuilder
      .selectFrom("CustomerCreditTotal as t")
      .select(["t.customerId", sql<string>`t."creditsPence"::text`.as("credits")])
      .where(sql<boolean>`${credits} > 0`)
      .$if(withAfter, (query) =>
        query.where(
          sql<boolean>`(${credits} < ${p.credits}::bigint OR (${credits} = ${p.credits}::bigint AND t."customerId" > ${p.id}))`,
        ),
      )
      .orderBy(sql`t."creditsPence" desc, t."customerId" asc`)
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
      .orderBy(sql`l.credits::bigint desc, l."customerId"`);
  });
const TOP_PERFORMERS_PAGE = { first: topPerformersPage(false), after: topPerformersPage(true) };

/** Customers by credits earned (net of reversals), highest first; ties by customer id. */
export async function listTopPerformers(
  reader: SqlReader,
  request: Pick<PageRequest, "limit" | "after">,
): Promise<TopPerformer[]> {
  const { limit, after } = request;
  checkLimit(limit);
  // The cursor's key is the credits negated (TOP_PERFORMERS_ORDER runs upwards).
  const rows = await run(
    reader,
    after
      ? TOP_PERFORMERS_PAGE.after({ limit, credits: String(-BigInt(String(after.keys[0]))), id: after.id })
      : TOP_PERFORMERS_PAGE.first({ limit, credits: "0", id: 0 }),
  );
  return rows.map((row) => ({
    id: row.customerId,
    customerId: row.customerId,
    customerName: displayName(row.firstName, row.lastName, row.username),
    totalCreditsPence: penceFromSum(row.credits),
    purchasedReferrals: row.purchased ?? 0,
  }));
}

export type SegmentCounts = Record<SegmentKey, number>;

export async function countCustomerSegments(reader: SqlReader): Promise<SegmentCounts> {
  return (await readProgrammeSummary(reader)).segments;
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
