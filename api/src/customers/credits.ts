import type { DbOrTx } from "../db/prisma.ts";
import type { SqlReader } from "../db/sql.ts";
import type { ViewerFigures } from "../graphql/context.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";

const CREDITS_BY_CUSTOMER_SQL = `
  SELECT "customerId", COALESCE(SUM("amountPence"), 0)::bigint AS total
  FROM "CreditLedgerEntry"
  WHERE "customerId" = ANY($1::int[])
  GROUP BY "customerId"`;

/** The same sum for one customer, as a subquery of the viewer's statement (figures.ts). */
export function creditsOfCustomerSql(customerIdColumn: string): string {
  return `(SELECT COALESCE(SUM(l."amountPence"), 0)::bigint FROM "CreditLedgerEntry" l WHERE l."customerId" = ${customerIdColumn})`;
}

type CreditsRow = { customerId: number; total: bigint | string };

/**
 * Current credits: the sum of each customer's ledger entries, in one aggregate statement for all
 * the ids. SUM is taken as bigint and the total stays exact (integers below 2^53). Inside a
 * transaction it reads through Prisma; a request's loader reads through plain SQL (see db/sql.ts).
 */
export async function currentCreditsByCustomer(
  db: DbOrTx | SqlReader,
  customerIds: readonly number[],
): Promise<Map<number, number>> {
  const totals = new Map<number, number>(customerIds.map((id) => [id, 0]));
  if (customerIds.length === 0) return totals;
  const ids = [...new Set(customerIds)];
  const rows =
    "query" in db
      ? await db.query<CreditsRow>(CREDITS_BY_CUSTOMER_SQL, [ids])
      : await db.$queryRawUnsafe<CreditsRow[]>(CREDITS_BY_CUSTOMER_SQL, ids);
  for (const row of rows) totals.set(row.customerId, Number(row.total));
  return totals;
}

export async function currentCredits(db: DbOrTx, customerId: number): Promise<number> {
  return (await currentCreditsByCustomer(db, [customerId])).get(customerId) ?? 0;
}

/**
 * The per-request loader of current credits: one statement for every customer a response shows;
 * the signed-in customer's own total came with the session.
 */
export function creditsLoader(context: {
  sql: SqlReader;
  viewerFigures?: ViewerFigures | null;
}): BatchLoader<number, number> {
  return requestLoader(context, "currentCredits", () => {
    const loader = new BatchLoader((ids: number[]) => currentCreditsByCustomer(context.sql, ids), 0);
    if (context.viewerFigures) loader.prime(context.viewerFigures.customerId, context.viewerFigures.creditsPence);
    return loader;
  });
}
