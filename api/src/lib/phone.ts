import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * A UK number (the +44 numbering plan, which also covers the Crown Dependencies) in E.164:
 * "07400 123456", "+44 7400 123456" and "0044 7400-123456" all become "+447400123456".
 */
export function normaliseUkPhone(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text, "GB");
  if (parsed?.countryCallingCode !== "44" || !parsed.isValid()) return null;
  return parsed.number;
}

/**
 * Any valid number in E.164: UK numbers as typed ("0300 123 4567"), any other country in
 * international form ("+33 1 23 45 67 89", "0033 1 23 45 67 89"); null when not a valid number.
 */
export function normalisePhone(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text, "GB");
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** An E.164 number as people read it: UK numbers in national form ("0300 123 4567"), others international. */
export function formatPhoneForDisplay(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.countryCallingCode === "44" ? parsed.formatNational() : parsed.formatInternational();
}
