import { createHash } from "node:crypto";
import pg from "pg";

/**
 * Runs SQL built by db/query.ts on the pool Prisma also uses, for the reads every request makes:
 * Prisma's query compiler costs more CPU per query than these statements (docs/performance.md).
 */
export interface SqlReader {
  query<Row>(text: string, values?: readonly unknown[]): Promise<Row[]>;
}

const TIMESTAMP_WITH_TIME_ZONE = 1184;
const MAX_PREPARED_STATEMENTS = 500;

/** PostgreSQL's text for a timestamptz in UTC ("+00") as ISO text, for Date's own parser. */
const parseIso = (value: string) => new Date(value.replace(" ", "T").replace(/\+00$/, "Z"));

/**
 * Every DateTime column is `timestamptz(3)` and every connection's TimeZone is UTC, so PostgreSQL
 * writes each instant as "YYYY-MM-DD HH:MM:SS[.fff]+00" (JSON: "YYYY-MM-DDTHH:MM:SS[.fff]+00:00").
 * This reads both; text in any other zone or form goes to Date's parser.
 */
export function parseTimestamp(value: string): Date {
  // Read by position, without closures: cheaper than Date's parser (figures in docs/performance.md).
  let length = value.length;
  if (value.charCodeAt(length - 3) === 43 && value.charCodeAt(length - 2) === 48 && value.charCodeAt(length - 1) === 48)
    length -= 3;
  else if (value.endsWith("+00:00")) length -= 6;
  else return parseIso(value);
  if (
    length < 19 ||
    length > 23 ||
    (value.charCodeAt(10) !== 32 && value.charCodeAt(10) !== 84) ||
    (length > 19 && value.charCodeAt(19) !== 46)
  )
    return parseIso(value);
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
  return date.getUTCFullYear() === year ? date : parseIso(value);
}

function digitsOf(value: string, from: number, to: number): number {
  let number = 0;
  for (let index = from; index < to; index++) number = number * 10 + value.charCodeAt(index) - 48;
  return number;
}

/** Passed per query, so nothing global changes for Prisma's own adapter on the same pool. */
const timestampTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    return oid === TIMESTAMP_WITH_TIME_ZONE ? parseTimestamp : pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** The lowest word_similarity that still counts as a match (pg_trgm's default is 0.6). */
export const SEARCH_SIMILARITY_THRESHOLD = 0.4;

/** The lowest similarity of a name of several words to a whole name that counts as a match (pg_trgm's default is 0.3). */
export const SEARCH_NAME_SIMILARITY_THRESHOLD = 0.5;

/** How long a statement waits for a free connection or for PostgreSQL to accept one. */
export const POOL_CONNECT_TIMEOUT_MS = 10_000;

export function createDatabasePool(databaseUrl: string, size: number): pg.Pool {
  // TimeZone UTC: timestamps come back in the one form parseTimestamp reads fastest.
  // The search's typo tolerance (db/search.ts): 0.4 lets "jonh" find "john", "smiht" find "smith";
  // 0.5 lets "matlida cox" and "matilda cx" find Matilda Cox, not Matilda Smith.
  return new pg.Pool({
    connectionString: databaseUrl,
    max: size,
    idleTimeoutMillis: 30_000,
    // A request waits this long for a connection, then answers 503 (lib/databaseErrors.ts), never forever.
    connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
    options: `-c TimeZone=UTC -c pg_trgm.word_similarity_threshold=${SEARCH_SIMILARITY_THRESHOLD} -c pg_trgm.similarity_threshold=${SEARCH_NAME_SIMILARITY_THRESHOLD}`,
  });
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
        types: timestampTypes,
      });
      return result.rows;
    },
  };
}
