import { ValidationError } from "../lib/errors.ts";
import { parsePoundsToPence } from "../lib/money.ts";

/** The spec's messages (section 5), checked in the spec's order; the extra ones say what else went wrong. */
export const REGISTRATION_MESSAGES = {
  invalidAmount: "Invalid Amount: Please enter a valid purchase amount.",
  amountTooPrecise: "Invalid Amount: The purchase amount can have at most two decimal places.",
  amountTooLarge: "Invalid Amount: The purchase amount cannot be more than £10,000,000.00.",
  missingPostcode: "Missing Postcode: Please enter your postcode.",
  invalidPostcode: "Invalid Postcode: Please enter a valid UK postcode, for example SW1A 1AA.",
  missingContractNumber: "Missing Contract Number: Please enter your contract number.",
  contractNumberTooLong: "Invalid Contract Number: The contract number can be at most 64 characters.",
  termsRequired: "Terms Required: Please accept the Terms and Conditions to continue.",
} as const;

export const CONTRACT_NUMBER_MAX_LENGTH = 64;

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

/** Checks in the spec's order: amount, postcode, contract number, terms. The first problem wins. */
export function parseRegistration(input: RegistrationInput): ValidRegistration {
  const originalPurchaseAmountPence = parsePurchaseAmount(input.originalPurchaseAmount);
  const postcode = parsePostcode(input.postcode);
  const contractNumber = typeof input.contractNumber === "string" ? input.contractNumber.trim() : "";
  if (!contractNumber) throw new ValidationError(REGISTRATION_MESSAGES.missingContractNumber, "contractNumber");
  if (contractNumber.length > CONTRACT_NUMBER_MAX_LENGTH) throw new ValidationError(REGISTRATION_MESSAGES.contractNumberTooLong, "contractNumber");
  if (input.termsAccepted !== true) throw new ValidationError(REGISTRATION_MESSAGES.termsRequired, "termsAccepted");
  return { originalPurchaseAmountPence, postcode, contractNumber };
}

/**
 * Pounds as typed ("120", "120.5", "1,234.56") to pence, by lib/money.ts's rules. Text, zero and
 * negatives get the spec's message; a well-formed amount refused for its precision or size says so.
 */
export function parsePurchaseAmount(value: unknown): number {
  try {
    return parsePoundsToPence(value, "originalPurchaseAmount");
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const text = (typeof value === "number" ? String(value) : typeof value === "string" ? value : "")
      .trim()
      .replace(/^£/, "")
      .replace(/,(?=\d{3}(\D|$))/g, "");
    if (/^\d*\.\d{3,}$/.test(text)) throw new ValidationError(REGISTRATION_MESSAGES.amountTooPrecise, "originalPurchaseAmount");
    if (/^\d+(\.\d{1,2})?$/.test(text) && /[1-9]/.test(text)) throw new ValidationError(REGISTRATION_MESSAGES.amountTooLarge, "originalPurchaseAmount");
    throw new ValidationError(REGISTRATION_MESSAGES.invalidAmount, "originalPurchaseAmount");
  }
}

// Outward code (A9, A99, A9A, AA9, AA99, AA9A) then inward code (9AA), with the letters Royal
// Mail allows in each position; GIR 0AA is the one historic exception.
const UK_POSTCODE =
  /^(?:([A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRV-Y])([0-9][ABD-HJLNP-UW-Z]{2})|(GIR)(0AA))$/;

/** "sw1a1aa" → "SW1A 1AA". Blank gets the spec's message; anything not a UK postcode is refused. */
export function parsePostcode(value: unknown): string {
  const compact = typeof value === "string" ? value.replace(/\s+/g, "").toUpperCase() : "";
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
