import { Heading, Stack, Table, Text } from "@chakra-ui/react";
import { graphql } from "react-relay/hooks";
import type { AdminFraudSignalsQuery } from "../../../__generated__/AdminFraudSignalsQuery.graphql.ts";
import { ColumnHeader } from "../ColumnHeader.tsx";
import { CustomerStoryLink } from "../customer/CustomerStoryLink.tsx";
import { formatCount, NUMERIC } from "../format.ts";
import { useAdminQuery } from "../useAdminQuery.ts";
import { AdminReportButton } from "./AdminReportButton.tsx";
import { ChartWithTable } from "./ChartWithTable.tsx";
import { ReportBarChart } from "./ReportBarChart.tsx";
import type { ReportFormat } from "./reportDownload.ts";
import type { ReportRange } from "./reportRange.ts";

/**
 * Fraud signals over the report's range: per kind of signal, the referrals it flagged and what became
 * of them, as a chart, its table and a download of the same rows; then the customers with the most
 * flagged referrals (docs/rules/web-app.md, "Fraud signals on the pages").
 */
export function AdminFraudSignals({ range, format }: { range: ReportRange; format: ReportFormat }) {
  const { fraudSignalReport: report } = useAdminQuery<AdminFraudSignalsQuery>(
    graphql`
      query AdminFraudSignalsQuery($from: String!, $to: String!) {
        fraudSignalReport(from: $from, to: $to) {
          kinds {
            kind
            words
            flagged
            verified
            withdrawnOrDeclined
            held
            expired
            pending
          }
          customers {
            customerId
            name
            flagged
            verified
          }
        }
      }
    `,
    { from: range.from, to: range.to },
    "every-visit",
  );
  const rows = report.kinds;
  return (
    <Stack gap="3">
      <ChartWithTable
        title="Fraud signals"
        testId="fraud-signals"
        description={`From ${range.from} to ${range.to}: referrals added in the range that each kind of signal flagged, and what became of them.`}
        actions={
          <AdminReportButton report="fraud-signals" format={format} filters={{ from: range.from, to: range.to }}>
            Download fraud signals
          </AdminReportButton>
        }
        chart={
          <ReportBarChart
            category="words"
            series={[
              { name: "flagged", label: "Flagged", color: "amber.solid" },
              { name: "verified", label: "Verified", color: "green.solid" },
            ]}
            formatValue={formatCount}
            data={rows.map((row) => ({ words: row.words, flagged: row.flagged, verified: row.verified }))}
          />
        }
        rows={rows}
        rowKey={(row) => row.kind}
        columns={[
          { header: "Signal", cell: (row) => row.words },
          { header: "Flagged", numeric: true, cell: (row) => formatCount(row.flagged) },
          { header: "Verified", numeric: true, cell: (row) => formatCount(row.verified) },
          { header: "Withdrawn or declined", numeric: true, cell: (row) => formatCount(row.withdrawnOrDeclined) },
          { header: "Held", numeric: true, cell: (row) => formatCount(row.held) },
          { header: "Expired", numeric: true, cell: (row) => formatCount(row.expired) },
          { header: "Pending", numeric: true, cell: (row) => formatCount(row.pending) },
        ]}
      />
      <FlaggedCustomers customers={report.customers} />
    </Stack>
  );
}

type CustomerRow = AdminFraudSignalsQuery["response"]["fraudSignalReport"]["customers"][number];

/** The customers whose referrals were flagged in the range, most first: each a link to their page. */
function FlaggedCustomers({ customers }: { customers: readonly CustomerRow[] }) {
  return (
    <Stack
      as="section"
      aria-labelledby="flagged-customers-heading"
      gap="2"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      bg="bg.panel"
      p="4"
    >
      <Heading as="h3" size="sm" id="flagged-customers-heading">
        Customers with flagged referrals
      </Heading>
      {customers.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          No referral added in this period was flagged.
        </Text>
      ) : (
        <Table.ScrollArea tabIndex={0} role="region" aria-label="Customers with flagged referrals (table)">
          <Table.Root size="sm" data-testid="fraud-signal-customers">
            <Table.Header>
              <Table.Row>
                <ColumnHeader>Customer</ColumnHeader>
                <ColumnHeader numeric>Flagged referrals</ColumnHeader>
                <ColumnHeader numeric>Verified</ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {customers.map((customer) => (
                <Table.Row key={customer.customerId}>
                  <Table.Cell>
                    <CustomerStoryLink databaseId={customer.customerId}>{customer.name}</CustomerStoryLink>
                  </Table.Cell>
                  <Table.Cell {...NUMERIC}>{formatCount(customer.flagged)}</Table.Cell>
                  <Table.Cell {...NUMERIC}>{formatCount(customer.verified)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
