// The generated values. Each request carries at least one "poison": a value that every field of
// its kind must refuse (a character no text field accepts, 100 KB of text, a type GraphQL cannot
// coerce, an id that names nothing), so any write, or any success, is a bug. The other fields get
// values that are often valid, so the poison is reached behind the checks they pass.
import { encodeGlobalID } from "@pothos/plugin-relay";
import fc from "fast-check";
import type { GraphQLInputField, GraphQLInputType } from "graphql";
import { describeType } from "./targets.ts";

/** Real objects of the fuzzed programme, so that valid-looking ids reach past the "not found" checks. */
export interface Known {
  /** Global ids of existing customers, referrals, payout requests and users. */
  globalIds: string[];
  /** Their numeric ids, as the REST paths take them. */
  numericIds: string[];
}

/** Characters no text field accepts: C0 controls other than tab and line breaks, DEL, C1, bidi embeddings, overrides and isolates, lone surrogates. */
export const FORBIDDEN_CHARACTERS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b",
  "\u001f",
  "\u007f",
  "\u0080",
  "\u0085",
  "\u009b",
  "\u009f",
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
];

const PLAUSIBLE_TEXT = [
  "Jane Doe",
  "O'Brien-Smith",
  "Zoë Ångström",
  "07400 123456",
  "+44 7400 123456",
  "jane@example.com",
  "SW1A 1AA",
  "sw1a1aa",
  "120.00",
  "120.5",
  "1,234.56",
  "0.01",
  "10000000",
  "£99.99",
  "HNG-1234",
  "milestone_33",
  "33",
  "referral-tester-9",
  "admin-password",
  "123456",
  "ABCD-EFGH",
  "Because it was refunded",
  "12 High Street\nLondon",
  "Notes\twith a tab",
  "test-admin",
  "fuzzverified",
  "search",
  "pending",
  "purchased",
  "credits_desc",
  "newest",
  "csv",
  "json",
  "2026-01-31",
];

/** Text that is odd without being forbidden everywhere: empty, numbers as words, impossible dates, other scripts. */
const ODD_TEXT = [
  "",
  " ",
  "  \t ",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e308",
  "-1",
  "0",
  "1.5",
  "2147483648",
  "99999999999999999999",
  "2026-02-30",
  "9999-99-99",
  "0000-00-00",
  "2026-13-01",
  "null",
  "undefined",
  "true",
  "[object Object]",
  "%00",
  "%",
  "\n",
  "\r\n",
  "\t",
  "Robert'); DROP TABLE users;--",
  "<script>alert(1)</script>",
  "=cmd|' /C calc'!A0",
  "İstanbul",
  "ß",
  "ﬀ",
  "\u200b",
  "\ufeff",
  "\u2028",
  "😀👍🏽",
  "עברית",
  "العربية",
  "\u0301",
  "a".repeat(2000),
];

const plausibleText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PLAUSIBLE_TEXT) },
  { weight: 1, arbitrary: fc.integer({ min: 100000, max: 999999 }).map((n) => `07400 ${n}`) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1e9 }).map((n) => `fuzz${n}@example.com`) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1e9 }).map((n) => `fuzz${n}`) },
);

const oddText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_TEXT),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
);

/** 100 KB (or more) of text. */
const hugeText = fc
  .constantFrom("a", "7", "Jane Doe ", "SW1A 1AA", "é", "😀", "\u202e")
  .map((unit) => unit.repeat(Math.ceil(100_000 / unit.length)));

/** Text with a character no field accepts, or 100 KB: every text field refuses it. */
export const poisonText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(plausibleText, fc.constantFrom(...FORBIDDEN_CHARACTERS), fc.nat())
      .map(([text, bad, at]) => insertAt(text, bad, at)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("Bidi \u202eevil", "Ctl\u0007x", "\u0000", "\ud800", "x\udc00y", "\u2066admin\u2069"),
  },
  { weight: 1, arbitrary: hugeText },
);

function insertAt(text: string, inserted: string, at: number): string {
  const index = at % (text.length + 1);
  return text.slice(0, index) + inserted + text.slice(index);
}

/** JSON values of the wrong kind for a text field. */
const wrongKinds: fc.Arbitrary<unknown> = fc.constantFrom<unknown>({}, [], ["a"], { a: 1 }, [{}], { "": null });

const oddNumbers = fc.constantFrom(
  1e308,
  -1e308,
  -0,
  0,
  1.5,
  -1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  5e-324,
);

/** Anything a JSON client could send in a field. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: plausibleText },
  { weight: 3, arbitrary: oddText },
  { weight: 1, arbitrary: poisonText },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), oddNumbers, fc.double({ noNaN: true, noDefaultInfinity: true })) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null) },
  { weight: 1, arbitrary: wrongKinds },
);

/** Ids that name nothing: malformed, of the wrong type, or of no row. */
export const garbageGlobalId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "0",
    "-1",
    "1e308",
    "garbage",
    "%%%",
    "=",
    "Q3VzdG9tZXI6",
    "Q3VzdG9tZXI6MQ",
    "\u0000",
    encodeGlobalID("Customer", "-1"),
    encodeGlobalID("Customer", "abc"),
    encodeGlobalID("Customer", "1.5"),
    encodeGlobalID("Customer", "99999999999999999999"),
    encodeGlobalID("Customer", "2147483648"),
    encodeGlobalID("Referral", "999999"),
    encodeGlobalID("PayoutRequest", "999999"),
    encodeGlobalID("NoSuchType", "1"),
    encodeGlobalID("User", "999999"),
    encodeGlobalID("Customer", "\u202e1"),
  ),
  fc.string({ maxLength: 40 }),
  fc.base64String({ maxLength: 40 }),
);

/** REST path segments (as sent, percent-encoded) that name nothing. */
const garbagePathSegment = fc.constantFrom(
  "0",
  "-1",
  "abc",
  "1e308",
  "999999",
  "2147483648",
  "99999999999999999999",
  "1.5",
  "0x10",
  "%2B1",
  "%201",
  "%00",
  "%",
  "%zz",
  "%ED%A0%80",
  "%E2%80%AE1",
  "x%0Ay",
  "NaN",
  "customers",
);

/** A value the GraphQL type itself, or the rule of every field of that type, refuses. */
export function poisonFor(type: GraphQLInputType, known: Known): fc.Arbitrary<unknown> {
  const shape = describeType(type);
  const options: fc.Arbitrary<unknown>[] = [];
  if (shape.nonNull) options.push(fc.constantFrom(null, undefined));
  switch (shape.kind) {
    case "object":
      options.push(poisonedObject(shape.fields, known), fc.constantFrom<unknown>("x", [], 1, true));
      break;
    case "enum":
      options.push(fc.constantFrom<unknown>("NOT_A_VALUE", ...shape.values.map((v) => v.toLowerCase()), 1, true, {}));
      break;
    case "list":
      options.push(fc.constantFrom<unknown>({}, "x"));
      break;
    case "scalar":
      options.push(...scalarPoison(shape.name));
      break;
  }
  return fc.oneof(...options);
}

function scalarPoison(name: string): fc.Arbitrary<unknown>[] {
  switch (name) {
    case "String":
      return [poisonText, poisonText, wrongKinds, fc.constantFrom<unknown>(1, 1e308, -0, true)];
    case "ID":
      return [poisonText, garbageGlobalId, wrongKinds, fc.constantFrom<unknown>(1.5, true, 1e308)];
    case "Int":
      return [
        fc.constantFrom<unknown>(1.5, 1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, "1", "NaN", "-0", true, {}, [], 5e-324),
      ];
    case "Float":
      return [fc.constantFrom<unknown>("NaN", "1e308", true, {}, [])];
    case "Boolean":
      return [fc.constantFrom<unknown>("true", "false", 0, 1, {}, [], "yes")];
    default:
      return [poisonText, wrongKinds, fc.constantFrom<unknown>("2026-02-30", "9999-99-99", 1e308, true)];
  }
}

/** An input object with one field poisoned (or an unknown field added), the others as `valueFor` makes them. */
export function poisonedObject(
  fields: readonly GraphQLInputField[],
  known: Known,
): fc.Arbitrary<Record<string, unknown>> {
  const plain = () => fc.tuple(...fields.map((field) => valueFor(field.type, known)));
  const build = (values: unknown[]) =>
    Object.fromEntries(fields.map((field, i) => [field.name, values[i]]).filter(([, v]) => v !== undefined));
  const options: fc.Arbitrary<Record<string, unknown>>[] = fields.map((poisoned) =>
    fc.tuple(plain(), poisonFor(poisoned.type, known)).map(([values, poison]) => {
      const object = build(values);
      if (poison === undefined) delete object[poisoned.name];
      else object[poisoned.name] = poison;
      return object;
    }),
  );
  options.push(fc.tuple(plain(), anyJson).map(([values, extra]) => ({ ...build(values), notAField: extra })));
  return fc.oneof(...options);
}

/** A value of the type (often valid, sometimes not), or absent when the type allows it. */
export function valueFor(type: GraphQLInputType, known: Known): fc.Arbitrary<unknown> {
  const shape = describeType(type);
  let value: fc.Arbitrary<unknown>;
  switch (shape.kind) {
    case "object":
      value = fc
        .tuple(...shape.fields.map((field) => valueFor(field.type, known)))
        .map((values) =>
          Object.fromEntries(
            shape.fields.map((field, i) => [field.name, values[i]]).filter(([, v]) => v !== undefined),
          ),
        );
      break;
    case "enum":
      value = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...shape.values) }, { weight: 1, arbitrary: anyJson });
      break;
    case "list":
      value = fc.array(valueFor(shape.item, known), { maxLength: 3 });
      break;
    case "scalar":
      value = scalarValue(shape.name, known);
      break;
  }
  if (shape.nonNull) return value;
  return fc.oneof({ weight: 3, arbitrary: value }, { weight: 1, arbitrary: fc.constantFrom(null, undefined) });
}

function scalarValue(name: string, known: Known): fc.Arbitrary<unknown> {
  switch (name) {
    case "ID":
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...known.globalIds) },
        { weight: 1, arbitrary: garbageGlobalId },
        { weight: 1, arbitrary: anyJson },
      );
    case "Int":
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }) },
        { weight: 2, arbitrary: fc.constantFrom(0, 1, -1, 100, 1100, 10000, -0, 2 ** 31 - 1) },
        { weight: 1, arbitrary: anyJson },
      );
    case "Boolean":
      return fc.oneof({ weight: 5, arbitrary: fc.boolean() }, { weight: 1, arbitrary: anyJson });
    case "Float":
      return fc.oneof(
        { weight: 5, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
        { weight: 1, arbitrary: anyJson },
      );
    default:
      return fc.oneof(
        { weight: 4, arbitrary: plausibleText },
        { weight: 2, arbitrary: oddText },
        { weight: 1, arbitrary: anyJson },
      );
  }
}

/** What a REST body field must refuse, whatever it holds: forbidden text or 100 KB, or an object or array. */
export const restPoison: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: poisonText },
  { weight: 1, arbitrary: wrongKinds },
);

/** A REST field's value when it is not the poisoned one: often plausible, sometimes an id of a real row. */
export function restValue(known: Known): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: anyJson },
    { weight: 2, arbitrary: fc.constantFrom(...known.numericIds) },
    { weight: 1, arbitrary: fc.constantFrom(...known.numericIds).map(Number) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** A path segment: a real row's id, or one that names nothing (poison). */
export function pathSegment(known: Known, poisoned: boolean): fc.Arbitrary<string> {
  if (poisoned) return garbagePathSegment;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known.numericIds) },
    { weight: 1, arbitrary: garbagePathSegment },
  );
}

/**
 * A query-string value no parameter accepts: text with a control or bidirectional character. (Not a
 * lone surrogate, which a URL carries as the bytes of U+FFFD; not 100 KB, which no URL carries.)
 */
export const queryPoison: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(plausibleText, fc.constantFrom("10", "1", "pending", "csv", "2026-01-31")),
    fc.constantFrom(...FORBIDDEN_CHARACTERS.filter((char) => !/[\ud800-\udfff]/.test(char))),
    fc.nat(),
  )
  .map(([text, bad, at]) => insertAt(text, bad, at));

/** Query-string values: any text (percent-encoded when sent, short enough for a URL), numbers, cursors and dates. */
export const queryValue: fc.Arbitrary<string> = fc.oneof(
  plausibleText,
  oddText,
  queryPoison,
  fc.integer().map(String),
  garbageGlobalId,
);

/** An `Authorization: Bearer` credential of a token's shape that names no token, or of no token's shape. */
export const unknownBearer: fc.Arbitrary<string> = fc
  .oneof(
    fc.stringMatching(/^hng_[A-Za-z0-9_-]{43}$/),
    fc.constantFrom("hng_", "x", "hng_%00", "hng_\u00e9", "a".repeat(5000)),
    fc.base64String({ minLength: 4, maxLength: 60 }),
  )
  .map((secret) => `Bearer ${secret}`);

/** Bodies that are not a JSON object, or not sent as JSON: refused before any operation runs. */
export const transportPoison = fc.constantFrom(
  { contentType: "application/json", body: "{" },
  { contentType: "application/json", body: '{"a":' },
  { contentType: "application/json", body: "NaN" },
  { contentType: "application/json", body: "[1,2" },
  { contentType: "application/json", body: "{'a':1}" },
  { contentType: "application/json", body: "\u0000" },
  { contentType: "application/json", body: '{"a":1}}' },
  { contentType: "application/json", body: "[]" },
  { contentType: "application/json", body: "1" },
  { contentType: "application/json", body: '"text"' },
  { contentType: "application/json", body: "null" },
  { contentType: "application/json", body: "[{}]" },
  { contentType: "application/json", body: "[".repeat(100_000) + "]".repeat(100_000) },
  { contentType: "text/plain", body: '{"a":"b"}' },
  { contentType: "application/x-www-form-urlencoded", body: "a=b" },
);

/** JSON text, except that -0 stays -0 (JSON.stringify writes 0). Lone surrogates go as \u escapes. */
export function jsonText(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? "null" : jsonText(item))).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([key, v]) => `${JSON.stringify(key)}:${jsonText(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Percent-encodes any text for a query string, lone surrogates included (as the bytes of U+FFFD would not be). */
export function queryEncode(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) out += "%ED%A0%80";
    else out += encodeURIComponent(char);
  }
  return out;
}
