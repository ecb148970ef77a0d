/** The reports' date range: days YYYY-MM-DD, both inclusive, in London time (as the server reads them). */
export interface ReportRange {
  from: string;
  to: string;
}

export type ReportPeriod = "WEEK" | "MONTH";

const LONDON_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today in London, YYYY-MM-DD. */
export const londonToday = (now = new Date()) => LONDON_DAY.format(now);

/** The last 90 days, today included: the range the reports open with. */
export function defaultReportRange(now = new Date()): ReportRange {
  return { from: LONDON_DAY.format(new Date(now.getTime() - 89 * 24 * 60 * 60 * 1000)), to: londonToday(now) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why a range cannot be used, or null when it can (the server says the same in its own words). */
export function rangeProblem(range: ReportRange): string | null {
  if (!DAY.test(range.from)) return "Choose a from date.";
  if (!DAY.test(range.to)) return "Choose a to date.";
  if (range.from > range.to) return "The from date must not be after the to date.";
  return null;
}

const BUCKET_DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const BUCKET_MONTH = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });

/** A bucket's label: "w/c 6 Apr" for a week, "Apr 2026" for a month. */
export function bucketLabel(start: string, period: ReportPeriod): string {
  const date = new Date(`${start}T00:00:00Z`);
  return period === "WEEK" ? `w/c ${BUCKET_DAY.format(date)}` : BUCKET_MONTH.format(date);
}
