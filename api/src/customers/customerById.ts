import { customerColumns, customerFromRow } from "../db/rows.ts";
import type { SqlReader } from "../db/sql.ts";
import type { CustomerProfile } from "../generated/prisma/client.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";

/** Customer profiles by id: one statement for every customer a response shows (a list's referrers). */
export function customerById(context: { sql: SqlReader }, id: number): Promise<CustomerProfile | null> {
  const loader = requestLoader(
    context,
    "customersById",
    () =>
      new BatchLoader<number, CustomerProfile | null>(async (ids) => {
        const rows = await context.sql.query<Record<string, unknown>>(
          `SELECT ${customerColumns("c")} FROM "CustomerProfile" c WHERE c.id = ANY($1::int[])`,
          [ids],
        );
        return new Map(rows.map((row) => [row.id as number, customerFromRow(row)]));
      }, null),
  );
  return loader.load(id);
}
