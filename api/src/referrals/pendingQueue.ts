import { jsonObjectFrom } from "kysely/helpers/postgres";
import { fromJson, precompile, queryBuilder, type Row, run, runFirst, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import {
  afterPosition,
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

/** Still pending and not yet past its expiry (the hourly job marks it EXPIRED later). */
const pendingReferrals = () =>
  queryBuilder
    .selectFrom("Referral as r")
    .where("r.status", "=", "PENDING")
    .where("r.expiresAt", ">", sql<Date>`now()`);

/** A page with each referral's customer and account, built once per order and shape. */
function pageStatement(order: OrderShape, withAfter: boolean) {
  return precompile((p: { limit: number; key: string; id: number }) =>
    pendingReferrals()
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

const STATEMENTS = Object.fromEntries(
  (Object.keys(ORDERS) as QueueOrder[]).map((name) => [
    name,
    {
      first: pageStatement(ORDERS[name], false),
      after: pageStatement(ORDERS[name], true),
    },
  ]),
) as Record<QueueOrder, { first: ReturnType<typeof pageStatement>; after: ReturnType<typeof pageStatement> }>;

/**
 * The administrators' queue of referrals waiting for a purchase: a keyset page in one statement
 * with each referral's customer and account, so a deep page costs what the first does.
 */
export async function pendingReferralsPage(
  sql: SqlReader,
  args: ConnectionArgs & { afterDatabaseId?: number | null },
  orderName: QueueOrder,
  sizes: PageSizes,
) {
  const statements = STATEMENTS[orderName];
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
        request.after
          ? statements.after({ limit: request.limit, key: request.after.keys[0] as string, id: request.after.id })
          : statements.first({ limit: request.limit, key: "", id: 0 }),
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

export async function countPendingReferrals(reader: SqlReader): Promise<number> {
  const row = await runFirst(reader, pendingReferrals().select(sql<number>`count(*)::int`.as("count")));
  return row?.count ?? 0;
}
