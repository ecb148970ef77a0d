import type { DbOrTx } from "../db/prisma.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { ValidationError } from "../lib/errors.ts";
import { type SegmentKey, SEGMENTS, segmentSql } from "./segments.ts";

// Every figure is computed by PostgreSQL: nothing here loads all the rows.

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

export async function getAnalyticsFigures(db: DbOrTx): Promise<AnalyticsFigures> {
  const [row] = await db.$queryRaw<
    { total_customers: number; verified_customers: number; total_referrals: number; purchased_referrals: number; credits: bigint; purchase_value: bigint; purchase_count: number }[]
  >`
    SELECT
      (SELECT count(*)::int FROM "CustomerProfile") AS total_customers,
      (SELECT count(*)::int FROM "CustomerProfile" WHERE status = 'VERIFIED') AS verified_customers,
      (SELECT count(*)::int FROM "Referral") AS total_referrals,
      (SELECT count(*)::int FROM "Referral" WHERE status = 'PURCHASED') AS purchased_referrals,
      (SELECT coalesce(sum("amountPence"), 0)::bigint FROM "CreditLedgerEntry") AS credits,
      (SELECT coalesce(sum("amountPence"), 0)::bigint FROM "ReferralPurchase" WHERE "liveReferralId" IS NOT NULL) AS purchase_value,
      (SELECT count(*)::int FROM "ReferralPurchase" WHERE "liveReferralId" IS NOT NULL) AS purchase_count`;
  if (!row) throw new Error("analytics query returned no row");
  const purchaseValue = Number(row.purchase_value);
  return {
    totalCustomers: row.total_customers,
    verifiedCustomers: row.verified_customers,
    totalReferrals: row.total_referrals,
    purchasedReferrals: row.purchased_referrals,
    conversionRate: row.total_referrals === 0 ? 0 : Math.round((row.purchased_referrals * 1000) / row.total_referrals) / 10,
    totalCreditsIssuedPence: Number(row.credits),
    totalPurchaseValuePence: purchaseValue,
    averagePurchaseValuePence: row.purchase_count === 0 ? 0 : Math.floor((purchaseValue * 2 + row.purchase_count) / (2 * row.purchase_count)),
  };
}

export interface TopPerformer {
  customerId: number;
  customerName: string;
  totalCreditsPence: number;
  purchasedReferrals: number;
}

/** Customers by credits earned (net of reversals), highest first; ties by customer id. */
export async function listTopPerformers(db: DbOrTx, page: { limit: number; offset: number }): Promise<TopPerformer[]> {
  const { limit, offset } = checkPage(page);
  const rows = await db.$queryRaw<{ customer_id: number; first_name: string | null; last_name: string | null; username: string; credits: bigint; purchased: number }[]>`
    SELECT c.id AS customer_id, u."firstName" AS first_name, u."lastName" AS last_name, u.username,
           l.credits, (SELECT count(*)::int FROM "Referral" r WHERE r."customerId" = c.id AND r.status = 'PURCHASED') AS purchased
    FROM (SELECT "customerId", sum("amountPence")::bigint AS credits FROM "CreditLedgerEntry" GROUP BY "customerId") l
    JOIN "CustomerProfile" c ON c.id = l."customerId"
    JOIN "User" u ON u.id = c."userId"
    WHERE l.credits > 0
    ORDER BY l.credits DESC, c.id
    LIMIT ${limit} OFFSET ${offset}`;
  return rows.map((row) => ({
    customerId: row.customer_id,
    customerName: displayName(row.first_name, row.last_name, row.username),
    totalCreditsPence: Number(row.credits),
    purchasedReferrals: row.purchased,
  }));
}

export type SegmentCounts = Record<SegmentKey, number>;

export async function countCustomerSegments(db: DbOrTx): Promise<SegmentCounts> {
  const rows = await db.$queryRaw<{ segment: SegmentKey; customers: number }[]>`
    SELECT ${segmentSql(Prisma.sql`coalesce(l.credits, 0)`, Prisma.sql`c."originalPurchaseAmountPence"`)} AS segment, count(*)::int AS customers
    FROM "CustomerProfile" c
    LEFT JOIN (SELECT "customerId", sum("amountPence") AS credits FROM "CreditLedgerEntry" GROUP BY "customerId") l ON l."customerId" = c.id
    GROUP BY 1`;
  const counts = Object.fromEntries(SEGMENTS.map((s) => [s.key, 0])) as SegmentCounts;
  for (const row of rows) counts[row.segment] = row.customers;
  return counts;
}

export interface RevenueTrendItem {
  purchaseId: number;
  amountPence: number;
  creditPence: number;
  date: Date;
}

/** Live (not cancelled) verified purchases, newest first, with the credit each earned. Keyset-paged by id. */
export async function listRevenueTrends(db: DbOrTx, page: { limit: number; beforeId?: number | null }): Promise<RevenueTrendItem[]> {
  const { limit } = checkPage({ limit: page.limit, offset: 0 });
  const rows = await db.$queryRaw<{ id: number; amount: number; credit: number | null; verified_at: Date }[]>`
    SELECT p.id, p."amountPence" AS amount, e."amountPence" AS credit, p."verifiedAt" AS verified_at
    FROM "ReferralPurchase" p
    LEFT JOIN "CreditLedgerEntry" e ON e."purchaseId" = p.id AND e.kind = 'CREDIT'
    WHERE p."liveReferralId" IS NOT NULL ${page.beforeId ? Prisma.sql`AND p.id < ${page.beforeId}` : Prisma.empty}
    ORDER BY p.id DESC
    LIMIT ${limit}`;
  return rows.map((row) => ({ purchaseId: row.id, amountPence: row.amount, creditPence: row.credit ?? 0, date: row.verified_at }));
}

/** The most rows one call returns; the GraphQL connections ask for at most 100 (+1 to see the next page). */
export const MAX_ROWS_PER_CALL = 1000;

function checkPage(page: { limit: number; offset: number }) {
  if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > MAX_ROWS_PER_CALL) {
    throw new ValidationError(`Ask for between 1 and ${MAX_ROWS_PER_CALL} items at a time.`, "first");
  }
  if (!Number.isInteger(page.offset) || page.offset < 0) throw new ValidationError("Invalid page cursor.", "after");
  return page;
}

export function displayName(firstName: string | null, lastName: string | null, username: string): string {
  const name = [firstName, lastName].filter(Boolean).join(" ").trim();
  return name || username;
}
