import { Badge, Table, Text } from "@chakra-ui/react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminCustomerEmails_customer$key } from "../../../__generated__/AdminCustomerEmails_customer.graphql.ts";
import type { AdminCustomerEmailsPaginationQuery } from "../../../__generated__/AdminCustomerEmailsPaginationQuery.graphql.ts";
import { EMAIL_TYPE_LABELS } from "../AdminEmailOutbox.tsx";
import { ADMIN_PAGE_SIZE } from "../adminLists.ts";
import { formatDateTime, NUMERIC } from "../format.ts";
import { StorySection, StoryTable } from "./StorySection.tsx";

const HEADERS = [
  { label: "Queued" },
  { label: "Email" },
  { label: "Status" },
  { label: "Attempts", numeric: true },
  { label: "Sent" },
  { label: "Last error" },
] as const;

const STATUS = {
  SENT: { palette: "green", label: "Sent" },
  PENDING: { palette: "amber", label: "Pending" },
  FAILED: { palette: "red", label: "Failed" },
} as const;

/** The emails sent to the customer's account and how sending went; their bodies are never shown. */
export function AdminCustomerEmails({ customer: customerKey }: { customer: AdminCustomerEmails_customer$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AdminCustomerEmailsPaginationQuery,
    AdminCustomerEmails_customer$key
  >(
    graphql`
      fragment AdminCustomerEmails_customer on Customer
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
      @refetchable(queryName: "AdminCustomerEmailsPaginationQuery") {
        emails(first: $count, after: $cursor) @connection(key: "AdminCustomerEmails_emails") {
          edges {
            node {
              databaseId
              type
              subject
              status
              attempts
              lastError
              sentAt
              createdAt
            }
          }
        }
      }
    `,
    customerKey,
  );
  const emails = data.emails.edges.map((edge) => edge.node);
  return (
    <StorySection id="story-emails" title="Emails">
      <StoryTable
        label="Emails table"
        headers={HEADERS}
        empty="No emails sent to this customer."
        rows={emails.length}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)}
      >
        {emails.map((email) => {
          const status = STATUS[email.status as keyof typeof STATUS] ?? STATUS.PENDING;
          return (
            <Table.Row key={email.databaseId} data-testid="story-email">
              <Table.Cell whiteSpace="nowrap">{formatDateTime(email.createdAt)}</Table.Cell>
              <Table.Cell minWidth="48">
                <Text fontWeight="medium">{email.subject}</Text>
                <Text textStyle="xs" color="fg.muted">
                  {EMAIL_TYPE_LABELS[email.type as keyof typeof EMAIL_TYPE_LABELS] ?? email.type}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={status.palette} variant="subtle">
                  {status.label}
                </Badge>
              </Table.Cell>
              <Table.Cell {...NUMERIC}>{email.attempts}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{email.sentAt ? formatDateTime(email.sentAt) : "—"}</Table.Cell>
              <Table.Cell minWidth="40">
                <Text textStyle="xs">{email.lastError ?? "—"}</Text>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </StoryTable>
    </StorySection>
  );
}
