// Reading the downloaded CSV files as a spreadsheet would (RFC 4180).
import { readFile } from "node:fs/promises";
import type { Download } from "@playwright/test";

/** Quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF (a lone LF is accepted too). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") endField();
    else if (char === "\r" && text[index + 1] === "\n") {
      endRow();
      index += 1;
    } else if (char === "\n") endRow();
    else field += char;
  }
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

export interface CsvFile {
  header: string[];
  records: Record<string, string>[];
}

/** Rows as objects keyed by the header line; every row must have the header's width. */
export function csvRecords(text: string): CsvFile {
  const [header = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, ""));
  for (const [index, cells] of rows.entries()) {
    if (cells.length !== header.length)
      throw new Error(`CSV row ${index + 2} has ${cells.length} cells, the header ${header.length}`);
  }
  return {
    header,
    records: rows.map((cells) => Object.fromEntries(header.map((column, index) => [column, cells[index] ?? ""]))),
  };
}

export async function downloadedText(download: Download): Promise<string> {
  return readFile(await download.path(), "utf8");
}
