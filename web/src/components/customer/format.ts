/*
 * How the customer app writes money, dates and times (docs/rules/web-app.md).
 * Money arrives as integer pence (the Money type's `pence`) and is written by the server's own
 * exact function (api/src/lib/money.ts): no division in floating point.
 */

/** 396000 → "£3,960.00": pounds with two decimals. */
export { formatPounds as formatMoney } from "../../../../api/src/lib/money.ts";

const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });
const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const SHORT_DATE = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "numeric" });

const HOUR_MS = 60 * 60 * 1000;

/** "28 July 2025". */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** "28 July 2025 at 14:05" (the browser's time zone). */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** "28/07/2025". */
export function formatShortDate(iso: string): string {
  return SHORT_DATE.format(new Date(iso));
}

/**
 * The relative time of activities: under an hour 'Just now', under 24 hours 'N hours ago',
 * under 48 hours 'Yesterday', else 'N days ago'.
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  const hours = Math.floor(elapsed / HOUR_MS);
  if (hours < 1) return "Just now";
  if (hours < 24) return hours === 1 ? "1 hour ago" : `${hours} hours ago`;
  if (hours < 48) return "Yesterday";
  return `${Math.floor(hours / 24)} days ago`;
}
