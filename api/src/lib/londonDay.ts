import { REPORT_TIME_ZONE } from "./reportDays.ts";

// The programme's day is London's (lib/reportDays.ts): every text that names a day writes it here, so the
// referral's expiry ("Expires on 3 March") and an administrator's reason ("Disabled on 3 March 2026") agree.
const DAY = { timeZone: REPORT_TIME_ZONE, day: "numeric", month: "long" } as const;
const DAY_MONTH = new Intl.DateTimeFormat("en-GB", DAY);
const DAY_MONTH_YEAR = new Intl.DateTimeFormat("en-GB", { ...DAY, year: "numeric" });

/** The day in London, written out: "3 March", or "3 March 2026" with the year. */
export function londonDayText(date: Date, options: { year?: boolean } = {}): string {
  return (options.year ? DAY_MONTH_YEAR : DAY_MONTH).format(date);
}
