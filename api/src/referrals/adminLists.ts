import {
  decodeListCursor,
  encodeListCursor,
  INTEGER_TEXT,
  type KeysetPosition,
  keysetCondition,
  parseSearch,
  runSql,
  TIMESTAMP_TEXT,
} from "../customers/index.ts";
import type { SqlReader } from "../db/sql.ts";
import { Prisma, type ReferralStatus } from "../generated/prisma/client.ts";
import { displayName } from "../lib/displayName.ts";
import { ValidationError } from "../lib/errors.ts";
import { ADMIN_LIST_MAX_SIZE } from "../lib/listSizes.ts";
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
  cursor: string;
}

interface OrderSpec {
  key: Prisma.Sql;
  castTo: Prisma.Sql;
  keyFormat: RegExp;
  descending: boolean;
  needsPurchase: boolean;
}

function orderSpec(order: ReferralDetailOrder): OrderSpec {
  const descending = order.endsWith("_DESC");
  const timestamp = { castTo: Prisma.sql`timestamptz`, keyFormat: TIMESTAMP_TEXT, descending, needsPurchase: false };
  if (order.startsWith("CREATED_AT")) return { key: Prisma.sql`r."createdAt"`, ...timestamp };
  if (order.startsWith("EXPIRES_AT")) return { key: Prisma.sql`r."expiresAt"`, ...timestamp };
  // Referrals without a live purchase count as 0.
  return {
    key: Prisma.sql`coalesce(p."amountPence", 0)::bigint`,
    castTo: Prisma.sql`bigint`,
    keyFormat: INTEGER_TEXT,
    descending,
    needsPurchase: true,
  };
}

const PURCHASE_JOIN = Prisma.sql`LEFT JOIN "ReferralPurchase" p ON p."liveReferralId" = r.id`;
const CUSTOMER_JOIN = Prisma.sql`JOIN "CustomerProfile" c ON c.id = r."customerId" JOIN "User" u ON u.id = c."userId"`;

function filterSql(filter: ReferralDetailFilter): { where: Prisma.Sql[]; needsCustomer: boolean } {
  const where: Prisma.Sql[] = [];
  if (filter.status) where.push(Prisma.sql`r.status = ${filter.status}::"ReferralStatus"`);
  if (filter.customerId != null) where.push(Prisma.sql`r."customerId" = ${filter.customerId}::int`);
  const search = parseSearch(filter.search);
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const phone = normaliseUkPhone(search);
    where.push(Prisma.sql`(r.name ILIKE ${pattern} OR r.email::text ILIKE ${pattern} OR r.phone = ${phone ?? search}
      OR u.username::text ILIKE ${pattern} OR concat_ws(' ', u."firstName", u."lastName") ILIKE ${pattern})`);
  }
  return { where, needsCustomer: search !== null };
}

const whereClause = (conditions: Prisma.Sql[]) =>
  conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;

export async function listReferralDetails(
  sql: SqlReader,
  options: {
    filter?: ReferralDetailFilter;
    order?: ReferralDetailOrder;
    limit: number;
    after?: KeysetPosition | null;
    now?: Date;
  },
): Promise<ReferralDetailRow[]> {
  const order = options.order ?? "CREATED_AT_DESC";
  if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > ADMIN_LIST_MAX_SIZE + 1) {
    throw new ValidationError(`Ask for between 1 and ${ADMIN_LIST_MAX_SIZE} referrals at a time.`, "first");
  }
  const spec = orderSpec(order);
  const direction = spec.descending ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const filter = filterSql(options.filter ?? {});
  const conditions = [...filter.where];
  if (options.after) conditions.push(keysetCondition(spec, Prisma.sql`r.id`, options.after));
  // The page is chosen from the referrals alone (joined only to what the order or the filter
  // needs); the customer, purchase and credit are joined to the page's rows afterwards.
  const rows = await runSql<RawReferralRow>(
    sql,
    Prisma.sql`
    SELECT page.id, page.customer_id, u.username::text AS username, u."firstName" AS first_name, u."lastName" AS last_name,
           page.name, page.email, page.phone, page.address, page.status, page.created_at, page.expires_at, page.erased_at,
           p."amountPence" AS purchase_amount, p."verifiedAt" AS purchase_date, p.notes, e."amountPence" AS credit,
           e."rateBasisPoints" AS rate, page.sort_key
    FROM (
      SELECT r.id, r."customerId" AS customer_id, r.name, r.email::text AS email, r.phone, r.address, r.status::text AS status,
             r."createdAt" AS created_at, r."expiresAt" AS expires_at, r."erasedAt" AS erased_at,
             ${spec.key} AS sort_value, (${spec.key})::text AS sort_key
      FROM "Referral" r
      ${spec.needsPurchase ? PURCHASE_JOIN : Prisma.empty}
      ${filter.needsCustomer ? CUSTOMER_JOIN : Prisma.empty}
      ${whereClause(conditions)}
      ORDER BY ${spec.key} ${direction}, r.id ${direction}
      LIMIT ${options.limit}
    ) page
    JOIN "CustomerProfile" c ON c.id = page.customer_id
    JOIN "User" u ON u.id = c."userId"
    LEFT JOIN "ReferralPurchase" p ON p."liveReferralId" = page.id
    LEFT JOIN "CreditLedgerEntry" e ON e."purchaseId" = p.id AND e.kind = 'CREDIT'
    ORDER BY page.sort_value ${direction}, page.id ${direction}`,
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
    cursor: encodeListCursor(order, { key: row.sort_key, id: row.id }),
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
  const { where, needsCustomer } = filterSql(filter);
  const [row] = await runSql<{ total: number }>(
    sql,
    Prisma.sql`SELECT count(*)::int AS total FROM "Referral" r ${needsCustomer ? CUSTOMER_JOIN : Prisma.empty} ${whereClause(where)}`,
  );
  return row?.total ?? 0;
}

export function decodeReferralDetailCursor(cursor: string, order: ReferralDetailOrder): KeysetPosition {
  return decodeListCursor(cursor, order, orderSpec(order).keyFormat);
}

/** The position of a given referral in an order (the REST `?after=<id>`). */
export async function referralDetailPosition(
  sql: SqlReader,
  order: ReferralDetailOrder,
  referralId: number,
): Promise<KeysetPosition> {
  const spec = orderSpec(order);
  const valid = Number.isInteger(referralId) && referralId >= 1 && referralId <= 2_147_483_647;
  const [row] = valid
    ? await runSql<{ sort_key: string }>(
        sql,
        Prisma.sql`SELECT (${spec.key})::text AS sort_key FROM "Referral" r ${spec.needsPurchase ? PURCHASE_JOIN : Prisma.empty} WHERE r.id = ${referralId}::int`,
      )
    : [];
  if (!row) throw new ValidationError(`There is no referral ${referralId} to continue after.`, "after");
  return { key: row.sort_key, id: referralId };
}
