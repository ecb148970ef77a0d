// Node's own base64, not Pothos's helpers: a domain's rules use global ids, and loading them loads no Pothos.
const encodeBase64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
/** Lenient as Buffer is; parseGlobalId accepts only what encodes back to the same text, so only canonical base64 passes. */
const decodeBase64 = (text: string) => Buffer.from(text, "base64").toString("utf8");

/** Every table's id is a PostgreSQL `integer`: an id beyond it names nothing. */
export const MAX_DATABASE_ID = 2 ** 31 - 1;

export interface GlobalId {
  typename: string;
  id: number;
}

const TYPENAME = /^[A-Z][A-Za-z0-9]*$/;
const DATABASE_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The one reading of a global id (base64 of "Type:id", as the relay plugin writes them), for
 * node(id), nodes(ids) and every mutation that takes an id: null unless it is a type name and a
 * database id that could exist. Tried on the canonical text only, so one object has one id.
 */
export function parseGlobalId(globalId: unknown): GlobalId | null {
  if (typeof globalId !== "string" || globalId.length === 0 || globalId.length > 200) return null;
  let decoded: string;
  try {
    decoded = decodeBase64(globalId);
  } catch {
    return null;
  }
  const separator = decoded.indexOf(":");
  const typename = decoded.slice(0, separator);
  const raw = decoded.slice(separator + 1);
  if (separator < 1 || !TYPENAME.test(typename) || !DATABASE_ID.test(raw)) return null;
  const id = Number(raw);
  if (id > MAX_DATABASE_ID || encodeBase64(decoded) !== globalId) return null;
  return { typename, id };
}

/** The database id inside a global id of that type; null for anything else, malformed included. */
export function databaseIdOf(globalId: unknown, typename: string): number | null {
  const parsed = parseGlobalId(globalId);
  return parsed?.typename === typename ? parsed.id : null;
}
