import { parseCursorConnectionArgs } from "@pothos/core";
import type { SqlReader } from "../db/sql.ts";
import { type ConnectionArgs, connectionOf, rowIdOfCursor } from "./keysetConnections.ts";
import { BatchLoader, requestLoader } from "./requestLoaders.ts";

export type { ConnectionArgs };

/**
 * A customer's referrals and activities, newest first, a page at a time: one plain SQL statement
 * for every customer a response shows (LATERAL per customer, LIMIT in the database), keyset on
 * (createdAt, id) so a deep page costs what the first does. Cursors keep the format the Pothos
 * Prisma connections used (the row id), so clients holding one keep working.
 */
interface PageKey {
  ownerId: number;
  afterId: number | null;
  beforeId: number | null;
  limit: number;
  inverted: boolean;
}

/**
 * What a page statement is built from: `owners`, the FROM item naming each owner id `k."ownerId"`
 * ($1), $2 = the limit, and the placeholders of the after and before ids when the page has them.
 * Only the conditions a page needs are written, so each variant is its own prepared statement with
 * a plan that fits it.
 */
export interface PageSqlShape {
  owners: string;
  inverted: boolean;
  afterId: string | null;
  beforeId: string | null;
}

/**
 * One owner (a customer's own screens) is $1 as an int, many (a list's) an int[]. PostgreSQL
 * guesses 10 rows for unnest of a parameter: for a small page (first: 1) its generic plan then
 * looked dearer than one for the actual one-element array, and it planned the statement on every
 * execution (PostgreSQL's CPU for a referral page: 390 µs, 63 µs with the int).
 */
const ONE_OWNER = `(SELECT $1::int AS "ownerId") AS k`;
const MANY_OWNERS = `unnest($1::int[]) AS k("ownerId")`;

/** `pageSql` returns rows with an `ownerId` column, each owner's rows in page order. */
export function newestFirstConnection<Row extends { id: number }, Node>(options: {
  name: string;
  pageSql: (shape: PageSqlShape) => string;
  maxSize: number;
  toNode: (row: Row) => Node;
}) {
  // The same text object for the same shape: the prepared-statement lookup then hashes it once.
  const statements = new Map<string, string>();
  const pageSql = (shape: PageSqlShape) => {
    const key = `${shape.owners}|${shape.inverted}|${shape.afterId}|${shape.beforeId}`;
    let text = statements.get(key);
    if (text === undefined) {
      text = options.pageSql(shape);
      statements.set(key, text);
    }
    return text;
  };
  return async function resolveConnection(context: { sql: SqlReader }, ownerId: number, args: ConnectionArgs) {
    const loader = requestLoader(
      context,
      options.name,
      () => new BatchLoader<string, Row[]>((keys) => loadPages<Row>(context.sql, keys.map(parseKey), pageSql), []),
    );
    const parsed = parseCursorConnectionArgs({ args, maxSize: options.maxSize, defaultSize: 20 });
    const { limit, inverted } = parsed;
    const key: PageKey = { ownerId, afterId: rowIdOfCursor(parsed.after), beforeId: rowIdOfCursor(parsed.before, "before"), limit, inverted };
    const rows = await loader.load(JSON.stringify(key));
    return connectionOf(rows, parsed, options.toNode);
  };
}

function parseKey(key: string): PageKey {
  return JSON.parse(key) as PageKey;
}

/** Newer than the row with that id, or older: (createdAt, id) against the cursor row's. */
export function keysetConditions(table: string, alias: string, shape: PageSqlShape): string {
  const beyond = (placeholder: string, comparison: string) =>
    ` AND (${alias}."createdAt", ${alias}.id) ${comparison} (SELECT c."createdAt", c.id FROM "${table}" c WHERE c.id = ${placeholder})`;
  return (shape.afterId ? beyond(shape.afterId, "<") : "") + (shape.beforeId ? beyond(shape.beforeId, ">") : "");
}

/** Keys that differ only in owner share one statement. */
async function loadPages<Row>(sql: SqlReader, keys: PageKey[], pageSql: (shape: PageSqlShape) => string): Promise<Map<string, Row[]>> {
  const groups = new Map<string, PageKey[]>();
  for (const key of keys) {
    const shape = JSON.stringify([key.afterId, key.beforeId, key.limit, key.inverted]);
    groups.set(shape, [...(groups.get(shape) ?? []), key]);
  }
  const pages = new Map<string, Row[]>();
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const [{ afterId, beforeId, limit, inverted }] = group as [PageKey];
      const ownerIds = group.map((key) => key.ownerId);
      const values: unknown[] = [ownerIds.length === 1 ? ownerIds[0] : ownerIds, limit];
      const shape: PageSqlShape = {
        owners: ownerIds.length === 1 ? ONE_OWNER : MANY_OWNERS,
        inverted,
        afterId: afterId === null ? null : `$${values.push(afterId)}::int`,
        beforeId: beforeId === null ? null : `$${values.push(beforeId)}::int`,
      };
      const rows = await sql.query<Row & { ownerId: number }>(pageSql(shape), values);
      const pageOfOwner = new Map<number, Row[]>();
      for (const key of group) {
        const page: Row[] = [];
        pageOfOwner.set(key.ownerId, page);
        pages.set(JSON.stringify(key), page);
      }
      for (const row of rows) pageOfOwner.get(row.ownerId)?.push(row);
    }),
  );
  return pages;
}
