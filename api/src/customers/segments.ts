import type { Expression, RawBuilder } from "kysely";
import { sql } from "../db/query.ts";

/**
 * A customer's segment by progress towards the refund (credits / original purchase):
 * Getting Started: no credits yet; Low Progress: under 33%; Medium Progress: 33% to under 66%;
 * High Progress: 66% or more. The bounds are the first two milestones.
 */
export const SEGMENTS = [
  { key: "GETTING_STARTED", name: "Getting Started" },
  { key: "LOW_PROGRESS", name: "Low Progress" },
  { key: "MEDIUM_PROGRESS", name: "Medium Progress" },
  { key: "HIGH_PROGRESS", name: "High Progress" },
] as const;

export type SegmentKey = (typeof SEGMENTS)[number]["key"];

export const SEGMENT_NAMES = Object.fromEntries(SEGMENTS.map((s) => [s.key, s.name])) as Record<SegmentKey, string>;

export function customerSegment(purchasePence: number, creditsPence: number): SegmentKey {
  if (creditsPence <= 0) return "GETTING_STARTED";
  // credits / purchase compared with 33% and 66% in integers: no rounding at the bounds.
  if (creditsPence * 100 < purchasePence * 33) return "LOW_PROGRESS";
  if (creditsPence * 100 < purchasePence * 66) return "MEDIUM_PROGRESS";
  return "HIGH_PROGRESS";
}

/**
 * The same rule as one SQL expression, for filters and aggregates: `credits` and `purchase` in
 * pence. segments.test.ts proves it agrees with customerSegment at every bound.
 */
export function segmentOf(
  credits: Expression<number | string | bigint>,
  purchase: Expression<number | string | bigint>,
): RawBuilder<SegmentKey> {
  return sql<SegmentKey>`CASE
    WHEN ${credits} <= 0 THEN 'GETTING_STARTED'
    WHEN (${credits})::bigint * 100 < (${purchase})::bigint * 33 THEN 'LOW_PROGRESS'
    WHEN (${credits})::bigint * 100 < (${purchase})::bigint * 66 THEN 'MEDIUM_PROGRESS'
    ELSE 'HIGH_PROGRESS' END`;
}
