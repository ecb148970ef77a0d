import { z } from "zod";
import { ValidationError } from "../lib/errors.ts";
import { isInternationalForm, normalisePhone } from "../lib/phone.ts";
import { notAllowedMessage, TEXT_FIELDS, tooLongMessage } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";

export const REFERRAL_MESSAGES = {
  nameRequired: "Full name is required",
  nameTooLong: tooLongMessage(TEXT_FIELDS.referralName),
  nameNotAllowed: notAllowedMessage(TEXT_FIELDS.referralName),
  phoneRequired: "Phone number is required",
  phoneInvalid: notAllowedMessage(TEXT_FIELDS.referralPhone),
  phoneInvalidInternational: "Please enter a valid phone number in international form, for example +33 6 12 34 56 78",
  emailInvalid: notAllowedMessage(TEXT_FIELDS.referralEmail),
  addressTooLong: tooLongMessage(TEXT_FIELDS.address),
  addressNotAllowed: notAllowedMessage(TEXT_FIELDS.address),
} as const;

export interface ReferralInput {
  name: unknown;
  phone: unknown;
  email?: unknown;
  address?: unknown;
}

export interface ValidReferral {
  name: string;
  /** E.164, e.g. "+447400123456" or "+33612345678". */
  phone: string;
  /** Trimmed and lower-cased, or null. */
  email: string | null;
  address: string | null;
}

const emailFormat = z.email();

/** Name and phone required, email optional but valid, address optional; checked in that order, each by its rule (lib/textFields.ts). */
export function parseReferral(input: ReferralInput): ValidReferral {
  // Runs of spaces inside a name become one (tabs and line breaks were refused by the rule).
  const name = parseText(TEXT_FIELDS.referralName, input.name, "name").replace(/\s+/g, " ");
  if (!name) throw new ValidationError(REFERRAL_MESSAGES.nameRequired, "name");

  const phoneText = parseText(TEXT_FIELDS.referralPhone, input.phone, "phone");
  if (!phoneText) throw new ValidationError(REFERRAL_MESSAGES.phoneRequired, "phone");
  // A UK number as typed, or any country's in international form (lib/phone.ts); the refusal names the form tried.
  const phone = normalisePhone(phoneText);
  if (!phone)
    throw new ValidationError(
      isInternationalForm(phoneText) ? REFERRAL_MESSAGES.phoneInvalidInternational : REFERRAL_MESSAGES.phoneInvalid,
      "phone",
    );

  const emailText = parseText(TEXT_FIELDS.referralEmail, input.email, "email");
  const email = emailText ? normaliseEmail(emailText) : null;
  if (emailText && !email) throw new ValidationError(REFERRAL_MESSAGES.emailInvalid, "email");

  const address = parseText(TEXT_FIELDS.address, input.address, "address");

  return { name, phone, email, address: address || null };
}

// One rule for storing and for searching phones.
export { normalisePhone };

/** Trimmed and lower-cased, so one address is one person whatever the case; null when invalid. */
export function normaliseEmail(text: string): string | null {
  const email = text.trim().toLowerCase();
  if (email.length > 254 || !emailFormat.safeParse(email).success) return null;
  return email;
}
