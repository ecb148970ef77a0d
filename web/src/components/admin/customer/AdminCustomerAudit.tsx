import { Table, Text } from "@chakra-ui/react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminCustomerAudit_customer$key } from "../../../__generated__/AdminCustomerAudit_customer.graphql.ts";
import type { AdminCustomerAuditPaginationQuery } from "../../../__generated__/AdminCustomerAuditPaginationQuery.graphql.ts";
import { ADMIN_PAGE_SIZE } from "../adminLists.ts";
import { formatDateTime } from "../format.ts";
import { StorySection, StoryTable } from "./StorySection.tsx";

const HEADERS = [{ label: "When" }, { label: "Action" }, { label: "About" }, { label: "Details" }] as const;

/** The audit entries about the customer, their account, referrals and payout requests, newest first. */
export function AdminCustomerAudit({ customer: customerKey }: { customer: AdminCustomerAudit_customer$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AdminCustomerAuditPaginationQuery,
    AdminCustomerAudit_customer$key
  >(
    graphql`
      fragment AdminCustomerAudit_customer on Customer
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
      @refetchable(queryName: "AdminCustomerAuditPaginationQuery") {
        auditEntries(first: $count, after: $cursor) @connection(key: "AdminCustomerAudit_auditEntries") {
          edges {
            node {
              id
              action
              resourceType
              resourceId
              resourceName
              details
              createdAt
            }
          }
        }
      }
    `,
    customerKey,
  );
  const entries = data.auditEntries.edges.map((edge) => edge.node);
  return (
    <StorySection id="story-audit" title="Audit Entries">
      <StoryTable
        label="Audit entries table"
        headers={HEADERS}
        empty="No audit entries about this customer."
        rows={entries.length}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)}
      >
        {entries.map((entry) => (
          <Table.Row key={entry.id} data-testid="story-audit-entry">
            <Table.Cell whiteSpace="nowrap">{formatDateTime(entry.createdAt)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{entry.action}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">
              {entry.resourceType} {entry.resourceId ?? ""}
              {entry.resourceName ? ` (${entry.resourceName})` : ""}
            </Table.Cell>
            <Table.Cell minWidth="64">
              <Text textStyle="xs" lineClamp={3} title={entry.details}>
                {entry.details || "—"}
              </Text>
            </Table.Cell>
          </Table.Row>
        ))}
      </StoryTable>
    </StorySection>
  );
}
