import { precompile, queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { CustomerProfile, CustomerStatus } from "../generated/prisma/client.ts";
import { MAX_DATABASE_ID } from "../graphql/globalIds.ts";
import {
  afterPosition,
  type KeysetOrder,
  keysetOrderBy,
  type PageRequest,
  type Position,
  positionOf,
  requestConditions,
} from "../graphql/pager.ts";
import { displayName } from "../lib/displayName.ts";
import { ValidationError } from "../lib/errors.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";
import type { MilestoneKey } from "./milestoneRules.ts";
import { customerSegment, type SegmentKey, segmentOf } from "./segments.ts";
import { type CustomerFigures, customerFigures } from "./service.ts";

// The administrators' customer list (the read model): filters, orders and keyset pages in SQL,
// figures computed for the page's rows only.

/**
 * Where a customer stands in the programme:
 * Pending Review and Rejected follow the registration's status. A verified customer is
 * Getting Started until they add a referral, Referring while none of their referrals has earned
 * credit, Earning once they hold credits, and Full Refund once the 100% milestone (the last part
 * of the refund) has been paid.
 */
export const CUSTOMER_STAGES = [
  { key: "PENDING_REVIEW", name: "Pending Review" },
  { key: "REJECTED", name: "Rejected" },
  { key: "GETTING_STARTED", name: "Getting Started" },
  { key: "REFERRING", name: "Referring" },
  { key: "EARNING", name: "Earning" },
  { key: "FULL_REFUND", name: "Full Refund" },
] as const;

export type CustomerStageKey = (typeof CUSTOMER_STAGES)[number]["key"];

export function customerStage(customer: {
  status: CustomerStatus;
  totalReferrals: number;
  creditsPence: number;
  refundIssued: boolean;
}): CustomerStageKey {
  if (customer.status === "PENDING") return "PENDING_REVIEW";
  if (customer.status === "REJECTED") return "REJECTED";
  if (customer.refundIssued) return "FULL_REFUND";
  if (customer.creditsPence > 0) return "EARNING";
  if (customer.totalReferrals > 0) return "REFERRING";
  return "GETTING_STARTED";
}

export const CUSTOMER_STATUS_DISPLAY: Record<CustomerStatus, string> = {
  PENDING: "Pending",
  VERIFIED: "Verified",
  REJECTED: "Rejected",
};

export const CUSTOMER_ORDERS = [
  "CREATED_AT_DESC",
  "CREATED_AT_ASC",
  "NAME_ASC",
  "NAME_DESC",
  "CREDITS_DESC",
  "CREDITS_ASC",
  "PROGRESS_DESC",
  "PROGRESS_ASC",
] as const;
export type CustomerOrder = (typeof CUSTOMER_ORDERS)[number];

export interface CustomerListFilter {
  status?: CustomerStatus | null;
  segment?: SegmentKey | null;
  /** Part of the name, username, email or contract number, any case. */
  search?: string | null;
}

export interface AdminCustomerRow extends CustomerFigures {
  id: number;
  userId: number;
  username: string;
  email: string;
  /** False until the customer opens the emailed confirmation link. */
  emailConfirmed: boolean;
  firstName: string | null;
  lastName: string | null;
  /** First and last name, or the username when neither is known. */
  name: string;
  status: CustomerStatus;
  rejectionReason: string | null;
  originalPurchaseAmountPence: number;
  postcode: string;
  contractNumber: string;
  createdAt: Date;
  verifiedAt: Date | null;
  totalReferrals: number;
  purchasedReferrals: number;
  segment: SegmentKey;
  stage: CustomerStageKey;
  /** The row's order key as SQL gave it (int8 and text orders): its cursor carries it. */
  sortKey: string;
}

const CREDITS_SQL = `coalesce(lc.credits, 0)`;
const NAME_SQL = `lower(coalesce(nullif(btrim(concat_ws(' ', u."firstName", u."lastName")), ''), u.username::text))`;

/** What an order's key is read from. */
type KeyedRow = Pick<AdminCustomerRow, "id" | "createdAt" | "sortKey">;

/** One order of the customer list: its pager order, and the SQL of its key (aliases c, u, lc). */
interface CustomerListOrder {
  keyset: KeysetOrder<KeyedRow>;
  key: string;
  needsCredits: boolean;
}

function customerListOrder(order: CustomerOrder): CustomerListOrder {
  const descending = order.endsWith("_DESC");
  if (order.startsWith("CREATED_AT"))
    return {
      keyset: { name: order, keys: ["timestamp"], descending, keysOf: (row) => [row.createdAt] },
      key: `c."createdAt"`,
      needsCredits: false,
    };
  const bySortKey = (kind: "text" | "integer"): KeysetOrder<KeyedRow> => ({
    name: order,
    keys: [kind],
    descending,
    keysOf: (row) => [row.sortKey],
  });
  if (order.startsWith("NAME")) return { keyset: bySortKey("text"), key: NAME_SQL, needsCredits: false };
  if (order.startsWith("CREDITS")) return { keyset: bySortKey("integer"), key: CREDITS_SQL, needsCredits: true };
  // Progress in millionths of the purchase, uncapped, in integers: exact and comparable.
  return {
    keyset: bySortKey("integer"),
    key: `(${CREDITS_SQL} * 1000000 / c."originalPurchaseAmountPence")`,
    needsCredits: true,
  };
}

const ORDERS = Object.fromEntries(CUSTOMER_ORDERS.map((order) => [order, customerListOrder(order)])) as Record<
  CustomerOrder,
  CustomerListOrder
>;

/** The pager's order of the customer list in the given order. */
export function customerListKeyset(order: CustomerOrder): KeysetOrder<AdminCustomerRow> {
  return ORDERS[order].keyset;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The search text as given, trimmed, by its rule (lib/textFields.ts); blank means no search. */
export function parseSearch(search: string | null | undefined): string | null {
  return parseText(TEXT_FIELDS.search, search, "search") || null;
}

const CREDITS_JOIN = `LEFT JOIN (SELECT "customerId", sum("amountPence")::bigint AS credits FROM "CreditLedgerEntry" GROUP BY "customerId") lc ON lc."customerId" = c.id`;
/** The one segment rule (analytics/segments.ts) on this statement's credits and purchase, as its text. */
const SEGMENT_SQL = segmentOf(sql.raw(CREDITS_SQL), sql.raw(`c."originalPurchaseAmountPence"`)).compile(
  queryBuilder,
).sql;

function customerFilterSql(
  filter: CustomerListFilter,
  values: unknown[],
): { where: string[]; needsCredits: boolean; needsUser: boolean } {
  const where: string[] = [];
  if (filter.status) where.push(`c.status = $${values.push(filter.status)}::"CustomerStatus"`);
  if (filter.segment) where.push(`${SEGMENT_SQL} = $${values.push(filter.segment)}`);
  const search = parseSearch(filter.search);
  if (search) {
    const pattern = `$${values.push(`%${escapeLike(search)}%`)}`;
    where.push(`(u.username::text ILIKE ${pattern} OR u.email::text ILIKE ${pattern}
      OR concat_ws(' ', u."firstName", u."lastName") ILIKE ${pattern} OR c."contractNumber" ILIKE ${pattern})`);
  }
  return { where, needsCredits: Boolean(filter.segment), needsUser: search !== null };
}

const whereClause = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "");

/**
 * One page of customers in the given order: chosen by an indexed (or, for credits and progress,
 * aggregated) ordering plus LIMIT, never by skipping rows, and the figures (credits, payments,
 * referral counts) are computed for the page's rows only.
 */
export async function listAdminCustomers(
  sql: SqlReader,
  options: { filter?: CustomerListFilter; order?: CustomerOrder; request: Pick<PageRequest, "limit" | "after"> },
): Promise<AdminCustomerRow[]> {
  const order = ORDERS[options.order ?? "CREATED_AT_DESC"];
  const values: unknown[] = [options.request.limit];
  const filter = customerFilterSql(options.filter ?? {}, values);
  const beyond = requestConditions(
    order.keyset,
    { keys: [order.key], id: "c.id" },
    { after: options.request.after, before: null },
    values,
  );
  const conditions = beyond ? [...filter.where, beyond.slice(" AND ".length)] : filter.where;
  const direction = order.keyset.descending ? "DESC" : "ASC";
  const rows = await sql.query<RawCustomerRow>(
    `
    SELECT page.id, page.user_id, page.username, page.email, page.email_confirmed, page.first_name, page.last_name, page.status, page.rejection_reason,
           page.purchase, page.postcode, page.contract_number, page.created_at, page.verified_at, page.sort_key,
           coalesce(l.credits, 0)::bigint AS credits, coalesce(m.payments, '[]'::json) AS payments,
           coalesce(r.total, 0)::int AS total_referrals, coalesce(r.purchased, 0)::int AS purchased_referrals
    FROM (
      SELECT c.id, c."userId" AS user_id, u.username::text AS username, u.email::text AS email,
             u."emailConfirmedAt" IS NOT NULL AS email_confirmed, u."firstName" AS first_name,
             u."lastName" AS last_name, c.status::text AS status, c."rejectionReason" AS rejection_reason,
             c."originalPurchaseAmountPence" AS purchase, c.postcode, c."contractNumber" AS contract_number,
             c."createdAt" AS created_at, c."verifiedAt" AS verified_at, ${order.key} AS sort_value, (${order.key})::text AS sort_key
      FROM "CustomerProfile" c
      JOIN "User" u ON u.id = c."userId"
      ${order.needsCredits || filter.needsCredits ? CREDITS_JOIN : ""}
      ${whereClause(conditions)}
      ORDER BY ${order.key} ${direction}, c.id ${direction}
      LIMIT $1
    ) page
    LEFT JOIN LATERAL (SELECT sum(e."amountPence")::bigint AS credits FROM "CreditLedgerEntry" e WHERE e."customerId" = page.id) l ON true
    LEFT JOIN LATERAL (
      -- The stored times are UTC: paidAt is written with its Z so JavaScript does not read it as local time.
      SELECT json_agg(json_build_object('milestone', p.milestone, 'amountPence', p."amountPence", 'paidAt', to_char(p."paidAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) AS payments
      FROM "MilestonePayment" p WHERE p."customerId" = page.id
    ) m ON true
    LEFT JOIN LATERAL (
      SELECT count(*) AS total, count(*) FILTER (WHERE x.status = 'PURCHASED') AS purchased FROM "Referral" x WHERE x."customerId" = page.id
    ) r ON true
    ORDER BY page.sort_value ${direction}, page.id ${direction}`,
    values,
  );
  return rows.map(toAdminCustomerRow);
}

interface RawCustomerRow {
  id: number;
  user_id: number;
  username: string;
  email: string;
  email_confirmed: boolean;
  first_name: string | null;
  last_name: string | null;
  status: CustomerStatus;
  rejection_reason: string | null;
  purchase: number;
  postcode: string;
  contract_number: string;
  created_at: Date;
  verified_at: Date | null;
  sort_key: string;
  /** int8: a decimal string. */
  credits: string;
  payments: { milestone: MilestoneKey; amountPence: number; paidAt: string }[];
  total_referrals: number;
  purchased_referrals: number;
}

export function toAdminCustomerRow(row: RawCustomerRow): AdminCustomerRow {
  const credits = Number(row.credits);
  const figures = customerFigures(
    row.purchase,
    credits,
    row.payments.map((p) => ({ milestone: p.milestone, amountPence: p.amountPence, paidAt: new Date(p.paidAt) })),
  );
  // Written out rather than spread: a spread followed by twenty more properties leaves V8 a
  // dictionary-mode object, which cost about 30 µs a row to build and made every read slower.
  return {
    currentCreditsPence: figures.currentCreditsPence,
    creditsPaidPence: figures.creditsPaidPence,
    progressPercentage: figures.progressPercentage,
    remainingToTargetPence: figures.remainingToTargetPence,
    milestone33Paid: figures.milestone33Paid,
    milestone66Paid: figures.milestone66Paid,
    milestone100Paid: figures.milestone100Paid,
    refundIssued: figures.refundIssued,
    id: row.id,
    userId: row.user_id,
    username: row.username,
    email: row.email,
    emailConfirmed: row.email_confirmed,
    firstName: row.first_name,
    lastName: row.last_name,
    name: displayName(row.first_name, row.last_name, row.username),
    status: row.status,
    rejectionReason: row.rejection_reason,
    originalPurchaseAmountPence: row.purchase,
    postcode: row.postcode,
    contractNumber: row.contract_number,
    createdAt: row.created_at,
    verifiedAt: row.verified_at,
    totalReferrals: row.total_referrals,
    purchasedReferrals: row.purchased_referrals,
    segment: customerSegment(row.purchase, credits),
    stage: customerStage({
      status: row.status,
      totalReferrals: row.total_referrals,
      creditsPence: credits,
      refundIssued: figures.refundIssued,
    }),
    sortKey: row.sort_key,
  };
}

/** How many customers match the filter (the connection's totalCount). */
export async function countAdminCustomers(sql: SqlReader, filter: CustomerListFilter = {}): Promise<number> {
  const values: unknown[] = [];
  const { where, needsCredits, needsUser } = customerFilterSql(filter, values);
  // Every profile has its user: the join is only there for a search, so a status count reads the index alone.
  const [row] = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM "CustomerProfile" c ${needsUser ? `JOIN "User" u ON u.id = c."userId"` : ""}
    ${needsCredits ? CREDITS_JOIN : ""} ${whereClause(where)}`,
    values,
  );
  return row?.total ?? 0;
}

/** The position of a given customer in an order (the REST `?after=<id>`); 400 when there is no such customer. */
export async function customerListPosition(
  sql: SqlReader,
  order: CustomerOrder,
  customerId: number,
): Promise<Position> {
  const spec = ORDERS[order];
  const valid = Number.isInteger(customerId) && customerId >= 1 && customerId <= MAX_DATABASE_ID;
  const [row] = valid
    ? await sql.query<{ created_at: Date; sort_key: string }>(
        `SELECT c."createdAt" AS created_at, (${spec.key})::text AS sort_key FROM "CustomerProfile" c JOIN "User" u ON u.id = c."userId"
        ${spec.needsCredits ? CREDITS_JOIN : ""} WHERE c.id = $1::int`,
        [customerId],
      )
    : [];
  if (!row) throw new ValidationError(`There is no customer ${customerId} to continue after.`, "after");
  return positionOf(spec.keyset, { id: customerId, createdAt: row.created_at, sortKey: row.sort_key });
}

/** The review queue's order: oldest registration first; the id breaks ties. */
export const PENDING_REVIEW_ORDER: KeysetOrder<{ id: number; createdAt: Date }> = {
  name: "pendingCustomers",
  keys: ["timestamp"],
  descending: false,
  keysOf: (row) => [row.createdAt],
};
const PENDING_COLUMNS = { keys: [sql.ref("c.createdAt")], id: sql.ref<number>("c.id") };

const pendingPage = (withAfter: boolean) =>
  precompile((p: { limit: number; key: string; id: number }) =>
    queryBuilder
      .selectFrom("CustomerProfile as c")
      .selectAll("c")
      .where("c.status", "=", "PENDING")
      .$if(withAfter, (query) =>
        query.where(afterPosition(PENDING_REVIEW_ORDER, PENDING_COLUMNS, { keys: [p.key], id: p.id })),
      )
      .orderBy(keysetOrderBy(PENDING_REVIEW_ORDER, PENDING_COLUMNS))
      .limit(p.limit),
  );
const PENDING_PAGE = { first: pendingPage(false), after: pendingPage(true) };

/** A page of registrations waiting for review, as profiles (the customer type's fields read the rest). */
export function pendingCustomersPage(
  reader: SqlReader,
  request: Pick<PageRequest, "limit" | "after">,
): Promise<CustomerProfile[]> {
  return run(
    reader,
    request.after
      ? PENDING_PAGE.after({ limit: request.limit, key: request.after.keys[0] as string, id: request.after.id })
      : PENDING_PAGE.first({ limit: request.limit, key: "", id: 0 }),
  );
}

/** The queue position of a customer (`afterDatabaseId`); 400 when there is no such customer. */
export async function pendingCustomerPosition(reader: SqlReader, customerId: number): Promise<Position> {
  const valid = Number.isInteger(customerId) && customerId >= 1 && customerId <= MAX_DATABASE_ID;
  const row = valid
    ? await runFirst(
        reader,
        queryBuilder.selectFrom("CustomerProfile").select("createdAt").where("id", "=", customerId),
      )
    : undefined;
  if (!row) throw new ValidationError(`There is no customer ${customerId} to continue after.`, "after");
  return positionOf(PENDING_REVIEW_ORDER, { id: customerId, createdAt: row.createdAt });
}
