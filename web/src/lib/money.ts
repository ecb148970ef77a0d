/*
 * Money typed by administrators, in the browser. Parsing and rounding are the server's own pure
 * functions (api/src/lib/money.ts), so a preview is exactly what will be credited; only what a form
 * needs besides them lives here.
 */

import { mulDivRoundHalfUp, parsePoundsToPence } from "../../../api/src/lib/money.ts";

const BASIS_POINTS_PER_WHOLE = 10_000;

/**
 * "120", "120.5", "120.50" or "1,234.56" → pence, as the server parses it; null where the server
 * would refuse it (blank, more than two decimals, zero, negative, not a number, over £10,000,000).
 */
export function poundsToPenceOrNull(text: string): number | null {
  try {
    return parsePoundsToPence(text);
  } catch {
    return null;
  }
}

/** amount × rate, rounded half-up to the penny, as the server credits it. */
export function creditForPurchase(amountPence: number, rateBasisPoints: number): number {
  return mulDivRoundHalfUp(amountPence, rateBasisPoints, BASIS_POINTS_PER_WHOLE);
}

/**
 * "11", "11%", "12.5" or "0.01" → basis points (1100, 1250, 1); null unless 0.01% to 100%. The
 * server takes whole basis points; typing a percentage is the form's.
 */
export function parsePercentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?%?$/.exec(text.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints >= 1 && basisPoints <= BASIS_POINTS_PER_WHOLE ? basisPoints : null;
}

/** 1100 → "11%", 1250 → "12.5%", 1 → "0.01%": the server's creditRatePercent text, from its own module. */
export { formatBasisPointsAsPercent as formatBasisPoints } from "../../../api/src/lib/money.ts";
