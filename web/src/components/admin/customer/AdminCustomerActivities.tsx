import { Table } from "@chakra-ui/react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminCustomerActivities_customer$key } from "../../../__generated__/AdminCustomerActivities_customer.graphql.ts";
import type { AdminCustomerActivitiesPaginationQuery } from "../../../__generated__/AdminCustomerActivitiesPaginationQuery.graphql.ts";
import { ADMIN_PAGE_SIZE } from "../adminLists.ts";
import { formatDateTime, formatMoney, NUMERIC } from "../format.ts";
import { StorySection, StoryTable } from "./StorySection.tsx";

const HEADERS = [{ label: "When" }, { label: "Activity" }, { label: "Amount", numeric: true }] as const;

/** The customer's activity feed, as they see it on their dashboard, newest first. */
export function AdminCustomerActivities({ customer: customerKey }: { customer: AdminCustomerActivities_customer$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AdminCustomerActivitiesPaginationQuery,
    AdminCustomerActivities_customer$key
  >(
    graphql`
      fragment AdminCustomerActivities_customer on Customer
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
      @refetchable(queryName: "AdminCustomerActivitiesPaginationQuery") {
        activities(first: $count, after: $cursor) @connection(key: "AdminCustomerActivities_activities") {
          edges {
            node {
              id
              description
              createdAt
              amount {
                pence
              }
            }
          }
        }
      }
    `,
    customerKey,
  );
  const activities = data.activities.edges.map((edge) => edge.node);
  return (
    <StorySection id="story-activities" title="Activities">
      <StoryTable
        label="Activities table"
        headers={HEADERS}
        empty="No activity yet."
        rows={activities.length}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)}
      >
        {activities.map((activity) => (
          <Table.Row key={activity.id}>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(activity.createdAt)}</Table.Cell>
            <Table.Cell minWidth="48">{activity.description}</Table.Cell>
            <Table.Cell {...NUMERIC}>{activity.amount ? formatMoney(activity.amount.pence) : "—"}</Table.Cell>
          </Table.Row>
        ))}
      </StoryTable>
    </StorySection>
  );
}
