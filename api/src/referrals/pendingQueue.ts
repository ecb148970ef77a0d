import {
  customerColumns,
  customerFromRow,
  referralColumns,
  referralFromRow,
  userColumns,
  userFromRow,
} from "../db/rows.ts";
import type { SqlReader } from "../db/sql.ts";
import {
  type ConnectionArgs,
  type KeysetOrder,
  keysetConnection,
  orderBySql,
  type PageRequest,
  type PageSizes,
  type Position,
  requestConditions,
} from "../graphql/pager.ts";
import { ValidationError } from "../lib/errors.ts";
import type { ReferralWithPurchase } from "./pages.ts";

export type QueueOrder = "OLDEST_FIRST" | "NEWEST_FIRST";

type QueueRow = Record<string, unknown> & { id: number; createdAt: Date };

const queueOrder = (name: QueueOrder): KeysetOrder<QueueRow> => ({
  name: `pendingReferrals:${name}`,
  keys: ["timestamp"],
  descending: name === "NEWEST_FIRST",
  keysOf: (row) => [row.createdAt],
});
const ORDERS: Record<QueueOrder, KeysetOrder<QueueRow>> = {
  OLDEST_FIRST: queueOrder("OLDEST_FIRST"),
  NEWEST_FIRST: queueOrder("NEWEST_FIRST"),
};
const COLUMNS = { keys: ['r."createdAt"'], id: "r.id" };

/** Still pending and not yet past its expiry (the hourly job marks it EXPIRED later). */
const PENDING = `r.status = 'PENDING' AND r."expiresAt" > now()`;

/** The statement of each shape of page, built once. */
const statements = new Map<string, string>();

function pageSql(order: KeysetOrder<QueueRow>, request: PageRequest, values: unknown[]): string {
  const conditions = requestConditions(order as KeysetOrder<never>, COLUMNS, request, values);
  const key = `${order.name}|${request.after !== null}`;
  let text = statements.get(key);
  if (text === undefined) {
    text = `
    SELECT ${referralColumns("r")}, ${customerColumns("c", "c_")}, ${userColumns("u", "u_")}
    FROM "Referral" r
    JOIN "CustomerProfile" c ON c.id = r."customerId"
    JOIN "User" u ON u.id = c."userId"
    WHERE ${PENDING}${conditions}
    ORDER BY ${orderBySql(order as KeysetOrder<never>, COLUMNS, false)}
    LIMIT $1`;
    statements.set(key, text);
  }
  return text;
}

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
  const order = ORDERS[orderName];
  const startAfter = args.afterDatabaseId == null ? null : await queuePosition(sql, args.afterDatabaseId);
  return keysetConnection(
    args,
    order,
    sizes,
    async (request) => {
      const values: unknown[] = [request.limit];
      const text = pageSql(order, request, values);
      return sql.query<QueueRow>(text, values);
    },
    (row) => {
      const referral: ReferralWithPurchase = { ...referralFromRow(row), livePurchase: null };
      return Object.assign(referral, {
        customerRow: Object.assign(customerFromRow(row, "c_"), { userRow: userFromRow(row, "u_") }),
      });
    },
    startAfter,
  );
}

/** The queue position of a referral (the REST `?after=<id>`); 400 when there is no such referral. */
async function queuePosition(sql: SqlReader, referralId: number): Promise<Position> {
  const [row] = await sql.query<{ createdAt: Date }>(`SELECT "createdAt" FROM "Referral" WHERE id = $1::int`, [
    referralId,
  ]);
  if (!row) throw new ValidationError(`There is no referral ${referralId} to continue after.`, "after");
  return { keys: [row.createdAt.toISOString()], id: referralId };
}

export async function countPendingReferrals(sql: SqlReader): Promise<number> {
  const [row] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "Referral" r WHERE ${PENDING}`);
  return row?.count ?? 0;
}
