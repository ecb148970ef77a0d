import type { Expression, SelectQueryBuilder, SqlBool } from "kysely";
import { precompile, precompileByShape, run, sql } from "../db/query.ts";
import { NO_SEARCH, parseSearch, type SearchKind, type SearchParams, searchKind } from "../db/search.ts";
import type { SqlReader } from "../db/sql.ts";
import {
  afterPosition,
  afterValues,
  type KeysetColumns,
  type KeysetOrder,
  keysetOrderBy,
  type OrderShape,
  type PageRequest,
  type Position,
  positionOfId,
} from "./pager.ts";

/**
 * The SQL side of a keyset list ordered by one key, then id (docs/architecture.md, "Worked
 * example"): every list builds its page the same way, so its statements differ only in what the
 * list reads.
 */

/** The page's values of a one-key statement: the limit and the cursor (placeholders without one). */
export interface PageParams {
  limit: number;
  key: string;
  id: number;
}

/** A request's page values for a one-key statement. */
export const pageValues = (request: Pick<PageRequest, "limit" | "after">) => ({
  limit: request.limit,
  ...afterValues(request.after),
});

/** A list ordered by one timestamp column of its table's alias, then that alias's id. */
export function timestampKeyset<Row extends { id: number }>(
  name: string,
  column: `${string}.${string}`,
  descending: boolean,
): { order: KeysetOrder<Row>; columns: KeysetColumns } {
  const [alias, key] = column.split(".") as [string, keyof Row];
  return {
    order: { name, keys: ["timestamp"], descending, keysOf: (row) => [row[key]] },
    columns: { keys: [sql.ref(column)], id: sql.ref<number>(`${alias}.id`) },
  };
}

/** A page of a one-key query: beyond the cursor when the statement has one, in the order, at most `limit` rows. */
export function keysetPage<QueryDB, TB extends keyof QueryDB, O>(
  query: SelectQueryBuilder<QueryDB, TB, O>,
  order: OrderShape,
  columns: KeysetColumns,
  withAfter: boolean,
  p: { limit: number; key: unknown; id: unknown },
): SelectQueryBuilder<QueryDB, TB, O> {
  return query
    .$if(withAfter, (q) => q.where(afterPosition(order, columns, { keys: [p.key], id: p.id })))
    .orderBy(keysetOrderBy(order, columns))
    .limit(p.limit);
}

/**
 * A one-key list's page reader: `rows` builds what the list reads for a shape of its filters (each
 * shape, with and without a cursor, is compiled once), and the pager's page is added to it.
 */
export function keysetList<
  Shape extends readonly (string | number | boolean)[],
  Params extends Record<string, unknown>,
  O,
>(options: {
  order: OrderShape | ((shape: Shape) => OrderShape);
  columns: KeysetColumns;
  rows: (shape: Shape, p: Params) => SelectQueryBuilder<any, any, O>;
}) {
  const orderOf = (shape: Shape) => (typeof options.order === "function" ? options.order(shape) : options.order);
  const statementOf = precompileByShape(
    (withAfter: boolean, shape: Shape) => [...shape, withAfter].join("|"),
    (withAfter: boolean, shape: Shape) =>
      precompile((p: Params & PageParams) =>
        keysetPage(options.rows(shape, p), orderOf(shape), options.columns, withAfter, p),
      ),
  );
  return (reader: SqlReader, request: Pick<PageRequest, "limit" | "after">, shape: Shape, values: Params) =>
    run(reader, statementOf(request.after !== null, shape)({ ...values, ...pageValues(request) }));
}

/** Where a REST `?after=<id>` (afterDatabaseId) starts a list: null without one, a 400 when there is no such row. */
export function startAfterId<Row extends { id: number }>(
  order: KeysetOrder<Row>,
  id: number | null | undefined,
  noun: string,
  read: (id: number) => Promise<Omit<Row, "id"> | undefined>,
): Promise<Position | null> | null {
  return id == null ? null : positionOfId(order, id, noun, read);
}

/** A list's admin search (db/search.ts): its statement's shape and its values (placeholders without one). */
export function listSearch(text: string | null | undefined): { kind: SearchKind; params: SearchParams } {
  const search = parseSearch(text);
  return { kind: searchKind(search), params: search ?? NO_SEARCH };
}

/** A filter's conditions joined by AND, or null when it has none. */
export const allOf = (conditions: Expression<SqlBool>[]): Expression<SqlBool> | null =>
  conditions.length > 0 ? sql<SqlBool>`${sql.join(conditions, sql` AND `)}` : null;
