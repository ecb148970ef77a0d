import { recordAudit } from "../audit/index.ts";
import { lockCustomer } from "../db/locks.ts";
import type { Db, Tx } from "../db/prisma.ts";
import type { SqlReader } from "../db/sql.ts";
import { queueEmail } from "../emails/index.ts";
import { type CustomerProfile, type CustomerStatus, Prisma, type User } from "../generated/prisma/client.ts";
import { databaseIdOf, MAX_DATABASE_ID } from "../graphql/globalIds.ts";
import type { Actor } from "../lib/actor.ts";
import { displayName, greetingName } from "../lib/displayName.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { ADMIN_LIST_MAX_SIZE } from "../lib/listSizes.ts";
import { formatPounds } from "../lib/money.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";
import { formatBasisPointsAsPercent, getCreditRate } from "../settings/index.ts";
import { activityDescriptions } from "./activityDescriptions.ts";
import type { MilestoneKey } from "./milestoneRules.ts";
import { customerSegment, type SegmentKey, segmentSql } from "./segments.ts";
import { auditingSelfDealing, refuseSelfDealing } from "./selfDealing.ts";
import { type CustomerFigures, customerFigures, recordActivity } from "./service.ts";
import { parseContractNumber, parsePurchaseAmount } from "./validation.ts";

// ---------------------------------------------------------------------------------------------
// Approval, rejection and edits of pending registrations (administrators only).
// Each runs in one transaction that first locks the profile row, so two administrators acting on
// the same customer at once are serialised: the second sees the first one's result.
// ---------------------------------------------------------------------------------------------

export const ADMIN_CUSTOMER_MESSAGES = {
  notFound: "Customer not found",
  alreadyVerified: "This customer is already verified.",
  approveRejected:
    "This registration was rejected. The customer must correct and resubmit it before it can be approved.",
  rejectVerified: "This customer is already verified: only a registration pending review can be rejected.",
  alreadyRejected: "This registration has already been rejected.",
  reasonRequired: "Please give a reason for the rejection: it is emailed to the customer.",
  reasonTooLong: TEXT_FIELDS.rejectionReason.tooLong,
  editNotPending: "Details can only be edited while the registration is pending review.",
  nothingToUpdate: "Give a new purchase amount or contract number to update.",
} as const;

type LockedCustomer = CustomerProfile & { user: Pick<User, "id" | "username" | "email" | "firstName"> };

/**
 * The customer's database id from a GraphQL id (a Customer's global id). Anything else, malformed
 * included, is a customer that does not exist: 404, as for an unknown number.
 */
export function customerIdFromGlobalId(id: string | number): number {
  const databaseId = databaseIdOf(id, "Customer");
  if (databaseId === null) throw new NotFoundError(ADMIN_CUSTOMER_MESSAGES.notFound);
  return databaseId;
}

/** Locks the profile row until the transaction ends and reads it with its user. */
async function lockCustomerWithUser(tx: Tx, customerId: number): Promise<LockedCustomer> {
  if (!(await lockCustomer(tx, customerId))) throw new NotFoundError(ADMIN_CUSTOMER_MESSAGES.notFound);
  return tx.customerProfile.findUniqueOrThrow({
    where: { id: customerId },
    include: { user: { select: { id: true, username: true, email: true, firstName: true } } },
  });
}

/**
 * PENDING → VERIFIED: sets verifiedAt, adds an activity to the customer's feed, queues the
 * verification email (with the credit rate in force) and audits, all in one transaction.
 * A verified customer is a conflict; so is a rejected one (they resubmit first).
 */
export async function approveCustomer(
  deps: { db: Db; publicUrl: string },
  customerId: number,
  actor: Actor,
): Promise<CustomerProfile> {
  return auditingSelfDealing(deps.db, () =>
    deps.db.$transaction(async (tx) => {
      const customer = await lockCustomerWithUser(tx, customerId);
      refuseSelfDealing(customer, actor, "approve");
      if (customer.status === "VERIFIED") throw new ConflictError(ADMIN_CUSTOMER_MESSAGES.alreadyVerified);
      if (customer.status === "REJECTED") throw new ConflictError(ADMIN_CUSTOMER_MESSAGES.approveRejected);
      const verifiedAt = new Date();
      const approved = await tx.customerProfile.update({
        where: { id: customer.id },
        data: { status: "VERIFIED", verifiedAt, rejectionReason: null },
      });
      await recordActivity(tx, {
        customerId: customer.id,
        type: "REGISTRATION",
        description: activityDescriptions.accountVerified(),
      });
      const rate = await getCreditRate(tx);
      await queueEmail(tx, {
        type: "ACCOUNT_VERIFICATION",
        to: customer.user.email,
        userId: customer.user.id,
        data: {
          firstName: greetingName(customer.user),
          signInUrl: `${deps.publicUrl}/auth`,
          creditRatePercent: formatBasisPointsAsPercent(rate),
        },
      });
      await recordAudit(tx, {
        action: "customer_approved",
        resourceType: "customer",
        resourceId: customer.id,
        actorId: actor.id,
        before: { status: customer.status },
        after: { status: approved.status, verifiedAt: verifiedAt.toISOString() },
        details: `Customer ${customer.user.username} approved`,
        ipAddress: actor.ip ?? null,
      });
      return approved;
    }),
  );
}

/** The reason as it will be stored and emailed: trimmed; blank and over-long are refused. */
export function parseRejectionReason(value: unknown): string {
  const reason = parseText(TEXT_FIELDS.rejectionReason, value, "reason");
  if (!reason) throw new ValidationError(ADMIN_CUSTOMER_MESSAGES.reasonRequired, "reason");
  return reason;
}

/**
 * PENDING → REJECTED with the reason, which the rejection email quotes and the customer sees on
 * their profile until they correct and resubmit. Only a pending registration can be rejected.
 */
export async function rejectCustomer(
  deps: { db: Db; publicUrl: string },
  input: { customerId: number; reason: unknown },
  actor: Actor,
): Promise<CustomerProfile> {
  const reason = parseRejectionReason(input.reason);
  return auditingSelfDealing(deps.db, () =>
    deps.db.$transaction(async (tx) => {
      const customer = await lockCustomerWithUser(tx, input.customerId);
      refuseSelfDealing(customer, actor, "reject");
      if (customer.status === "VERIFIED") throw new ConflictError(ADMIN_CUSTOMER_MESSAGES.rejectVerified);
      if (customer.status === "REJECTED") throw new ConflictError(ADMIN_CUSTOMER_MESSAGES.alreadyRejected);
      const rejected = await tx.customerProfile.update({
        where: { id: customer.id },
        data: { status: "REJECTED", rejectionReason: reason, verifiedAt: null },
      });
      await queueEmail(tx, {
        type: "ACCOUNT_REJECTION",
        to: customer.user.email,
        userId: customer.user.id,
        data: {
          firstName: greetingName(customer.user),
          reason,
          correctUrl: `${deps.publicUrl}/registration`,
        },
      });
      await recordAudit(tx, {
        action: "customer_rejected",
        resourceType: "customer",
        resourceId: customer.id,
        actorId: actor.id,
        before: { status: customer.status },
        after: { status: rejected.status, rejectionReason: reason },
        details: `Customer ${customer.user.username} rejected`,
        ipAddress: actor.ip ?? null,
      });
      return rejected;
    }),
  );
}

/**
 * Corrects a pending registration's purchase amount and/or contract number (a field left out,
 * null, stays as it is). Amounts follow the registration's rules. Audited with both values
 * before and after; a save that changes nothing writes nothing.
 */
export async function updatePendingCustomer(
  db: Db,
  input: { customerId: number; originalPurchaseAmount?: unknown; contractNumber?: unknown },
  actor: Actor,
): Promise<CustomerProfile> {
  const changes: { originalPurchaseAmountPence?: number; contractNumber?: string } = {};
  if (input.originalPurchaseAmount != null)
    changes.originalPurchaseAmountPence = parsePurchaseAmount(input.originalPurchaseAmount);
  if (input.contractNumber != null) changes.contractNumber = parseContractNumber(input.contractNumber);
  if (Object.keys(changes).length === 0) throw new ValidationError(ADMIN_CUSTOMER_MESSAGES.nothingToUpdate);

  return auditingSelfDealing(db, () =>
    db.$transaction(async (tx) => {
      const customer = await lockCustomerWithUser(tx, input.customerId);
      refuseSelfDealing(customer, actor, "edit");
      if (customer.status !== "PENDING") throw new ConflictError(ADMIN_CUSTOMER_MESSAGES.editNotPending);
      const before = {
        originalPurchaseAmountPence: customer.originalPurchaseAmountPence,
        contractNumber: customer.contractNumber,
      };
      const after = { ...before, ...changes };
      if (
        after.originalPurchaseAmountPence === before.originalPurchaseAmountPence &&
        after.contractNumber === before.contractNumber
      ) {
        const { user: _user, ...unchanged } = customer;
        return unchanged;
      }
      const updated = await tx.customerProfile.update({ where: { id: customer.id }, data: changes });
      const described: string[] = [];
      if (after.originalPurchaseAmountPence !== before.originalPurchaseAmountPence) {
        described.push(
          `purchase amount ${formatPounds(before.originalPurchaseAmountPence)} → ${formatPounds(after.originalPurchaseAmountPence)}`,
        );
      }
      if (after.contractNumber !== before.contractNumber)
        described.push(`contract number ${before.contractNumber} → ${after.contractNumber}`);
      await recordAudit(tx, {
        action: "customer_updated",
        resourceType: "customer",
        resourceId: customer.id,
        actorId: actor.id,
        before,
        after,
        details: `Customer ${customer.user.username} edited while pending: ${described.join("; ")}`,
        ipAddress: actor.ip ?? null,
      });
      return updated;
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The administrators' customer list: keyset-paginated in SQL, figures computed for the page only.
// ---------------------------------------------------------------------------------------------

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
  /** This row's position in the list's order, for its cursor. */
  cursor: string;
}

/** Everything the customer list needs to know about a sort order; the SQL uses aliases c, u, lc. */
interface OrderSpec {
  key: Prisma.Sql;
  /** The key as text comes back to SQL through a cursor as this type. */
  castTo: Prisma.Sql;
  keyFormat: RegExp;
  descending: boolean;
  needsCredits: boolean;
}

/** What a keyset cursor's sort key may look like, by type (checked before it reaches SQL). */
export const TIMESTAMP_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;
export const INTEGER_TEXT = /^-?\d{1,18}$/;
const ANY_TEXT = /^[\s\S]{0,1000}$/;

const CREDITS_SQL = Prisma.sql`coalesce(lc.credits, 0)`;
const NAME_SQL = Prisma.sql`lower(coalesce(nullif(btrim(concat_ws(' ', u."firstName", u."lastName")), ''), u.username::text))`;

function orderSpec(order: CustomerOrder): OrderSpec {
  const descending = order.endsWith("_DESC");
  if (order.startsWith("CREATED_AT")) {
    return {
      key: Prisma.sql`c."createdAt"`,
      castTo: Prisma.sql`timestamptz`,
      keyFormat: TIMESTAMP_TEXT,
      descending,
      needsCredits: false,
    };
  }
  if (order.startsWith("NAME"))
    return { key: NAME_SQL, castTo: Prisma.sql`text`, keyFormat: ANY_TEXT, descending, needsCredits: false };
  if (order.startsWith("CREDITS"))
    return { key: CREDITS_SQL, castTo: Prisma.sql`bigint`, keyFormat: INTEGER_TEXT, descending, needsCredits: true };
  // Progress in millionths of the purchase, uncapped, in integers: exact and comparable.
  return {
    key: Prisma.sql`(${CREDITS_SQL} * 1000000 / c."originalPurchaseAmountPence")`,
    castTo: Prisma.sql`bigint`,
    keyFormat: INTEGER_TEXT,
    descending,
    needsCredits: true,
  };
}

/** The position after which a page starts: the sort key (as SQL text) and the id that breaks ties. */
export interface KeysetPosition {
  key: string;
  id: number;
}

/** Opaque to clients: base64url of [order, key, id]. It is only valid with the order it came from. */
export function encodeListCursor(order: string, position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([order, position.key, position.id])).toString("base64url");
}

export function decodeListCursor(cursor: string, order: string, keyFormat: RegExp): KeysetPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw new ValidationError("Invalid page cursor.", "after");
  const [cursorOrder, key, id] = parsed;
  if (cursorOrder !== order)
    throw new ValidationError(
      "This cursor belongs to a list in another order: start again from the first page.",
      "after",
    );
  if (typeof key !== "string" || !keyFormat.test(key) || !Number.isInteger(id) || id < 1 || id > MAX_DATABASE_ID) {
    throw new ValidationError("Invalid page cursor.", "after");
  }
  return { key, id };
}

/**
 * The rows beyond a position in an order: (key, id) compared as a row, plus the bound on the key
 * alone, which an index on the key can use to start the scan at the position.
 */
export function keysetCondition(
  spec: { key: Prisma.Sql; castTo: Prisma.Sql; descending: boolean },
  id: Prisma.Sql,
  after: KeysetPosition,
): Prisma.Sql {
  const key = Prisma.sql`${after.key}::${spec.castTo}`;
  return spec.descending
    ? Prisma.sql`${spec.key} <= ${key} AND (${spec.key}, ${id}) < (${key}, ${after.id}::int)`
    : Prisma.sql`${spec.key} >= ${key} AND (${spec.key}, ${id}) > (${key}, ${after.id}::int)`;
}

/**
 * Runs a statement built with Prisma.sql as plain SQL on the shared pool (see db/sql.ts): a page of
 * 50 rows through Prisma's $queryRaw cost about 3 ms of CPU to deserialise, through pg a fraction.
 * bigint columns come back as decimal strings.
 */
export function runSql<Row>(sql: SqlReader, statement: Prisma.Sql): Promise<Row[]> {
  return sql.query<Row>(statement.text, statement.values);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The search text as given, trimmed, by its rule (lib/textFields.ts); blank means no search. */
export function parseSearch(search: string | null | undefined): string | null {
  return parseText(TEXT_FIELDS.search, search, "search") || null;
}

const CREDITS_JOIN = Prisma.sql`LEFT JOIN (SELECT "customerId", sum("amountPence")::bigint AS credits FROM "CreditLedgerEntry" GROUP BY "customerId") lc ON lc."customerId" = c.id`;

function customerFilterSql(filter: CustomerListFilter): {
  where: Prisma.Sql[];
  needsCredits: boolean;
  needsUser: boolean;
} {
  const where: Prisma.Sql[] = [];
  if (filter.status) where.push(Prisma.sql`c.status = ${filter.status}::"CustomerStatus"`);
  if (filter.segment)
    where.push(Prisma.sql`${segmentSql(CREDITS_SQL, Prisma.sql`c."originalPurchaseAmountPence"`)} = ${filter.segment}`);
  const search = parseSearch(filter.search);
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    where.push(Prisma.sql`(u.username::text ILIKE ${pattern} OR u.email::text ILIKE ${pattern}
      OR concat_ws(' ', u."firstName", u."lastName") ILIKE ${pattern} OR c."contractNumber" ILIKE ${pattern})`);
  }
  return { where, needsCredits: Boolean(filter.segment), needsUser: search !== null };
}

const whereClause = (conditions: Prisma.Sql[]) =>
  conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;

/**
 * One page of customers in the given order, after a keyset position: the page is chosen by an
 * indexed (or, for credits and progress, aggregated) ordering plus LIMIT, never by skipping rows,
 * and the figures (credits, payments, referral counts) are computed for the page's rows only.
 */
export async function listAdminCustomers(
  sql: SqlReader,
  options: { filter?: CustomerListFilter; order?: CustomerOrder; limit: number; after?: KeysetPosition | null },
): Promise<AdminCustomerRow[]> {
  const order = options.order ?? "CREATED_AT_DESC";
  if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > ADMIN_LIST_MAX_SIZE + 1) {
    throw new ValidationError(`Ask for between 1 and ${ADMIN_LIST_MAX_SIZE} customers at a time.`, "first");
  }
  const spec = orderSpec(order);
  const filter = customerFilterSql(options.filter ?? {});
  const direction = spec.descending ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const conditions = [...filter.where];
  if (options.after) conditions.push(keysetCondition(spec, Prisma.sql`c.id`, options.after));
  const rows = await runSql<RawCustomerRow>(
    sql,
    Prisma.sql`
    SELECT page.id, page.user_id, page.username, page.email, page.email_confirmed, page.first_name, page.last_name, page.status, page.rejection_reason,
           page.purchase, page.postcode, page.contract_number, page.created_at, page.verified_at, page.sort_key,
           coalesce(l.credits, 0)::bigint AS credits, coalesce(m.payments, '[]'::json) AS payments,
           coalesce(r.total, 0)::int AS total_referrals, coalesce(r.purchased, 0)::int AS purchased_referrals
    FROM (
      SELECT c.id, c."userId" AS user_id, u.username::text AS username, u.email::text AS email,
             u."emailConfirmedAt" IS NOT NULL AS email_confirmed, u."firstName" AS first_name,
             u."lastName" AS last_name, c.status::text AS status, c."rejectionReason" AS rejection_reason,
             c."originalPurchaseAmountPence" AS purchase, c.postcode, c."contractNumber" AS contract_number,
             c."createdAt" AS created_at, c."verifiedAt" AS verified_at, ${spec.key} AS sort_value, (${spec.key})::text AS sort_key
      FROM "CustomerProfile" c
      JOIN "User" u ON u.id = c."userId"
      ${spec.needsCredits || filter.needsCredits ? CREDITS_JOIN : Prisma.empty}
      ${whereClause(conditions)}
      ORDER BY ${spec.key} ${direction}, c.id ${direction}
      LIMIT ${options.limit}
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
  );
  return rows.map((row) => toAdminCustomerRow(row, order));
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

export function toAdminCustomerRow(row: RawCustomerRow, order: CustomerOrder): AdminCustomerRow {
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
    cursor: encodeListCursor(order, { key: row.sort_key, id: row.id }),
  };
}

/** How many customers match the filter (the connection's totalCount). */
export async function countAdminCustomers(sql: SqlReader, filter: CustomerListFilter = {}): Promise<number> {
  const { where, needsCredits, needsUser } = customerFilterSql(filter);
  // Every profile has its user: the join is only there for a search, so a status count reads the index alone.
  const [row] = await runSql<{ total: number }>(
    sql,
    Prisma.sql`SELECT count(*)::int AS total FROM "CustomerProfile" c ${needsUser ? Prisma.sql`JOIN "User" u ON u.id = c."userId"` : Prisma.empty}
    ${needsCredits ? CREDITS_JOIN : Prisma.empty} ${whereClause(where)}`,
  );
  return row?.total ?? 0;
}

/** The page position of a given customer in an order (the REST `?after=<id>`); 400 when there is no such customer. */
export async function customerListPosition(
  sql: SqlReader,
  order: CustomerOrder,
  customerId: number,
): Promise<KeysetPosition> {
  const spec = orderSpec(order);
  const valid = Number.isInteger(customerId) && customerId >= 1 && customerId <= MAX_DATABASE_ID;
  const [row] = valid
    ? await runSql<{ sort_key: string }>(
        sql,
        Prisma.sql`SELECT (${spec.key})::text AS sort_key FROM "CustomerProfile" c JOIN "User" u ON u.id = c."userId"
        ${spec.needsCredits ? CREDITS_JOIN : Prisma.empty} WHERE c.id = ${customerId}::int`,
      )
    : [];
  if (!row) throw new ValidationError(`There is no customer ${customerId} to continue after.`, "after");
  return { key: row.sort_key, id: customerId };
}

export function decodeCustomerCursor(cursor: string, order: CustomerOrder): KeysetPosition {
  return decodeListCursor(cursor, order, orderSpec(order).keyFormat);
}
