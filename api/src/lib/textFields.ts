/**
 * Every text field the API takes, with its length limit and character rule, in one place
 * (docs/rules/text-fields.md). Both transports reach these through the GraphQL operations'
 * parsing, and the web app's forms import this file for the same limits and messages, so it
 * stays pure: no imports, nothing of the server.
 *
 * What no field accepts: C0 control characters (tab and line breaks only in multi-line fields),
 * DEL, C1 control characters, the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069: they make text read differently from how it is stored) and lone surrogates (no
 * UTF-8 for them: PostgreSQL and every other reader would refuse or mangle them).
 */

export interface TextRule {
  /** The field as messages name it: "Full name". */
  label: string;
  /** The most characters (Unicode code points), counted after trimming where the field trims. */
  max: number;
  /** Tab and line breaks allowed (addresses, notes, reasons). */
  multiline?: boolean;
  /** The message when too long; by default "<label> must be at most <max> characters". */
  tooLong?: string;
  /** The message for a refused character; by default "<label> contains characters that are not allowed". */
  notAllowed?: string;
  /** A narrower set of characters for the field (usernames, codes), with its message. */
  only?: { pattern: RegExp; message: string };
}

const INVALID_POSTCODE = "Invalid Postcode: Please enter a valid UK postcode, for example SW1A 1AA.";
const INVALID_PHONE = "Please enter a valid UK phone number, for example 07400 123456";
const INVALID_CODE = "Invalid verification code";
export const INVALID_CONTACT_PHONE =
  "Enter a valid phone number: a UK number as typed, for example 0300 123 4567, or an international one starting with +, for example +33 1 23 45 67 89.";

/** New passwords: at least this many characters (docs/rules/accounts.md, "Accounts"). */
export const PASSWORD_MIN_LENGTH = 8;

function linkToken(invalid: string): TextRule {
  return {
    label: "Link",
    max: 128,
    tooLong: invalid,
    notAllowed: invalid,
    only: { pattern: /^[A-Za-z0-9_-]*$/, message: invalid },
  };
}

/** The rules, by field. docs/rules/text-fields.md lists the same. */
export const TEXT_FIELDS = {
  username: {
    label: "Username",
    max: 50,
    only: { pattern: /^[A-Za-z0-9._@-]*$/, message: "Username may contain only letters, numbers and . _ @ -" },
  },
  email: { label: "Email", max: 254 },
  /** Any printable text, spaces included; never trimmed. */
  password: { label: "Password", max: 128 },
  firstName: { label: "First name", max: 100 },
  lastName: { label: "Last name", max: 100 },
  referralName: { label: "Full name", max: 100 },
  referralPhone: { label: "Phone number", max: 32, tooLong: INVALID_PHONE, notAllowed: INVALID_PHONE },
  referralEmail: {
    label: "Email",
    max: 254,
    tooLong: "Please enter a valid email address",
    notAllowed: "Please enter a valid email address",
  },
  address: { label: "Address", max: 500, multiline: true },
  postcode: { label: "Postcode", max: 16, tooLong: INVALID_POSTCODE, notAllowed: INVALID_POSTCODE },
  contractNumber: {
    label: "Contract number",
    max: 64,
    tooLong: "Invalid Contract Number: The contract number can be at most 64 characters.",
    notAllowed: "Invalid Contract Number: The contract number contains characters that are not allowed.",
  },
  /** Pounds as typed ("1,234.56", "£120"); lib/money.ts reads the number, this rule the text. */
  amount: { label: "Amount", max: 32 },
  /** Purchase and payment notes. */
  notes: { label: "Notes", max: 1000, multiline: true, tooLong: "Notes can be at most 1000 characters." },
  rejectionReason: {
    label: "The rejection reason",
    max: 1000,
    multiline: true,
    tooLong: "The rejection reason can be at most 1000 characters.",
  },
  /** Why an administrator erased a customer or a referral (kept in the audit log only). */
  erasureReason: {
    label: "The reason",
    max: 1000,
    multiline: true,
    tooLong: "The reason can be at most 1000 characters.",
  },
  cancellationReason: {
    label: "The cancellation reason",
    max: 1000,
    multiline: true,
    tooLong: "The cancellation reason can be at most 1000 characters.",
  },
  declineReason: {
    label: "The reason",
    max: 1000,
    multiline: true,
    tooLong: "The reason can be at most 1000 characters.",
  },
  /** The programme's contact details (admin settings). */
  contactEmail: { label: "Contact email", max: 254 },
  contactPhone: { label: "Contact phone", max: 32, tooLong: INVALID_CONTACT_PHONE, notAllowed: INVALID_CONTACT_PHONE },
  contactHours: { label: "Opening hours", max: 200 },
  search: { label: "Search", max: 200, tooLong: "Search for at most 200 characters." },
  /** An integrator's API token's name. */
  apiTokenName: { label: "Name", max: 100, tooLong: "Name must be 1 to 100 characters" },
  /** The audit trail's exact-match filters (action, resource type, resource id). */
  auditFilter: { label: "The filter", max: 100 },
  /** A code from an authenticator app (6 digits) or a recovery code ("abcde-fgh23"), spaces and hyphens allowed. */
  secondFactorCode: {
    label: "Verification code",
    max: 32,
    tooLong: INVALID_CODE,
    notAllowed: INVALID_CODE,
    only: { pattern: /^[A-Za-z0-9 -]*$/, message: INVALID_CODE },
  },
  /** The tokens of emailed links (43 base64url characters as issued). */
  passwordResetToken: linkToken("This password reset link is invalid."),
  emailConfirmationToken: linkToken("This confirmation link is invalid."),
} as const satisfies Record<string, TextRule>;

export type TextField = keyof typeof TEXT_FIELDS;

// C0 but tab, LF, CR; DEL and C1; bidi embeddings, overrides and isolates; lone surrogates.
const REFUSED_EVERYWHERE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Tab and line breaks (including the Unicode line and paragraph separators).
const REFUSED_ON_ONE_LINE = /[\t\n\r\u2028\u2029]/;

/** Characters, as people count them (a code point each, an emoji is one). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** True when the text holds a character no field of this kind accepts. */
export function hasRefusedCharacter(text: string, multiline = false): boolean {
  return REFUSED_EVERYWHERE.test(text) || (!multiline && REFUSED_ON_ONE_LINE.test(text));
}

export function tooLongMessage(rule: TextRule): string {
  return rule.tooLong ?? `${rule.label} must be at most ${rule.max} characters`;
}

export function notAllowedMessage(rule: TextRule): string {
  return rule.notAllowed ?? `${rule.label} contains characters that are not allowed`;
}

/**
 * What is wrong with a value as typed, or null: the field's rule applied to the trimmed text
 * (unless the field is never trimmed, like passwords), and a character refused anywhere is
 * refused at the ends too, where trimming would hide it (a vertical tab, a form feed).
 */
export function typedTextProblem(rule: TextRule, typed: string, options: { trim?: boolean } = {}): string | null {
  if (options.trim === false) return textProblem(rule, typed);
  return textProblem(rule, typed.trim()) ?? (hasRefusedCharacter(typed, true) ? notAllowedMessage(rule) : null);
}

/**
 * What is wrong with a text by its field's rule, or null. Length first (a 100 KB string is refused
 * without scanning it), then characters. Emptiness is the caller's: fields differ on it.
 */
export function textProblem(rule: TextRule, text: string): string | null {
  if (text.length > rule.max && (text.length > 2 * rule.max || characterCount(text) > rule.max))
    return tooLongMessage(rule);
  if (hasRefusedCharacter(text, rule.multiline)) return notAllowedMessage(rule);
  if (rule.only && !rule.only.pattern.test(text)) return rule.only.message;
  return null;
}
