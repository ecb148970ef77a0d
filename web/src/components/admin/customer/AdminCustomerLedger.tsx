import { Table, Text } from "@chakra-ui/react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminCustomerLedger_customer$key } from "../../../__generated__/AdminCustomerLedger_customer.graphql.ts";
import type { AdminCustomerLedgerPaginationQuery } from "../../../__generated__/AdminCustomerLedgerPaginationQuery.graphql.ts";
import { ADMIN_PAGE_SIZE } from "../adminLists.ts";
import { formatDateTime, formatMoney, NUMERIC, personName } from "../format.ts";
import { StorySection, StoryTable } from "./StorySection.tsx";

const HEADERS = [
  { label: "Date" },
  { label: "Entry" },
  { label: "Rate", numeric: true },
  { label: "Amount", numeric: true },
  { label: "Balance", numeric: true },
  { label: "By" },
] as const;

/** The credit ledger, newest first, each line with its rate and the balance after it. */
export function AdminCustomerLedger({ customer: customerKey }: { customer: AdminCustomerLedger_customer$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AdminCustomerLedgerPaginationQuery,
    AdminCustomerLedger_customer$key
  >(
    graphql`
      fragment AdminCustomerLedger_customer on Customer
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
      @refetchable(queryName: "AdminCustomerLedgerPaginationQuery") {
        creditLedger(first: $count, after: $cursor) @connection(key: "AdminCustomerLedger_creditLedger") {
          edges {
            node {
              databaseId
              kind
              ratePercent
              createdAt
              amount {
                pence
              }
              balance {
                pence
              }
              referral {
                databaseId
                name
              }
              actor {
                username
                firstName
                lastName
              }
            }
          }
        }
      }
    `,
    customerKey,
  );
  const lines = data.creditLedger.edges.map((edge) => edge.node);
  return (
    <StorySection
      id="story-ledger"
      title="Credit Ledger"
      summary="A credit for each verified purchase at the rate then in force, a reversal for each cancellation; the balance is the current credits after each line."
    >
      <StoryTable
        label="Credit ledger table"
        headers={HEADERS}
        empty="No credits yet: they appear when a referral's purchase is verified."
        rows={lines.length}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)}
      >
        {lines.map((line) => (
          <Table.Row key={line.databaseId} data-testid="ledger-line">
            <Table.Cell whiteSpace="nowrap">{formatDateTime(line.createdAt)}</Table.Cell>
            <Table.Cell minWidth="40">
              <Text fontWeight="medium">{line.kind === "CREDIT" ? "Credit" : "Reversal"}</Text>
              <Text textStyle="xs" color="fg.muted">
                {line.referral.name ?? `Referral #${line.referral.databaseId} (erased)`}
              </Text>
            </Table.Cell>
            <Table.Cell {...NUMERIC}>{line.ratePercent}</Table.Cell>
            <Table.Cell {...NUMERIC} color={line.amount.pence < 0 ? "fg.error" : undefined}>
              {formatMoney(line.amount.pence)}
            </Table.Cell>
            <Table.Cell {...NUMERIC} fontWeight="semibold">
              {formatMoney(line.balance.pence)}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{line.actor ? personName(line.actor) : "System"}</Table.Cell>
          </Table.Row>
        ))}
      </StoryTable>
    </StorySection>
  );
}
