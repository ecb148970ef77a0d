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
