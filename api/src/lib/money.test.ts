import { GraphQLScalarType } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../compose/schema.ts";
import { formatPounds, mulDivRoundHalfUp, penceFromSum, penceToPounds } from "./money.ts";

const MAX = Number.MAX_SAFE_INTEGER; // 9,007,199,254,740,991 pence

describe("pence to pounds, exact up to 2^53 − 1", () => {
  it.each([
    [0, "0.00", "£0.00"],
    [5, "0.05", "£0.05"],
    [12_050, "120.50", "£120.50"],
    [-1_250, "-12.50", "-£12.50"],
    [2_147_483_647, "21474836.47", "£21,474,836.47"],
    [2_147_483_648, "21474836.48", "£21,474,836.48"],
    [8_999_999_739, "89999997.39", "£89,999,997.39"],
    // Dividing by 100 in floating point gives 90071992547409.906..., which shows as .90.
    [MAX, "90071992547409.91", "£90,071,992,547,409.91"],
    [MAX - 2, "90071992547409.89", "£90,071,992,547,409.89"],
    [-MAX, "-90071992547409.91", "-£90,071,992,547,409.91"],
  ])("%i pence is %s and %s", (pence, text, formatted) => {
    expect(penceToPounds(pence)).toBe(text);
    expect(formatPounds(pence)).toBe(formatted);
  });

  it("refuses what is not an exact whole number of pence instead of printing a rounded figure", () => {
    for (const bad of [MAX + 1, 2 ** 60, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => penceToPounds(bad)).toThrow(RangeError);
      expect(() => formatPounds(bad)).toThrow(RangeError);
    }
  });

  it("every value near the top of the range round-trips through its pounds text", () => {
    for (let pence = MAX - 1000; pence <= MAX; pence += 1) {
      const [whole, fraction] = penceToPounds(pence).split(".");
      expect(BigInt(whole!) * 100n + BigInt(fraction!)).toBe(BigInt(pence));
    }
  });
});

describe("sums read from PostgreSQL (bigint and numeric come as text)", () => {
  it("are exact up to 2^53 − 1, and refused beyond rather than rounded", () => {
    expect(penceFromSum("8999999739")).toBe(8_999_999_739);
    expect(penceFromSum(String(MAX))).toBe(MAX);
    expect(penceFromSum(`-${MAX}`)).toBe(-MAX);
    expect(penceFromSum(null)).toBe(0);
    expect(() => penceFromSum("9007199254740992")).toThrow(RangeError);
    expect(() => penceFromSum("9007199254740993")).toThrow(/beyond/);
  });

  it("average of a large total stays exact and half-up", () => {
    // (2^53 − 1) / 2 = 4503599627370495.5 → 4503599627370496 (half-up); floating point would lose the half.
    expect(mulDivRoundHalfUp(MAX, 1, 2)).toBe(4_503_599_627_370_496);
    expect(mulDivRoundHalfUp(8_999_999_739, 1, 9)).toBe(999_999_971);
  });
});

describe("the Pence scalar", () => {
  const pence = schema.getType("Pence") as GraphQLScalarType;

  it("is what Money.pence answers, and says its unit and range", () => {
    expect(pence).toBeInstanceOf(GraphQLScalarType);
    const moneyPence = (schema.getType("Money") as any).getFields().pence;
    expect(String(moneyPence.type)).toBe("Pence!");
    expect(pence.description).toContain("pence");
    expect(pence.description).toContain(String(MAX));
  });

  it("serialises every safe integer as a JSON number, and refuses anything else with a clear error", () => {
    expect(pence.serialize(MAX)).toBe(MAX);
    expect(pence.serialize(-MAX)).toBe(-MAX);
    expect(pence.serialize(2_147_483_648)).toBe(2_147_483_648);
    for (const bad of [MAX + 1, 0.5, "12", null]) expect(() => pence.serialize(bad)).toThrow(/Pence cannot represent/);
  });

  it("reads only safe integers as input", () => {
    expect(pence.parseValue(2 ** 40)).toBe(2 ** 40);
    for (const bad of [MAX + 1, 1.5, "100"]) expect(() => pence.parseValue(bad)).toThrow(/whole number/);
  });
});
