import { Table, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay/hooks";
import type { AdminCustomerPayments_customer$key } from "../../../__generated__/AdminCustomerPayments_customer.graphql.ts";
import { formatDateTime, formatMoney, NUMERIC, personName } from "../format.ts";
import { StorySection, StoryTable } from "./StorySection.tsx";

const HEADERS = [
  { label: "Paid" },
  { label: "Milestone" },
  { label: "Amount", numeric: true },
  { label: "By" },
  { label: "Notes" },
] as const;

/** Milestone payments made, oldest first (at most three). */
export function AdminCustomerPayments({ customer: customerKey }: { customer: AdminCustomerPayments_customer$key }) {
  const customer = useFragment(
    graphql`
      fragment AdminCustomerPayments_customer on Customer {
        milestonePayments {
          id
          percent
          paidAt
          notes
          amount {
            pence
          }
          paidBy {
            username
            firstName
            lastName
          }
        }
      }
    `,
    customerKey,
  );
  const payments = customer.milestonePayments;
  return (
    <StorySection id="story-payments" title="Milestone Payments">
      <StoryTable
        label="Milestone payments table"
        headers={HEADERS}
        empty="No milestone has been paid yet."
        rows={payments.length}
        hasNext={false}
        isLoadingNext={false}
        onLoadMore={() => {}}
      >
        {payments.map((payment) => (
          <Table.Row key={payment.id} data-testid="story-payment">
            <Table.Cell whiteSpace="nowrap">{formatDateTime(payment.paidAt)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{payment.percent}% milestone</Table.Cell>
            <Table.Cell {...NUMERIC}>{formatMoney(payment.amount.pence)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{personName(payment.paidBy)}</Table.Cell>
            <Table.Cell minWidth="40">
              <Text textStyle="xs">{payment.notes ?? "—"}</Text>
            </Table.Cell>
          </Table.Row>
        ))}
      </StoryTable>
    </StorySection>
  );
}
