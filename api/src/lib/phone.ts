import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * A phone number in E.164, or null when it is not a valid number. A number typed without a country
 * code is read as a UK one (the +44 numbering plan, which also covers the Crown Dependencies):
 * "07400 123456", "+44 7400 123456" and "0044 7400-123456" all become "+447400123456". Any other
 * country's number is taken in international form, "+" or "00" then its country code:
 * "+33 6 12 34 56 78" and "0033 6 12 34 56 78" both become "+33612345678".
 */
export function normalisePhone(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text, "GB");
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** Typed in international form ("+" or "00" first) for a country other than the UK: its refusal names that form. */
export function isInternationalForm(text: string): boolean {
  const compact = text.replace(/[\s().-]/g, "");
  return /^(\+|00)/.test(compact) && !/^(\+|00)44/.test(compact);
}
