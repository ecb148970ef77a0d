import { Box, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { UserCheck } from "lucide-react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminCustomerApprovalTab_query$key } from "../../__generated__/AdminCustomerApprovalTab_query.graphql.ts";
import type { AdminCustomerApprovalTabNewestQuery } from "../../__generated__/AdminCustomerApprovalTabNewestQuery.graphql.ts";
import type { AdminCustomerApprovalTabPaginationQuery } from "../../__generated__/AdminCustomerApprovalTabPaginationQuery.graphql.ts";
import type { AdminCustomerApprovalTabQuery } from "../../__generated__/AdminCustomerApprovalTabQuery.graphql.ts";
import { AdminEmpty } from "./AdminEmpty.tsx";
import { AdminPendingCustomerCard } from "./AdminPendingCustomerCard.tsx";
import { AdminNoMatch, AdminSearchBox, useInitialSearch, useListSearch } from "./AdminSearchBox.tsx";
import { ADMIN_PAGE_SIZE, NEWEST_ROWS } from "./adminLists.ts";
import { formatCount } from "./format.ts";
import { arrivalStyle, NewBadge } from "./NewRows.tsx";
import { LoadMore, ScrollList } from "./ScrollList.tsx";
import { useAdminQuery } from "./useAdminQuery.ts";
import { useArrivals } from "./useArrivals.ts";
import { useRefocus } from "./useRefocus.ts";

const LIST = graphql`
  query AdminCustomerApprovalTabQuery($count: Int!, $search: String) {
    ...AdminCustomerApprovalTab_query @arguments(count: $count, search: $search)
  }
`;

/** The newest registrations waiting for review (the review queue reads oldest first, so they are asked for this way). */
const NEWEST = graphql`
  query AdminCustomerApprovalTabNewestQuery($count: Int!, $search: String) {
    customers(first: $count, search: $search, filter: { status: PENDING }, orderBy: CREATED_AT_DESC) {
      edges {
        node {
          customerId
          createdAt
        }
      }
    }
  }
`;

/** The new registrations' cards, by id. */
const ROWS = graphql`
  query AdminCustomerApprovalTabRowsQuery($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Customer {
        id
        ...AdminPendingCustomerCard_customer @alias
      }
    }
  }
`;

/** Tab 2, Customer Approval (and the /admin-test page): registrations waiting for review, oldest first. */
export function AdminCustomerApprovalTab({ heading = "Customer Approval" }: { heading?: string }) {
  const initialSearch = useInitialSearch();
  const query = useAdminQuery<AdminCustomerApprovalTabQuery>(
    LIST,
    { count: ADMIN_PAGE_SIZE, search: initialSearch },
    "when-stale",
    "on-reload",
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
  const arrivals = useArrivals<AdminCustomerApprovalTabNewestQuery["response"]>({
    connectionId: data.pendingCustomers.__id,
    edgeType: "QueryPendingCustomersConnectionEdge",
    keyField: "id",
    shownKeys: customers.map((customer) => customer.id),
    newestQuery: NEWEST,
    newestVariables: { count: NEWEST_ROWS, search },
    read: (answer) => ({
      rows: answer.customers.edges.map(({ node }) => ({
        key: node.customerId,
        dataId: node.customerId,
        createdAt: node.createdAt,
      })),
    }),
    rowsQuery: ROWS,
    listQuery: LIST,
    listVariables: { count: ADMIN_PAGE_SIZE, search },
    atTop: true,
  });

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
                <Box
                  as="li"
                  key={customer.id}
                  borderRadius="xl"
                  p={arrivals.isNew(customer.id) ? "1.5" : undefined}
                  data-new={arrivals.isNew(customer.id) || undefined}
                  css={arrivalStyle(arrivals.isFresh(customer.id))}
                >
                  {arrivals.isNew(customer.id) ? <NewBadge /> : null}
                  <AdminPendingCustomerCard
                    customer={customer}
                    connectionId={data.pendingCustomers.__id}
                    onRemoved={refocus}
                  />
                </Box>
              ))}
            </Stack>
          </ScrollList>
          <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)} />
        </>
      ) : null}
    </Stack>
  );
}
