import { Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { Award } from "lucide-react";
import { graphql } from "react-relay/hooks";
import type { AdminTopPerformersTabQuery } from "../../../__generated__/AdminTopPerformersTabQuery.graphql.ts";
import { AdminEmpty } from "../AdminEmpty.tsx";
import { ColumnHeader } from "../ColumnHeader.tsx";
import { formatMoney, NUMERIC } from "../format.ts";
import { useAdminQuery } from "../useAdminQuery.ts";
import { AdminReportButton } from "./AdminReportButton.tsx";
import type { ReportFormat } from "./reportDownload.ts";

/** The first 10 top performers (docs/rules/web-app.md). */
const TOP_PERFORMER_COUNT = 10;

/** Referrals: the customers who earned the most credit, and Export Details (the referral details report). */
export function AdminTopPerformersTab({ format }: { format: ReportFormat }) {
  const { topPerformers } = useAdminQuery<AdminTopPerformersTabQuery>(
    graphql`
      query AdminTopPerformersTabQuery($count: Int!) {
        topPerformers(first: $count) {
          edges {
            node {
              customerId
              customerName
              totalCredits {
                pence
              }
              purchasedReferrals
            }
          }
        }
      }
    `,
    { count: TOP_PERFORMER_COUNT },
    "every-visit",
  );
  const performers = topPerformers.edges.map((edge) => edge.node);

  return (
    <Stack gap="3">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Stack gap="0">
          <Heading as="h2" size="md">
            Top Performers
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            The {TOP_PERFORMER_COUNT} customers whose referrals earned the most credit
          </Text>
        </Stack>
        <AdminReportButton report="referral-details" format={format}>
          Export Details
        </AdminReportButton>
      </HStack>
      {performers.length === 0 ? (
        <AdminEmpty icon={Award} title="No credits earned yet">
          Customers appear here once a referral's purchase is verified.
        </AdminEmpty>
      ) : (
        <Table.Root size="sm" variant="outline" borderRadius="lg" overflow="hidden" data-testid="top-performers">
          <Table.Header>
            <Table.Row>
              <ColumnHeader plain numeric width="12">
                Rank
              </ColumnHeader>
              <ColumnHeader plain>Customer</ColumnHeader>
              <ColumnHeader plain numeric>
                Customer ID
              </ColumnHeader>
              <ColumnHeader plain numeric>
                Purchased Referrals
              </ColumnHeader>
              <ColumnHeader plain numeric>
                Total Credits
              </ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {performers.map((performer, index) => (
              <Table.Row key={performer.customerId}>
                <Table.Cell {...NUMERIC}>{index + 1}</Table.Cell>
                <Table.Cell fontWeight="medium">{performer.customerName}</Table.Cell>
                <Table.Cell {...NUMERIC}>{performer.customerId}</Table.Cell>
                <Table.Cell {...NUMERIC}>{performer.purchasedReferrals}</Table.Cell>
                <Table.Cell {...NUMERIC}>{formatMoney(performer.totalCredits.pence)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}
