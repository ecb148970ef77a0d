import type { Expression } from "kysely";
import type { DbOrTx } from "../db/prisma.ts";
import { precompile, queryBuilder, run, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { ViewerFigures } from "../graphql/context.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";

/** SUM taken as bigint: exact (integers below 2^53); text through the pool, BigInt through Prisma. */
const creditsTotal = sql<string | bigint>`COALESCE(SUM("amountPence"), 0)::bigint`;

const creditsByCustomer = precompile((p: { ids: number[] }) =>
  queryBuilder
    .selectFrom("CreditLedgerEntry")
    .select(["customerId", creditsTotal.as("total")])
    .where("customerId", "=", sql<number>`any(${p.ids}::int[])`)
    .groupBy("customerId"),
);

/** The same sum for one customer, as a subquery of the viewer's statement (figures.ts). */
export function creditsOfCustomer(customerId: Expression<number>) {
  return queryBuilder
    .selectFrom("CreditLedgerEntry")
    .select(creditsTotal.as("total"))
    .where("customerId", "=", customerId);
}

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
  const rows = await run(db, creditsByCustomer({ ids }));
  for (const row of rows) totals.set(row.customerId, Number(row.total));
  return totals;
}

export async function currentCredits(db: DbOrTx, customerId: number): Promise<number> {
  return (await currentCreditsByCustomer(db, [customerId])).get(customerId) ?? 0;
}

/**
 * The per-request loader of current credits: one statement for every customer a response shows;
 * the signed-in customer's own total came with the viewer (figures.ts).
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
