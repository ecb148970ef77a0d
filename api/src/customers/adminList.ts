import type { CompiledQuery, Expression, SqlBool } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { fromJson, precompile, precompileByShape, queryBuilder, type Row, run, runFirst, sql } from "../db/query.ts";
import { matchingCustomerIds, type SearchKind, type SearchParams } from "../db/search.ts";
import type { SqlReader } from "../db/sql.ts";
import type { CustomerProfile, CustomerStatus } from "../generated/prisma/client.ts";
import { allOf, keysetPage, listSearch, pageValues } from "../graphql/keysetList.ts";
import { type KeysetOrder, keysetOrderBy, type PageRequest, type Position, positionOfId } from "../graphql/pager.ts";
import { displayName, shownEmail, shownUsername } from "../lib/displayName.ts";
import { overpaidPence } from "../milestones/index.ts";
import { overpaidCondition } from "./overpaid.ts";
import { customerSegment, type SegmentKey, segmentOf } from "./segments.ts";
import { type CustomerFigures, customerFigures } from "./service.ts";
import { type CustomerStageKey, customerStage, stageOf } from "./stages.ts";

// The administrators' customer list (the read model): filters, orders and keyset pages in SQL,
// figures computed for the page's rows only.

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
  stage?: CustomerStageKey | null;
  /** True: only customers whose paid milestones exceed their credits (overpaidPence > 0); false: only the others. */
  overpaid?: boolean | null;
  /** The admin search (db/search.ts). */
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
  /** Milestones paid beyond the current credits (milestones/rules.ts overpaidPence); zero mostly. */
  overpaidPence: number;
  /** The row's order key as SQL gave it (int8 and text orders): its cursor carries it. */
  sortKey: string;
}

/** What an order's key is read from. */
type KeyedRow = Pick<AdminCustomerRow, "id" | "createdAt" | "sortKey">;

/** Each customer's ledger sum, joined as `lc` where an order or the segment filter needs it. */
const CREDITS = sql<string | null>`${sql.ref("lc.credits")}`;
const CREDITS_OR_ZERO = sql<string>`coalesce(${CREDITS}, 0)`;

/** One order of the customer list: its pager order, and its key as SQL (aliases c, u, lc). */
interface CustomerListOrder {
  keyset: KeysetOrder<KeyedRow>;
  key: Expression<unknown>;
  needsCredits: boolean;
}

function customerListOrder(order: CustomerOrder): CustomerListOrder {
  const descending = order.endsWith("_DESC");
  if (order.startsWith("CREATED_AT"))
    return {
      keyset: { name: order, keys: ["timestamp"], descending, keysOf: (row) => [row.createdAt] },
      key: sql.ref("c.createdAt"),
      needsCredits: false,
    };
  const bySortKey = (kind: "text" | "integer"): KeysetOrder<KeyedRow> => ({
    name: order,
    keys: [kind],
    descending,
    keysOf: (row) => [row.sortKey],
  });
  if (order.startsWith("NAME"))
    return {
      keyset: bySortKey("text"),
      key: sql`lower(coalesce(nullif(btrim(concat_ws(' ', ${sql.ref("u.firstName")}, ${sql.ref("u.lastName")})), ''), ${sql.ref("u.username")}::text))`,
      needsCredits: false,
    };
  if (order.startsWith("CREDITS")) return { keyset: bySortKey("integer"), key: CREDITS_OR_ZERO, needsCredits: true };
  // Progress in millionths of the purchase, uncapped, in integers: exact and comparable.
  return {
    keyset: bySortKey("integer"),
    key: sql`(${CREDITS_OR_ZERO} * 1000000 / ${sql.ref("c.originalPurchaseAmountPence")})`,
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

/** Which filters a statement has: each set of them is its own statement, compiled once. */
interface FilterShape {
  status: boolean;
  segment: boolean;
  stage: boolean;
  /** null: no overpaid filter. */
  overpaid: boolean | null;
  search: SearchKind;
}

/** The values of a filter's parameters (unused ones are left out of the statement). */
type FilterValues = SearchParams & {
  status: CustomerStatus;
  segment: SegmentKey;
  stage: CustomerStageKey;
};

function filterShape(filter: CustomerListFilter): { shape: FilterShape; values: FilterValues } {
  const search = listSearch(filter.search);
  return {
    shape: {
      status: Boolean(filter.status),
      segment: Boolean(filter.segment),
      stage: Boolean(filter.stage),
      overpaid: filter.overpaid ?? null,
      search: search.kind,
    },
    values: {
      ...search.params,
      status: filter.status ?? "PENDING",
      segment: filter.segment ?? "GETTING_STARTED",
      stage: filter.stage ?? "GETTING_STARTED",
    },
  };
}

/** Each customer's ledger sum, as `lc`: joined only where an order or the segment filter reads it. */
const CREDITS_TABLE = queryBuilder
  .selectFrom("CreditLedgerEntry")
  .select(["customerId", sql<string>`sum(${sql.ref("amountPence")})::bigint`.as("credits")])
  .groupBy("customerId")
  .as("lc");

/** The customer (c) and their credits (lc), as the stage and overpaid rules read them. */
const CUSTOMER = { status: sql.ref<string>("c.status"), id: sql.ref<number>("c.id"), credits: CREDITS_OR_ZERO };

/** Whether a statement joins each customer's credits (lc). */
const needsCredits = (shape: FilterShape) => shape.segment || shape.stage || shape.overpaid !== null;

/** The filter's conditions on c and lc: an AND of them. */
function filterConditions(shape: FilterShape, p: FilterValues): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (shape.status) conditions.push(sql<SqlBool>`${sql.ref("c.status")} = ${p.status}::"CustomerStatus"`);
  if (shape.segment)
    conditions.push(
      sql<SqlBool>`${segmentOf(CREDITS_OR_ZERO, sql.ref("c.originalPurchaseAmountPence"))} = ${p.segment}`,
    );
  if (shape.stage) conditions.push(sql<SqlBool>`${stageOf(CUSTOMER)} = ${p.stage}::text`);
  if (shape.overpaid !== null) conditions.push(overpaidCondition(CUSTOMER, shape.overpaid));
  if (shape.search !== "none")
    conditions.push(sql<SqlBool>`${sql.ref("c.id")} IN (${matchingCustomerIds(p, shape.search)})`);
  return conditions;
}

type PageParams = FilterValues & { limit: number; key: string; id: number };

/** A page's statement: the page chosen by the order's key and LIMIT, then the page's figures. */
function pageStatement(orderName: CustomerOrder, shape: FilterShape, withAfter: boolean) {
  const order = ORDERS[orderName];
  const columns = { keys: [order.key], id: sql.ref<number>("c.id") };
  return precompile((p: PageParams) => {
    const where = allOf(filterConditions(shape, p));
    const filtered = queryBuilder
      .selectFrom("CustomerProfile as c")
      .innerJoin("User as u", "u.id", "c.userId")
      .$if(order.needsCredits || needsCredits(shape), (query) =>
        query.leftJoin(CREDITS_TABLE, (join) => join.onRef("lc.customerId", "=", "c.id")),
      )
      .$if(where !== null, (query) => query.where(where as Expression<SqlBool>))
      .select([
        "c.id",
        "c.userId",
        sql<string>`${sql.ref("u.username")}::text`.as("username"),
        sql<string>`${sql.ref("u.email")}::text`.as("email"),
        sql<boolean>`${sql.ref("u.emailConfirmedAt")} IS NOT NULL`.as("emailConfirmed"),
        "u.firstName",
        "u.lastName",
        "c.status",
        "c.rejectionReason",
        "c.originalPurchaseAmountPence",
        "c.postcode",
        "c.contractNumber",
        "c.createdAt",
        "c.verifiedAt",
        sql`${order.key}`.as("sortValue"),
        sql<string>`(${order.key})::text`.as("sortKey"),
      ]);
    const page = keysetPage(filtered, order.keyset, columns, withAfter, p);
    return queryBuilder
      .selectFrom(page.as("page"))
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom("CreditLedgerEntry as e")
            .select(sql<string>`coalesce(sum(${sql.ref("e.amountPence")}), 0)::bigint`.as("credits"))
            .whereRef("e.customerId", "=", "page.id")
            .as("l"),
        (join) => join.onTrue(),
      )
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom("Referral as x")
            .select([
              sql<number>`count(*)::int`.as("totalReferrals"),
              sql<number>`(count(*) FILTER (WHERE ${sql.ref("x.status")} = 'PURCHASED'))::int`.as("purchasedReferrals"),
            ])
            .whereRef("x.customerId", "=", "page.id")
            .as("r"),
        (join) => join.onTrue(),
      )
      .selectAll("page")
      .select((eb) => [
        sql<string>`coalesce(${sql.ref("l.credits")}, 0)::bigint`.as("credits"),
        sql<number>`coalesce(${sql.ref("r.totalReferrals")}, 0)`.as("totalReferrals"),
        sql<number>`coalesce(${sql.ref("r.purchasedReferrals")}, 0)`.as("purchasedReferrals"),
        jsonArrayFrom(
          eb
            .selectFrom("MilestonePayment as m")
            .select(["m.milestone", "m.amountPence", "m.paidAt"])
            .whereRef("m.customerId", "=", "page.id"),
        ).as("payments"),
      ])
      .orderBy(keysetOrderBy(order.keyset, { keys: [sql.ref("page.sortValue")], id: sql.ref<number>("page.id") }));
  });
}

/** A shape's name: its switches only. */
const shapeKey = (shape: FilterShape) =>
  [shape.status, shape.segment, shape.stage, shape.overpaid, shape.search].join("|");

/** A row of the page statement, as Kysely types it from the schema. */
type CustomerPageRow = ReturnType<ReturnType<typeof pageStatement>> extends CompiledQuery<infer Row> ? Row : never;

/** Statements by order, filters and cursor, each compiled on first use. */
const pageStatementOf = precompileByShape(
  (orderName: CustomerOrder, shape: FilterShape, withAfter: boolean) =>
    [orderName, shapeKey(shape), withAfter].join("|"),
  pageStatement,
);

/**
 * One page of customers in the given order: chosen by an indexed (or, for credits and progress,
 * aggregated) ordering plus LIMIT, never by skipping rows, and the figures (credits, payments,
 * referral counts) are computed for the page's rows only.
 */
export async function listAdminCustomers(
  reader: SqlReader,
  options: { filter?: CustomerListFilter; order?: CustomerOrder; request: Pick<PageRequest, "limit" | "after"> },
): Promise<AdminCustomerRow[]> {
  const orderName = options.order ?? "CREATED_AT_DESC";
  const { shape, values } = filterShape(options.filter ?? {});
  const after = options.request.after;
  const statement = pageStatementOf(orderName, shape, after !== null);
  const rows = await run(reader, statement({ ...values, ...pageValues(options.request) }));
  return rows.map(toAdminCustomerRow);
}

export function toAdminCustomerRow(row: CustomerPageRow): AdminCustomerRow {
  const credits = Number(row.credits);
  const payments = row.payments.map((payment) =>
    fromJson<"MilestonePayment", Pick<Row<"MilestonePayment">, "milestone" | "amountPence" | "paidAt">>(
      "MilestonePayment",
      payment,
    ),
  );
  const figures = customerFigures(row.originalPurchaseAmountPence, credits, payments);
  // Written out rather than spread: a spread followed by twenty more properties leaves V8 a slow
  // dictionary-mode object (docs/performance.md).
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
    userId: row.userId,
    username: shownUsername(row.username),
    email: shownEmail(row.email),
    emailConfirmed: row.emailConfirmed,
    firstName: row.firstName,
    lastName: row.lastName,
    name: displayName(row.firstName, row.lastName, row.username),
    status: row.status,
    rejectionReason: row.rejectionReason,
    originalPurchaseAmountPence: row.originalPurchaseAmountPence,
    postcode: row.postcode,
    contractNumber: row.contractNumber,
    createdAt: row.createdAt,
    verifiedAt: row.verifiedAt,
    totalReferrals: row.totalReferrals,
    purchasedReferrals: row.purchasedReferrals,
    overpaidPence: overpaidPence(credits, payments),
    segment: customerSegment(row.originalPurchaseAmountPence, credits),
    stage: customerStage({
      status: row.status,
      totalReferrals: row.totalReferrals,
      creditsPence: credits,
      refundIssued: figures.refundIssued,
    }),
    sortKey: row.sortKey,
  };
}

function countStatement(shape: FilterShape) {
  return precompile((p: FilterValues) => {
    const where = allOf(filterConditions(shape, p));
    return queryBuilder
      .selectFrom("CustomerProfile as c")
      .$if(needsCredits(shape), (query) =>
        query.leftJoin(CREDITS_TABLE, (join) => join.onRef("lc.customerId", "=", "c.id")),
      )
      .$if(where !== null, (query) => query.where(where as Expression<SqlBool>))
      .select(sql<number>`count(*)::int`.as("total"));
  });
}

/** Count statements by filters, each compiled on first use. */
const countStatementOf = precompileByShape((shape: FilterShape) => shapeKey(shape), countStatement);

/** How many customers match the filter (the connection's totalCount). */
export async function countAdminCustomers(reader: SqlReader, filter: CustomerListFilter = {}): Promise<number> {
  const { shape, values } = filterShape(filter);
  return (await runFirst(reader, countStatementOf(shape)(values)))?.total ?? 0;
}

function positionStatement(name: CustomerOrder) {
  const order = ORDERS[name];
  return precompile((p: { id: number }) =>
    queryBuilder
      .selectFrom("CustomerProfile as c")
      .innerJoin("User as u", "u.id", "c.userId")
      .$if(order.needsCredits, (query) =>
        query.leftJoin(CREDITS_TABLE, (join) => join.onRef("lc.customerId", "=", "c.id")),
      )
      .select(["c.createdAt", sql<string>`(${order.key})::text`.as("sortKey")])
      .where("c.id", "=", p.id),
  );
}

const POSITIONS = Object.fromEntries(CUSTOMER_ORDERS.map((name) => [name, positionStatement(name)])) as Record<
  CustomerOrder,
  ReturnType<typeof positionStatement>
>;

/** The position of a given customer in an order (the REST `?after=<id>`); 400 when there is no such customer. */
export async function customerListPosition(
  reader: SqlReader,
  order: CustomerOrder,
  customerId: number,
): Promise<Position> {
  return positionOfId(ORDERS[order].keyset, customerId, "customer", (id) => runFirst(reader, POSITIONS[order]({ id })));
}

/** The review queue's order: oldest registration first; the id breaks ties. */
export const PENDING_REVIEW_ORDER: KeysetOrder<{ id: number; createdAt: Date }> = {
  name: "pendingCustomers",
  keys: ["timestamp"],
  descending: false,
  keysOf: (row) => [row.createdAt],
};
const PENDING_COLUMNS = { keys: [sql.ref("c.createdAt")], id: sql.ref<number>("c.id") };

const pendingPage = (withAfter: boolean, search: SearchKind) =>
  precompile((p: SearchParams & { limit: number; key: string; id: number }) =>
    keysetPage(
      queryBuilder
        .selectFrom("CustomerProfile as c")
        .selectAll("c")
        .where("c.status", "=", "PENDING")
        .$if(search !== "none", (query) => query.where("c.id", "in", matchingCustomerIds(p, search))),
      PENDING_REVIEW_ORDER,
      PENDING_COLUMNS,
      withAfter,
      p,
    ),
  );
const pendingPageOf = precompileByShape(
  (withAfter: boolean, search: SearchKind) => [withAfter, search].join("|"),
  pendingPage,
);

/** A page of registrations waiting for review, matching the search if any, as profiles (the customer type's fields read the rest). */
export function pendingCustomersPage(
  reader: SqlReader,
  request: Pick<PageRequest, "limit" | "after">,
  searchText?: string | null,
): Promise<CustomerProfile[]> {
  const search = listSearch(searchText);
  return run(reader, pendingPageOf(request.after !== null, search.kind)({ ...search.params, ...pageValues(request) }));
}

/** The queue position of a customer (`afterDatabaseId`); 400 when there is no such customer. */
export function pendingCustomerPosition(reader: SqlReader, customerId: number): Promise<Position> {
  return positionOfId(PENDING_REVIEW_ORDER, customerId, "customer", (id) =>
    runFirst(reader, queryBuilder.selectFrom("CustomerProfile").select("createdAt").where("id", "=", id)),
  );
}
