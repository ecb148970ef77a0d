import { Box, Grid, Heading, HStack, Icon, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { ChevronRight, Coins, type LucideIcon, PoundSterling, Share2, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { graphql } from "react-relay/hooks";
import type { AdminAnalyticsTabQuery } from "../../../__generated__/AdminAnalyticsTabQuery.graphql.ts";
import { formatCount, formatDate, formatMoney, NUMERIC } from "../format.ts";
import { useAdminQuery } from "../useAdminQuery.ts";
import { AdminBarChart } from "./AdminBarChart.tsx";
import { AdminCustomerDetailsDialog } from "./AdminCustomerDetailsDialog.tsx";
import { AdminReferralDetailsDialog } from "./AdminReferralDetailsDialog.tsx";
import { AdminReportButton } from "./AdminReportButton.tsx";
import { REPORTS, type ReportFormat, type ReportName } from "./reportDownload.ts";

/** Spec section 9: the reports page shows the first 10 revenue trends. */
const TREND_COUNT = 10;
const COMPACT_POUNDS = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  notation: "compact",
  maximumFractionDigits: 1,
});
const SHORT_DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short" });

/** Analytics: four figure cards (two open detail tables), revenue trends as a chart and a table, and the downloads. */
export function AdminAnalyticsTab({ format }: { format: ReportFormat }) {
  const { analytics, revenueTrends } = useAdminQuery<AdminAnalyticsTabQuery>(
    graphql`
      query AdminAnalyticsTabQuery($trendCount: Int!) {
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
        revenueTrends(first: $trendCount) {
          edges {
            node {
              amount {
                pence
              }
              credits {
                pence
              }
              date
            }
          }
        }
      }
    `,
    { trendCount: TREND_COUNT },
    "every-visit",
  );
  const [details, setDetails] = useState<"customers" | "referrals" | null>(null);
  // The server lists purchases as they were verified; shown by purchase date, newest first in the
  // table and left to right in time in the chart.
  const trends = revenueTrends.edges.map((edge) => edge.node).sort((a, b) => b.date.localeCompare(a.date));
  const chronological = [...trends].reverse();

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

      <Box
        as="section"
        aria-labelledby="revenue-trends-heading"
        borderWidth="1px"
        borderColor="border.muted"
        borderRadius="xl"
        bg="bg.panel"
        p="4"
      >
        <Heading as="h2" size="md" id="revenue-trends-heading" mb="3">
          Revenue Trends
        </Heading>
        {trends.length === 0 ? (
          <Text color="fg.muted">No verified purchases yet.</Text>
        ) : (
          <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="5" alignItems="start">
            <AdminBarChart
              title="Revenue trends"
              description={`Purchase amounts of the last ${trends.length} verified purchases, oldest on the left.`}
              data={chronological.map((trend) => ({
                label: SHORT_DATE.format(new Date(trend.date)),
                value: trend.amount.pence,
                valueLabel: COMPACT_POUNDS.format(trend.amount.pence / 100),
              }))}
            />
            <Table.Root size="sm" data-testid="revenue-trends-table">
              <Table.Caption captionSide="top" textAlign="start" color="fg.muted" pb="2">
                The last {trends.length} verified purchases, newest first
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader bg="bg.muted">Date</Table.ColumnHeader>
                  <Table.ColumnHeader bg="bg.muted" {...NUMERIC}>
                    Amount
                  </Table.ColumnHeader>
                  <Table.ColumnHeader bg="bg.muted" {...NUMERIC}>
                    Credit
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {trends.map((trend, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: trends have no id, and the list is replaced whole
                  <Table.Row key={index}>
                    <Table.Cell>{formatDate(trend.date)}</Table.Cell>
                    <Table.Cell {...NUMERIC}>{formatMoney(trend.amount.pence)}</Table.Cell>
                    <Table.Cell {...NUMERIC}>{formatMoney(trend.credits.pence)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Grid>
        )}
      </Box>

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
          Every row, as {format.toUpperCase()} (change the format at the top of the page).
        </Text>
        <HStack gap="2" flexWrap="wrap">
          {(Object.keys(REPORTS) as ReportName[]).map((report) => (
            <AdminReportButton key={report} report={report} format={format}>
              {REPORTS[report]}
            </AdminReportButton>
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
