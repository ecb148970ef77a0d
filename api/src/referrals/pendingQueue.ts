import {
  customerColumns,
  customerFromRow,
  referralColumns,
  referralFromRow,
  userColumns,
  userFromRow,
} from "../db/rows.ts";
import type { SqlReader } from "../db/sql.ts";
import { type ConnectionArgs, connectionOf, forwardPageArgs } from "../graphql/keysetConnections.ts";
import type { ReferralWithPurchase } from "./pages.ts";

export type QueueOrder = "OLDEST_FIRST" | "NEWEST_FIRST";

/** Still pending and not yet past its expiry (the hourly job marks it EXPIRED later). */
const PENDING = `r.status = 'PENDING' AND r."expiresAt" > now()`;

/** $1 = the limit; $2 = the id of the referral the page starts after, when there is one. */
function pageSql(order: QueueOrder, hasCursor: boolean): string {
  const [direction, beyond] = order === "OLDEST_FIRST" ? ["ASC", ">"] : ["DESC", "<"];
  const afterCursor = hasCursor
    ? `AND (r."createdAt", r.id) ${beyond} (SELECT x."createdAt", x.id FROM "Referral" x WHERE x.id = $2::int)`
    : "";
  return `
    SELECT ${referralColumns("r")}, ${customerColumns("c", "c_")}, ${userColumns("u", "u_")}
    FROM "Referral" r
    JOIN "CustomerProfile" c ON c.id = r."customerId"
    JOIN "User" u ON u.id = c."userId"
    WHERE ${PENDING} ${afterCursor}
    ORDER BY r."createdAt" ${direction}, r.id ${direction}
    LIMIT $1`;
}

/**
 * The administrators' queue of referrals waiting for a purchase: a keyset page in one statement
 * with each referral's customer and account, so a deep page costs what the first does.
 */
export async function pendingReferralsPage(
  sql: SqlReader,
  args: ConnectionArgs,
  order: QueueOrder,
  sizes: { defaultSize: number; maxSize: number },
) {
  const { parsed, afterId, limit } = forwardPageArgs(args, sizes);
  const rows = await sql.query<Record<string, unknown> & { id: number }>(
    pageSql(order, afterId !== null),
    afterId === null ? [limit] : [limit, afterId],
  );
  return connectionOf(rows, parsed, (row) => {
    const referral: ReferralWithPurchase = { ...referralFromRow(row), livePurchase: null };
    return Object.assign(referral, {
      customerRow: Object.assign(customerFromRow(row, "c_"), { userRow: userFromRow(row, "u_") }),
    });
  });
}

export async function countPendingReferrals(sql: SqlReader): Promise<number> {
  const [row] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "Referral" r WHERE ${PENDING}`);
  return row?.count ?? 0;
}
