/*
 * CSV files built in the browser (the customers and purchased-referrals exports). The cell rule and
 * the file builder are the server's (api/src/lib/csv.ts: RFC 4180, formula-safe), so a file saved
 * here and a report streamed by the server are written by the same code.
 */

export { type CsvValue, csvField, toCsv } from "../../../api/src/lib/csv.ts";

/** "customers-2025-07-28.csv": the name and the local date, as the server names its reports. */
export function datedFileName(name: string, extension: string, date: Date = new Date()): string {
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part) => String(part).padStart(2, "0"))
    .join("-");
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
