import { precompile, queryBuilder, run, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import { CancellationCategory } from "../generated/prisma/client.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";
import { ValidationError } from "../lib/errors.ts";
import type { CancelledPurchaseRow, ReferralWithPurchase } from "./pages.ts";

/**
 * What each kind of cancellation reason reads as in a customer's sentence ("… was cancelled (goods
 * returned)"): the customer is told the kind, never only "something happened" (docs/rules/referrals.md,
 * "Expiry and cancellations").
 */
export const CANCELLATION_CATEGORY_TEXT: Record<CancellationCategory, string> = {
  GOODS_RETURNED: "goods returned",
  ORDER_CANCELLED: "order cancelled",
  PAYMENT_NOT_RECEIVED: "payment not received",
  RECORDED_IN_ERROR: "recorded in error",
  OTHER: "other reason",
};

/** The category of a cancellation whose input named none (older clients): OTHER. */
export const DEFAULT_CANCELLATION_CATEGORY: CancellationCategory = "OTHER";

const CATEGORY_MESSAGE = `The cancellation category must be one of: ${Object.values(CancellationCategory)
  .map((category) => category.toLowerCase())
  .join(", ")}.`;

/** GOODS_RETURNED or goods_returned (REST speaks lower case); absent: OTHER; anything else is refused. */
export function parseCancellationCategory(value: unknown): CancellationCategory {
  if (value === undefined || value === null || value === "") return DEFAULT_CANCELLATION_CATEGORY;
  const wanted = typeof value === "string" ? value.trim().toUpperCase() : "";
  const category = Object.values(CancellationCategory).find((candidate) => candidate === wanted);
  if (!category) throw new ValidationError(CATEGORY_MESSAGE, "category");
  return category;
}

/** "goods returned" → "Goods returned": the row's label. */
export function cancellationCategoryLabel(category: CancellationCategory): string {
  const text = CANCELLATION_CATEGORY_TEXT[category];
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The newest cancelled purchase of a referral that is pending again: what its row explains. */
export interface ReferralCancellation {
  cancelledAt: Date;
  /** Null for a cancellation recorded before categories existed: shown as OTHER. */
  category: CancellationCategory;
  creditReversedPence: number;
}

const LATEST_CANCELLATIONS = precompile((p: { ids: number[] }) =>
  queryBuilder
    .selectFrom("ReferralPurchase as p")
    .leftJoin("CreditLedgerEntry as l", (join) => join.onRef("l.purchaseId", "=", "p.id").on("l.kind", "=", "REVERSAL"))
    .select(["p.referralId", "p.cancelledAt", "p.cancellationCategory", "l.amountPence as reversalPence"])
    .distinctOn("p.referralId")
    .where("p.referralId", "=", sql<number>`any(${p.ids}::int[])`)
    .where("p.cancelledAt", "is not", null)
    .orderBy("p.referralId")
    .orderBy("p.cancelledAt", "desc")
    .orderBy("p.id", "desc"),
);

const toCancellation = (row: CancelledPurchaseRow | null): ReferralCancellation | null =>
  row?.cancelledAt
    ? {
        cancelledAt: row.cancelledAt,
        category: row.cancellationCategory ?? DEFAULT_CANCELLATION_CATEGORY,
        creditReversedPence: -(row.reversalPence ?? 0),
      }
    : null;

/**
 * Why a pending referral that had a purchase is pending again (its newest cancelled purchase); null
 * for any other referral (one purchased again, expired or withdrawn says so itself). The customer's
 * pages read it in their own statement; a referral read without it (admin lists, a mutation's
 * payload) is read with every other such referral of the response in one statement.
 */
export function cancellationOf(
  context: { sql: SqlReader },
  referral: Pick<ReferralWithPurchase, "id" | "status" | "latestCancellation">,
): ReferralCancellation | null | Promise<ReferralCancellation | null> {
  if (referral.status !== "PENDING") return null;
  if (referral.latestCancellation !== undefined) return toCancellation(referral.latestCancellation);
  const loader = requestLoader(
    context,
    "referralCancellations",
    () =>
      new BatchLoader<number, ReferralCancellation | null>(async (ids) => {
        const rows = await run(context.sql, LATEST_CANCELLATIONS({ ids }));
        const found = new Map<number, ReferralCancellation | null>();
        for (const { referralId, ...row } of rows) found.set(referralId, toCancellation(row));
        return found;
      }, null),
  );
  return loader.loadNow(referral.id);
}
