// Reading the REST body's fields for a GraphQL operation's input. Text arrives as typed; a number
// is read as its decimal text (the documented clients send amounts and ids as numbers). Any other JSON
// value (true, an object, an array) is refused with the field's name, never turned into text
// ("[object Object]") or dropped as if absent.
import { ValidationError } from "../lib/errors.ts";

function asText(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  throw new ValidationError(`${name} must be text`, name);
}

/** A required text field: absent is "", which the operation refuses with its own message. */
export function bodyText(body: Record<string, unknown>, name: string): string {
  return asText(body, name) ?? "";
}

/** An optional text field: absent or null is null (left out). */
export function optionalBodyText(body: Record<string, unknown>, name: string): string | null {
  return asText(body, name);
}

/** An optional text field where blank also means left out. */
export function optionalBodyTextOrBlank(body: Record<string, unknown>, name: string): string | null {
  const text = asText(body, name);
  return text === null || text.trim() === "" ? null : text;
}
