/*
 * CSV files built in the browser (the customers and purchased-referrals exports): RFC 4180 (CRLF
 * line ends; a field holding a comma, a quote or a line break is quoted, its quotes doubled), and
 * safe to open in a spreadsheet: a cell that starts with = + - @, a tab, a carriage return or NUL
 * would run as a formula, so it gets an apostrophe in front (decisions.md, as the server's reports).
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r\0]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field as it appears in the file. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: a header line of the column names, then one line per row, each ending CRLF. */
export function toCsv<Column extends string>(columns: readonly Column[], rows: readonly Record<Column, CsvValue>[]): string {
  const lines = [columns.map(csvField).join(",")];
  for (const row of rows) lines.push(columns.map((column) => csvField(row[column])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** "customers-2025-07-28.csv": the name and the local date, as the server names its reports. */
export function datedFileName(name: string, extension: string, date: Date = new Date()): string {
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((part) => String(part).padStart(2, "0")).join("-");
  return `${name}-${day}.${extension}`;
}

/** Hands the browser a file to save, as a link with `download` would. */
export function saveFile(fileName: string, content: Blob | string, type = "text/csv;charset=utf-8"): void {
  const blob = typeof content === "string" ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
