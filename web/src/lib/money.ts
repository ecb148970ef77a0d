/*
 * Money typed by administrators, in the browser: parsed to integer pence exactly (no floating
 * point), as the server does (api/src/lib/money.ts), so a preview matches what will be credited.
 */

const BASIS_POINTS_PER_WHOLE = 10_000n;
/** The server refuses more than £10,000,000 (docs/rules/money.md). */
export const MAX_AMOUNT_PENCE = 1_000_000_000;

/**
 * "120", "120.5", "120.50" or "1,234.56" → pence; null for anything else: blank, more than two
 * decimals, zero, negative, not a number, or over £10,000,000.
 */
export function parsePoundsToPence(text: string): number | null {
  const cleaned = text.trim().replace(/^£/, "").replaceAll(",", "");
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const pounds = match[1] ?? "0";
  const fraction = (match[2] ?? "").padEnd(2, "0");
  if (pounds.length > 9) return null;
  const pence = Number(pounds) * 100 + Number(fraction);
  return pence > 0 && pence <= MAX_AMOUNT_PENCE ? pence : null;
}

/** amount × rate, rounded half-up to the penny, as the server credits it. */
export function creditForPurchase(amountPence: number, rateBasisPoints: number): number {
  const product = BigInt(amountPence) * BigInt(rateBasisPoints);
  return Number((product * 2n + BASIS_POINTS_PER_WHOLE) / (2n * BASIS_POINTS_PER_WHOLE));
}

/** "11", "11%", "12.5" or "0.01" → basis points (1100, 1250, 1); null unless 0.01% to 100%. */
export function parsePercentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?%?$/.exec(text.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints >= 1 && basisPoints <= 10_000 ? basisPoints : null;
}

/** 1100 → "11%", 1250 → "12.5%", 1 → "0.01%". */
export function formatBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""}%`;
}
