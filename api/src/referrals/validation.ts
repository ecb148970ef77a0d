import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import { ValidationError } from "../lib/errors.ts";

export const REFERRAL_MESSAGES = {
  nameRequired: "Full name is required",
  nameTooLong: "Full name must be at most 100 characters",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid UK phone number, for example 07400 123456",
  emailInvalid: "Please enter a valid email address",
  addressTooLong: "Address must be at most 500 characters",
} as const;

export interface ReferralInput {
  name: unknown;
  phone: unknown;
  email?: unknown;
  address?: unknown;
}

export interface ValidReferral {
  name: string;
  /** E.164, e.g. "+447400123456". */
  phone: string;
  /** Trimmed and lower-cased, or null. */
  email: string | null;
  address: string | null;
}

const emailFormat = z.email();

/** Name and phone required, email optional but valid, address optional; checked in that order. */
export function parseReferral(input: ReferralInput): ValidReferral {
  const name = typeof input.name === "string" ? input.name.trim().replace(/\s+/g, " ") : "";
  if (!name) throw new ValidationError(REFERRAL_MESSAGES.nameRequired, "name");
  if (name.length > 100) throw new ValidationError(REFERRAL_MESSAGES.nameTooLong, "name");

  const phoneText = typeof input.phone === "string" ? input.phone.trim() : "";
  if (!phoneText) throw new ValidationError(REFERRAL_MESSAGES.phoneRequired, "phone");
  const phone = normaliseUkPhone(phoneText);
  if (!phone) throw new ValidationError(REFERRAL_MESSAGES.phoneInvalid, "phone");

  const emailText = typeof input.email === "string" ? input.email.trim() : "";
  const email = emailText ? normaliseEmail(emailText) : null;
  if (emailText && !email) throw new ValidationError(REFERRAL_MESSAGES.emailInvalid, "email");

  const address = typeof input.address === "string" ? input.address.trim() : "";
  if (address.length > 500) throw new ValidationError(REFERRAL_MESSAGES.addressTooLong, "address");

  return { name, phone, email, address: address || null };
}

/**
 * A UK number (the +44 numbering plan, which also covers the Crown Dependencies) in E.164:
 * "07400 123456", "+44 7400 123456" and "0044 7400-123456" all become "+447400123456".
 */
export function normaliseUkPhone(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text, "GB");
  if (parsed?.countryCallingCode !== "44" || !parsed.isValid()) return null;
  return parsed.number;
}

/** Trimmed and lower-cased, so one address is one person whatever the case; null when invalid. */
export function normaliseEmail(text: string): string | null {
  const email = text.trim().toLowerCase();
  if (email.length > 254 || !emailFormat.safeParse(email).success) return null;
  return email;
}
