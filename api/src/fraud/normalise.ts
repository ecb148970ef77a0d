// The normalised values the fraud signals compare (docs/rules/fraud.md, "Signals"). Pure functions:
// emailKey is also PostgreSQL's referral_email_key (the Referral.emailKey generated column), and the
// two must agree (normalise.test.ts runs both).

/** Gmail ignores dots in the local part, and googlemail.com is the same mailbox. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * An email as one person's address: lower case, a "+tag" dropped, and for Gmail the dots ignored
 * ("Anna.Smith+ref@googlemail.com" → "annasmith@gmail.com"). Null for null or a text without "@".
 */
export function emailKey(email: string | null | undefined): string | null {
  if (!email) return null;
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return null;
  const local = lower.slice(0, at).split("+")[0] ?? "";
  const domain = lower.slice(at + 1);
  return GMAIL_DOMAINS.has(domain) ? `${local.replaceAll(".", "")}@gmail.com` : `${local}@${domain}`;
}

/** The domain of an email, lower case ("example.com"); null without one. */
export function emailDomain(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  return at < 0 ? null : email.slice(at + 1).toLowerCase() || null;
}

/**
 * Whether two texts are exactly one edit apart (one character added, removed or changed): Levenshtein
 * distance 1, in linear time. Equal texts are not.
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < shorter.length && shorter[i] === longer[i]) i++;
  // Past the first difference, the rest must match with one character changed (same length) or skipped.
  return shorter.length === longer.length
    ? shorter.slice(i + 1) === longer.slice(i + 1)
    : shorter.slice(i) === longer.slice(i + 1);
}

/** Whether two phone numbers (E.164) differ in exactly one digit, in the same place. */
export function oneDigitApart(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let differences = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && ++differences > 1) return false;
  return differences === 1;
}

/** A UK postcode anywhere in a text: outward code (area and district), then inward code (sector and unit). */
const UK_POSTCODE = /(?:^|[^A-Z0-9])([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][A-Z]{2})(?![A-Z0-9])/g;

/** A postcode written one way: upper case, one space before the inward code ("ls14ap" → "LS1 4AP"); null if it is none. */
export function normalisePostcode(text: string | null | undefined): string | null {
  if (!text) return null;
  const [first] = postcodesIn(text);
  const compact = text.toUpperCase().replace(/\s+/g, "");
  return first && first.replace(" ", "") === compact ? first : null;
}

/** Every full UK postcode written in a text (an address), normalised ("1 High St, Leeds ls1 4ap" → ["LS1 4AP"]). */
export function postcodesIn(text: string | null | undefined): string[] {
  if (!text) return [];
  const upper = text.toUpperCase().replace(/\s+/g, " ");
  return [...upper.matchAll(UK_POSTCODE)].map((match) => `${match[1]} ${match[2]}`);
}
