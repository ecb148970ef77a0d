// "Changed nothing", checked one way everywhere: every table's rows hashed in a stable order, so an
// insert, a delete or an update of any column (the outbox's emails and the audit trail included)
// shows as a difference, where a row count would miss an update.
//
//   const before = await databaseState(app);
//   ...a request that must be refused...
//   expect(await databaseState(app)).toEqual(before);
import pg from "pg";

/** Per table, `<rows>:<md5 of the rows' text in order>`; `toEqual` names the tables that differ. */
export type DatabaseState = Record<string, string>;

/**
 * What a refused request may change, and why; everything else in the public schema is compared.
 * (graphile-worker's own schema is not read: its bookkeeping moves as jobs run, and a job's effect,
 * an email or a webhook delivery, is a row of the public schema written in the same transaction.)
 */
const NOT_COMPARED: Record<string, "table" | string[]> = {
  // Throttle counters: a refused sign-in or a refused guess is counted, that is their point.
  rate_limits: "table",
  // A refused add of a person already known counts against the daily referral limit, as an add does (docs/rules/referrals.md, "Daily referral limit").
  RefusedReferralAttempt: "table",
  // A token's last use is recorded (at most once a minute) whether or not its request is allowed.
  ApiToken: ["lastUsedAt", "lastUsedIp"],
};

/** Rows a test expects a refusal to leave (the audit entry of a refused attempt), as SQL conditions per table. */
export type LeftOut = Record<string, string>;

/** A reader on one connection, for a test that reads the state many times (the fuzz test). */
export async function databaseStateReader(databaseUrl: string): Promise<{
  read(leftOut?: LeftOut): Promise<DatabaseState>;
  /** The table's row with the highest first column, to show what a request wrote. */
  latestRow(table: string): Promise<unknown>;
  close(): Promise<void>;
}> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ table: string; columns: string[] }>(
    `SELECT c.table_name AS table, array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      GROUP BY c.table_name ORDER BY 1`,
  );
  const compared = rows.filter(({ table }) => NOT_COMPARED[table] !== "table");
  const statement = (leftOut: LeftOut) => {
    const parts = compared.map(({ table, columns }) => {
      const skipped = NOT_COMPARED[table];
      const kept = columns.filter((column) => !(Array.isArray(skipped) && skipped.includes(column)));
      const where = leftOut[table] ? ` WHERE NOT (${leftOut[table]})` : "";
      // A row's text is the row constructor of its kept columns: every value, in column order.
      const rowsOf = `SELECT ${kept.map(quoted).join(", ")} FROM ${quoted(table)}${where}`;
      return `${literal(table)}, (SELECT count(*) || ':' || coalesce(md5(string_agg(r::text, E'\\n' ORDER BY r::text)), '') FROM (${rowsOf}) r)`;
    });
    return `SELECT json_build_object(${parts.join(", ")}) AS state`;
  };
  for (const table of Object.keys(NOT_COMPARED))
    if (!rows.some((row) => row.table === table)) throw new Error(`databaseState: no table ${table} to leave out`);
  return {
    async read(leftOut = {}) {
      for (const table of Object.keys(leftOut))
        if (!compared.some((row) => row.table === table)) throw new Error(`databaseState: no table ${table}`);
      const result = await client.query<{ state: DatabaseState }>(statement(leftOut));
      return result.rows[0]?.state ?? {};
    },
    async latestRow(table: string) {
      const result = await client.query(`SELECT * FROM ${quoted(table)} ORDER BY 1 DESC LIMIT 1`).catch(() => null);
      return result?.rows[0] ?? null;
    },
    close: () => client.end(),
  };
}

/**
 * The whole database's state (the owner's view: the app's role may not read every table).
 * `leftOut` drops the rows a test expects the refusal to add, which it checks itself.
 */
export async function databaseState(app: { databaseUrl: string }, leftOut: LeftOut = {}): Promise<DatabaseState> {
  const reader = await databaseStateReader(app.databaseUrl);
  try {
    return await reader.read(leftOut);
  } finally {
    await reader.close();
  }
}

/** The tables whose state differs, with before → after. */
export function changedTables(before: DatabaseState, after: DatabaseState): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name}: ${before[name]} → ${after[name]}`);
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
