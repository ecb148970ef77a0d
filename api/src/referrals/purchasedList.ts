import { jsonObjectFrom } from "kysely/helpers/postgres";
import { fromJson, precompile, precompileByShape, queryBuilder, type Row, run, runFirst, sql } from "../db/query.ts";
import { matchingReferralIds, type SearchKind, type SearchParams } from "../db/search.ts";
import type { SqlReader } from "../db/sql.ts";
import { signalsJsonOf } from "../fraud/index.ts";
import type { CustomerProfile, Referral, ReferralPurchase, User } from "../generated/prisma/client.ts";
import { MAX_DATABASE_ID } from "../graphql/globalIds.ts";
import { keysetList, listSearch, timestampKeyset } from "../graphql/keysetList.ts";
import { type ConnectionArgs, keysetConnection, type PageSizes, type Position, positionOf } from "../graphql/pager.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";
import { rowById } from "../graphql/rowLoaders.ts";
import { ValidationError } from "../lib/errors.ts";

/** The credit a purchase earned, as its CREDIT ledger entry recorded it. */
export interface PurchaseCredit {
  amountPence: number;
  rateBasisPoints: number;
}

/**
 * A purchase as the administrators' list reads it: with its credit, its referral (with the
 * customer and account) and the administrators who verified and cancelled it, in one statement.
 * A purchase read elsewhere (a mutation's payload, node(id)) has none of these and each field
 * loads what it needs, batched per response.
 */
export type ListedPurchase = ReferralPurchase & {
  creditRow?: PurchaseCredit | null;
  referralRow?: Referral & { customerRow: CustomerProfile & { userRow: User } };
  verifiedByRow?: User;
  cancelledByRow?: User | null;
};

/** Newest verification first; the id breaks ties. */
const { order: NEWEST_VERIFIED_FIRST, columns } = timestampKeyset<{ id: number; verifiedAt: Date }>(
  "purchasedReferrals",
  "p.verifiedAt",
  true,
);

/** A page with each purchase's credit, referral (with customer and account) and deciding administrators. */
const readPage = keysetList({
  order: NEWEST_VERIFIED_FIRST,
  columns,
  rows: ([includeCancelled, search]: [boolean, SearchKind], p: SearchParams) =>
    queryBuilder
      .selectFrom("ReferralPurchase as p")
      .leftJoin("CreditLedgerEntry as l", (join) => join.onRef("l.purchaseId", "=", "p.id").on("l.kind", "=", "CREDIT"))
      .selectAll("p")
      .select(["l.amountPence as creditAmountPence", "l.rateBasisPoints as creditRateBasisPoints"])
      .select((eb) => [
        jsonObjectFrom(
          eb
            .selectFrom("Referral as r")
            .selectAll("r")
            // Its fraud signals (docs/rules/fraud.md), so the list costs no statement more for them.
            .select(signalsJsonOf("r.id").as("signalsJson"))
            .select((r) =>
              jsonObjectFrom(
                r
                  .selectFrom("CustomerProfile as c")
                  .selectAll("c")
                  .select((c) =>
                    jsonObjectFrom(c.selectFrom("User as u").selectAll("u").whereRef("u.id", "=", "c.userId")).as(
                      "user",
                    ),
                  )
                  .whereRef("c.id", "=", "r.customerId"),
              ).as("customer"),
            )
            .whereRef("r.id", "=", "p.referralId"),
        ).as("referral"),
        jsonObjectFrom(eb.selectFrom("User as vb").selectAll("vb").whereRef("vb.id", "=", "p.verifiedById")).as(
          "verifiedBy",
        ),
        jsonObjectFrom(eb.selectFrom("User as cb").selectAll("cb").whereRef("cb.id", "=", "p.cancelledById")).as(
          "cancelledBy",
        ),
      ])
      .$if(!includeCancelled, (query) => query.where("p.liveReferralId", "is not", null))
      .$if(search !== "none", (query) => query.where("p.referralId", "in", matchingReferralIds(p, search))),
});

/** A row of the page statement, as Kysely types it from the schema. */
type PurchaseRow = Awaited<ReturnType<typeof readPage>>[number];

function toListedPurchase(row: PurchaseRow): ListedPurchase {
  const {
    creditAmountPence,
    creditRateBasisPoints,
    referral: referralJson,
    verifiedBy,
    cancelledBy,
    ...purchase
  } = row;
  // Foreign keys keep each of these: a missing one is a broken database, not a state to show.
  if (!referralJson || !verifiedBy) throw new Error(`purchase ${purchase.id} has lost its referral`);
  const { customer: customerJson, ...referral } = referralJson;
  if (!customerJson) throw new Error(`referral ${referral.id} has lost its customer`);
  const { user, ...customer } = customerJson;
  if (!user) throw new Error(`customer ${customer.id} has lost its account`);
  return {
    ...purchase,
    creditRow:
      creditAmountPence === null || creditRateBasisPoints === null
        ? null
        : { amountPence: creditAmountPence, rateBasisPoints: creditRateBasisPoints },
    referralRow: {
      ...fromJson<"Referral", Row<"Referral">>("Referral", referral),
      // This purchase is the referral's live one unless it was cancelled.
      ...(purchase.liveReferralId === null
        ? {}
        : {
            livePurchase: {
              amountPence: purchase.amountPence,
              verifiedAt: purchase.verifiedAt,
              creditPence: creditAmountPence,
            },
          }),
      customerRow: {
        ...fromJson<"CustomerProfile", Row<"CustomerProfile">>("CustomerProfile", customer),
        userRow: fromJson<"User", Row<"User">>("User", user),
      },
    },
    verifiedByRow: fromJson<"User", Row<"User">>("User", verifiedBy),
    cancelledByRow: cancelledBy === null ? null : fromJson<"User", Row<"User">>("User", cancelledBy),
  };
}

const NEWEST_PURCHASE_OF_REFERRAL = precompile((p: { referralId: number }) =>
  queryBuilder
    .selectFrom("ReferralPurchase")
    .select(["id", "verifiedAt"])
    .where("referralId", "=", p.referralId)
    .orderBy("id", "desc")
    .limit(1),
);

/**
 * Where a referral's purchase stands in the list (the REST `?after=`, whose rows go by their
 * referral's id): its newest purchase, so a page still continues after it is cancelled.
 */
async function purchasedReferralPosition(reader: SqlReader, referralId: number): Promise<Position> {
  const valid = Number.isInteger(referralId) && referralId >= 1 && referralId <= MAX_DATABASE_ID;
  const row = valid ? await runFirst(reader, NEWEST_PURCHASE_OF_REFERRAL({ referralId })) : undefined;
  if (!row) throw new ValidationError(`There is no purchased referral ${referralId} to continue after.`, "after");
  return positionOf(NEWEST_VERIFIED_FIRST, row);
}

export interface PurchasedReferralsFilter {
  includeCancelled: boolean;
  /** The admin search (db/search.ts) on the referral's friend and customer. */
  search?: string | null;
}

/** Verified purchases, newest first: a keyset page in one statement, a deep page as cheap as the first. */
export async function purchasedReferralsPage(
  reader: SqlReader,
  args: ConnectionArgs & { afterReferralId?: number | null },
  filter: PurchasedReferralsFilter,
  sizes: PageSizes,
) {
  const search = listSearch(filter.search);
  const startAfter =
    args.afterReferralId == null ? null : await purchasedReferralPosition(reader, args.afterReferralId);
  return keysetConnection(
    args,
    NEWEST_VERIFIED_FIRST,
    sizes,
    (request) => readPage(reader, request, [filter.includeCancelled, search.kind], search.params),
    toListedPurchase,
    startAfter,
  );
}

const countStatementOf = precompileByShape(
  (includeCancelled: boolean, search: SearchKind) => [includeCancelled, search].join("|"),
  (includeCancelled: boolean, search: SearchKind) =>
    precompile((p: SearchParams) =>
      queryBuilder
        .selectFrom("ReferralPurchase as p")
        .select(sql<number>`count(*)::int`.as("count"))
        .$if(!includeCancelled, (query) => query.where("p.liveReferralId", "is not", null))
        .$if(search !== "none", (query) => query.where("p.referralId", "in", matchingReferralIds(p, search))),
    ),
);

export async function countPurchasedReferrals(reader: SqlReader, filter: PurchasedReferralsFilter): Promise<number> {
  const search = listSearch(filter.search);
  const row = await runFirst(reader, countStatementOf(filter.includeCancelled, search.kind)(search.params));
  return row?.count ?? 0;
}

const PURCHASE_CREDITS = precompile((p: { ids: number[] }) =>
  queryBuilder
    .selectFrom("CreditLedgerEntry")
    .select(["purchaseId", "amountPence", "rateBasisPoints"])
    .where("kind", "=", "CREDIT")
    .where("purchaseId", "=", sql<number>`any(${p.ids}::int[])`),
);

/** The purchase's CREDIT entry: from the list's statement, else one statement per response. */
export function creditOf(
  context: { sql: SqlReader },
  purchase: ListedPurchase,
): PurchaseCredit | null | Promise<PurchaseCredit | null> {
  if (purchase.creditRow !== undefined) return purchase.creditRow;
  const loader = requestLoader(
    context,
    "purchaseCredits",
    () =>
      new BatchLoader<number, PurchaseCredit | null>(async (ids) => {
        const rows = await run(context.sql, PURCHASE_CREDITS({ ids }));
        return new Map(rows.map(({ purchaseId, ...credit }) => [purchaseId, credit]));
      }, null),
  );
  return loader.loadNow(purchase.id);
}

/** The purchase's referral: from the list's statement, else one statement per response. */
export function referralOf(context: { sql: SqlReader }, purchase: ListedPurchase): Referral | Promise<Referral> {
  if (purchase.referralRow) return purchase.referralRow;
  return rowById(context, "Referral", purchase.referralId).then((referral) => {
    if (!referral) throw new Error(`purchase ${purchase.id} has no referral`);
    return referral;
  });
}

/** The referring customer's account, for the customer's name. */
export async function customerUserOf(context: { sql: SqlReader }, purchase: ListedPurchase): Promise<User> {
  if (purchase.referralRow) return purchase.referralRow.customerRow.userRow;
  const referral = await referralOf(context, purchase);
  const customer = await rowById(context, "CustomerProfile", referral.customerId);
  const user = customer && (await rowById(context, "User", customer.userId));
  if (!user) throw new Error(`purchase ${purchase.id} has no customer account`);
  return user;
}
