import { Box, Heading, HStack, Icon, NativeSelect, SegmentGroup, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { ChevronRight, Coins, type LucideIcon, PoundSterling, Share2, Users } from "lucide-react";
import { type ReactNode, Suspense, useDeferredValue, useState } from "react";
import { graphql } from "react-relay/hooks";
import type { AdminAnalyticsTabFunnelQuery } from "../../../__generated__/AdminAnalyticsTabFunnelQuery.graphql.ts";
import type { AdminAnalyticsTabQuery } from "../../../__generated__/AdminAnalyticsTabQuery.graphql.ts";
import type { AdminAnalyticsTabRevenueQuery } from "../../../__generated__/AdminAnalyticsTabRevenueQuery.graphql.ts";
import { formatCount, formatMoney } from "../format.ts";
import { TabSkeleton } from "../TabBoundary.tsx";
import { useAdminQuery } from "../useAdminQuery.ts";
import { AdminCancellationHistory } from "./AdminCancellationHistory.tsx";
import { AdminCustomerDetailsDialog } from "./AdminCustomerDetailsDialog.tsx";
import { AdminFraudSignals } from "./AdminFraudSignals.tsx";
import { AdminReferralChannels } from "./AdminReferralChannels.tsx";
import { AdminReferralDetailsDialog } from "./AdminReferralDetailsDialog.tsx";
import { AdminReportButton } from "./AdminReportButton.tsx";
import { AdminStaffAttribution } from "./AdminStaffAttribution.tsx";
import { ChartWithTable } from "./ChartWithTable.tsx";
import { ReportBarChart } from "./ReportBarChart.tsx";
import { ReportRangeControls } from "./ReportRangeControls.tsx";
import { REPORT_STATUSES, REPORTS, type ReportFormat, type ReportName } from "./reportDownload.ts";
import { bucketLabel, type ReportPeriod, type ReportRange } from "./reportRange.ts";

const COMPACT_POUNDS = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  notation: "compact",
  maximumFractionDigits: 1,
});

interface AdminAnalyticsTabProps {
  format: ReportFormat;
  /** The page's date range (kept while other tabs are open). */
  range: ReportRange;
  onRangeChange: (range: ReportRange) => void;
}

/**
 * Analytics: the programme's figures, then over the chosen period revenue and credits by week or
 * month, the referral funnel, referrals by channel and by staff member, fraud signals and the
 * cancellation history, and the downloads of that period.
 */
export function AdminAnalyticsTab({ format, range, onRangeChange }: AdminAnalyticsTabProps) {
  const { analytics } = useAdminQuery<AdminAnalyticsTabQuery>(
    graphql`
      query AdminAnalyticsTabQuery {
        analytics {
          totalCustomers
          verifiedCustomers
          totalReferrals
          purchasedReferrals
          conversionRate
          totalCreditsIssued {
            pence
          }
          totalPurchaseValue {
            pence
          }
          averagePurchaseValue {
            pence
          }
        }
      }
    `,
    {},
    "every-visit",
  );
  const [details, setDetails] = useState<"customers" | "referrals" | null>(null);
  const [period, setPeriod] = useState<ReportPeriod>("WEEK");
  // The figures of the last range stay on screen while the new range's load (no skeleton flash).
  const shownRange = useDeferredValue(range);
  const shownPeriod = useDeferredValue(period);

  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="3">
        <FigureCard
          icon={Users}
          title="Total Customers"
          value={formatCount(analytics.totalCustomers)}
          note={`${formatCount(analytics.verifiedCustomers)} verified`}
          onOpen={() => setDetails("customers")}
          openLabel="View customer details"
        />
        <FigureCard
          icon={Share2}
          title="Total Referrals"
          value={formatCount(analytics.totalReferrals)}
          note={`${analytics.conversionRate.toFixed(1)}% conversion rate (${formatCount(analytics.purchasedReferrals)} purchased)`}
          onOpen={() => setDetails("referrals")}
          openLabel="View referral details"
        />
        <FigureCard
          icon={Coins}
          title="Credits Issued"
          value={formatMoney(analytics.totalCreditsIssued.pence)}
          note="Net of cancelled purchases"
        />
        <FigureCard
          icon={PoundSterling}
          title="Purchase Value"
          value={formatMoney(analytics.totalPurchaseValue.pence)}
          note={`${formatMoney(analytics.averagePurchaseValue.pence)} average`}
        />
      </SimpleGrid>

      <ReportRangeControls range={range} onChange={onRangeChange} />

      <Suspense fallback={<TabSkeleton label="Loading revenue" />}>
        <RevenueChart range={shownRange} period={shownPeriod} selected={period} onPeriodChange={setPeriod} />
      </Suspense>
      <Suspense fallback={<TabSkeleton label="Loading the referral funnel" />}>
        <ReferralFunnelChart range={shownRange} />
      </Suspense>
      <Suspense fallback={<TabSkeleton label="Loading referrals by channel" />}>
        <AdminReferralChannels range={shownRange} format={format} />
      </Suspense>
      <Suspense fallback={<TabSkeleton label="Loading staff attribution" />}>
        <AdminStaffAttribution range={shownRange} format={format} />
      </Suspense>
      <Suspense fallback={<TabSkeleton label="Loading fraud signals" />}>
        <AdminFraudSignals range={shownRange} format={format} />
      </Suspense>
      <Suspense fallback={<TabSkeleton label="Loading cancellations" />}>
        <AdminCancellationHistory range={shownRange} />
      </Suspense>

      <Box
        as="section"
        aria-labelledby="downloads-heading"
        borderWidth="1px"
        borderColor="border.muted"
        borderRadius="xl"
        bg="bg.panel"
        p="4"
      >
        <Heading as="h2" size="md" id="downloads-heading" mb="1">
          Downloads
        </Heading>
        <Text textStyle="sm" color="fg.muted" mb="3">
          The rows of {range.from} to {range.to}, as {format.toUpperCase()} (change the format at the top of the page).
        </Text>
        <HStack gap="3" flexWrap="wrap" alignItems="end">
          {(Object.keys(REPORTS) as ReportName[]).map((report) => (
            <ReportDownload key={report} report={report} format={format} range={range} />
          ))}
        </HStack>
      </Box>

      <AdminCustomerDetailsDialog
        open={details === "customers"}
        onOpenChange={(open) => setDetails(open ? "customers" : null)}
      />
      <AdminReferralDetailsDialog
        open={details === "referrals"}
        onOpenChange={(open) => setDetails(open ? "referrals" : null)}
      />
    </Stack>
  );
}

/** Revenue and credits per week or month of the range, with the week/month switch. */
function RevenueChart({
  range,
  period,
  selected,
  onPeriodChange,
}: {
  range: ReportRange;
  period: ReportPeriod;
  selected: ReportPeriod;
  onPeriodChange: (period: ReportPeriod) => void;
}) {
  const { revenueByPeriod } = useAdminQuery<AdminAnalyticsTabRevenueQuery>(
    graphql`
      query AdminAnalyticsTabRevenueQuery($period: ReportPeriod!, $from: String!, $to: String!) {
        revenueByPeriod(period: $period, from: $from, to: $to) {
          start
          purchases
          revenue {
            pence
          }
          creditsIssued {
            pence
          }
          creditsReversed {
            pence
          }
        }
      }
    `,
    { period, from: range.from, to: range.to },
    "every-visit",
  );
  const unit = period === "WEEK" ? "Week" : "Month";
  return (
    <ChartWithTable
      title="Revenue and credits"
      testId="revenue-by-period"
      description={`Per ${unit.toLowerCase()} from ${range.from} to ${range.to} (UK time): live purchases' value and the credits given; empty ${unit.toLowerCase()}s show as zero.`}
      actions={
        <SegmentGroup.Root
          size="sm"
          value={selected}
          onValueChange={(details) => onPeriodChange(details.value === "MONTH" ? "MONTH" : "WEEK")}
          aria-label="Group by"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: "WEEK", label: "By week" },
              { value: "MONTH", label: "By month" },
            ]}
          />
        </SegmentGroup.Root>
      }
      chart={
        <ReportBarChart
          category="label"
          series={[
            { name: "revenue", label: "Revenue", color: "brand.solid" },
            { name: "credits", label: "Credits issued", color: "amber.solid" },
          ]}
          formatValue={(pounds) => COMPACT_POUNDS.format(pounds)}
          data={revenueByPeriod.map((bucket) => ({
            label: bucketLabel(bucket.start, period),
            // Drawn in pounds; the table gives the exact amounts.
            revenue: bucket.revenue.pence / 100,
            credits: bucket.creditsIssued.pence / 100,
          }))}
        />
      }
      rows={revenueByPeriod}
      rowKey={(bucket) => bucket.start}
      columns={[
        { header: unit, cell: (bucket) => bucketLabel(bucket.start, period) },
        { header: "Purchases", numeric: true, cell: (bucket) => formatCount(bucket.purchases) },
        { header: "Revenue", numeric: true, cell: (bucket) => formatMoney(bucket.revenue.pence) },
        { header: "Credits issued", numeric: true, cell: (bucket) => formatMoney(bucket.creditsIssued.pence) },
        { header: "Credits reversed", numeric: true, cell: (bucket) => formatMoney(bucket.creditsReversed.pence) },
      ]}
    />
  );
}

/** Referrals added in the range, then purchased, expired, withdrawn and still pending. */
function ReferralFunnelChart({ range }: { range: ReportRange }) {
  const { referralFunnel: funnel } = useAdminQuery<AdminAnalyticsTabFunnelQuery>(
    graphql`
      query AdminAnalyticsTabFunnelQuery($from: String!, $to: String!) {
        referralFunnel(from: $from, to: $to) {
          added
          purchased
          expired
          withdrawn
          pending
        }
      }
    `,
    { from: range.from, to: range.to },
    "every-visit",
  );
  const stages = [
    { stage: "Added", referrals: funnel.added },
    { stage: "Purchased", referrals: funnel.purchased },
    { stage: "Expired", referrals: funnel.expired },
    { stage: "Withdrawn", referrals: funnel.withdrawn },
    { stage: "Pending", referrals: funnel.pending },
  ];
  const share = (count: number) => (funnel.added === 0 ? "—" : `${((count * 100) / funnel.added).toFixed(1)}%`);
  return (
    <ChartWithTable
      title="Referral funnel"
      testId="referral-funnel"
      description={`Referrals added from ${range.from} to ${range.to}, and where they are now.`}
      chart={
        <ReportBarChart
          category="stage"
          series={[{ name: "referrals", label: "Referrals", color: "brand.solid" }]}
          formatValue={formatCount}
          data={stages}
        />
      }
      rows={stages}
      rowKey={(row) => row.stage}
      columns={[
        { header: "Stage", cell: (row) => row.stage },
        { header: "Referrals", numeric: true, cell: (row) => formatCount(row.referrals) },
        { header: "Share of added", numeric: true, cell: (row) => share(row.referrals) },
      ]}
    />
  );
}

/** One download of the range, with its status filter when the report has one. */
function ReportDownload({ report, format, range }: { report: ReportName; format: ReportFormat; range: ReportRange }) {
  const statuses = REPORT_STATUSES[report];
  const [status, setStatus] = useState("");
  return (
    <HStack gap="1">
      {statuses ? (
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label={`${REPORTS[report]} status`}
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value)}
          >
            <option value="">Any status</option>
            {Object.entries(statuses).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : null}
      <AdminReportButton
        report={report}
        format={format}
        filters={{ from: range.from, to: range.to, status: status || undefined }}
      >
        {REPORTS[report]}
      </AdminReportButton>
    </HStack>
  );
}

interface FigureCardProps {
  icon: LucideIcon;
  title: string;
  value: string;
  note: ReactNode;
  /** Cards with details open them when clicked. */
  onOpen?: () => void;
  openLabel?: string;
}

function FigureCard({ icon, title, value, note, onOpen, openLabel }: FigureCardProps) {
  const body = (
    <Stack gap="1" textAlign="start">
      <HStack justify="space-between">
        <Text textStyle="sm" color="fg.muted" fontWeight="medium">
          {title}
        </Text>
        <Icon as={icon} color="brand.fg" aria-hidden="true" />
      </HStack>
      <Text fontSize="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
      <Text textStyle="xs" color="fg.muted">
        {note}
      </Text>
      {onOpen ? (
        <HStack gap="1" color="brand.fg" textStyle="xs" fontWeight="medium">
          <span>{openLabel}</span>
          <ChevronRight size={14} aria-hidden="true" />
        </HStack>
      ) : null}
    </Stack>
  );
  const frame = {
    borderWidth: "1px",
    borderColor: "border.muted",
    borderRadius: "xl",
    bg: "bg.panel",
    p: "4",
    width: "full",
  } as const;
  if (!onOpen) {
    return (
      <Box {...frame} data-testid={`figure-${title}`}>
        {body}
      </Box>
    );
  }
  return (
    <Box
      as="button"
      {...frame}
      cursor="pointer"
      onClick={onOpen}
      aria-haspopup="dialog"
      data-testid={`figure-${title}`}
      _hover={{ borderColor: "brand.solid", boxShadow: "card" }}
      _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
    >
      {body}
    </Box>
  );
}
