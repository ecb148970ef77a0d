import { jsonObjectFrom } from "kysely/helpers/postgres";
import { fromJson, precompile, precompileByShape, queryBuilder, type Row, runFirst, sql } from "../db/query.ts";
import { matchingReferralIds, type SearchKind, type SearchParams } from "../db/search.ts";
import type { SqlReader } from "../db/sql.ts";
import { signalsJsonOf } from "../fraud/index.ts";
import { keysetList, listSearch, startAfterId, timestampKeyset } from "../graphql/keysetList.ts";
import { type ConnectionArgs, type KeysetOrder, keysetConnection, type PageSizes } from "../graphql/pager.ts";
import type { ReferralWithPurchase } from "./pages.ts";

export type QueueOrder = "OLDEST_FIRST" | "NEWEST_FIRST";

const ORDERS: Record<QueueOrder, KeysetOrder<{ id: number; createdAt: Date }>> = {
  OLDEST_FIRST: timestampKeyset("pendingReferrals:OLDEST_FIRST", "r.createdAt", false).order,
  NEWEST_FIRST: timestampKeyset("pendingReferrals:NEWEST_FIRST", "r.createdAt", true).order,
};
const { columns } = timestampKeyset("pendingReferrals", "r.createdAt", false);

/** Still pending and not yet past its expiry (the hourly job marks it EXPIRED later), matching the search if any. */
const pendingReferrals = (search: SearchKind, p: SearchParams) =>
  queryBuilder
    .selectFrom("Referral as r")
    .where("r.status", "=", "PENDING")
    .where("r.expiresAt", ">", sql<Date>`now()`)
    .$if(search !== "none", (query) => query.where("r.id", "in", matchingReferralIds(p, search)));

/** A page with each referral's customer and account, built once per order, cursor and search. */
const readPage = keysetList({
  order: ([name]: [QueueOrder, SearchKind]) => ORDERS[name],
  columns,
  rows: ([, search]: [QueueOrder, SearchKind], p: SearchParams) =>
    pendingReferrals(search, p)
      .selectAll("r")
      // The row's fraud signals (docs/rules/fraud.md): read here, so the queue costs no statement more.
      .select(signalsJsonOf("r.id").as("signalsJson"))
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
});

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
    runFirst(sql, queryBuilder.selectFrom("Referral").select("createdAt").where("id", "=", id)),
  );
  return keysetConnection(
    args,
    ORDERS[orderName],
    sizes,
    (request) => readPage(sql, request, [orderName, search.kind], search.params),
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
  const search = listSearch(searchText);
  const row = await runFirst(reader, countStatementOf(search.kind)(search.params));
  return row?.count ?? 0;
}
