import { parseCursorConnectionArgs } from "@pothos/core";
import type { Expression, RawBuilder } from "kysely";
import { sql as kysql } from "../db/query.ts";
import { parseTimestamp, type SqlReader } from "../db/sql.ts";
import { ValidationError } from "../lib/errors.ts";
import { MAX_DATABASE_ID } from "./globalIds.ts";
import { MAX_PAGE_SIZE } from "./requestLimits.ts";
import { BatchLoader, requestLoader } from "./requestLoaders.ts";

/**
 * The one keyset pager: every list's cursors, page size and PageInfo. A list declares its orders
 * (the key values that sort it, then the id that breaks ties) and reads a page with SQL of its own
 * given a `PageRequest`: rows beyond a position, `limit` of them. A deep page costs what the first
 * does. Lists read on a customer's screens batch every page of a response into one statement
 * (`batchedPages` below).
 */
export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

/** How an order key travels in a cursor and comes back to SQL (`$n::timestamptz`, `::bigint`, `::text`). */
export type KeyKind = "timestamp" | "integer" | "text";

/** A row's place in an order: its key values as cursor text, then its id. */
export interface Position {
  keys: readonly string[];
  id: number;
}

export interface KeysetOrder<Row> {
  /** Written into each cursor: a cursor of one order is refused by another. */
  name: string;
  keys: readonly KeyKind[];
  /** Largest first (the list reads `ORDER BY keys DESC, id DESC`). */
  descending: boolean;
  /** The row's key values (Date, number, or an int8/text string), in the order of `keys`. */
  keysOf: (row: Row) => readonly unknown[];
}

/** What the pager needs of an order to write and read cursors and SQL (no rows involved). */
export type OrderShape = Pick<KeysetOrder<never>, "name" | "keys" | "descending">;

export interface PageRequest {
  /** Rows to read: one more than the page shows, to know whether another follows. */
  limit: number;
  /** The page's size. */
  size: number;
  /** last/before: read against the order (nearest the `before` position first); the pager turns the rows round. */
  inverted: boolean;
  /** Only rows beyond this position in the order. */
  after: Position | null;
  /** Only rows before this position in the order. */
  before: Position | null;
  hasNextPage: (rows: number) => boolean;
  hasPreviousPage: (rows: number) => boolean;
}

export interface PageSizes {
  defaultSize: number;
  /** MAX_PAGE_SIZE unless the list allows less. */
  maxSize?: number;
  /** The list reads last/before pages too. */
  backwards?: boolean;
}

const INVALID = "Invalid page cursor.";
const OTHER_ORDER = "This cursor belongs to a list in another order: start again from the first page.";
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const INTEGER = /^-?\d{1,18}$/;

/** Cursor text of one key value: timestamps as ISO 8601 in UTC, integers in decimal, text as is. */
function keyText(kind: KeyKind, value: unknown): string {
  if (kind === "timestamp") return (value as Date).toISOString();
  return String(value);
}

function validKey(kind: KeyKind, text: unknown): text is string {
  if (typeof text !== "string") return false;
  if (kind === "integer") return INTEGER.test(text);
  // A date PostgreSQL cannot read (month 13) would be its error, not the caller's: the round trip refuses it here.
  if (kind === "timestamp") {
    const date = new Date(text);
    return ISO_UTC.test(text) && !Number.isNaN(date.getTime()) && date.toISOString() === text;
  }
  return text.length <= 1000 && !text.includes("\u0000");
}

/** Opaque to clients: base64url of JSON [order, ...key values, id]. */
export function encodeCursor(order: OrderShape, position: Position): string {
  return Buffer.from(JSON.stringify([order.name, ...position.keys, position.id])).toString("base64url");
}

export function positionOf<Row extends { id: number }>(order: KeysetOrder<Row>, row: Row): Position {
  const values = order.keysOf(row);
  return { keys: order.keys.map((kind, index) => keyText(kind, values[index])), id: row.id };
}

export function decodeCursor(cursor: string, order: OrderShape, field = "after"): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.length < 2 || typeof parsed[0] !== "string")
    throw new ValidationError(INVALID, field);
  if (parsed[0] !== order.name) throw new ValidationError(OTHER_ORDER, field);
  const id = parsed.at(-1);
  const keys = parsed.slice(1, -1);
  if (
    keys.length !== order.keys.length ||
    !keys.every((key, index) => validKey(order.keys[index] as KeyKind, key)) ||
    !Number.isInteger(id) ||
    id < 1 ||
    id > MAX_DATABASE_ID
  )
    throw new ValidationError(INVALID, field);
  return { keys, id };
}

/** The page a connection's arguments ask for; `after` may also be a position the list found itself (a REST `?after=<id>`). */
export function pageRequest(
  args: ConnectionArgs,
  order: OrderShape,
  sizes: PageSizes,
  startAfter: Position | null = null,
): PageRequest {
  if (!sizes.backwards && (args.last != null || args.before != null))
    throw new ValidationError("Page forwards with first and after.", "before");
  if (startAfter && args.after != null) throw new ValidationError("Give after or afterDatabaseId, not both.", "after");
  const parsed = parseCursorConnectionArgs({
    args,
    defaultSize: sizes.defaultSize,
    maxSize: sizes.maxSize ?? MAX_PAGE_SIZE,
  });
  return {
    limit: parsed.limit,
    size: parsed.expectedSize,
    inverted: parsed.inverted,
    after: parsed.after === undefined ? startAfter : decodeCursor(parsed.after, order, "after"),
    before: parsed.before === undefined ? null : decodeCursor(parsed.before, order, "before"),
    hasNextPage: parsed.hasNextPage,
    hasPreviousPage: (rows) => parsed.hasPreviousPage(rows) || startAfter !== null,
  };
}

export interface Connection<Node> {
  edges: { cursor: string; node: Node }[];
  pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean };
}

/** The connection of the rows read for a request (up to `limit`, in the order read). */
export function connectionOf<Row extends { id: number }, Node>(
  rows: Row[],
  request: PageRequest,
  order: KeysetOrder<Row>,
  toNode: (row: Row) => Node,
): Connection<Node> {
  const page = rows.slice(0, request.size);
  if (request.inverted) page.reverse();
  const edges = page.map((row) => ({
    cursor: encodeCursor(order, positionOf(order, row)),
    node: toNode(row),
  }));
  return {
    edges,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasNextPage: request.hasNextPage(rows.length),
      hasPreviousPage: request.hasPreviousPage(rows.length),
    },
  };
}

/** Parses the arguments, reads the page with the list's own query, and builds the connection. */
export async function keysetConnection<Row extends { id: number }, Node>(
  args: ConnectionArgs,
  order: KeysetOrder<Row>,
  sizes: PageSizes,
  read: (request: PageRequest) => Promise<Row[]>,
  toNode: (row: Row) => Node,
  startAfter: Position | null = null,
): Promise<Connection<Node>> {
  const request = pageRequest(args, order, sizes, startAfter);
  return connectionOf(await read(request), request, order, toNode);
}

/**
 * The SQL of "beyond a position" for a list's key expressions and id: the row comparison, plus the
 * bound on the first key alone, which an index on the key can start its scan from. `after` is the
 * placeholder text of each key (already cast) and of the id, in the order's direction; `reverse`
 * compares the other way (a `before` position, or an inverted read).
 */
export function beyondSql(
  columns: { keys: readonly string[]; id: string },
  placeholders: { keys: readonly string[]; id: string },
  comparison: "<" | ">",
): string {
  const row = `(${[...columns.keys, columns.id].join(", ")}) ${comparison} (${[...placeholders.keys, placeholders.id].join(", ")})`;
  return columns.keys.length === 0 ? row : `${columns.keys[0]} ${comparison}= ${placeholders.keys[0]} AND ${row}`;
}

/** The SQL cast of a key's cursor text. */
export const KEY_CASTS: Record<KeyKind, string> = { timestamp: "timestamptz", integer: "bigint", text: "text" };

/** The placeholders of a position's keys and id, pushing its values onto a statement's values. */
export function positionPlaceholders(order: OrderShape, position: Position, values: unknown[]) {
  return {
    keys: position.keys.map((key, index) => `$${values.push(key)}::${KEY_CASTS[order.keys[index] as KeyKind]}`),
    id: `$${values.push(position.id)}::int`,
  };
}

/** The conditions (joined by AND, each starting with " AND ") that keep a request's rows. */
export function requestConditions(
  order: OrderShape,
  columns: { keys: readonly string[]; id: string },
  request: Pick<PageRequest, "after" | "before">,
  values: unknown[],
): string {
  const forward = order.descending ? "<" : ">";
  const backward = order.descending ? ">" : "<";
  let text = "";
  if (request.after) text += ` AND ${beyondSql(columns, positionPlaceholders(order, request.after, values), forward)}`;
  if (request.before)
    text += ` AND ${beyondSql(columns, positionPlaceholders(order, request.before, values), backward)}`;
  return text;
}

/** `ORDER BY` of a request: the order's direction, turned round for an inverted read. */
export function orderBySql(
  order: OrderShape,
  columns: { keys: readonly string[]; id: string },
  inverted: boolean,
): string {
  const direction = order.descending !== inverted ? "DESC" : "ASC";
  return [...columns.keys, columns.id].map((column) => `${column} ${direction}`).join(", ");
}

/** A list's order key and id as Kysely expressions (`sql.ref("r.createdAt")`, a computed key). */
export interface KeysetColumns {
  keys: readonly Expression<unknown>[];
  id: Expression<number>;
}

/** The values a keyset condition compares with: a position's, or precompile's placeholders standing for them. */
export interface PositionValues {
  keys: readonly unknown[];
  id: unknown;
}

/** Kysely's "beyond a position": the row comparison, plus the bound on the first key alone for the index. */
export function beyond(
  order: OrderShape,
  columns: KeysetColumns,
  position: PositionValues,
  comparison: "<" | ">",
): RawBuilder<boolean> {
  const op = kysql.raw(comparison);
  const values = position.keys.map(
    (key, index) => kysql`${key}::${kysql.raw(KEY_CASTS[order.keys[index] as KeyKind])}`,
  );
  const row = kysql<boolean>`(${kysql.join([...columns.keys, columns.id])}) ${op} (${kysql.join([...values, kysql`${position.id}::int`])})`;
  const [firstKey] = columns.keys;
  return firstKey === undefined ? row : kysql<boolean>`${firstKey} ${op}= ${values[0]} AND ${row}`;
}

/** Beyond the request's `after` position in the order's direction (for a forward list). */
export const afterPosition = (order: OrderShape, columns: KeysetColumns, position: PositionValues) =>
  beyond(order, columns, position, order.descending ? "<" : ">");

/** Kysely's ORDER BY of a list: the order's direction on every column, turned round for an inverted read. */
export function keysetOrderBy(order: OrderShape, columns: KeysetColumns, inverted = false): RawBuilder<unknown> {
  const direction = kysql.raw(order.descending !== inverted ? "desc" : "asc");
  return kysql.join([...columns.keys, columns.id].map((column) => kysql`${column} ${direction}`));
}

// ---------------------------------------------------------------------------------------------
// Batched pages: every page of a response read by one statement, each page a JSON column of it.
// ---------------------------------------------------------------------------------------------

/**
 * What a batched page statement is built from: `owners`, the FROM item naming each owner id
 * `k."ownerId"`, the placeholder of the limit, and the page's keyset conditions (written only when
 * the page has a cursor, so each variant has a plan that fits it) and ORDER BY.
 */
export interface PageSqlShape {
  owners: string;
  limit: string;
  /** " AND ..." conditions on the row alias the list named in `columns`, or "". */
  conditions: string;
  orderBy: string;
}

interface BatchedList {
  /** Selects `ownerId` and `id` and the order's key columns among its columns. */
  pageSql: (shape: PageSqlShape) => string;
  /** Columns holding timestamps: JSON carries them as text. */
  timestampColumns: readonly string[];
  /** The key and id expressions inside the page query; and the same as columns of the page's JSON rows. */
  columns: { keys: readonly string[]; id: string };
  jsonColumns: readonly string[];
  order: OrderShape;
}

interface PageKey {
  list: string;
  ownerId: number;
  after: Position | null;
  before: Position | null;
  limit: number;
  inverted: boolean;
}

const batchedLists = new Map<string, BatchedList>();

/** Every batched list registered so far, by name (its test checks each list's timestamp columns). */
export const batchedPageLists: ReadonlyMap<string, BatchedList> = batchedLists;

/**
 * A list with one page per owner (a customer's referrals, their activities). Every page a response
 * asks for is read by one statement, whichever lists they belong to: a statement's round trip cost
 * more than its pages' rows did.
 */
export function batchedPages<Row extends { id: number }, Node>(options: {
  name: string;
  order: KeysetOrder<Row>;
  /** The order's key and id expressions inside `pageSql`'s page query, e.g. `page."createdAt"`, `page.id`. */
  columns: { keys: readonly string[]; id: string };
  /** The same as the page rows' column names, for the JSON aggregate's order. */
  jsonColumns: readonly string[];
  pageSql: (shape: PageSqlShape) => string;
  timestampColumns: readonly string[];
  sizes: PageSizes;
  toNode: (row: Row) => Node;
}) {
  const order = options.order;
  batchedLists.set(options.name, {
    pageSql: options.pageSql,
    timestampColumns: options.timestampColumns,
    columns: options.columns,
    jsonColumns: options.jsonColumns,
    order,
  });
  return async function resolveConnection(context: { sql: SqlReader }, ownerId: number, args: ConnectionArgs) {
    const loader = requestLoader(
      context,
      "batchedPages",
      () => new BatchLoader<string, unknown[]>((keys) => loadPages(context.sql, keys), []),
    );
    const request = pageRequest(args, order, options.sizes);
    const key: PageKey = {
      list: options.name,
      ownerId,
      after: request.after,
      before: request.before,
      limit: request.limit,
      inverted: request.inverted,
    };
    const rows = (await loader.load(JSON.stringify(key))) as Row[];
    return connectionOf(rows, request, options.order, options.toNode);
  };
}

/**
 * One owner (a customer's own screens) is an int, many (a list's) an int[]. PostgreSQL guesses 10
 * rows for unnest of a parameter, and for a small page its generic plan then looked dearer than a
 * custom one: it planned the statement on every execution.
 */
const oneOwner = (placeholder: string) => `(SELECT ${placeholder}::int AS "ownerId") AS k`;
const manyOwners = (placeholder: string) => `unnest(${placeholder}::int[]) AS k("ownerId")`;

/** The same text object for the same parts: the prepared-statement lookup then hashes it once. */
const statements = new Map<string, string>();

interface Part {
  list: string;
  keys: { text: string; ownerId: number }[];
  shape: PageSqlShape;
  variant: string;
  inverted: boolean;
}

/** Keys of one list that differ only in owner share a part of the statement. */
async function loadPages(sql: SqlReader, keyTexts: string[]): Promise<Map<string, unknown[]>> {
  const groups = new Map<string, { key: PageKey; text: string }[]>();
  for (const text of keyTexts) {
    const key = JSON.parse(text) as PageKey;
    const group = JSON.stringify([key.list, key.after, key.before, key.limit, key.inverted]);
    const members = groups.get(group);
    if (members) members.push({ key, text });
    else groups.set(group, [{ key, text }]);
  }
  const values: unknown[] = [];
  const parts: Part[] = [...groups.values()].map((members) => {
    const first = (members[0] as { key: PageKey }).key;
    const list = batchedLists.get(first.list);
    if (!list) throw new Error(`No batched list named ${first.list}`);
    const ownerIds = members.map(({ key }) => key.ownerId);
    const many = ownerIds.length > 1;
    const owners = `$${values.push(many ? ownerIds : ownerIds[0])}`;
    const shape: PageSqlShape = {
      owners: many ? manyOwners(owners) : oneOwner(owners),
      limit: `$${values.push(first.limit)}`,
      conditions: requestConditions(list.order, list.columns, first, values),
      orderBy: orderBySql(list.order, list.columns, first.inverted),
    };
    const variant = [first.list, many, first.inverted, first.after !== null, first.before !== null].join("|");
    return {
      list: first.list,
      keys: members.map(({ key, text }) => ({ text, ownerId: key.ownerId })),
      shape,
      variant,
      inverted: first.inverted,
    };
  });
  const [row] = await sql.query<Record<string, Record<string, unknown>[]>>(pagesStatement(parts), values);

  const pages = new Map<string, unknown[]>();
  parts.forEach(({ list, keys }, index) => {
    const pageOfOwner = new Map<number, unknown[]>();
    for (const { text, ownerId } of keys) {
      const page: unknown[] = [];
      pageOfOwner.set(ownerId, page);
      pages.set(text, page);
    }
    const timestampColumns = batchedLists.get(list)?.timestampColumns ?? [];
    for (const pageRow of row?.[`p${index}`] ?? []) {
      for (const column of timestampColumns) {
        const value = pageRow[column];
        if (typeof value === "string") pageRow[column] = parseTimestamp(value);
      }
      pageOfOwner.get(pageRow.ownerId as number)?.push(pageRow);
    }
  });
  return pages;
}

/** One row, a JSON array per part (`p0`, `p1`, ...), each in page order. Built once per set of shapes. */
function pagesStatement(parts: Part[]): string {
  const shapeKey = parts.map((part) => part.variant).join(",");
  let text = statements.get(shapeKey);
  if (text === undefined) {
    const columns = parts.map(({ list: name, shape, inverted }, index) => {
      const list = batchedLists.get(name) as BatchedList;
      const jsonOrder = orderBySql(
        list.order,
        { keys: list.jsonColumns.map((column) => `page."${column}"`), id: "page.id" },
        inverted,
      );
      return `(SELECT COALESCE(json_agg(page ORDER BY page."ownerId", ${jsonOrder}), '[]'::json)
       FROM (${list.pageSql(shape)}) page) AS p${index}`;
    });
    text = `SELECT ${columns.join(",\n       ")}`;
    statements.set(shapeKey, text);
  }
  return text;
}
