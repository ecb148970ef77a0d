import { describe, expect, it } from "vitest";
import { formatBasisPointsAsPercent } from "../../../api/src/settings/index.ts";
import { creditForPurchase, formatBasisPoints, parsePercentToBasisPoints, poundsToPenceOrNull } from "./money.ts";

describe("pounds typed by administrators", () => {
  it("parses to exact pence", () => {
    expect(poundsToPenceOrNull("120")).toBe(12_000);
    expect(poundsToPenceOrNull("120.5")).toBe(12_050);
    expect(poundsToPenceOrNull("120.05")).toBe(12_005);
    expect(poundsToPenceOrNull(" £1,234.56 ")).toBe(123_456);
    expect(poundsToPenceOrNull("0.01")).toBe(1);
    expect(poundsToPenceOrNull("10000000")).toBe(1_000_000_000);
  });

  it("refuses blank, zero, negative, over two decimals, not a number and over £10,000,000", () => {
    for (const bad of ["", "0", "0.00", "-5", "1.005", "abc", "1e3", "10000000.01", "99999999999"])
      expect(poundsToPenceOrNull(bad)).toBeNull();
  });
});

describe("credit preview", () => {
  it("is amount × rate rounded half-up to the penny, exactly at the midpoints", () => {
    expect(creditForPurchase(100_000, 1100)).toBe(11_000);
    // 0.05 × 11% = 0.55p → 1p; 0.04 × 11% = 0.44p → 0p.
    expect(creditForPurchase(5, 1100)).toBe(1);
    expect(creditForPurchase(4, 1100)).toBe(0);
    // 12.5% of £100.04 = 1250.5p → 1251p.
    expect(creditForPurchase(10_004, 1250)).toBe(1251);
    expect(creditForPurchase(123_456, 1100)).toBe(13_580);
    expect(creditForPurchase(1_000_000_000, 10_000)).toBe(1_000_000_000);
  });
});

describe("credit rate as a percentage", () => {
  it("parses to basis points and formats back", () => {
    expect(parsePercentToBasisPoints("11")).toBe(1100);
    expect(parsePercentToBasisPoints("12.5%")).toBe(1250);
    expect(parsePercentToBasisPoints("0.01")).toBe(1);
    expect(parsePercentToBasisPoints("100")).toBe(10_000);
    for (const bad of ["0", "100.01", "abc", "1.234", ""]) expect(parsePercentToBasisPoints(bad)).toBeNull();
    expect(formatBasisPoints(1100)).toBe("11%");
    expect(formatBasisPoints(1250)).toBe("12.5%");
    expect(formatBasisPoints(1)).toBe("0.01%");
  });

  it("reads as the server's creditRatePercent for every rate an administrator can set", () => {
    for (let basisPoints = 1; basisPoints <= 10_000; basisPoints++)
      expect(formatBasisPoints(basisPoints)).toBe(formatBasisPointsAsPercent(basisPoints));
  });
});
