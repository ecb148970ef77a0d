import type { Expression, SqlBool } from "kysely";
import { precompile, precompileByShape, queryBuilder, run, runFirst, sql } from "../db/query.ts";
import { REFERRAL_DETAIL_COLUMNS } from "../db/referralColumns.ts";
import { matchingReferralIds, type SearchKind, type SearchParams } from "../db/search.ts";
import type { SqlReader } from "../db/sql.ts";
import type { ReferralStatus } from "../generated/prisma/client.ts";
import { allOf, keysetPage, listSearch, pageValues } from "../graphql/keysetList.ts";
import { type KeysetOrder, keysetOrderBy, type PageRequest, type Position, positionOfId } from "../graphql/pager.ts";
import { displayName } from "../lib/displayName.ts";
import { daysRemaining, effectiveExpiresAt, STATUS_DISPLAY } from "./service.ts";

// The administrators' detailed referral list ("Total Referrals" details, referrals-detailed):
// keyset-paginated in SQL, one statement per page, nothing loaded beyond the page.

export const REFERRAL_DETAIL_ORDERS = [
  "CREATED_AT_DESC",
  "CREATED_AT_ASC",
  "EXPIRES_AT_ASC",
  "EXPIRES_AT_DESC",
  "PURCHASE_AMOUNT_DESC",
  "PURCHASE_AMOUNT_ASC",
] as const;
export type ReferralDetailOrder = (typeof REFERRAL_DETAIL_ORDERS)[number];

export interface ReferralDetailFilter {
  status?: ReferralStatus | null;
  /** Only this customer's referrals. */
  customerId?: number | null;
  /** Part of the referral's name or email, their phone number, or part of the customer's name or username. */
  search?: string | null;
}

export interface ReferralDetailRow {
  id: number;
  customerId: number;
  customerName: string;
  customerUserName: string;
  /** Null once erased (expired referrals). */
  referralName: string | null;
  referralEmail: string | null;
  referralPhone: string | null;
  referralAddress: string | null;
  status: ReferralStatus;
  statusDisplay: string;
  daysRemaining: number | null;
  createdAt: Date;
  expiresAt: Date;
  erasedAt: Date | null;
  /** The live (not cancelled) purchase, if any. */
  purchaseAmountPence: number | null;
  purchaseDate: Date | null;
  creditEarnedPence: number | null;
  creditRateBasisPoints: number | null;
  notes: string | null;
  /** The row's order key as SQL gave it: its cursor carries it. */
  sortKey: string;
}

/** What an order's key is read from. */
type KeyedRow = Pick<ReferralDetailRow, "id" | "sortKey">;

interface ReferralListOrder {
  keyset: KeysetOrder<KeyedRow>;
  /** The key on the referral (r) and its live purchase (p). */
  key: Expression<unknown>;
  needsPurchase: boolean;
}

function referralListOrder(order: ReferralDetailOrder): ReferralListOrder {
  const descending = order.endsWith("_DESC");
  const keyset = (kind: "timestamp" | "integer"): KeysetOrder<KeyedRow> => ({
    name: order,
    keys: [kind],
    descending,
    // Timestamps come back from SQL as ISO text in UTC (see keyText), the cursor's own form.
    keysOf: (row) => [kind === "timestamp" ? new Date(row.sortKey) : row.sortKey],
  });
  if (order.startsWith("CREATED_AT"))
    return { keyset: keyset("timestamp"), key: sql.ref("r.createdAt"), needsPurchase: false };
  if (order.startsWith("EXPIRES_AT"))
    return { keyset: keyset("timestamp"), key: sql.ref("r.expiresAt"), needsPurchase: false };
  // Referrals without a live purchase count as 0.
  return {
    keyset: keyset("integer"),
    key: sql`coalesce(${sql.ref("p.amountPence")}, 0)::bigint`,
    needsPurchase: true,
  };
}

const ORDERS = Object.fromEntries(REFERRAL_DETAIL_ORDERS.map((order) => [order, referralListOrder(order)])) as Record<
  ReferralDetailOrder,
  ReferralListOrder
>;

/** The pager's order of the referral list in the given order. */
export function referralListKeyset(order: ReferralDetailOrder): KeysetOrder<KeyedRow> {
  return ORDERS[order].keyset;
}

/** An order key as text: timestamps (stored in UTC) as ISO 8601 with its Z, numbers in decimal. */
const keyText = (order: ReferralListOrder) =>
  order.keyset.keys[0] === "timestamp"
    ? sql<string>`to_char(${order.key}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`(${order.key})::text`;

/** Which filters a statement has: each set of them is its own statement, compiled once. */
interface FilterShape {
  status: boolean;
  customer: boolean;
  search: SearchKind;
}

/** The values of a filter's parameters (unused ones are left out of the statement). */
type FilterValues = SearchParams & {
  status: ReferralStatus;
  customerId: number;
};

function filterShape(filter: ReferralDetailFilter): { shape: FilterShape; values: FilterValues } {
  const search = listSearch(filter.search);
  return {
    shape: { status: Boolean(filter.status), customer: filter.customerId != null, search: search.kind },
    values: {
      ...search.params,
      status: filter.status ?? "PENDING",
      customerId: filter.customerId ?? 0,
    },
  };
}

/** The filter's conditions on the referral (r), joined by AND. */
function filterCondition(shape: FilterShape, p: FilterValues): Expression<SqlBool> | null {
  const conditions: Expression<SqlBool>[] = [];
  if (shape.status) conditions.push(sql<SqlBool>`${sql.ref("r.status")} = ${p.status}::"ReferralStatus"`);
  if (shape.customer) conditions.push(sql<SqlBool>`${sql.ref("r.customerId")} = ${p.customerId}::int`);
  if (shape.search !== "none")
    conditions.push(sql<SqlBool>`${sql.ref("r.id")} IN (${matchingReferralIds(p, shape.search)})`);
  return allOf(conditions);
}

type PageParams = FilterValues & { limit: number; key: string; id: number };

/**
 * The page is chosen from the referrals alone (joined only to what the order or the filter
 * needs); the customer, purchase and credit are joined to the page's rows afterwards.
 */
function pageStatement(orderName: ReferralDetailOrder, shape: FilterShape, withAfter: boolean) {
  const order = ORDERS[orderName];
  const columns = { keys: [order.key], id: sql.ref<number>("r.id") };
  return precompile((p: PageParams) => {
    const where = filterCondition(shape, p);
    const filtered = queryBuilder
      .selectFrom("Referral as r")
      .$if(order.needsPurchase, (query) => query.leftJoin("ReferralPurchase as p", "p.liveReferralId", "r.id"))
      .$if(where !== null, (query) => query.where(where as Expression<SqlBool>))
      .select([
        "r.id",
        "r.customerId",
        ...REFERRAL_DETAIL_COLUMNS,
        "r.erasedAt",
        sql`${order.key}`.as("sortValue"),
        keyText(order).as("sortKey"),
      ]);
    const page = keysetPage(filtered, order.keyset, columns, withAfter, p);
    return queryBuilder
      .selectFrom(page.as("page"))
      .innerJoin("CustomerProfile as c", "c.id", "page.customerId")
      .innerJoin("User as u", "u.id", "c.userId")
      .leftJoin("ReferralPurchase as p", "p.liveReferralId", "page.id")
      .leftJoin("CreditLedgerEntry as e", (join) => join.onRef("e.purchaseId", "=", "p.id").on("e.kind", "=", "CREDIT"))
      .selectAll("page")
      .select([
        "u.username",
        "u.firstName",
        "u.lastName",
        "p.amountPence as purchaseAmountPence",
        "p.verifiedAt as purchaseDate",
        "p.notes",
        "e.amountPence as creditEarnedPence",
        "e.rateBasisPoints as creditRateBasisPoints",
      ])
      .orderBy(keysetOrderBy(order.keyset, { keys: [sql.ref("page.sortValue")], id: sql.ref<number>("page.id") }));
  });
}

/** Statements by order, filters and cursor, each compiled on first use. */
const pageStatementOf = precompileByShape(
  (orderName: ReferralDetailOrder, shape: FilterShape, withAfter: boolean) =>
    [orderName, shape.status, shape.customer, shape.search, withAfter].join("|"),
  pageStatement,
);

export async function listReferralDetails(
  reader: SqlReader,
  options: {
    filter?: ReferralDetailFilter;
    order?: ReferralDetailOrder;
    request: Pick<PageRequest, "limit" | "after">;
    now?: Date;
  },
): Promise<ReferralDetailRow[]> {
  const orderName = options.order ?? "CREATED_AT_DESC";
  const { shape, values } = filterShape(options.filter ?? {});
  const after = options.request.after;
  const statement = pageStatementOf(orderName, shape, after !== null);
  const rows = await run(reader, statement({ ...values, ...pageValues(options.request) }));
  const now = options.now ?? new Date();
  return rows.map((row) => ({
    id: row.id,
    customerId: row.customerId,
    customerName: displayName(row.firstName, row.lastName, row.username),
    customerUserName: row.username,
    referralName: row.name,
    referralEmail: row.email,
    referralPhone: row.phone,
    referralAddress: row.address,
    status: row.status,
    statusDisplay: STATUS_DISPLAY[row.status],
    daysRemaining: daysRemaining({ status: row.status, expiresAt: row.expiresAt, heldAt: row.heldAt }, now),
    createdAt: row.createdAt,
    expiresAt: effectiveExpiresAt({ status: row.status, expiresAt: row.expiresAt, heldAt: row.heldAt }, now),
    erasedAt: row.erasedAt,
    purchaseAmountPence: row.purchaseAmountPence,
    purchaseDate: row.purchaseDate,
    creditEarnedPence: row.creditEarnedPence,
    creditRateBasisPoints: row.creditRateBasisPoints,
    notes: row.notes,
    sortKey: row.sortKey,
  }));
}

function countStatement(shape: FilterShape) {
  return precompile((p: FilterValues) => {
    const where = filterCondition(shape, p);
    return queryBuilder
      .selectFrom("Referral as r")
      .$if(where !== null, (query) => query.where(where as Expression<SqlBool>))
      .select(sql<number>`count(*)::int`.as("total"));
  });
}

/** Count statements by filters, each compiled on first use. */
const countStatementOf = precompileByShape(
  (shape: FilterShape) => [shape.status, shape.customer, shape.search].join("|"),
  countStatement,
);

export async function countReferralDetails(reader: SqlReader, filter: ReferralDetailFilter = {}): Promise<number> {
  const { shape, values } = filterShape(filter);
  return (await runFirst(reader, countStatementOf(shape)(values)))?.total ?? 0;
}

function positionStatement(name: ReferralDetailOrder) {
  const order = ORDERS[name];
  return precompile((p: { id: number }) =>
    queryBuilder
      .selectFrom("Referral as r")
      .$if(order.needsPurchase, (query) => query.leftJoin("ReferralPurchase as p", "p.liveReferralId", "r.id"))
      .select(keyText(order).as("sortKey"))
      .where("r.id", "=", p.id),
  );
}

const POSITIONS = Object.fromEntries(REFERRAL_DETAIL_ORDERS.map((name) => [name, positionStatement(name)])) as Record<
  ReferralDetailOrder,
  ReturnType<typeof positionStatement>
>;

/** The position of a given referral in an order (the REST `?after=<id>`). */
export async function referralDetailPosition(
  reader: SqlReader,
  order: ReferralDetailOrder,
  referralId: number,
): Promise<Position> {
  return positionOfId(ORDERS[order].keyset, referralId, "referral", (id) => runFirst(reader, POSITIONS[order]({ id })));
}
