/*
 * The one CSV rule (docs/rules/reports.md, "Exports (CSV)"), for the server's streamed reports and the browser's
 * exports alike. Pure: no Node or DOM API, so the web app imports this file as it is (it lives
 * under api/src because the API's build compiles only api/src).
 *
 * RFC 4180: records end with CRLF; a field holding a comma, a semicolon (the separator of
 * spreadsheets in many locales), a quote, a CR or a LF is quoted, its quotes doubled. A field a
 * spreadsheet would run as a formula (starting with = + - @, a tab, a CR or NUL) gets an apostrophe
 * in front (OWASP, CSV Injection).
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r\0]/;
const NEEDS_QUOTES = /[,;"\r\n]/;

/** One field as it appears in the file; null and undefined are empty. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included: the cells of `row` in the order of `columns`. */
export function csvLine<Column extends string>(
  columns: readonly Column[],
  row: Readonly<Partial<Record<Column, CsvValue>>>,
): string {
  return `${columns.map((column) => csvField(row[column])).join(",")}\r\n`;
}

/** The header record: the column names, through the same rule. */
export function csvHeader(columns: readonly string[]): string {
  return `${columns.map(csvField).join(",")}\r\n`;
}

/** A whole file: the header, then one record per row. */
export function toCsv<Column extends string>(
  columns: readonly Column[],
  rows: readonly Readonly<Partial<Record<Column, CsvValue>>>[],
): string {
  let text = csvHeader(columns);
  for (const row of rows) text += csvLine(columns, row);
  return text;
}
