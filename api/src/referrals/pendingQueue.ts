import { jsonObjectFrom } from "kysely/helpers/postgres";
import { fromJson, precompile, precompileByShape, queryBuilder, type Row, run, runFirst, sql } from "../db/query.ts";
import { matchingReferralIds, type SearchKind, type SearchParams } from "../db/search.ts";
import type { SqlReader } from "../db/sql.ts";
import { keysetPage, listSearch, startAfterId, timestampKeyset } from "../graphql/keysetList.ts";
import {
  type ConnectionArgs,
  type KeysetOrder,
  keysetConnection,
  type OrderShape,
  type PageRequest,
  type PageSizes,
} from "../graphql/pager.ts";
import type { ReferralWithPurchase } from "./pages.ts";

export type QueueOrder = "OLDEST_FIRST" | "NEWEST_FIRST";

/** A queue row's keys: held (1) below unheld (0), in either order, then its age, then its id. */
type QueueKeys = { id: number; createdAt: Date; heldAt: Date | null };

const queueOrder = (name: QueueOrder): KeysetOrder<QueueKeys> => ({
  name: `pendingReferrals:${name}`,
  keys: ["integer", "timestamp"],
  descending: name === "NEWEST_FIRST",
  keysOf: (row) => [row.heldAt ? 1 : 0, row.createdAt],
});
const ORDERS: Record<QueueOrder, KeysetOrder<QueueKeys>> = {
  OLDEST_FIRST: queueOrder("OLDEST_FIRST"),
  NEWEST_FIRST: queueOrder("NEWEST_FIRST"),
};
/** Within each part of the queue (unheld, held) the order is one key, createdAt, then id. */
const PART_ORDERS: Record<QueueOrder, OrderShape> = {
  OLDEST_FIRST: timestampKeyset("pendingReferrals:OLDEST_FIRST", "r.createdAt", false).order,
  NEWEST_FIRST: timestampKeyset("pendingReferrals:NEWEST_FIRST", "r.createdAt", true).order,
};
const { columns } = timestampKeyset("pendingReferrals", "r.createdAt", false);

/** A page statement's values: the search's, the limit and the cursor's createdAt and id (placeholders without one). */
type QueueParams = SearchParams & { limit: number; key: string; id: number };

/** Where a page's cursor is: no cursor, among the unheld, or among the held (each shape its own statement). */
type CursorPart = "none" | "unheld" | "held";

/**
 * One part of the queue, matching the search if any: the unheld, still pending and not yet past their
 * expiry (the hourly job marks them EXPIRED later), read from the (status, heldAt, createdAt) index; or
 * the few held for review, which never expire while held (docs/rules/fraud.md, "Holds").
 */
const queuePart = (held: boolean, search: SearchKind, p: SearchParams) =>
  queryBuilder
    .selectFrom("Referral as r")
    .where("r.status", "=", "PENDING")
    .$if(held, (query) => query.where("r.heldAt", "is not", null))
    .$if(!held, (query) => query.where("r.heldAt", "is", null).where("r.expiresAt", ">", sql<Date>`now()`))
    .$if(search !== "none", (query) => query.where("r.id", "in", matchingReferralIds(p, search)));

/** Each part's page with each referral's customer and account. */
const partPage = (order: QueueOrder, held: boolean, search: SearchKind, withAfter: boolean, p: QueueParams) =>
  keysetPage(
    queuePart(held, search, p)
      .selectAll("r")
      // The row's flag (Referral.signalCount, docs/rules/fraud.md): counted here, so the queue costs no statement more.
      .select(sql<number>`(select count(*)::int from "ReferralSignal" s where s."referralId" = r.id)`.as("signalCount"))
      .select((eb) =>
        jsonObjectFrom(
          eb
            .selectFrom("CustomerProfile as c")
            .selectAll("c")
            .select((inner) =>
              jsonObjectFrom(inner.selectFrom("User as u").selectAll("u").whereRef("u.id", "=", "c.userId")).as("user"),
            )
            .whereRef("c.id", "=", "r.customerId"),
        ).as("customer"),
      ),
    PART_ORDERS[order],
    columns,
    withAfter,
    p,
  );

/**
 * A page of the queue in one statement: the unheld part's page, then the held part's below it, each
 * read in order from its index and stopped at the page's size; a cursor among the held skips the unheld.
 */
const pageStatementOf = precompileByShape(
  (order: QueueOrder, search: SearchKind, after: CursorPart) => [order, search, after].join("|"),
  (order: QueueOrder, search: SearchKind, after: CursorPart) =>
    precompile((p: QueueParams) => {
      const held = partPage(order, true, search, after === "held", p);
      // Each part is written in parentheses (a subquery), so each keeps its own ORDER BY and LIMIT.
      const parts =
        after === "held"
          ? sql`${held}`
          : sql`${partPage(order, false, search, after === "unheld", p)} UNION ALL ${held}`;
      const direction = sql.raw(order === "NEWEST_FIRST" ? "desc" : "asc");
      return queryBuilder
        .selectFrom(sql<QueueRow>`(${parts})`.as("q"))
        .selectAll("q")
        .orderBy(sql`("q"."heldAt" IS NOT NULL)`)
        .orderBy(sql`"q"."createdAt" ${direction}`)
        .orderBy(sql`"q"."id" ${direction}`)
        .limit(p.limit);
    }),
);

type QueueRow = Row<"Referral"> & { customer: any };

function readPage(
  reader: SqlReader,
  request: Pick<PageRequest, "limit" | "after">,
  order: QueueOrder,
  search: SearchKind,
  params: SearchParams,
) {
  const after = request.after;
  const part: CursorPart = after === null ? "none" : after.keys[0] === "1" ? "held" : "unheld";
  const values = { limit: request.limit, key: after?.keys[1] ?? "", id: after?.id ?? 0 };
  return run(reader, pageStatementOf(order, search, part)({ ...params, ...values }));
}

/**
 * The administrators' queue of referrals waiting for a purchase: a keyset page in one statement
 * with each referral's customer and account, so a deep page costs what the first does.
 */
export async function pendingReferralsPage(
  sql: SqlReader,
  args: ConnectionArgs & { afterDatabaseId?: number | null; search?: string | null },
  orderName: QueueOrder,
  sizes: PageSizes,
) {
  const search = listSearch(args.search);
  const startAfter = await startAfterId(ORDERS[orderName], args.afterDatabaseId, "referral", (id) =>
    runFirst(sql, queryBuilder.selectFrom("Referral").select(["createdAt", "heldAt"]).where("id", "=", id)),
  );
  return keysetConnection(
    args,
    ORDERS[orderName],
    sizes,
    (request) => readPage(sql, request, orderName, search.kind, search.params),
    ({ customer: customerJson, ...referral }) => {
      if (!customerJson?.user) throw new Error(`referral ${referral.id} has no customer account`);
      const { user, ...customer } = customerJson;
      const row: ReferralWithPurchase = { ...referral, livePurchase: null };
      return Object.assign(row, {
        customerRow: Object.assign(fromJson<"CustomerProfile", Row<"CustomerProfile">>("CustomerProfile", customer), {
          userRow: fromJson<"User", Row<"User">>("User", user),
        }),
      });
    },
    startAfter,
  );
}

const countStatementOf = precompileByShape(
  (search: SearchKind) => search,
  (search: SearchKind) =>
    precompile((p: SearchParams) =>
      queryBuilder.selectNoFrom((eb) =>
        eb(
          queuePart(false, search, p).select(sql<number>`count(*)::int`.as("n")),
          "+",
          queuePart(true, search, p).select(sql<number>`count(*)::int`.as("n")),
        ).as("count"),
      ),
    ),
);

/** How many referrals wait, matching the search if any. */
export async function countPendingReferrals(reader: SqlReader, searchText?: string | null): Promise<number> {
  const search = listSearch(searchText);
  const row = await runFirst(reader, countStatementOf(search.kind)(search.params));
  return row?.count ?? 0;
}
