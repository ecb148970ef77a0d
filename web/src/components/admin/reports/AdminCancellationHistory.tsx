import { Box, Heading, Stack, Table, Text } from "@chakra-ui/react";
import { Undo2 } from "lucide-react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminCancellationHistory_query$key } from "../../../__generated__/AdminCancellationHistory_query.graphql.ts";
import type { AdminCancellationHistoryPaginationQuery } from "../../../__generated__/AdminCancellationHistoryPaginationQuery.graphql.ts";
import type { AdminCancellationHistoryQuery } from "../../../__generated__/AdminCancellationHistoryQuery.graphql.ts";
import { AdminEmpty } from "../AdminEmpty.tsx";
import { ColumnHeader } from "../ColumnHeader.tsx";
import { formatCount, formatDateTime, formatMoney, NUMERIC } from "../format.ts";
import { LoadMore, ScrollList } from "../ScrollList.tsx";
import { useAdminQuery } from "../useAdminQuery.ts";
import type { ReportRange } from "./reportRange.ts";

const PAGE_SIZE = 20;

/** Purchases cancelled in the range, newest first: who, when, the amount, the credit reversed and why. */
export function AdminCancellationHistory({ range }: { range: ReportRange }) {
  const query = useAdminQuery<AdminCancellationHistoryQuery>(
    graphql`
      query AdminCancellationHistoryQuery($count: Int!, $from: String, $to: String) {
        ...AdminCancellationHistory_query @arguments(count: $count, from: $from, to: $to)
      }
    `,
    { count: PAGE_SIZE, from: range.from, to: range.to },
    "every-visit",
  );
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AdminCancellationHistoryPaginationQuery,
    AdminCancellationHistory_query$key
  >(
    graphql`
      fragment AdminCancellationHistory_query on Query
      @argumentDefinitions(
        count: { type: "Int!" }
        cursor: { type: "String" }
        from: { type: "String" }
        to: { type: "String" }
      )
      @refetchable(queryName: "AdminCancellationHistoryPaginationQuery") {
        purchaseCancellations(first: $count, after: $cursor, from: $from, to: $to)
          @connection(key: "AdminCancellationHistory_purchaseCancellations") {
          edges {
            node {
              purchaseId
              customerName
              referralName
              amount {
                pence
              }
              creditReversed {
                pence
              }
              cancelledAt
              cancelledBy
              reason
            }
          }
        }
      }
    `,
    query,
  );
  const rows = data.purchaseCancellations.edges.map((edge) => edge.node);

  return (
    <Box
      as="section"
      aria-labelledby="cancellations-heading"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      bg="bg.panel"
      p="4"
    >
      <Stack gap="2">
        <Stack gap="0">
          <Heading as="h2" size="md" id="cancellations-heading">
            Cancellation history
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            Purchases cancelled from {range.from} to {range.to}, newest first
          </Text>
        </Stack>
        {rows.length === 0 ? (
          <AdminEmpty icon={Undo2} title="No purchases were cancelled in this period" />
        ) : (
          <>
            <ScrollList label="Cancellation history">
              <Table.Root size="sm" stickyHeader data-testid="cancellation-history">
                <Table.Header>
                  <Table.Row>
                    <ColumnHeader>Cancelled</ColumnHeader>
                    <ColumnHeader>By</ColumnHeader>
                    <ColumnHeader>Customer</ColumnHeader>
                    <ColumnHeader>Referral</ColumnHeader>
                    <ColumnHeader numeric>Amount</ColumnHeader>
                    <ColumnHeader numeric>Credit reversed</ColumnHeader>
                    <ColumnHeader>Reason</ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((row) => (
                    <Table.Row key={row.purchaseId} verticalAlign="top">
                      <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                        {formatDateTime(row.cancelledAt)}
                      </Table.Cell>
                      <Table.Cell>{row.cancelledBy ?? "—"}</Table.Cell>
                      <Table.Cell>{row.customerName}</Table.Cell>
                      <Table.Cell>{row.referralName ?? "(erased)"}</Table.Cell>
                      <Table.Cell {...NUMERIC}>{formatMoney(row.amount.pence)}</Table.Cell>
                      <Table.Cell {...NUMERIC}>{formatMoney(row.creditReversed.pence)}</Table.Cell>
                      <Table.Cell minWidth="48">{row.reason ?? "—"}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </ScrollList>
            <LoadMore
              hasNext={hasNext}
              isLoadingNext={isLoadingNext}
              onLoadMore={() => loadNext(PAGE_SIZE)}
              status={`${formatCount(rows.length)} cancellations shown`}
            />
          </>
        )}
      </Stack>
    </Box>
  );
}
