/*
 * How the admin app writes money, dates and names (docs/rules/web-app.md: GBP with Intl, dates en-GB).
 * Money arrives as integer pence (the Money type's `pence`) and is written by the server's own
 * exact functions (api/src/lib/money.ts): no division in floating point, so totals of any size
 * show to the penny.
 */

export { formatPounds as formatMoney, penceToPounds as penceToPoundsText } from "../../../../api/src/lib/money.ts";

// Each formatter is made at its first use: a browser's first date or number formatter loads its locale
// data (tens of milliseconds), which the first screen need not pay for a formatter it does not use.
let DATE: Intl.DateTimeFormat | undefined;
let DATE_TIME: Intl.DateTimeFormat | undefined;
let COUNT: Intl.NumberFormat | undefined;

/** "28 Jul 2025". */
export function formatDate(iso: string): string {
  DATE ??= new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
  return DATE.format(new Date(iso));
}

/** "28 Jul 2025, 14:03". */
export function formatDateTime(iso: string): string {
  DATE_TIME ??= new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  return DATE_TIME.format(new Date(iso));
}

/**
 * 1234 → "1,234". A whole number is grouped here, as en-GB's Intl.NumberFormat groups it (format.test.ts
 * holds the two together): the Admin Panel's first screen writes its counts while it hydrates, and a
 * page's first number formatter cost 54 ms of that task on a phone's CPU (docs/performance.md).
 */
export function formatCount(count: number): string {
  if (Number.isSafeInteger(count)) {
    const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+$)/g, ",");
    return count < 0 ? `-${digits}` : digits;
  }
  COUNT ??= new Intl.NumberFormat("en-GB");
  return COUNT.format(count);
}

/** First and last name, or the username when neither is known (as the API names customers). */
export function personName(user: {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly username: string;
}): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.username;
}

/** Figures in columns: right-aligned, every digit the same width. */
export const NUMERIC = { textAlign: "end", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;
