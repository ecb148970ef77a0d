import { describe, expect, it } from "vitest";
import { londonDayText } from "./londonDay.ts";

describe("londonDayText", () => {
  it("writes the day London is in, so a late evening in summer is already the next day", () => {
    const lateJuly1stUtc = new Date("2026-07-01T23:30:00Z"); // 00:30 on 2 July in London (BST)
    expect(londonDayText(lateJuly1stUtc)).toBe("2 July");
    expect(londonDayText(lateJuly1stUtc, { year: true })).toBe("2 July 2026");
    expect(londonDayText(new Date("2026-03-03T23:30:00Z"), { year: true })).toBe("3 March 2026"); // GMT: same day
  });
});
