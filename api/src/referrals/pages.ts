import { precompile, queryBuilder, run, sql } from "../db/query.ts";
import { referralColumns } from "../db/rows.ts";
import type { SqlReader } from "../db/sql.ts";
import type { Referral } from "../generated/prisma/client.ts";
import { batchedPages, type KeysetOrder, type PageSqlShape } from "../graphql/pager.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";

/** What a referral's live (not cancelled) purchase paid and earned; null while it has none. */
export interface LivePurchase {
  amountPence: number;
  verifiedAt: Date;
  creditPence: number | null;
}

/** A referral row that may carry its live purchase, read with it in the same statement. */
export type ReferralWithPurchase = Referral & { livePurchase?: LivePurchase | null };

const LIVE_PURCHASE_JOIN = `
  LEFT JOIN "ReferralPurchase" p ON p."liveReferralId" = r.id
  LEFT JOIN "CreditLedgerEntry" l ON l."purchaseId" = p.id AND l.kind = 'CREDIT'`;

const LIVE_PURCHASE_COLUMNS = `p."amountPence" AS "purchaseAmountPence", p."verifiedAt" AS "purchaseVerifiedAt", l."amountPence" AS "purchaseCreditPence"`;

type ReferralRow = Referral & {
  purchaseAmountPence: number | null;
  purchaseVerifiedAt: Date | null;
  purchaseCreditPence: number | null;
};

/** The row itself gains `livePurchase` (copying a wide row per referral showed in profiles). */
function withLivePurchase(row: ReferralRow & ReferralWithPurchase): ReferralWithPurchase {
  const { purchaseAmountPence, purchaseVerifiedAt, purchaseCreditPence } = row;
  row.livePurchase =
    purchaseAmountPence === null || purchaseVerifiedAt === null
      ? null
      : { amountPence: purchaseAmountPence, verifiedAt: purchaseVerifiedAt, creditPence: purchaseCreditPence };
  return row;
}

/** Newest first; the id breaks ties. */
export const NEWEST_REFERRALS_FIRST: KeysetOrder<Referral> = {
  name: "referrals",
  keys: ["timestamp"],
  descending: true,
  keysOf: (row) => [row.createdAt],
};

function referralPageSql(shape: PageSqlShape): string {
  return `
    SELECT k."ownerId", ${referralColumns("r")}, ${LIVE_PURCHASE_COLUMNS}
    FROM ${shape.owners}
    CROSS JOIN LATERAL (
      SELECT * FROM "Referral" page
      WHERE page."customerId" = k."ownerId"${shape.conditions}
      ORDER BY ${shape.orderBy}
      LIMIT ${shape.limit}
    ) r
    ${LIVE_PURCHASE_JOIN}`;
}

/** A page of the customer's referrals, newest first, each with its live purchase. */
export const customerReferralsPage = batchedPages<ReferralRow, ReferralWithPurchase>({
  name: "referralPages",
  order: NEWEST_REFERRALS_FIRST,
  columns: { keys: ['page."createdAt"'], id: "page.id" },
  jsonColumns: ["createdAt"],
  pageSql: referralPageSql,
  timestampColumns: ["createdAt", "expiresAt", "erasedAt", "updatedAt", "purchaseVerifiedAt"],
  sizes: { defaultSize: 20, backwards: true },
  toNode: withLivePurchase,
});

const LIVE_PURCHASES = precompile((p: { ids: number[] }) =>
  queryBuilder
    .selectFrom("ReferralPurchase as p")
    .leftJoin("CreditLedgerEntry as l", (join) => join.onRef("l.purchaseId", "=", "p.id").on("l.kind", "=", "CREDIT"))
    .select(["p.liveReferralId as referralId", "p.amountPence", "p.verifiedAt", "l.amountPence as creditPence"])
    .where("p.liveReferralId", "=", sql<number>`any(${p.ids}::int[])`),
);

/**
 * The live purchase of referrals read without it (admin lists, node(id), a mutation's payload):
 * one statement for every referral a response shows.
 */
export function livePurchaseOf(
  context: { sql: SqlReader },
  referral: ReferralWithPurchase,
): LivePurchase | null | Promise<LivePurchase | null> {
  if (referral.status !== "PURCHASED") return null;
  if (referral.livePurchase !== undefined) return referral.livePurchase;
  const loader = requestLoader(
    context,
    "livePurchases",
    () =>
      new BatchLoader<number, LivePurchase | null>(async (ids) => {
        const rows = await run(context.sql, LIVE_PURCHASES({ ids }));
        const live = new Map<number, LivePurchase>();
        for (const { referralId, ...purchase } of rows) if (referralId !== null) live.set(referralId, purchase);
        return live;
      }, null),
  );
  return loader.loadNow(referral.id);
}
