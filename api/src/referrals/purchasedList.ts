import {
  customerColumns,
  customerFromRow,
  referralColumns,
  referralFromRow,
  userColumns,
  userFromRow,
} from "../db/rows.ts";
import type { SqlReader } from "../db/sql.ts";
import type { CustomerProfile, Referral, ReferralPurchase, User } from "../generated/prisma/client.ts";
import {
  type ConnectionArgs,
  type KeysetOrder,
  keysetConnection,
  orderBySql,
  type PageRequest,
  type PageSizes,
  requestConditions,
} from "../graphql/pager.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";
import { rowById } from "../graphql/rowLoaders.ts";

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

type PurchaseRow = Record<string, unknown> & { id: number; verifiedAt: Date };

/** Newest verification first; the id breaks ties. */
const NEWEST_VERIFIED_FIRST: KeysetOrder<PurchaseRow> = {
  name: "purchasedReferrals",
  keys: ["timestamp"],
  descending: true,
  keysOf: (row) => [row.verifiedAt],
};
const COLUMNS = { keys: ['p."verifiedAt"'], id: "p.id" };

/** The statement of each shape of page, built once. */
const statements = new Map<string, string>();

function pageSql(includeCancelled: boolean, request: PageRequest, values: unknown[]): string {
  const order = NEWEST_VERIFIED_FIRST as KeysetOrder<never>;
  const beyond = requestConditions(order, COLUMNS, request, values);
  const key = `${includeCancelled}|${request.after !== null}`;
  let text = statements.get(key);
  if (text === undefined) {
    const conditions = [includeCancelled ? "true" : `p."liveReferralId" IS NOT NULL`];
    text = `
    SELECT p.id, p."referralId", p."liveReferralId", p."amountPence", p.notes, p."verifiedById", p."verifiedAt",
           p."cancelledAt", p."cancelledById", p."cancellationReason",
           l."amountPence" AS "credit_amountPence", l."rateBasisPoints" AS "credit_rateBasisPoints",
           ${referralColumns("r", "r_")},
           ${customerColumns("c", "c_")}, ${userColumns("u", "u_")}, ${userColumns("vb", "vb_")}, ${userColumns("cb", "cb_")}
    FROM "ReferralPurchase" p
    JOIN "Referral" r ON r.id = p."referralId"
    JOIN "CustomerProfile" c ON c.id = r."customerId"
    JOIN "User" u ON u.id = c."userId"
    JOIN "User" vb ON vb.id = p."verifiedById"
    LEFT JOIN "User" cb ON cb.id = p."cancelledById"
    LEFT JOIN "CreditLedgerEntry" l ON l."purchaseId" = p.id AND l.kind = 'CREDIT'
    WHERE ${conditions.join(" AND ")}${beyond}
    ORDER BY ${orderBySql(order, COLUMNS, false)}
    LIMIT $1`;
    statements.set(key, text);
  }
  return text;
}

function toListedPurchase(row: Record<string, unknown>): ListedPurchase {
  const referral = referralFromRow(row, "r_");
  return {
    id: row.id as number,
    referralId: row.referralId as number,
    liveReferralId: row.liveReferralId as number | null,
    amountPence: row.amountPence as number,
    notes: row.notes as string | null,
    verifiedById: row.verifiedById as number,
    verifiedAt: row.verifiedAt as Date,
    cancelledAt: row.cancelledAt as Date | null,
    cancelledById: row.cancelledById as number | null,
    cancellationReason: row.cancellationReason as string | null,
    creditRow:
      row.credit_amountPence === null
        ? null
        : { amountPence: row.credit_amountPence as number, rateBasisPoints: row.credit_rateBasisPoints as number },
    referralRow: {
      ...referral,
      // This purchase is the referral's live one unless it was cancelled.
      ...(row.liveReferralId === null
        ? {}
        : {
            livePurchase: {
              amountPence: row.amountPence as number,
              verifiedAt: row.verifiedAt as Date,
              creditPence: (row.credit_amountPence as number | null) ?? null,
            },
          }),
      customerRow: { ...customerFromRow(row, "c_"), userRow: userFromRow(row, "u_") },
    },
    verifiedByRow: userFromRow(row, "vb_"),
    cancelledByRow: row.cancelledById === null ? null : userFromRow(row, "cb_"),
  };
}

/** Verified purchases, newest first: a keyset page in one statement, a deep page as cheap as the first. */
export async function purchasedReferralsPage(
  sql: SqlReader,
  args: ConnectionArgs,
  includeCancelled: boolean,
  sizes: PageSizes,
) {
  return keysetConnection(
    args,
    NEWEST_VERIFIED_FIRST,
    sizes,
    (request) => {
      const values: unknown[] = [request.limit];
      const text = pageSql(includeCancelled, request, values);
      return sql.query<PurchaseRow>(text, values);
    },
    toListedPurchase,
  );
}

export async function countPurchasedReferrals(sql: SqlReader, includeCancelled: boolean): Promise<number> {
  const [row] = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM "ReferralPurchase" p${includeCancelled ? "" : ` WHERE p."liveReferralId" IS NOT NULL`}`,
  );
  return row?.count ?? 0;
}

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
        const rows = await context.sql.query<PurchaseCredit & { purchaseId: number }>(
          `SELECT "purchaseId", "amountPence", "rateBasisPoints" FROM "CreditLedgerEntry" WHERE kind = 'CREDIT' AND "purchaseId" = ANY($1::int[])`,
          [ids],
        );
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
