import pg from "pg";

/** Each table's row count and a hash of its rows: an insert, a delete or an update changes it. */
export type TableState = Record<string, string>;

/**
 * Reads every table of the database in one statement, so a request's writes show as a difference.
 * Not IdempotencyKey: a write refused with a key records the refusal there as the key's answer, not an effect.
 */
export async function tableStateReader(
  databaseUrl: string,
): Promise<{ read(): Promise<TableState>; latestRow(name: string): Promise<unknown>; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ name: string }>(
    "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> 'IdempotencyKey' ORDER BY 1",
  );
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const statement = `SELECT json_build_object(${rows
    .map(
      ({ name }) =>
        `'${name.replace(/'/g, "''")}', (SELECT count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) FROM ${quoted(name)} t)`,
    )
    .join(", ")}) AS state`;
  return {
    /** The table's row with the highest id, to show what a request wrote. */
    async latestRow(name: string): Promise<unknown> {
      const result = await client.query(`SELECT * FROM ${quoted(name)} t ORDER BY 1 DESC LIMIT 1`).catch(() => null);
      return result?.rows[0] ?? null;
    },
    async read() {
      const result = await client.query<{ state: TableState }>(statement);
      return result.rows[0]?.state ?? {};
    },
    close: () => client.end(),
  };
}

/** The tables whose state differs, with before → after. */
export function changedTables(before: TableState, after: TableState): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name}: ${before[name]} → ${after[name]}`);
}
