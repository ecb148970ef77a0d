import { Box, Grid, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { graphql } from "react-relay/hooks";
import type { AdminSegmentsTabQuery } from "../../../__generated__/AdminSegmentsTabQuery.graphql.ts";
import { ColumnHeader } from "../ColumnHeader.tsx";
import { formatCount, NUMERIC } from "../format.ts";
import { useAdminQuery } from "../useAdminQuery.ts";
import { AdminReportButton } from "./AdminReportButton.tsx";
import { ReportBarChart } from "./ReportBarChart.tsx";
import type { ReportFormat } from "./reportDownload.ts";

const SEGMENT_RULES: Record<string, string> = {
  GETTING_STARTED: "No credits yet",
  LOW_PROGRESS: "Under 33% of their purchase",
  MEDIUM_PROGRESS: "33% to under 66%",
  HIGH_PROGRESS: "66% or more",
};

/** Customers: how many customers are in each progress segment, as a chart and as counts. */
export function AdminSegmentsTab({ format }: { format: ReportFormat }) {
  const { customerSegments } = useAdminQuery<AdminSegmentsTabQuery>(
    graphql`
      query AdminSegmentsTabQuery {
        customerSegments {
          segment
          name
          customers
        }
      }
    `,
    {},
    "every-visit",
  );
  const total = customerSegments.reduce((sum, segment) => sum + segment.customers, 0);

  return (
    <Stack gap="3">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Stack gap="0">
          <Heading as="h2" size="md">
            Customer Segments
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            {formatCount(total)} customers by progress towards their full refund
          </Text>
        </Stack>
        <AdminReportButton report="customers" format={format}>
          Export Customers
        </AdminReportButton>
      </HStack>
      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="5" alignItems="start">
        <Box borderWidth="1px" borderColor="border.muted" borderRadius="xl" bg="bg.panel" p="4">
          {/* The counts are in the table beside it, which screen readers read instead. */}
          <ReportBarChart
            category="segment"
            series={[{ name: "customers", label: "Customers", color: "amber.solid" }]}
            formatValue={formatCount}
            data={customerSegments.map((segment) => ({ segment: segment.name, customers: segment.customers }))}
          />
        </Box>
        <Table.Root size="sm" variant="outline" borderRadius="lg" overflow="hidden" data-testid="segment-counts">
          <Table.Header>
            <Table.Row>
              <ColumnHeader plain>Segment</ColumnHeader>
              <ColumnHeader plain numeric>
                Customers
              </ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {customerSegments.map((segment) => (
              <Table.Row key={segment.segment}>
                <Table.Cell>
                  <Text fontWeight="medium">{segment.name}</Text>
                  <Text textStyle="xs" color="fg.muted">
                    {SEGMENT_RULES[segment.segment] ?? ""}
                  </Text>
                </Table.Cell>
                <Table.Cell {...NUMERIC}>{formatCount(segment.customers)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Grid>
    </Stack>
  );
}
