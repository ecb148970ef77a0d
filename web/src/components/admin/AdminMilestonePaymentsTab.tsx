import { Checkbox, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Trophy } from "lucide-react";
import { Suspense, useState, useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminMilestonePaymentsTab_query$key } from "../../__generated__/AdminMilestonePaymentsTab_query.graphql.ts";
import type { AdminMilestonePaymentsTabPaginationQuery } from "../../__generated__/AdminMilestonePaymentsTabPaginationQuery.graphql.ts";
import type { AdminMilestonePaymentsTabQuery } from "../../__generated__/AdminMilestonePaymentsTabQuery.graphql.ts";
import { AdminCount } from "./AdminCounts.tsx";
import { AdminEmpty } from "./AdminEmpty.tsx";
import { AdminMilestoneCustomerCard } from "./AdminMilestoneCustomerCard.tsx";
import { AdminPayoutRequests, PAYOUT_REQUESTS_SHOWN, usePendingPayoutKeys } from "./AdminPayoutRequests.tsx";
import { AdminNoMatch, AdminSearchBox, useInitialSearch, useListSearch } from "./AdminSearchBox.tsx";
import { ADMIN_PAGE_SIZE } from "./adminLists.ts";
import { formatCount } from "./format.ts";
import { LoadMore, ScrollList } from "./ScrollList.tsx";
import { useAdminQuery } from "./useAdminQuery.ts";
import { useRefocus } from "./useRefocus.ts";

/** Tab 3, Milestone Payments: verified customers with a milestone ready to be paid. */
export function AdminMilestonePaymentsTab() {
  const initialSearch = useInitialSearch();
  const query = useAdminQuery<AdminMilestonePaymentsTabQuery>(
    graphql`
      query AdminMilestonePaymentsTabQuery($count: Int!, $requestCount: Int!, $search: String) {
        ...AdminMilestonePaymentsTab_query @arguments(count: $count, search: $search)
        ...AdminPayoutRequests_query @arguments(count: $requestCount)
        programme {
          payoutApprovalThreshold {
            pence
          }
        }
      }
    `,
    { count: ADMIN_PAGE_SIZE, requestCount: PAYOUT_REQUESTS_SHOWN, search: initialSearch },
  );
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    AdminMilestonePaymentsTabPaginationQuery,
    AdminMilestonePaymentsTab_query$key
  >(
    graphql`
      fragment AdminMilestonePaymentsTab_query on Query
      @argumentDefinitions(
        count: { type: "Int!" }
        cursor: { type: "String" }
        search: { type: "String" }
        requested: { type: "Boolean" }
      )
      @refetchable(queryName: "AdminMilestonePaymentsTabPaginationQuery") {
        pendingMilestonePayments(first: $count, after: $cursor, search: $search, requested: $requested)
          @connection(key: "AdminMilestonePayments_pendingMilestonePayments", filters: ["search", "requested"]) {
          __id
          edges {
            node {
              customerName
              email
              availableMilestones {
                key
                description
              }
              customer {
                id
                ...AdminMilestoneCustomerCard_customer
              }
            }
          }
        }
      }
    `,
    query,
  );
  const items = data.pendingMilestonePayments.edges.map((edge) => edge.node);
  const [listRef, refocus] = useRefocus<HTMLDivElement>();
  const { search, pending, onSearch } = useListSearch(initialSearch, refetch);
  const [requestedOnly, setRequestedOnly] = useState(false);
  const [filtering, startFiltering] = useTransition();
  const onRequestedOnly = (next: boolean) => {
    setRequestedOnly(next);
    startFiltering(() => {
      refetch({ requested: next ? true : null }, { fetchPolicy: "network-only" });
    });
  };
  const payouts = usePendingPayoutKeys(query);
  const thresholdPence = query.programme.payoutApprovalThreshold.pence;
  const requests = <AdminPayoutRequests query={query} milestonesConnectionId={data.pendingMilestonePayments.__id} />;

  if (items.length === 0 && search === null && !requestedOnly) {
    return (
      <Stack gap="4">
        {requests}
        <AdminEmpty icon={Trophy} title="No Pending Milestone Payments">
          Customers appear here when their credits reach 33%, 66% or 100% of their original purchase.
        </AdminEmpty>
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      {requests}
      <Stack gap="2">
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            Milestone Payments
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            {formatCount(items.length)}
            {hasNext ? "+" : ""} {items.length === 1 ? "customer" : "customers"} with a milestone ready
          </Text>
        </HStack>
        <AdminSearchBox
          label="Search customers with a milestone ready"
          placeholder="Name, email, postcode, contract number..."
          onSearch={onSearch}
          pending={pending}
        />
        <Checkbox.Root
          checked={requestedOnly}
          onCheckedChange={(details) => onRequestedOnly(details.checked === true)}
          size="sm"
          aria-busy={filtering || undefined}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            Only payments customers requested
            <Suspense fallback={null}>
              <AdminCount name="paymentRequests" />
            </Suspense>
          </Checkbox.Label>
        </Checkbox.Root>
        {items.length === 0 && search !== null ? <AdminNoMatch search={search} noun="customers" /> : null}
        {items.length === 0 && search === null && requestedOnly ? (
          <AdminEmpty icon={Trophy} title="No Payment Requests Waiting">
            A customer's request appears here when they press Request payment on a ready milestone.
          </AdminEmpty>
        ) : null}
        {items.length > 0 ? (
          <>
            <ScrollList label="Customers with milestones ready to pay" p="3">
              <SimpleGrid
                as="ul"
                ref={listRef}
                tabIndex={-1}
                listStyleType="none"
                columns={{ base: 1, xl: 2 }}
                gap="3"
                data-testid="milestone-customer-list"
              >
                {items.map((item) => (
                  <li key={item.customer.id}>
                    <AdminMilestoneCustomerCard
                      customer={item.customer}
                      customerName={item.customerName}
                      email={item.email}
                      descriptions={item.availableMilestones}
                      connectionId={data.pendingMilestonePayments.__id}
                      onPaid={refocus}
                      thresholdPence={thresholdPence}
                      pendingPayoutKeys={payouts.keys}
                      requestsConnectionId={payouts.connectionId}
                    />
                  </li>
                ))}
              </SimpleGrid>
            </ScrollList>
            <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)} />
          </>
        ) : null}
      </Stack>
    </Stack>
  );
}
