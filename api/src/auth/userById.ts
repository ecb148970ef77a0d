import { userColumns, userFromRow } from "../db/rows.ts";
import type { SqlReader } from "../db/sql.ts";
import type { User } from "../generated/prisma/client.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";

/** Users by id: one statement for every user a response shows (a list's customers' accounts). */
export function userById(context: { sql: SqlReader }, id: number): Promise<User | null> {
  const loader = requestLoader(
    context,
    "usersById",
    () =>
      new BatchLoader<number, User | null>(async (ids) => {
        const rows = await context.sql.query<Record<string, unknown>>(`SELECT ${userColumns("u")} FROM "User" u WHERE u.id = ANY($1::int[])`, [ids]);
        return new Map(rows.map((row) => [row.id as number, userFromRow(row)]));
      }, null),
  );
  return loader.load(id);
}
