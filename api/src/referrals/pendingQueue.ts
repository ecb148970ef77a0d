import { jsonObjectFrom } from "kysely/helpers/postgres";
import { fromJson, precompile, precompileByShape, queryBuilder, type Row, run, runFirst, sql } from "../db/query.ts";
import {
  matchingReferralIds,
  NO_SEARCH,
  parseSearch,
  type SearchKind,
  type SearchParams,
  searchKind,
} from "../db/search.ts";
import type { SqlReader } from "../db/sql.ts";
import {
  afterPosition,
  afterValues,
  type ConnectionArgs,
  type KeysetOrder,
  keysetConnection,
  keysetOrderBy,
  type OrderShape,
  type PageSizes,
  positionOfId,
} from "../graphql/pager.ts";
import type { ReferralWithPurchase } from "./pages.ts";

export type QueueOrder = "OLDEST_FIRST" | "NEWEST_FIRST";

const queueOrder = (name: QueueOrder): KeysetOrder<{ id: number; createdAt: Date }> => ({
  name: `pendingReferrals:${name}`,
  keys: ["timestamp"],
  descending: name === "NEWEST_FIRST",
  keysOf: (row) => [row.createdAt],
});
const ORDERS: Record<QueueOrder, KeysetOrder<{ id: number; createdAt: Date }>> = {
  OLDEST_FIRST: queueOrder("OLDEST_FIRST"),
  NEWEST_FIRST: queueOrder("NEWEST_FIRST"),
};
const COLUMNS = { keys: [sql.ref("r.createdAt")], id: sql.ref<number>("r.id") };

/** Still pending and not yet past its expiry (the hourly job marks it EXPIRED later), matching the search if any. */
const pendingReferrals = (search: SearchKind, p: SearchParams) =>
  queryBuilder
    .selectFrom("Referral as r")
    .where("r.status", "=", "PENDING")
    .where("r.expiresAt", ">", sql<Date>`now()`)
    .$if(search !== "none", (query) => query.where("r.id", "in", matchingReferralIds(p, search)));

/** A page with each referral's customer and account, built once per order and shape. */
function pageStatement(order: OrderShape, withAfter: boolean, search: SearchKind) {
  return precompile((p: SearchParams & { limit: number; key: string; id: number }) =>
    pendingReferrals(search, p)
      .selectAll("r")
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
      )
      .$if(withAfter, (query) => query.where(afterPosition(order, COLUMNS, { keys: [p.key], id: p.id })))
      .orderBy(keysetOrderBy(order, COLUMNS))
      .limit(p.limit),
  );
}

/** Statements by order, cursor and search, each compiled on first use. */
const statementOf = precompileByShape(
  (name: QueueOrder, withAfter: boolean, search: SearchKind) => [name, withAfter, search].join("|"),
  (name: QueueOrder, withAfter: boolean, search: SearchKind) => pageStatement(ORDERS[name], withAfter, search),
);

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
  const search = parseSearch(args.search);
  const startAfter =
    args.afterDatabaseId == null
      ? null
      : await positionOfId(ORDERS[orderName], args.afterDatabaseId, "referral", (id) =>
          runFirst(sql, queryBuilder.selectFrom("Referral").select("createdAt").where("id", "=", id)),
        );
  return keysetConnection(
    args,
    ORDERS[orderName],
    sizes,
    (request) =>
      run(
        sql,
        statementOf(
          orderName,
          request.after !== null,
          searchKind(search),
        )({
          ...(search ?? NO_SEARCH),
          limit: request.limit,
          ...afterValues(request.after),
        }),
      ),
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
    precompile((p: SearchParams) => pendingReferrals(search, p).select(sql<number>`count(*)::int`.as("count"))),
);

/** How many referrals wait, matching the search if any. */
export async function countPendingReferrals(reader: SqlReader, searchText?: string | null): Promise<number> {
  const search = parseSearch(searchText);
  const row = await runFirst(reader, countStatementOf(searchKind(search))(search ?? NO_SEARCH));
  return row?.count ?? 0;
}
