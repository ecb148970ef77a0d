import { describe, expect, it } from "vitest";
import { formatCount } from "./format.ts";

describe("formatCount", () => {
  it("groups a whole number as en-GB's Intl.NumberFormat does, and leaves other numbers to it", () => {
    const intl = new Intl.NumberFormat("en-GB");
    for (const count of [
      0, 7, 42, 999, 1000, 12_345, 100_000, 1_234_567, 9_007_199_254_740_991, -1, -1234, 0.5, 1234.5,
    ])
      expect(formatCount(count)).toBe(intl.format(count));
  });
});
