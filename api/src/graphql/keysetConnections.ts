import { parseCursorConnectionArgs } from "@pothos/core";
import { formatPrismaCursor, parsePrismaCursor } from "@pothos/plugin-prisma";
import { ValidationError } from "../lib/errors.ts";

/**
 * What the plain SQL connections share: cursors in the format the Pothos Prisma connections used
 * (the row id), so a client holding one keeps working, and the connection built from a page of
 * rows read one beyond the page (to know whether there is a next).
 */
export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

type ParsedArgs = ReturnType<typeof parseCursorConnectionArgs>;

/** The row id a cursor holds; null without a cursor. */
export function rowIdOfCursor(cursor: string | undefined, field = "after"): number | null {
  if (cursor === undefined) return null;
  let id: unknown;
  try {
    id = parsePrismaCursor(cursor);
  } catch {
    throw new ValidationError("Invalid cursor", field);
  }
  if (typeof id !== "number" || !Number.isSafeInteger(id)) throw new ValidationError("Invalid cursor", field);
  return id;
}

/** A list that pages forwards only (first, after): the page size and the id of the row it starts after. */
export function forwardPageArgs(args: ConnectionArgs, sizes: { defaultSize: number; maxSize: number }) {
  if (args.last != null || args.before != null)
    throw new ValidationError("Page forwards with first and after.", "before");
  const parsed = parseCursorConnectionArgs({ args, ...sizes });
  return { parsed, afterId: rowIdOfCursor(parsed.after), limit: parsed.limit };
}

/** The connection of a page read with `limit` rows (one more than it shows). */
export function connectionOf<Row extends { id: number }, Node>(
  rows: Row[],
  parsed: ParsedArgs,
  toNode: (row: Row) => Node,
) {
  const page = rows.slice(0, parsed.expectedSize);
  if (parsed.inverted) page.reverse();
  const edges = page.map((row) => ({ cursor: formatPrismaCursor(row, "id"), node: toNode(row) }));
  return {
    edges,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasNextPage: parsed.hasNextPage(rows.length),
      hasPreviousPage: parsed.hasPreviousPage(rows.length),
    },
  };
}
