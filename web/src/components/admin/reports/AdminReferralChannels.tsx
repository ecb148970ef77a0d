import { graphql } from "react-relay/hooks";
import type {
  AdminReferralChannelsQuery,
  ReferralChannel,
} from "../../../__generated__/AdminReferralChannelsQuery.graphql.ts";
import { formatCount } from "../format.ts";
import { useAdminQuery } from "../useAdminQuery.ts";
import { AdminReportButton } from "./AdminReportButton.tsx";
import { ChartWithTable } from "./ChartWithTable.tsx";
import { ReportBarChart } from "./ReportBarChart.tsx";
import type { ReportFormat } from "./reportDownload.ts";
import type { ReportRange } from "./reportRange.ts";

/** How each channel reads in the reports (docs/rules/web-app.md, "Share links"). */
export const CHANNEL_LABELS: Partial<Record<ReferralChannel, string>> = {
  TYPED: "Typed by the customer",
  SHARE_LINK: "Share link",
  STAFF: "Staff",
};

const channelLabel = (channel: ReferralChannel) => CHANNEL_LABELS[channel] ?? channel;

/**
 * Referrals by how they were added over the report's range: referrals, verified purchases and (for
 * share links) link opens per channel, as a chart, its table and a download of the same rows.
 */
export function AdminReferralChannels({ range, format }: { range: ReportRange; format: ReportFormat }) {
  const { referralChannelReport: rows } = useAdminQuery<AdminReferralChannelsQuery>(
    graphql`
      query AdminReferralChannelsQuery($from: String!, $to: String!) {
        referralChannelReport(from: $from, to: $to) {
          channel
          referrals
          verifiedPurchases
          linkOpens
        }
      }
    `,
    { from: range.from, to: range.to },
    "every-visit",
  );
  return (
    <ChartWithTable
      title="Referrals by channel"
      testId="referral-channels"
      description={`From ${range.from} to ${range.to}: referrals added by each channel, their purchases verified in the range, and share-link opens.`}
      actions={
        <AdminReportButton report="referral-channels" format={format} filters={{ from: range.from, to: range.to }}>
          Download channels
        </AdminReportButton>
      }
      chart={
        <ReportBarChart
          category="channel"
          series={[
            { name: "referrals", label: "Referrals", color: "brand.solid" },
            { name: "verifiedPurchases", label: "Verified purchases", color: "green.solid" },
            { name: "linkOpens", label: "Link opens", color: "amber.solid" },
          ]}
          formatValue={formatCount}
          data={rows.map((row) => ({
            channel: channelLabel(row.channel),
            referrals: row.referrals,
            verifiedPurchases: row.verifiedPurchases,
            linkOpens: row.linkOpens,
          }))}
        />
      }
      rows={rows}
      rowKey={(row) => row.channel}
      columns={[
        { header: "Channel", cell: (row) => channelLabel(row.channel) },
        { header: "Referrals", numeric: true, cell: (row) => formatCount(row.referrals) },
        { header: "Verified purchases", numeric: true, cell: (row) => formatCount(row.verifiedPurchases) },
        { header: "Link opens", numeric: true, cell: (row) => formatCount(row.linkOpens) },
      ]}
    />
  );
}
