/*
 * How the customer app writes money, dates and times (docs/rules/web-app.md).
 * Money arrives as integer pence (the Money type's `pence`) and is written by the server's own
 * exact function (api/src/lib/money.ts): no division in floating point.
 */

/** 396000 → "£3,960.00": pounds with two decimals. */
export { formatPounds as formatMoney } from "../../../../api/src/lib/money.ts";

// A browser's first date formatter loads its locale data (85 ms of /staff's load on a phone's CPU,
// docs/performance.md): the day is written here as en-GB writes it (format.test.ts holds the two
// together), and the other formatters are made at their first use.
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
let DATE_TIME: Intl.DateTimeFormat | undefined;
let SHORT_DATE: Intl.DateTimeFormat | undefined;

const HOUR_MS = 60 * 60 * 1000;

/** "28 July 2025". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "28 July 2025 at 14:05" (the browser's time zone). */
export function formatDateTime(iso: string): string {
  DATE_TIME ??= new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  return DATE_TIME.format(new Date(iso));
}

/** "28/07/2025". */
export function formatShortDate(iso: string): string {
  SHORT_DATE ??= new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "numeric" });
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
