import { datedFileName, saveFile } from "../../../lib/csv.ts";

/** The reports the server streams (GET /api/admin/reports/{name}). */
export const REPORTS = {
  customers: "Customers",
  "referral-details": "Referral Details",
  "purchased-referrals": "Purchased Referrals",
  "milestone-payments": "Milestone Payments",
  "audit-log": "Audit Log",
  "referral-channels": "Referrals by Channel",
  staff: "Staff Attribution",
  "fraud-signals": "Fraud Signals",
} as const;

export type ReportName = keyof typeof REPORTS;
export type ReportFormat = "csv" | "json";

/** The statuses a report filters by (the server's `?status=`), with their labels. */
export const REPORT_STATUSES: Partial<Record<ReportName, Record<string, string>>> = {
  customers: { pending: "Pending", verified: "Verified", rejected: "Rejected" },
  "referral-details": { pending: "Pending", purchased: "Purchased", expired: "Expired", withdrawn: "Withdrawn" },
};

/** The rows a download holds: days YYYY-MM-DD (inclusive, London time) and a status. */
export interface ReportFilters {
  from?: string;
  to?: string;
  status?: string;
}

/** `attachment; filename="customers-2025-07-28.csv"` → the file name. */
export function fileNameFromDisposition(header: string | null): string | null {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * Downloads a report in the chosen format and hands it to the browser as a file. A failure is
 * thrown with the app's error message (the status, a colon and a space, then the body), so the page
 * can show it: the original only logged it.
 */
export async function downloadReport(
  name: ReportName,
  format: ReportFormat,
  filters: ReportFilters = {},
): Promise<string> {
  const query = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  const response = await fetch(`/api/admin/reports/${name}?${query}`, { credentials: "include" });
  if (!response.ok) {
    const body = await response.text().catch(() => "");
    throw new Error(`${response.status}: ${body || response.statusText}`);
  }
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get("content-disposition")) ?? datedFileName(name, format);
  saveFile(fileName, blob);
  return fileName;
}
