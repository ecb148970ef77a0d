import { Button, type ButtonProps } from "@chakra-ui/react";
import { Download } from "lucide-react";
import { useState } from "react";
import { notifyFailure, notifySuccess } from "../../../notifications/notify.ts";
import { downloadReport, type ReportFilters, type ReportFormat, type ReportName } from "./reportDownload.ts";

interface AdminReportButtonProps extends Omit<ButtonProps, "onClick" | "children"> {
  report: ReportName;
  format: ReportFormat;
  /** Only these rows (the page's date range, a status). */
  filters?: ReportFilters;
  children: string;
}

/** Downloads one report in the page's chosen format; says so when it worked and why when not. */
export function AdminReportButton({ report, format, filters, children, ...buttonProps }: AdminReportButtonProps) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const fileName = await downloadReport(report, format, filters);
      notifySuccess("Export successful", `Downloaded ${fileName}.`);
    } catch (error) {
      notifyFailure("Export failed", error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={download} loading={busy} loadingText="Downloading..." {...buttonProps}>
      <Download aria-hidden="true" />
      {children}
      <span style={{ fontSize: "0.75em" }}>({format.toUpperCase()})</span>
    </Button>
  );
}
