import { ValidationError } from "./errors.ts";

/**
 * The reports' days: a date written YYYY-MM-DD is a calendar day in the programme's time zone
 * (Europe/London, a UK programme), so "1 July" starts at 00:00 BST, 23:00 UTC the day before.
 * Timestamps stay UTC everywhere else (README, "Finding your way"); only these bounds and the chart
 * buckets (analytics/periods.ts) are read in London time.
 */
export const REPORT_TIME_ZONE = "Europe/London";

const HOUR_IN_LONDON = new Intl.DateTimeFormat("en-GB", {
  timeZone: REPORT_TIME_ZONE,
  hour: "2-digit",
  hourCycle: "h23",
});
const DAY_MS = 24 * 60 * 60 * 1000;
const LONDON_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: REPORT_TIME_ZONE });

/** The London day an instant falls in, written YYYY-MM-DD (a day's counters are kept under it). */
export function londonDate(date: Date): string {
  return LONDON_DATE.format(date);
}

/** Midnight in London of a day given as UTC year, month, day: London is UTC or one hour ahead, changing at 01:00 UTC. */
function londonMidnight(utcMidnight: number): Date {
  const offsetHours = Number(HOUR_IN_LONDON.format(new Date(utcMidnight)));
  return new Date(utcMidnight - offsetHours * 60 * 60 * 1000);
}

/** A day written YYYY-MM-DD, checked; a clear error naming the field otherwise. */
export function parseDay(text: string, field: string): { day: string; utcMidnight: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const utcMidnight = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(utcMidnight) || new Date(utcMidnight).toISOString().slice(0, 10) !== text) {
    throw new ValidationError(`${field} must be a date written YYYY-MM-DD.`, field);
  }
  return { day: text, utcMidnight };
}

export interface DayRange {
  /** The first day, as given (YYYY-MM-DD). */
  fromDay?: string;
  /** The last day, as given (inclusive). */
  toDay?: string;
  /** 00:00 in London on the first day (inclusive). */
  from?: Date;
  /** 00:00 in London on the day after the last (exclusive). */
  until?: Date;
}

/** `from` and `to` (each optional, both inclusive) as instants; refuses a `from` after `to`. */
export function dayRange(from: string | null | undefined, to: string | null | undefined): DayRange {
  const range: DayRange = {};
  if (from) {
    const day = parseDay(from, "from");
    range.fromDay = day.day;
    range.from = londonMidnight(day.utcMidnight);
  }
  if (to) {
    const day = parseDay(to, "to");
    range.toDay = day.day;
    range.until = londonMidnight(day.utcMidnight + DAY_MS);
  }
  if (range.from && range.until && range.from >= range.until)
    throw new ValidationError("The from date must not be after the to date.", "from");
  return range;
}
