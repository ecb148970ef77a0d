import { describe, expect, it } from "vitest";
import { csvField, datedFileName, toCsv } from "./csv.ts";

describe("client CSV", () => {
  it("quotes fields with commas, quotes and line breaks, doubling the quotes (RFC 4180)", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("Smith, John")).toBe('"Smith, John"');
    expect(csvField('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvField("two\r\nlines")).toBe('"two\r\nlines"');
    expect(csvField("line\nfeed")).toBe('"line\nfeed"');
  });

  it("neutralises every cell a spreadsheet would run as a formula", () => {
    for (const dangerous of ["=SUM(A1)", "+447700900101", "-5", "@cmd", "\tTAB", "\rCR"]) {
      expect(csvField(dangerous).replace(/^"/, "").startsWith("'")).toBe(true);
    }
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvField("Safe = fine")).toBe("Safe = fine");
  });

  it("writes empty cells for null and undefined, and numbers and booleans as text", () => {
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(12)).toBe("12");
    expect(csvField(true)).toBe("true");
  });

  it("writes a header line and CRLF-terminated rows", () => {
    const csv = toCsv(["id", "name"] as const, [
      { id: 1, name: "Ann" },
      { id: 2, name: "Bo, Jr" },
    ]);
    expect(csv).toBe('id,name\r\n1,Ann\r\n2,"Bo, Jr"\r\n');
  });

  it("names files with the local date", () => {
    expect(datedFileName("customers", "csv", new Date(2025, 6, 8, 23, 59))).toBe("customers-2025-07-08.csv");
  });
});
