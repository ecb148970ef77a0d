import { describe, expect, it } from "vitest";
import { parseTimestamp } from "./sql.ts";

describe("timestamps read by plain SQL", () => {
  it("reads PostgreSQL's timestamptz(3) text in UTC, with 0 to 3 fraction digits", () => {
    expect(parseTimestamp("2026-11-26 04:07:47.123+00").toISOString()).toBe("2026-11-26T04:07:47.123Z");
    expect(parseTimestamp("2026-11-26 04:07:47.12+00").toISOString()).toBe("2026-11-26T04:07:47.120Z");
    expect(parseTimestamp("2026-11-26 04:07:47.1+00").toISOString()).toBe("2026-11-26T04:07:47.100Z");
    expect(parseTimestamp("2026-02-28 23:59:59+00").toISOString()).toBe("2026-02-28T23:59:59.000Z");
    expect(parseTimestamp("2024-02-29 00:00:00.007+00").toISOString()).toBe("2024-02-29T00:00:00.007Z");
  });

  it("reads the same timestamps as JSON gives them (with a T and +00:00)", () => {
    expect(parseTimestamp("2026-11-26T04:07:47.12+00:00").toISOString()).toBe("2026-11-26T04:07:47.120Z");
    expect(parseTimestamp("2026-11-26T04:07:47+00:00").toISOString()).toBe("2026-11-26T04:07:47.000Z");
  });

  it("reads text in another zone, and leaves what it does not recognise to Date's own parser", () => {
    expect(parseTimestamp("2026-11-26 09:37:47.123+05:30").toISOString()).toBe("2026-11-26T04:07:47.123Z");
    expect(parseTimestamp("2026-11-26T09:37:47.123+05:30").toISOString()).toBe("2026-11-26T04:07:47.123Z");
    expect(parseTimestamp("0050-01-01 00:00:00+00").toISOString()).toBe("0050-01-01T00:00:00.000Z");
    expect(Number.isNaN(parseTimestamp("infinity").getTime())).toBe(true);
  });
});
