import { graphql } from "react-relay/hooks";
import type { AdminStaffAttributionQuery } from "../../../__generated__/AdminStaffAttributionQuery.graphql.ts";
import { formatCount } from "../format.ts";
import { conversion } from "../staffFigures.ts";
import { useAdminQuery } from "../useAdminQuery.ts";
import { AdminReportButton } from "./AdminReportButton.tsx";
import { ChartWithTable } from "./ChartWithTable.tsx";
import { ReportBarChart } from "./ReportBarChart.tsx";
import type { ReportFormat } from "./reportDownload.ts";
import type { ReportRange } from "./reportRange.ts";

/**
 * Referrals recorded by each member of staff over the report's range and the purchases verified on
 * them, as a chart, its table (with the conversion) and a download of the same rows.
 */
export function AdminStaffAttribution({ range, format }: { range: ReportRange; format: ReportFormat }) {
  const { staffAttributionReport: rows } = useAdminQuery<AdminStaffAttributionQuery>(
    graphql`
      query AdminStaffAttributionQuery($from: String!, $to: String!) {
        staffAttributionReport(from: $from, to: $to) {
          staffUserId
          name
          referrals
          verifiedPurchases
        }
      }
    `,
    { from: range.from, to: range.to },
    "every-visit",
  );
  return (
    <ChartWithTable
      title="Referrals by staff member"
      testId="staff-attribution"
      description={`From ${range.from} to ${range.to}: referrals each member of staff recorded for customers, and the purchases verified on them.`}
      actions={
        <AdminReportButton report="staff" format={format} filters={{ from: range.from, to: range.to }}>
          Download staff attribution
        </AdminReportButton>
      }
      chart={
        <ReportBarChart
          category="name"
          series={[
            { name: "referrals", label: "Referrals", color: "brand.solid" },
            { name: "verifiedPurchases", label: "Verified purchases", color: "green.solid" },
          ]}
          formatValue={formatCount}
          data={rows.map((row) => ({
            name: row.name,
            referrals: row.referrals,
            verifiedPurchases: row.verifiedPurchases,
          }))}
        />
      }
      rows={rows}
      rowKey={(row) => String(row.staffUserId)}
      columns={[
        { header: "Staff member", cell: (row) => row.name },
        { header: "Referrals", numeric: true, cell: (row) => formatCount(row.referrals) },
        { header: "Verified purchases", numeric: true, cell: (row) => formatCount(row.verifiedPurchases) },
        { header: "Conversion", numeric: true, cell: (row) => conversion(row.referrals, row.verifiedPurchases) },
      ]}
    />
  );
}
