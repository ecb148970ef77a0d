import { Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { UserCheck } from "lucide-react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminCustomerApprovalTab_query$key } from "../../__generated__/AdminCustomerApprovalTab_query.graphql.ts";
import type { AdminCustomerApprovalTabPaginationQuery } from "../../__generated__/AdminCustomerApprovalTabPaginationQuery.graphql.ts";
import type { AdminCustomerApprovalTabQuery } from "../../__generated__/AdminCustomerApprovalTabQuery.graphql.ts";
import { AdminEmpty } from "./AdminEmpty.tsx";
import { AdminPendingCustomerCard } from "./AdminPendingCustomerCard.tsx";
import { AdminNoMatch, AdminSearchBox, useInitialSearch, useListSearch } from "./AdminSearchBox.tsx";
import { ADMIN_PAGE_SIZE } from "./adminLists.ts";
import { formatCount } from "./format.ts";
import { LoadMore, ScrollList } from "./ScrollList.tsx";
import { useAdminQuery } from "./useAdminQuery.ts";
import { useRefocus } from "./useRefocus.ts";

/** Tab 2, Customer Approval (and the /admin-test page): registrations waiting for review, oldest first. */
export function AdminCustomerApprovalTab({ heading = "Customer Approval" }: { heading?: string }) {
  const initialSearch = useInitialSearch();
  const query = useAdminQuery<AdminCustomerApprovalTabQuery>(
    graphql`
      query AdminCustomerApprovalTabQuery($count: Int!, $search: String) {
        ...AdminCustomerApprovalTab_query @arguments(count: $count, search: $search)
      }
    `,
    { count: ADMIN_PAGE_SIZE, search: initialSearch },
  );
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    AdminCustomerApprovalTabPaginationQuery,
    AdminCustomerApprovalTab_query$key
  >(
    graphql`
      fragment AdminCustomerApprovalTab_query on Query
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" })
      @refetchable(queryName: "AdminCustomerApprovalTabPaginationQuery") {
        pendingCustomers(first: $count, after: $cursor, search: $search)
          @connection(key: "AdminCustomerApproval_pendingCustomers", filters: ["search"]) {
          __id
          edges {
            node {
              id
              ...AdminPendingCustomerCard_customer
            }
          }
        }
      }
    `,
    query,
  );
  const customers = data.pendingCustomers.edges.map((edge) => edge.node);
  const [listRef, refocus] = useRefocus<HTMLDivElement>();
  const { search, pending, onSearch } = useListSearch(initialSearch, refetch);

  if (customers.length === 0 && search === null) {
    return (
      <AdminEmpty icon={UserCheck} title="No Pending Approvals">
        New registrations appear here for review.
      </AdminEmpty>
    );
  }

  return (
    <Stack gap="2">
      <HStack justify="space-between">
        <Heading as="h2" size="md">
          {heading}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {formatCount(customers.length)}
          {hasNext ? "+" : ""} waiting for review, oldest first
        </Text>
      </HStack>
      <AdminSearchBox
        label="Search registrations"
        placeholder="Name, email, postcode, contract number..."
        onSearch={onSearch}
        pending={pending}
      />
      {customers.length === 0 && search !== null ? <AdminNoMatch search={search} noun="registrations" /> : null}
      {customers.length > 0 ? (
        <>
          <ScrollList label="Registrations waiting for review" p="3">
            <Stack as="ul" ref={listRef} tabIndex={-1} listStyleType="none" gap="3" data-testid="pending-customer-list">
              {customers.map((customer) => (
                <li key={customer.id}>
                  <AdminPendingCustomerCard
                    customer={customer}
                    connectionId={data.pendingCustomers.__id}
                    onRemoved={refocus}
                  />
                </li>
              ))}
            </Stack>
          </ScrollList>
          <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)} />
        </>
      ) : null}
    </Stack>
  );
}
