import { ValidationError } from "./errors.ts";

/** £10,000,000: anything above is refused as absurd. */
export const MAX_AMOUNT_PENCE = 1_000_000_000;

/**
 * Parses pounds ("120", "120.5", "1,234.56", 120.5) to integer pence without floating-point
 * arithmetic. Refuses more than two decimals, zero, negatives, text and amounts over £10,000,000.
 */
export function parsePoundsToPence(input: unknown, label = "amount"): number {
  const text = typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : typeof input === "string" ? input : "";
  const cleaned = text.trim().replace(/^£/, "").replace(/,(?=\d{3}(\D|$))/g, "");
  if (/^-/.test(cleaned)) throw new ValidationError(`The ${label} must be more than £0.00.`, label);
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned);
  if (!match) {
    if (/^\d*\.\d{3,}$/.test(cleaned)) throw new ValidationError(`The ${label} can have at most two decimal places.`, label);
    throw new ValidationError(`Please enter a valid ${label} in pounds, for example 120.00.`, label);
  }
  const pence = Number(match[1] || "0") * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (pence <= 0) throw new ValidationError(`The ${label} must be more than £0.00.`, label);
  if (pence > MAX_AMOUNT_PENCE) throw new ValidationError(`The ${label} cannot be more than £10,000,000.00.`, label);
  return pence;
}

/** "1234.50": pounds with two decimals, for the REST answers. */
export function penceToPounds(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "£1,234.50", for emails and messages. */
export function formatPounds(pence: number): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(pence / 100);
}

/**
 * amount × numerator / denominator, rounded half-up to the penny, in exact integer arithmetic
 * (BigInt, so no intermediate product can lose precision).
 */
export function mulDivRoundHalfUp(amountPence: number, numerator: number, denominator: number): number {
  const product = BigInt(amountPence) * BigInt(numerator);
  const d = BigInt(denominator);
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = (abs * 2n + d) / (2n * d);
  return Number(negative ? -rounded : rounded);
}
