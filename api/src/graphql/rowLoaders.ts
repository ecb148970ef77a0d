import type { CompiledQuery } from "kysely";
import { precompile, queryBuilder, type Row, run, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import { BatchLoader, requestLoader } from "./requestLoaders.ts";

/** The unique integer columns a row is looked up by. */
type UniqueKeyOf = { User: "id"; CustomerProfile: "id" | "userId"; Referral: "id" };
type Table = keyof UniqueKeyOf;

interface Lookup<R> {
  statement: (params: { keys: number[] }) => CompiledQuery<R>;
  keyOf: (row: R) => number;
}

const anyOf = (keys: number[]) => sql<number>`any(${keys}::int[])`;

const LOOKUPS: { [T in Table]: { [K in UniqueKeyOf[T]]: Lookup<Row<T>> } } = {
  User: {
    id: {
      statement: precompile((p: { keys: number[] }) =>
        queryBuilder.selectFrom("User").selectAll().where("id", "=", anyOf(p.keys)),
      ),
      keyOf: (row) => row.id,
    },
  },
  CustomerProfile: {
    id: {
      statement: precompile((p: { keys: number[] }) =>
        queryBuilder.selectFrom("CustomerProfile").selectAll().where("id", "=", anyOf(p.keys)),
      ),
      keyOf: (row) => row.id,
    },
    userId: {
      statement: precompile((p: { keys: number[] }) =>
        queryBuilder.selectFrom("CustomerProfile").selectAll().where("userId", "=", anyOf(p.keys)),
      ),
      keyOf: (row) => row.userId,
    },
  },
  Referral: {
    id: {
      statement: precompile((p: { keys: number[] }) =>
        queryBuilder.selectFrom("Referral").selectAll().where("id", "=", anyOf(p.keys)),
      ),
      keyOf: (row) => row.id,
    },
  },
};

/**
 * A row by a unique key for an object a list's statement did not bring (a referral's customer, a
 * customer's account, a user's profile): one statement for every key a response asks for.
 */
export function rowBy<T extends Table>(
  context: { sql: SqlReader },
  table: T,
  key: UniqueKeyOf[T],
  value: number,
): Promise<Row<T> | null> {
  const lookup: Lookup<Row<T>> = LOOKUPS[table][key];
  const loader = requestLoader(
    context,
    `${table}By${key}`,
    () =>
      new BatchLoader<number, Row<T> | null>(async (keys) => {
        const rows = await run(context.sql, lookup.statement({ keys }));
        return new Map(rows.map((row) => [lookup.keyOf(row), row]));
      }, null),
  );
  return loader.load(value);
}

export const rowById = <T extends Table>(context: { sql: SqlReader }, table: T, id: number): Promise<Row<T> | null> =>
  rowBy(context, table, "id" as UniqueKeyOf[T], id);
