import { ValidationError } from "../lib/errors.ts";
import { parsePoundsToPence } from "../lib/money.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { amountText, parseText } from "../lib/validation.ts";

/** The registration's messages, checked in its order (docs/rules/customers.md, "Complete registration"); the extra ones say what else went wrong. */
export const REGISTRATION_MESSAGES = {
  invalidAmount: "Invalid Amount: Please enter a valid purchase amount.",
  amountTooPrecise: "Invalid Amount: The purchase amount can have at most two decimal places.",
  amountTooLarge: "Invalid Amount: The purchase amount cannot be more than £10,000,000.00.",
  missingPostcode: "Missing Postcode: Please enter your postcode.",
  invalidPostcode: TEXT_FIELDS.postcode.notAllowed,
  missingContractNumber: "Missing Contract Number: Please enter your contract number.",
  contractNumberTooLong: TEXT_FIELDS.contractNumber.tooLong,
  contractNumberNotAllowed: TEXT_FIELDS.contractNumber.notAllowed,
  termsRequired: "Terms Required: Please accept the Terms and Conditions to continue.",
} as const;

export const CONTRACT_NUMBER_MAX_LENGTH = TEXT_FIELDS.contractNumber.max;

export interface RegistrationInput {
  originalPurchaseAmount: unknown;
  postcode: unknown;
  contractNumber: unknown;
  termsAccepted: unknown;
}

export interface ValidRegistration {
  originalPurchaseAmountPence: number;
  postcode: string;
  contractNumber: string;
}

/** Checks in the registration's order: amount, postcode, contract number, terms. The first problem wins. */
export function parseRegistration(input: RegistrationInput): ValidRegistration {
  const originalPurchaseAmountPence = parsePurchaseAmount(input.originalPurchaseAmount);
  const postcode = parsePostcode(input.postcode);
  const contractNumber = parseContractNumber(input.contractNumber);
  if (input.termsAccepted !== true) throw new ValidationError(REGISTRATION_MESSAGES.termsRequired, "termsAccepted");
  return { originalPurchaseAmountPence, postcode, contractNumber };
}

/** Trimmed; blank gets the field's "Missing …" message, the rest is checked by the field's rule (lib/textFields.ts). */
export function parseContractNumber(value: unknown): string {
  const contractNumber = parseText(TEXT_FIELDS.contractNumber, value, "contractNumber");
  if (!contractNumber) throw new ValidationError(REGISTRATION_MESSAGES.missingContractNumber, "contractNumber");
  return contractNumber;
}

/**
 * Pounds as typed ("120", "120.5", "1,234.56") to pence, by lib/money.ts's rules. Text, zero and
 * negatives get "Invalid Amount: Please enter a valid purchase amount."; a well-formed amount refused for its precision or size says so.
 */
export function parsePurchaseAmount(value: unknown): number {
  const typed = amountText(value);
  try {
    return parsePoundsToPence(typed, "originalPurchaseAmount");
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const text = (typeof typed === "number" ? String(typed) : typeof typed === "string" ? typed : "")
      .trim()
      .replace(/^£/, "")
      .replace(/,(?=\d{3}(\D|$))/g, "");
    if (/^\d*\.\d{3,}$/.test(text))
      throw new ValidationError(REGISTRATION_MESSAGES.amountTooPrecise, "originalPurchaseAmount");
    if (/^\d+(\.\d{1,2})?$/.test(text) && /[1-9]/.test(text))
      throw new ValidationError(REGISTRATION_MESSAGES.amountTooLarge, "originalPurchaseAmount");
    throw new ValidationError(REGISTRATION_MESSAGES.invalidAmount, "originalPurchaseAmount");
  }
}

// Outward code (A9, A99, A9A, AA9, AA99, AA9A) then inward code (9AA), with the letters Royal
// Mail allows in each position; GIR 0AA is the one historic exception.
const UK_POSTCODE =
  /^(?:([A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRV-Y])([0-9][ABD-HJLNP-UW-Z]{2})|(GIR)(0AA))$/;

/** "sw1a1aa" → "SW1A 1AA". Blank gets "Missing Postcode: …"; anything not a UK postcode is refused. */
export function parsePostcode(value: unknown): string {
  const compact = parseText(TEXT_FIELDS.postcode, value, "postcode").replace(/\s+/g, "").toUpperCase();
  if (!compact) throw new ValidationError(REGISTRATION_MESSAGES.missingPostcode, "postcode");
  const postcode = normaliseUkPostcode(compact);
  if (!postcode) throw new ValidationError(REGISTRATION_MESSAGES.invalidPostcode, "postcode");
  return postcode;
}

/** The canonical form ("SW1A 1AA"), or null when the text is not a UK postcode. */
export function normaliseUkPostcode(value: string): string | null {
  const match = UK_POSTCODE.exec(value.replace(/\s+/g, "").toUpperCase());
  if (!match) return null;
  return match[3] ? `${match[3]} ${match[4]}` : `${match[1]} ${match[2]}`;
}
