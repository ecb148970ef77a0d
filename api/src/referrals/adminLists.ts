import { escapeLike, parseSearch } from "../customers/index.ts";
import type { SqlReader } from "../db/sql.ts";
import type { ReferralStatus } from "../generated/prisma/client.ts";
import { MAX_DATABASE_ID } from "../graphql/globalIds.ts";
import { type KeysetOrder, type PageRequest, type Position, positionOf, requestConditions } from "../graphql/pager.ts";
import { displayName } from "../lib/displayName.ts";
import { ValidationError } from "../lib/errors.ts";
import { daysRemaining, STATUS_DISPLAY } from "./service.ts";
import { normaliseUkPhone } from "./validation.ts";

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
  key: string;
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
    return { keyset: keyset("timestamp"), key: `r."createdAt"`, needsPurchase: false };
  if (order.startsWith("EXPIRES_AT"))
    return { keyset: keyset("timestamp"), key: `r."expiresAt"`, needsPurchase: false };
  // Referrals without a live purchase count as 0.
  return { keyset: keyset("integer"), key: `coalesce(p."amountPence", 0)::bigint`, needsPurchase: true };
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
    ? `to_char(${order.key}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `(${order.key})::text`;

const PURCHASE_JOIN = `LEFT JOIN "ReferralPurchase" p ON p."liveReferralId" = r.id`;
const CUSTOMER_JOIN = `JOIN "CustomerProfile" c ON c.id = r."customerId" JOIN "User" u ON u.id = c."userId"`;

function filterSql(filter: ReferralDetailFilter, values: unknown[]): { where: string[]; needsCustomer: boolean } {
  const where: string[] = [];
  if (filter.status) where.push(`r.status = $${values.push(filter.status)}::"ReferralStatus"`);
  if (filter.customerId != null) where.push(`r."customerId" = $${values.push(filter.customerId)}::int`);
  const search = parseSearch(filter.search);
  if (search) {
    const pattern = `$${values.push(`%${escapeLike(search)}%`)}`;
    const phone = `$${values.push(normaliseUkPhone(search) ?? search)}`;
    where.push(`(r.name ILIKE ${pattern} OR r.email::text ILIKE ${pattern} OR r.phone = ${phone}
      OR u.username::text ILIKE ${pattern} OR concat_ws(' ', u."firstName", u."lastName") ILIKE ${pattern})`);
  }
  return { where, needsCustomer: search !== null };
}

const whereClause = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "");

export async function listReferralDetails(
  sql: SqlReader,
  options: {
    filter?: ReferralDetailFilter;
    order?: ReferralDetailOrder;
    request: Pick<PageRequest, "limit" | "after">;
    now?: Date;
  },
): Promise<ReferralDetailRow[]> {
  const order = ORDERS[options.order ?? "CREATED_AT_DESC"];
  const direction = order.keyset.descending ? "DESC" : "ASC";
  const values: unknown[] = [options.request.limit];
  const filter = filterSql(options.filter ?? {}, values);
  const beyond = requestConditions(
    order.keyset,
    { keys: [order.key], id: "r.id" },
    { after: options.request.after, before: null },
    values,
  );
  const conditions = beyond ? [...filter.where, beyond.slice(" AND ".length)] : filter.where;
  // The page is chosen from the referrals alone (joined only to what the order or the filter
  // needs); the customer, purchase and credit are joined to the page's rows afterwards.
  const rows = await sql.query<RawReferralRow>(
    `
    SELECT page.id, page.customer_id, u.username::text AS username, u."firstName" AS first_name, u."lastName" AS last_name,
           page.name, page.email, page.phone, page.address, page.status, page.created_at, page.expires_at, page.erased_at,
           p."amountPence" AS purchase_amount, p."verifiedAt" AS purchase_date, p.notes, e."amountPence" AS credit,
           e."rateBasisPoints" AS rate, page.sort_key
    FROM (
      SELECT r.id, r."customerId" AS customer_id, r.name, r.email::text AS email, r.phone, r.address, r.status::text AS status,
             r."createdAt" AS created_at, r."expiresAt" AS expires_at, r."erasedAt" AS erased_at,
             ${order.key} AS sort_value, ${keyText(order)} AS sort_key
      FROM "Referral" r
      ${order.needsPurchase ? PURCHASE_JOIN : ""}
      ${filter.needsCustomer ? CUSTOMER_JOIN : ""}
      ${whereClause(conditions)}
      ORDER BY ${order.key} ${direction}, r.id ${direction}
      LIMIT $1
    ) page
    JOIN "CustomerProfile" c ON c.id = page.customer_id
    JOIN "User" u ON u.id = c."userId"
    LEFT JOIN "ReferralPurchase" p ON p."liveReferralId" = page.id
    LEFT JOIN "CreditLedgerEntry" e ON e."purchaseId" = p.id AND e.kind = 'CREDIT'
    ORDER BY page.sort_value ${direction}, page.id ${direction}`,
    values,
  );
  const now = options.now ?? new Date();
  return rows.map((row) => ({
    id: row.id,
    customerId: row.customer_id,
    customerName: displayName(row.first_name, row.last_name, row.username),
    customerUserName: row.username,
    referralName: row.name,
    referralEmail: row.email,
    referralPhone: row.phone,
    referralAddress: row.address,
    status: row.status,
    statusDisplay: STATUS_DISPLAY[row.status],
    daysRemaining: daysRemaining({ status: row.status, expiresAt: row.expires_at }, now),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    erasedAt: row.erased_at,
    purchaseAmountPence: row.purchase_amount,
    purchaseDate: row.purchase_date,
    creditEarnedPence: row.credit,
    creditRateBasisPoints: row.rate,
    notes: row.notes,
    sortKey: row.sort_key,
  }));
}

interface RawReferralRow {
  id: number;
  customer_id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  status: ReferralStatus;
  created_at: Date;
  expires_at: Date;
  erased_at: Date | null;
  purchase_amount: number | null;
  purchase_date: Date | null;
  notes: string | null;
  credit: number | null;
  rate: number | null;
  sort_key: string;
}

export async function countReferralDetails(sql: SqlReader, filter: ReferralDetailFilter = {}): Promise<number> {
  const values: unknown[] = [];
  const { where, needsCustomer } = filterSql(filter, values);
  const [row] = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM "Referral" r ${needsCustomer ? CUSTOMER_JOIN : ""} ${whereClause(where)}`,
    values,
  );
  return row?.total ?? 0;
}

/** The position of a given referral in an order (the REST `?after=<id>`). */
export async function referralDetailPosition(
  sql: SqlReader,
  order: ReferralDetailOrder,
  referralId: number,
): Promise<Position> {
  const spec = ORDERS[order];
  const valid = Number.isInteger(referralId) && referralId >= 1 && referralId <= MAX_DATABASE_ID;
  const [row] = valid
    ? await sql.query<{ sort_key: string }>(
        `SELECT ${keyText(spec)} AS sort_key FROM "Referral" r ${spec.needsPurchase ? PURCHASE_JOIN : ""} WHERE r.id = $1::int`,
        [referralId],
      )
    : [];
  if (!row) throw new ValidationError(`There is no referral ${referralId} to continue after.`, "after");
  return positionOf(spec.keyset, { id: referralId, sortKey: row.sort_key });
}
