import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("formatDate", () => {
  it("writes a day as en-GB's Intl.DateTimeFormat does, in the browser's time zone", async () => {
    const { formatDate } = await import("./format.ts");
    const intl = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });
    for (let month = 0; month < 12; month++)
      for (const [day, hour] of [
        [1, 0],
        [9, 12],
        [28, 23],
      ] as const) {
        const iso = new Date(2025, month, day, hour, 30).toISOString();
        expect(formatDate(iso)).toBe(intl.format(new Date(iso)));
      }
    for (const iso of ["2024-02-29T12:00:00.000Z", "2025-12-31T23:59:59.999Z", "2026-03-29T00:30:00Z", "1999-01-01"])
      expect(formatDate(iso)).toBe(intl.format(new Date(iso)));
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });

  it("makes no date formatter, as the page loads or writes a day (a phone's first one costs tens of ms)", async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, "DateTimeFormat");
    const { formatDate } = await import("./format.ts");
    expect(formatDate("2025-07-28T14:05:00.000Z")).toMatch(/^\d{1,2} July 2025$/);
    expect(made).not.toHaveBeenCalled();
  });
});
