import { jsonBuildObject } from "kysely/helpers/postgres";
import { ownedRowCreatedAt } from "../db/ownedRows.ts";
import { fromJson, precompile, queryBuilder, type Row, run, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { CancellationCategory, Referral } from "../generated/prisma/client.ts";
import { batchedPages, type KeysetOrder, type PageQueryParts, type Position, positionOfId } from "../graphql/pager.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";

/** What a referral's live (not cancelled) purchase paid and earned; null while it has none. */
export interface LivePurchase {
  amountPence: number;
  verifiedAt: Date;
  creditPence: number | null;
}

/** A referral's newest cancelled purchase as its row reads it (the reversal is negative, or missing for a 0p credit). */
export interface CancelledPurchaseRow {
  /** Never null here (only cancelled purchases are read); typed as the column is. */
  cancelledAt: Date | null;
  cancellationCategory: CancellationCategory | null;
  reversalPence: number | null;
}

/** A referral row that may carry its live purchase and its newest cancellation, read with it in the same statement. */
export type ReferralWithPurchase = Referral & {
  livePurchase?: LivePurchase | null;
  latestCancellation?: CancelledPurchaseRow | null;
};

/** Newest first; the id breaks ties. */
export const NEWEST_REFERRALS_FIRST: KeysetOrder<Referral> = {
  name: "referrals",
  keys: ["timestamp"],
  descending: true,
  keysOf: (row) => [row.createdAt],
};

/** Where one of the customer's own referrals stands in their list (`afterDatabaseId`); 400 when they have no such referral. */
export function customerReferralPosition(reader: SqlReader, customerId: number, referralId: number): Promise<Position> {
  return positionOfId(
    NEWEST_REFERRALS_FIRST as KeysetOrder<{ id: number; createdAt: Date }>,
    referralId,
    "referral",
    ownedRowCreatedAt(reader, "Referral", "customerId", customerId),
  );
}

/** A page of the customer's referrals, newest first, each with its live purchase; the filter is a status. */
export const customerReferralsPage = batchedPages({
  name: "referralPages",
  order: NEWEST_REFERRALS_FIRST,
  columns: { keys: [sql.ref("page.createdAt")], id: sql.ref<number>("page.id") },
  jsonKeys: ["createdAt"],
  pageQuery: ({ owners, page, filter }: PageQueryParts) =>
    queryBuilder
      .selectFrom(owners)
      .innerJoinLateral(
        (eb) =>
          page(
            eb
              .selectFrom("Referral as page")
              .selectAll("page")
              .whereRef("page.customerId", "=", "k.ownerId")
              .$if(filter !== null, (q) =>
                q.where(sql<boolean>`${sql.ref("page.status")} = ${filter}::"ReferralStatus"`),
              ),
          ).as("r"),
        (join) => join.onTrue(),
      )
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom("ReferralPurchase as p")
            .leftJoin("CreditLedgerEntry as l", (join) =>
              join.onRef("l.purchaseId", "=", "p.id").on("l.kind", "=", "CREDIT"),
            )
            .whereRef("p.liveReferralId", "=", "r.id")
            .select((eb) =>
              jsonBuildObject({
                amountPence: eb.ref("p.amountPence"),
                verifiedAt: eb.ref("p.verifiedAt"),
                creditPence: eb.ref("l.amountPence"),
              }).as("purchase"),
            )
            .as("live"),
        (join) => join.onTrue(),
      )
      // Why a pending referral that had a purchase is pending again: its newest cancelled purchase.
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom("ReferralPurchase as cp")
            .leftJoin("CreditLedgerEntry as cl", (join) =>
              join.onRef("cl.purchaseId", "=", "cp.id").on("cl.kind", "=", "REVERSAL"),
            )
            .whereRef("cp.referralId", "=", "r.id")
            .where("cp.cancelledAt", "is not", null)
            .where(sql<boolean>`${sql.ref("r.status")} = 'PENDING'`)
            .orderBy("cp.cancelledAt", "desc")
            .orderBy("cp.id", "desc")
            .limit(1)
            .select((eb) =>
              jsonBuildObject({
                cancelledAt: eb.ref("cp.cancelledAt"),
                cancellationCategory: eb.ref("cp.cancellationCategory"),
                reversalPence: eb.ref("cl.amountPence"),
              }).as("cancellation"),
            )
            .as("cancelled"),
        (join) => join.onTrue(),
      )
      .select("k.ownerId")
      .selectAll("r")
      .select("live.purchase as livePurchase")
      .select("cancelled.cancellation as latestCancellation"),
  // fromJson parses in place; the purchase then replaces its JSON on the same row (copying wide rows showed in profiles).
  parse: (json) => {
    const referral: ReferralWithPurchase = fromJson<"Referral", Row<"Referral">>("Referral", json);
    const live = json.livePurchase;
    referral.livePurchase = live && fromJson<"ReferralPurchase", LivePurchase>("ReferralPurchase", live);
    const cancelled = json.latestCancellation;
    referral.latestCancellation =
      cancelled && fromJson<"ReferralPurchase", CancelledPurchaseRow>("ReferralPurchase", cancelled);
    return referral;
  },
  sizes: { defaultSize: 20, backwards: true },
  toNode: (row: ReferralWithPurchase) => row,
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
