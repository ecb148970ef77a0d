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
            withdrawn
            expired
            pending
            held
          }
          customers {
            customerDatabaseId
            customerName
            flagged
            signals
            verified
            withdrawn
            expired
            pending
            held
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
        description={`From ${range.from} to ${range.to}: referrals added in the range that each kind of signal flagged, and what became of them (held ones are counted as pending too).`}
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
          { header: "Withdrawn", numeric: true, cell: (row) => formatCount(row.withdrawn) },
          { header: "Expired", numeric: true, cell: (row) => formatCount(row.expired) },
          { header: "Pending", numeric: true, cell: (row) => formatCount(row.pending) },
          { header: "Held", numeric: true, cell: (row) => formatCount(row.held) },
        ]}
      />
      <FlaggedCustomers customers={report.customers} />
    </Stack>
  );
}

type CustomerRow = AdminFraudSignalsQuery["response"]["fraudSignalReport"]["customers"][number];

/** The by-customer table's figures: its heading and the row's field. */
const CUSTOMER_FIGURES = [
  ["Flagged referrals", "flagged"],
  ["Signals", "signals"],
  ["Verified", "verified"],
  ["Withdrawn", "withdrawn"],
  ["Expired", "expired"],
  ["Pending", "pending"],
  ["Held", "held"],
] as const satisfies readonly (readonly [string, keyof CustomerRow])[];

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
                {CUSTOMER_FIGURES.map(([header]) => (
                  <ColumnHeader key={header} numeric>
                    {header}
                  </ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {customers.map((customer) => (
                <Table.Row key={customer.customerDatabaseId}>
                  <Table.Cell>
                    <CustomerStoryLink databaseId={customer.customerDatabaseId}>
                      {customer.customerName}
                    </CustomerStoryLink>
                  </Table.Cell>
                  {CUSTOMER_FIGURES.map(([header, field]) => (
                    <Table.Cell key={header} {...NUMERIC}>
                      {formatCount(customer[field])}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
