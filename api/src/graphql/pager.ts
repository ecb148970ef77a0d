import { parseCursorConnectionArgs } from "@pothos/core";
import type { AliasedRawBuilder, Expression, RawBuilder, SelectQueryBuilder, ShallowDehydrateObject } from "kysely";
import { sql as kysql, precompile, precompileByShape, queryBuilder, runFirst } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import { ValidationError } from "../lib/errors.ts";
import type { FirstPage, ViewerFirstPages } from "./context.ts";
import { MAX_DATABASE_ID } from "./globalIds.ts";
import { MAX_PAGE_SIZE } from "./requestLimits.ts";
import { BatchLoader, madeRequestLoader, requestLoader } from "./requestLoaders.ts";

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

/**
 * The position of the row with this id (a REST `?after=<id>`, an `afterDatabaseId`): `read` finds
 * the row's keys; an id out of range or naming nothing is a 400 that says which list it was for.
 */
export async function positionOfId<Row extends { id: number }>(
  order: KeysetOrder<Row>,
  id: number,
  noun: string,
  read: (id: number) => Promise<Omit<Row, "id"> | undefined>,
): Promise<Position> {
  const valid = Number.isInteger(id) && id >= 1 && id <= MAX_DATABASE_ID;
  const row = valid ? await read(id) : undefined;
  if (!row) throw new ValidationError(`There is no ${noun} ${id} to continue after.`, "after");
  return positionOf(order, { ...row, id } as Row);
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

/** An edge whose cursor is written only when a client asks for it (most ask for `endCursor` at most). */
class Edge<Row extends { id: number }, Node> {
  #cursor: string | undefined;
  constructor(
    private readonly order: KeysetOrder<Row>,
    private readonly row: Row,
    readonly node: Node,
  ) {}
  get cursor(): string {
    this.#cursor ??= encodeCursor(this.order, positionOf(this.order, this.row));
    return this.#cursor;
  }
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
  const edges = page.map((row) => new Edge(order, row, toNode(row)));
  const first = edges[0];
  const last = edges.at(-1);
  return {
    edges,
    pageInfo: {
      get startCursor() {
        return first?.cursor ?? null;
      },
      get endCursor() {
        return last?.cursor ?? null;
      },
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

/** The SQL cast of a key's cursor text. */
export const KEY_CASTS: Record<KeyKind, string> = { timestamp: "timestamptz", integer: "bigint", text: "text" };

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

/** A one-key order's `after` position as a precompiled page statement's values (ignored by the statement without a cursor). */
export const afterValues = (after: Position | null) => ({ key: after?.keys[0] ?? "", id: after?.id ?? 0 });

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

/** What the pager gives a list's page query: its owners and one owner's keyset page. */
export interface PageQueryParts {
  /** The owners as a FROM item: `k.ownerId` is each owner's id. */
  owners: AliasedRawBuilder<{ ownerId: number }, "k">;
  /** Adds the page's keyset conditions (only when it has a cursor, so each variant has a plan that fits it), order and limit. */
  page: <QueryDB, TB extends keyof QueryDB, O>(
    query: SelectQueryBuilder<QueryDB, TB, O>,
  ) => SelectQueryBuilder<QueryDB, TB, O>;
  /** The page's filter value (e.g. a status) as a statement parameter, or null when the page has none. */
  filter: Expression<string> | null;
}

interface BatchedList {
  order: OrderShape;
  columns: KeysetColumns;
  jsonKeys: readonly string[];
  pageQuery: (parts: PageQueryParts) => Expression<unknown>;
}

interface PageKey {
  list: string;
  ownerId: number;
  filter: string | null;
  after: Position | null;
  before: Position | null;
  limit: number;
  inverted: boolean;
}

const batchedLists = new Map<string, BatchedList>();

/** Every batched list registered so far, by name. */
export const batchedPageLists: ReadonlyMap<string, BatchedList> = batchedLists;

/**
 * A list with one page per owner (a customer's referrals, their activities). Every page a response
 * asks for is read by one statement, whichever lists they belong to: a statement's round trip cost
 * more than its pages' rows did.
 */
export function batchedPages<Page extends { ownerId: number }, Row extends { id: number }, Node>(options: {
  name: string;
  order: KeysetOrder<Row>;
  /** The order's key and id expressions inside the page query, e.g. `sql.ref("page.createdAt")`. */
  columns: KeysetColumns;
  /** The same keys as columns of the page's rows, for the JSON aggregate's order. */
  jsonKeys: readonly (keyof Page & string)[];
  /** Selects `k.ownerId` as `ownerId`, the id and the order's keys among the page's columns. */
  pageQuery: (parts: PageQueryParts) => SelectQueryBuilder<any, any, Page>;
  /** A page row as JSON gives it back as a row (timestamps through `fromJson`). */
  parse: (row: ShallowDehydrateObject<Page>) => Row;
  sizes: PageSizes;
  toNode: (row: Row) => Node;
}) {
  const order = options.order;
  batchedLists.set(options.name, {
    order,
    columns: options.columns,
    jsonKeys: options.jsonKeys,
    pageQuery: options.pageQuery,
  });
  return async function resolveConnection(
    context: PagesContext,
    ownerId: number,
    args: ConnectionArgs,
    startAfter: Position | null = null,
    /** One value the list's page query narrows by (its `filter` part), e.g. a referral status; null for all rows. */
    filter: string | null = null,
  ) {
    const request = pageRequest(args, order, options.sizes, startAfter);
    const key = pageKeyText({
      list: options.name,
      ownerId,
      filter,
      after: request.after,
      before: request.before,
      limit: request.limit,
      inverted: request.inverted,
    });
    // The one cast: the column is PostgreSQL's JSON of this list's page query, typed by Kysely as Page.
    const json = (await pagesLoader(context).load(key)) as ShallowDehydrateObject<Page>[];
    return connectionOf(json.map(options.parse), request, options.order, options.toNode);
  };
}

/**
 * One owner (a customer's own screens) is an int, many (a list's) an int[]. PostgreSQL guesses 10
 * rows for unnest of a parameter, and for a small page its generic plan then looked dearer than a
 * custom one: it planned the statement on every execution.
 */
const oneOwner = (owner: unknown) => kysql<{ ownerId: number }>`(SELECT ${owner}::int AS "ownerId")`.as("k");
const manyOwners = (owners: unknown) =>
  kysql<{ ownerId: number }>`unnest(${owners}::int[])`.as<"k">(kysql`k("ownerId")`);

interface Variant {
  list: string;
  many: boolean;
  filtered: boolean;
  inverted: boolean;
  after: boolean;
  before: boolean;
}

/**
 * The values a page's part of a statement is read with: its owners, size, and its filter and
 * positions when its shape has them (a placeholder read but not used would fail `precompile`).
 */
interface PageValues {
  owners: AliasedRawBuilder<{ ownerId: number }, "k">;
  limit: unknown;
  filter?: unknown;
  after?: PositionValues;
  before?: PositionValues;
}

/** One page shape's JSON column: the list's page query for its owners, in the order's direction. */
function pageColumn(variant: Variant, values: PageValues): RawBuilder<unknown> {
  const list = batchedLists.get(variant.list) as BatchedList;
  const { order, columns } = list;
  const forward = order.descending ? "<" : ">";
  const backward = order.descending ? ">" : "<";
  const page: PageQueryParts["page"] = (query) =>
    query
      .$if(variant.after, (q) => q.where(beyond(order, columns, values.after as PositionValues, forward)))
      .$if(variant.before, (q) => q.where(beyond(order, columns, values.before as PositionValues, backward)))
      .orderBy(keysetOrderBy(order, columns, variant.inverted))
      .limit(kysql<number>`${values.limit}`);
  const jsonOrder = keysetOrderBy(
    order,
    { keys: list.jsonKeys.map((key) => kysql.ref(`rows.${key}`)), id: kysql.ref("rows.id") },
    variant.inverted,
  );
  const filter = variant.filtered ? kysql<string>`${values.filter}` : null;
  return kysql<unknown>`(SELECT COALESCE(json_agg(rows ORDER BY rows."ownerId", ${jsonOrder}), '[]'::json)
          FROM (${list.pageQuery({ owners: values.owners, page, filter })}) rows)`;
}

/** The statement of a set of page shapes, built and compiled once: a request only fills in its values. */
const statementOf = precompileByShape(
  (shapeKey: string, _variants: Variant[]) => shapeKey,
  (_shapeKey: string, variants: Variant[]) =>
    precompile((p: Record<string, unknown>) =>
      queryBuilder.selectNoFrom(
        variants.map((variant, index) => {
          const list = batchedLists.get(variant.list) as BatchedList;
          const position = (name: string): PositionValues => ({
            keys: list.order.keys.map((_, key) => p[`${name}${index}k${key}`]),
            id: p[`${name}${index}id`],
          });
          return pageColumn(variant, {
            owners: variant.many ? manyOwners(p[`owner${index}`]) : oneOwner(p[`owner${index}`]),
            limit: p[`limit${index}`],
            ...(variant.filtered ? { filter: p[`filter${index}`] } : {}),
            ...(variant.after ? { after: position("after") } : {}),
            ...(variant.before ? { before: position("before") } : {}),
          }).as(`p${index}`);
        }),
      ),
    ),
);

/** Keys of one list that differ only in owner share a part of the statement. */
async function loadPages(sql: SqlReader, keyTexts: string[]): Promise<Map<string, unknown[]>> {
  const groups = new Map<string, { key: PageKey; text: string }[]>();
  for (const text of keyTexts) {
    const key = JSON.parse(text) as PageKey;
    const group = JSON.stringify([key.list, key.filter, key.after, key.before, key.limit, key.inverted]);
    const members = groups.get(group);
    if (members) members.push({ key, text });
    else groups.set(group, [{ key, text }]);
  }
  const values: Record<string, unknown> = {};
  const variants: Variant[] = [];
  const parts = [...groups.values()].map((members, index) => {
    const first = (members[0] as { key: PageKey }).key;
    if (!batchedLists.has(first.list)) throw new Error(`No batched list named ${first.list}`);
    const ownerIds = members.map(({ key }) => key.ownerId);
    const many = ownerIds.length > 1;
    values[`owner${index}`] = many ? ownerIds : ownerIds[0];
    values[`limit${index}`] = first.limit;
    if (first.filter !== null) values[`filter${index}`] = first.filter;
    for (const [name, position] of [
      ["after", first.after],
      ["before", first.before],
    ] as const) {
      if (!position) continue;
      position.keys.forEach((key, k) => {
        values[`${name}${index}k${k}`] = key;
      });
      values[`${name}${index}id`] = position.id;
    }
    variants.push({
      list: first.list,
      many,
      filtered: first.filter !== null,
      inverted: first.inverted,
      after: first.after !== null,
      before: first.before !== null,
    });
    return members;
  });
  const shapeKey = variants
    .map((v) => `${v.list}|${v.many}|${v.filtered}|${v.inverted}|${v.after}|${v.before}`)
    .join(",");
  const row = await runFirst(sql, statementOf(shapeKey, variants)(values));

  const pages = new Map<string, unknown[]>();
  parts.forEach((members, index) => {
    const pageOfOwner = new Map<number, unknown[]>();
    for (const { key, text } of members) {
      const page: unknown[] = [];
      pageOfOwner.set(key.ownerId, page);
      pages.set(text, page);
    }
    const json = row?.[`p${index}`];
    if (Array.isArray(json))
      for (const pageRow of json as { ownerId: number }[]) pageOfOwner.get(pageRow.ownerId)?.push(pageRow);
  });
  return pages;
}

/** A page's key as the loader's key text: one spelling, so a primed page and a resolver's ask meet. */
function pageKeyText(key: PageKey): string {
  const { list, ownerId, filter, after, before, limit, inverted } = key;
  return JSON.stringify({ list, ownerId, filter, after, before, limit, inverted });
}

/** What the pages' loader reads from a request's context: its reader, and the viewer's first pages read with the viewer. */
export interface PagesContext {
  sql: SqlReader;
  viewerFirstPages?: ViewerFirstPages | null;
}

/**
 * The request's loader of batched pages: every page asked for in one turn is read by one statement.
 * It starts with the viewer's first pages when the viewer's statement read them.
 */
const PAGES_LOADER = "batchedPages";

function pagesLoader(context: PagesContext): BatchLoader<string, unknown[]> {
  return requestLoader(context, PAGES_LOADER, () => {
    const loader = new BatchLoader<string, unknown[]>((keys) => loadPages(context.sql, keys), []);
    const read = context.viewerFirstPages;
    read?.pages.forEach((page, index) => {
      const json = read.row[`firstPage${index}`];
      if (Array.isArray(json))
        loader.prime(pageKeyText({ ...page, ownerId: read.ownerId, after: null, before: null }), json);
    });
    return loader;
  });
}

// ---------------------------------------------------------------------------------------------
// First pages read with the viewer: a request asked again reads the signed-in viewer's own first
// pages inside the statement that reads the viewer (compose/requestContext.ts), one round trip
// instead of two (docs/performance.md, "Database reads").
// ---------------------------------------------------------------------------------------------

/** Asks remembered at most: the web app's documents and the REST paths with their usual queries fit many times over. */
const MAX_REMEMBERED_ASKS = 1000;
/** By ask (a persisted document with its variables, a REST GET with its query): the viewer's first pages it read last. */
const firstPagesByAsk = new Map<string, readonly FirstPage[]>();

/** The viewer's first pages the last request of this ask read; none for an ask not seen yet. */
export function firstPagesOf(ask: string | null): readonly FirstPage[] {
  return ask === null ? [] : (firstPagesByAsk.get(ask) ?? []);
}

/**
 * Remembers which of the viewer's first pages (owner `ownerId`) this request read, for the next
 * request of the same ask (`context.ask`). A request that read none (a viewer the list refuses)
 * leaves what was remembered: the pages are the same for every viewer the ask's fields admit.
 */
export function rememberFirstPages(context: PagesContext & { ask: string | null }, ownerId: number | undefined) {
  const ask = context.ask;
  if (ask === null || ownerId === undefined) return;
  // A request that read no page (its loader never made) has nothing to remember.
  const asked = madeRequestLoader<string, unknown[]>(context, PAGES_LOADER)?.keys() ?? [];
  const pages: FirstPage[] = [];
  for (const text of asked) {
    const key = JSON.parse(text) as PageKey;
    if (key.ownerId !== ownerId || key.after !== null || key.before !== null) continue;
    pages.push({ list: key.list, filter: key.filter, limit: key.limit, inverted: key.inverted });
  }
  if (pages.length === 0) return;
  const known = firstPagesByAsk.get(ask);
  if (known && JSON.stringify(known) === JSON.stringify(pages)) return;
  if (!known && firstPagesByAsk.size >= MAX_REMEMBERED_ASKS) {
    const oldest = firstPagesByAsk.keys().next().value as string;
    firstPagesByAsk.delete(oldest);
  }
  firstPagesByAsk.set(ask, pages);
}

/** Names the first pages' part of a statement by shape: their values are parameters. */
export const firstPagesShape = (pages: readonly FirstPage[]): string =>
  pages.map((page) => `${page.list}|${page.filter !== null}|${page.inverted}`).join(",");

/**
 * The first pages as columns of another statement (`firstPage0`, ...): owned by `owner`, an SQL
 * expression of the viewer's owner id (null reads nothing); `p` are that statement's placeholders.
 */
export function firstPagesColumns(pages: readonly FirstPage[], owner: Expression<unknown>, p: Record<string, unknown>) {
  return pages.map((page, index) =>
    pageColumn(
      {
        list: page.list,
        many: false,
        filtered: page.filter !== null,
        inverted: page.inverted,
        after: false,
        before: false,
      },
      {
        owners: kysql<{ ownerId: number }>`(SELECT ${owner} AS "ownerId")`.as("k"),
        limit: p[`firstPage${index}Limit`],
        ...(page.filter !== null ? { filter: p[`firstPage${index}Filter`] } : {}),
      },
    ).as(`firstPage${index}`),
  );
}

/** The first pages' parameter values for firstPagesColumns. */
export function firstPagesValues(pages: readonly FirstPage[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  pages.forEach((page, index) => {
    values[`firstPage${index}Limit`] = page.limit;
    if (page.filter !== null) values[`firstPage${index}Filter`] = page.filter;
  });
  return values;
}
