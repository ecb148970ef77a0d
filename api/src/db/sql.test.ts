import { describe, expect, it } from "vitest";
import { parseUtcTimestamp } from "./sql.ts";

describe("timestamps read by plain SQL", () => {
  it("reads PostgreSQL's timestamp(3) text as UTC, with 0 to 3 fraction digits", () => {
    expect(parseUtcTimestamp("2026-11-26 04:07:47.123").toISOString()).toBe("2026-11-26T04:07:47.123Z");
    expect(parseUtcTimestamp("2026-11-26 04:07:47.12").toISOString()).toBe("2026-11-26T04:07:47.120Z");
    expect(parseUtcTimestamp("2026-11-26 04:07:47.1").toISOString()).toBe("2026-11-26T04:07:47.100Z");
    expect(parseUtcTimestamp("2026-02-28 23:59:59").toISOString()).toBe("2026-02-28T23:59:59.000Z");
    expect(parseUtcTimestamp("2024-02-29 00:00:00.007").toISOString()).toBe("2024-02-29T00:00:00.007Z");
  });

  it("reads the same timestamps as JSON gives them (with a T)", () => {
    expect(parseUtcTimestamp("2026-11-26T04:07:47.12").toISOString()).toBe("2026-11-26T04:07:47.120Z");
    expect(parseUtcTimestamp("2026-11-26T04:07:47").toISOString()).toBe("2026-11-26T04:07:47.000Z");
  });

  it("leaves what it does not recognise to Date's own parser", () => {
    expect(parseUtcTimestamp("0050-01-01 00:00:00").toISOString()).toBe("0050-01-01T00:00:00.000Z");
    expect(Number.isNaN(parseUtcTimestamp("infinity").getTime())).toBe(true);
  });
});
