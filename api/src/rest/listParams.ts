import { MAX_DATABASE_ID } from "../graphql/globalIds.ts";
import { ValidationError } from "../lib/errors.ts";
import { ADMIN_REST_LIST, type RestListSizes } from "../lib/listSizes.ts";
import { hasRefusedCharacter } from "../lib/textFields.ts";

// The query parameters every REST list reads, one rule each:
//   ?limit=N     1 to the list's most (sizes in lib/listSizes.ts); an answer with more rows after it
//                says so (the shim's `Link: <...>; rel="next"` and `X-Next-After: <id>`)
//   ?after=ID    continue after the item with this id (the last id of the previous call); ?before=ID on the audit trail too
//   ?status= ?segment= ?order=   enum values in any case, with spaces or hyphens for underscores
//   ?search=     the admin search (docs/rules/lists.md, "Searching the admin lists")

/**
 * What is wrong with the first query parameter whose name or value holds a character no input
 * accepts (a control or bidirectional character, a line break: lib/textFields.ts); null when none
 * does. Checked before any route reads its parameters, so trimming never hides one (`?limit=%0B1`).
 */
export function refusedQueryParameter(query: URLSearchParams): string | null {
  for (const [name, value] of query) {
    if (hasRefusedCharacter(name)) return "A query parameter's name contains characters that are not allowed";
    if (hasRefusedCharacter(value)) return `${name} contains characters that are not allowed`;
  }
  return null;
}

/** `?limit=` and `?after=` as a list operation's `first` and `afterDatabaseId`. */
export function restPage(query: URLSearchParams, sizes: RestListSizes = ADMIN_REST_LIST) {
  return { first: restListLimit(query, sizes), afterDatabaseId: restListId(query) };
}

/** `?limit=`: a whole number from 1 to `max`; `fallback` when absent or blank. */
export function restListLimit(query: URLSearchParams, sizes: RestListSizes = ADMIN_REST_LIST): number {
  const raw = query.get("limit")?.trim();
  if (raw === undefined || raw === "") return sizes.fallback;
  const limit = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > sizes.max) {
    throw new ValidationError(`limit must be a whole number from 1 to ${sizes.max}`, "limit");
  }
  return limit;
}

/** `?after=` (or `?before=`, or a filter by id such as `?admin=`): the id of an item already received; null when absent. */
export function restListId(query: URLSearchParams, name: "after" | "before" | "admin" = "after"): number | null {
  const raw = query.get(name)?.trim();
  if (raw === undefined || raw === "") return null;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_DATABASE_ID)
    throw new ValidationError(`${name} must be a whole number from 1 to ${MAX_DATABASE_ID}`, name);
  return Number(raw);
}

/** An enum value from a query parameter in any case, with spaces or hyphens for underscores; null when absent. */
export function restEnum<T extends string>(query: URLSearchParams, name: string, values: readonly T[]): T | null {
  const raw = query.get(name)?.trim();
  if (!raw) return null;
  const value = raw.toUpperCase().replace(/[\s-]+/g, "_");
  if (!(values as readonly string[]).includes(value)) {
    throw new ValidationError(`${name} must be one of: ${values.map((v) => v.toLowerCase()).join(", ")}`, name);
  }
  return value as T;
}

/** A text filter (`?action=`, `?from=`): trimmed, null when absent or blank; the operation checks its value. */
export function restText(query: URLSearchParams, name: string): string | null {
  const raw = query.get(name)?.trim();
  return raw ? raw : null;
}

/** `?search=`: the admin search (db/search.ts checks it); null when absent. */
export function restSearch(query: URLSearchParams): string | null {
  return query.get("search");
}

/** `?name=true|false` (also yes/no, 1/0, any case); null when absent. */
export function restBoolean(query: URLSearchParams, name: string): boolean | null {
  const raw = query.get(name)?.trim().toLowerCase();
  if (!raw) return null;
  if (["true", "yes", "1"].includes(raw)) return true;
  if (["false", "no", "0"].includes(raw)) return false;
  throw new ValidationError(`${name} must be true or false`, name);
}
