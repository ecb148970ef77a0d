/*
 * How the admin app writes money, dates and names (ui-direction.md: GBP with Intl, dates en-GB).
 * Money arrives as integer pence (the Money type's `pence`); it is divided only here, for display.
 */

const POUNDS = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const DATE_TIME = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
const COUNT = new Intl.NumberFormat("en-GB");

/** 396000 → "£3,960.00". */
export function formatMoney(pence: number): string {
  return POUNDS.format(pence / 100);
}

/** Integer pence as the pounds string the API takes: 396000 → "3960.00". */
export function penceToPoundsText(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "28 Jul 2025". */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** "28 Jul 2025, 14:03". */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** 1234 → "1,234". */
export function formatCount(count: number): string {
  return COUNT.format(count);
}

/** First and last name, or the username when neither is known (as the API names customers). */
export function personName(user: { readonly firstName?: string | null; readonly lastName?: string | null; readonly username: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.username;
}

/** Figures in columns: right-aligned, every digit the same width. */
export const NUMERIC = { textAlign: "end", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;
