import { createHash } from "node:crypto";
import pg from "pg";

/**
 * Plain SQL on the pool Prisma also uses, for the few reads every request makes (the session's
 * user, the dashboard's sums). Each Prisma query costs about 0.35 ms of CPU in its WASM query
 * compiler before it reaches the database; these statements cost about a third of that.
 */
export interface SqlReader {
  query<Row>(text: string, values?: readonly unknown[]): Promise<Row[]>;
}

const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;
const MAX_PREPARED_STATEMENTS = 500;

/** PostgreSQL's text for timestamp(3) as an ISO string in UTC, for Date's own parser. */
const parseIsoUtc = (value: string) => new Date(`${value.replace(" ", "T")}Z`);

/**
 * Prisma stores DateTime as `timestamp(3)` holding UTC; node-postgres would read it as local time.
 * This reads it as UTC, from a column or from JSON (which writes a T between date and time).
 */
export function parseUtcTimestamp(value: string): Date {
  // "YYYY-MM-DD HH:MM:SS[.fff]", read by position: building an ISO string for Date's parser showed
  // in profiles (a dashboard reads ~60 timestamps). Anything else goes to that parser. No closures
  // or powers here: with them this ran at twice the cost of the ISO parser it replaces.
  const length = value.length;
  if (
    length < 19 ||
    length > 23 ||
    (value.charCodeAt(10) !== 32 && value.charCodeAt(10) !== 84) ||
    (length > 19 && value.charCodeAt(19) !== 46)
  )
    return parseIsoUtc(value);
  const year = digitsOf(value, 0, 4);
  const fraction = length > 20 ? digitsOf(value, 20, length) * (length === 21 ? 100 : length === 22 ? 10 : 1) : 0;
  const ms = Date.UTC(
    year,
    digitsOf(value, 5, 7) - 1,
    digitsOf(value, 8, 10),
    digitsOf(value, 11, 13),
    digitsOf(value, 14, 16),
    digitsOf(value, 17, 19),
    fraction,
  );
  // Date.UTC reads years 0-99 as 19xx; such a row (or a malformed one) takes the slow path.
  const date = new Date(ms);
  return date.getUTCFullYear() === year ? date : parseIsoUtc(value);
}

function digitsOf(value: string, from: number, to: number): number {
  let number = 0;
  for (let index = from; index < to; index++) number = number * 10 + value.charCodeAt(index) - 48;
  return number;
}

/** Passed per query, so nothing global changes for Prisma's own adapter on the same pool. */
const utcTimestamps = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    return oid === TIMESTAMP_WITHOUT_TIME_ZONE ? parseUtcTimestamp : pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function createDatabasePool(databaseUrl: string, size: number): pg.Pool {
  return new pg.Pool({ connectionString: databaseUrl, max: size, idleTimeoutMillis: 30_000 });
}

/**
 * Statements run as named prepared statements: each connection parses and plans a statement
 * once (PostgreSQL keeps a generic plan when it is as good as a fresh one), which for these
 * statements saves more database time than running them does. The name is a hash of the text,
 * so one name always means one text.
 */
export function createSqlReader(pool: pg.Pool): SqlReader {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    // The statements are a fixed set; were a text ever built per request, it would run unnamed.
    if (!name && names.size >= MAX_PREPARED_STATEMENTS) return undefined;
    if (!name) {
      name = `q_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    async query<Row>(text: string, values: readonly unknown[] = []) {
      const result = await pool.query<Row & pg.QueryResultRow>({
        name: nameOf(text),
        text,
        values: values as unknown[],
        types: utcTimestamps,
      });
      return result.rows;
    },
  };
}
