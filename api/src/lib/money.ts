import { ValidationError } from "./errors.ts";

/** £10,000,000: anything above is refused as absurd. */
export const MAX_AMOUNT_PENCE = 1_000_000_000;

/**
 * Parses pounds ("120", "120.5", "1,234.56", 120.5) to integer pence without floating-point
 * arithmetic. Refuses more than two decimals, zero, negatives, text and amounts over £10,000,000.
 */
export function parsePoundsToPence(input: unknown, label = "amount"): number {
  const text =
    typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : typeof input === "string" ? input : "";
  const cleaned = text
    .trim()
    .replace(/^£/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  if (/^-/.test(cleaned)) throw new ValidationError(`The ${label} must be more than £0.00.`, label);
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned);
  if (!match) {
    if (/^\d*\.\d{3,}$/.test(cleaned))
      throw new ValidationError(`The ${label} can have at most two decimal places.`, label);
    throw new ValidationError(`Please enter a valid ${label} in pounds, for example 120.00.`, label);
  }
  const pence = Number(match[1] || "0") * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (pence <= 0) throw new ValidationError(`The ${label} must be more than £0.00.`, label);
  if (pence > MAX_AMOUNT_PENCE) throw new ValidationError(`The ${label} cannot be more than £10,000,000.00.`, label);
  return pence;
}

/**
 * Checks that an amount of pence is a whole number JavaScript (and JSON) holds exactly: at most
 * 2^53 − 1 either way. A sum beyond that would already have been rounded, so it is refused loudly.
 */
export function assertExactPence(pence: number): number {
  if (!Number.isSafeInteger(pence))
    throw new RangeError(`${pence} is not an exact whole number of pence (beyond ±${Number.MAX_SAFE_INTEGER})`);
  return pence;
}

/** "1234.50": pounds with two decimals, for the REST answers. Exact for every safe integer (no division in floating point). */
export function penceToPounds(pence: number): string {
  assertExactPence(pence);
  const abs = Math.abs(pence);
  const remainder = abs % 100;
  // (abs − remainder) is a multiple of 100, so the division is exact.
  return `${pence < 0 ? "-" : ""}${(abs - remainder) / 100}.${String(remainder).padStart(2, "0")}`;
}

/**
 * A PostgreSQL sum (bigint or numeric, which node-postgres hands over as text) as pence: exact, or
 * a RangeError when it is beyond what a JavaScript number holds exactly (Number() would round it).
 */
export function penceFromSum(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const exact = BigInt(value);
  if (exact > BigInt(Number.MAX_SAFE_INTEGER) || exact < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`The total ${exact} pence is beyond ±${Number.MAX_SAFE_INTEGER} and cannot be given exactly`);
  }
  return Number(exact);
}

// Made at the first use: the first currency formatter a browser makes loads its locale data, 40–70 ms
// unthrottled, which a page that shows no money should not pay (docs/performance.md, "Lighthouse on a phone").
let GBP: Intl.NumberFormat | undefined;

/** "£1,234.50", for emails and messages. Intl formats the exact decimal text, not a rounded float. */
export function formatPounds(pence: number): string {
  GBP ??= new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
  return GBP.format(penceToPounds(pence) as Intl.StringNumericLiteral);
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

/** 1100 → "11%", 1250 → "12.5%", 1 → "0.01%": exact, no floating point. */
export function formatBasisPointsAsPercent(basisPoints: number): string {
  const sign = basisPoints < 0 ? "-" : "";
  const abs = Math.abs(basisPoints);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}%`;
}
