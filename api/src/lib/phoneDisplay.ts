/*
 * How a phone number is written for people: on the customers' and administrators' screens, in
 * emails and in the API's display texts (docs/rules/referrals.md, "Phone numbers"). The screens show
 * what it wrote, read from the `…PhoneDisplay` fields, so no page's JavaScript carries the library.
 * It uses libphonenumber's small ("min") metadata, which formats every country as the full one
 * does; validating what is stored is lib/phone.ts's.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * A stored (E.164) number as people read it: the +44 plan in national form ("07400 535077",
 * "020 7946 0958"), any other country in international form ("+33 6 12 34 56 78"). A number of a
 * length its country uses is grouped even in a range not yet allocated (Ofcom's drama numbers,
 * "07700 900123", which the demo uses); anything else is shown as it was given, never rewritten.
 */
export function formatPhone(text: string): string {
  const known = written.get(text);
  if (known !== undefined) return known;
  const parsed = parsePhoneNumberFromString(text, "GB");
  const display = !parsed?.isPossible()
    ? text
    : parsed.countryCallingCode === "44"
      ? parsed.formatNational()
      : parsed.formatInternational();
  // Lists and the dashboard write the same numbers on every read; parsing one costs tens of microseconds.
  if (written.size >= WRITTEN_LIMIT) written.clear();
  written.set(text, display);
  return display;
}

const WRITTEN_LIMIT = 20_000;
const written = new Map<string, string>();

/** The GraphQL description of every `…PhoneDisplay` field beside a stored phone. */
export const PHONE_DISPLAY_DESCRIPTION =
  'The same phone as people read it (formatPhone): UK numbers in national form ("07400 123456"), others international ("+33 6 12 34 56 78"); null when there is no phone.';
