import { Badge, Button, Field, Heading, HStack, NativeSelect, Progress, Stack, Table, Text } from "@chakra-ui/react";
import { Download, SearchX, Users } from "lucide-react";
import { useCallback, useRef, useState, useTransition } from "react";
import { graphql, usePaginationFragment, useRelayEnvironment } from "react-relay/hooks";
import type { AdminAllCustomersTab_query$key } from "../../__generated__/AdminAllCustomersTab_query.graphql.ts";
import type { AdminAllCustomersTabNewestQuery } from "../../__generated__/AdminAllCustomersTabNewestQuery.graphql.ts";
import type { AdminAllCustomersTabPaginationQuery } from "../../__generated__/AdminAllCustomersTabPaginationQuery.graphql.ts";
import type {
  AdminAllCustomersTabQuery,
  CustomerFilter,
  CustomerOrder,
} from "../../__generated__/AdminAllCustomersTabQuery.graphql.ts";
import { AdminEmpty } from "./AdminEmpty.tsx";
import { AdminSearchBox, useInitialSearch } from "./AdminSearchBox.tsx";
import { exportCustomersCsv } from "./adminExports.ts";
import { ADMIN_PAGE_SIZE, NEWEST_ROWS } from "./adminLists.ts";
import { ColumnHeader } from "./ColumnHeader.tsx";
import { CustomerStoryLink } from "./customer/CustomerStoryLink.tsx";
import { formatCount, formatMoney, NUMERIC } from "./format.ts";
import { arrivalStyle, NewBadge, NewRowsPill } from "./NewRows.tsx";
import { LoadMore, ScrollList } from "./ScrollList.tsx";
import { EmailNotConfirmedBadge, StatusBadge } from "./StatusBadge.tsx";
import { useAdminQuery } from "./useAdminQuery.ts";
import { revealAtTop, useArrivals } from "./useArrivals.ts";

/** The filter controls: each option's value is the API's enum value ("" for any). */
const FILTERS = [
  {
    key: "status",
    label: "Status",
    options: [
      ["PENDING", "Pending"],
      ["VERIFIED", "Verified"],
      ["REJECTED", "Rejected"],
    ],
  },
  {
    key: "stage",
    label: "Stage",
    options: [
      ["PENDING_REVIEW", "Pending Review"],
      ["REJECTED", "Rejected"],
      ["GETTING_STARTED", "Getting Started"],
      ["REFERRING", "Referring"],
      ["EARNING", "Earning"],
      ["FULL_REFUND", "Full Refund"],
    ],
  },
  {
    key: "segment",
    label: "Progress",
    options: [
      ["GETTING_STARTED", "Getting Started"],
      ["LOW_PROGRESS", "Low Progress"],
      ["MEDIUM_PROGRESS", "Medium Progress"],
      ["HIGH_PROGRESS", "High Progress"],
    ],
  },
  {
    key: "overpaid",
    label: "Overpaid",
    options: [
      ["true", "Overpaid only"],
      ["false", "Not overpaid"],
    ],
  },
] as const;

const ORDERS: [CustomerOrder, string][] = [
  ["CREATED_AT_DESC", "Newest first"],
  ["CREATED_AT_ASC", "Oldest first"],
  ["NAME_ASC", "Name A–Z"],
  ["NAME_DESC", "Name Z–A"],
  ["CREDITS_DESC", "Most credits"],
  ["CREDITS_ASC", "Fewest credits"],
  ["PROGRESS_DESC", "Most progress"],
  ["PROGRESS_ASC", "Least progress"],
];

type FilterKey = (typeof FILTERS)[number]["key"];
type ListVariables = { search: string | null; filter: Partial<Record<FilterKey, string>>; orderBy: CustomerOrder };

/** The API's filter from the controls' values (blank ones left out). */
function customerFilter(values: ListVariables["filter"]): CustomerFilter {
  const filter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!value) continue;
    filter[key] = key === "overpaid" ? value === "true" : value;
  }
  return filter as CustomerFilter;
}

const LIST = graphql`
  query AdminAllCustomersTabQuery($count: Int!, $search: String, $filter: CustomerFilter, $orderBy: CustomerOrder) {
    ...AdminAllCustomersTab_query @arguments(count: $count, search: $search, filter: $filter, orderBy: $orderBy)
  }
`;

/** What a row shows: the list's page and the newest rows ask for the same. */
graphql`
  fragment AdminAllCustomersTab_row on AdminCustomer {
    customerId
    databaseId
    createdAt
    name
    userName
    email
    emailConfirmed
    status
    statusDisplay
    refundIssued
    originalPurchaseAmount {
      pence
    }
    currentCredits {
      pence
    }
    progressPercentage
    purchasedReferrals
    totalReferrals
  }
`;

/** The newest customers with the list's search and filters, asked for on each live event. */
const NEWEST = graphql`
  query AdminAllCustomersTabNewestQuery($count: Int!, $search: String, $filter: CustomerFilter) {
    customers(first: $count, search: $search, filter: $filter, orderBy: CREATED_AT_DESC) {
      totalCount
      edges {
        node {
          __id
          ...AdminAllCustomersTab_row @relay(mask: false)
        }
      }
    }
  }
`;

/** Tab 4, All Customers: every customer with their figures, searched, filtered and sorted, and Export CSV. */
export function AdminAllCustomersTab() {
  const environment = useRelayEnvironment();
  const initialSearch = useInitialSearch();
  const query = useAdminQuery<AdminAllCustomersTabQuery>(
    LIST,
    { count: ADMIN_PAGE_SIZE, search: initialSearch },
    "when-stale",
    "on-reload",
  );
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    AdminAllCustomersTabPaginationQuery,
    AdminAllCustomersTab_query$key
  >(
    graphql`
      fragment AdminAllCustomersTab_query on Query
      @argumentDefinitions(
        count: { type: "Int!" }
        cursor: { type: "String" }
        search: { type: "String" }
        filter: { type: "CustomerFilter" }
        orderBy: { type: "CustomerOrder" }
      )
      @refetchable(queryName: "AdminAllCustomersTabPaginationQuery") {
        customers(first: $count, after: $cursor, search: $search, filter: $filter, orderBy: $orderBy)
          @connection(key: "AdminAllCustomers_customers", filters: ["search", "filter", "orderBy"]) {
          __id
          totalCount
          edges {
            node {
              ...AdminAllCustomersTab_row @relay(mask: false)
            }
          }
        }
      }
    `,
    query,
  );
  const [exporting, setExporting] = useState(false);
  const [variables, setVariables] = useState<ListVariables>({
    search: initialSearch,
    filter: {},
    orderBy: "CREATED_AT_DESC",
  });
  const [pending, startTransition] = useTransition();
  // A customer placed on top when they arrived may come again on a later page: shown once, on top.
  const customers = data.customers.edges
    .map((edge) => edge.node)
    .filter((node, index, all) => all.findIndex((other) => other.customerId === node.customerId) === index);
  const total = data.customers.totalCount;
  const narrowed = variables.search !== null || Object.values(variables.filter).some(Boolean);
  const tableRef = useRef<HTMLTableElement>(null);
  // Newest first, a customer who registers while the list is open goes on top; sorted otherwise, behind the pill.
  const arrivals = useArrivals<AdminAllCustomersTabNewestQuery["response"]>({
    connectionId: data.customers.__id,
    edgeType: "QueryCustomersConnectionEdge",
    keyField: "customerId",
    shownKeys: customers.map((customer) => customer.customerId),
    newestQuery: NEWEST,
    newestVariables: { count: NEWEST_ROWS, search: variables.search, filter: customerFilter(variables.filter) },
    read: (answer) => ({
      totalCount: answer.customers.totalCount,
      rows: answer.customers.edges.map(({ node }) => ({
        key: node.customerId,
        dataId: node.__id,
        createdAt: node.createdAt,
      })),
    }),
    listQuery: LIST,
    listVariables: {
      count: ADMIN_PAGE_SIZE,
      search: variables.search,
      filter: customerFilter(variables.filter),
      orderBy: variables.orderBy,
    },
    atTop: variables.orderBy === "CREATED_AT_DESC",
    onShown: (keys) =>
      revealAtTop(() => tableRef.current?.querySelector<HTMLElement>(`[data-row-key="${keys[0]}"] a`) ?? null),
  });

  // The list refetched in place (the old rows stay until the new ones come), keeping its paging.
  const latest = useRef(variables);
  const show = useCallback(
    (change: Partial<ListVariables>) => {
      const next = { ...latest.current, ...change };
      latest.current = next;
      setVariables(next);
      startTransition(() => {
        refetch(
          { search: next.search, filter: customerFilter(next.filter), orderBy: next.orderBy },
          { fetchPolicy: "network-only" },
        );
      });
    },
    [refetch],
  );
  const onSearch = useCallback((search: string | null) => show({ search }), [show]);

  async function exportCsv() {
    setExporting(true);
    await exportCustomersCsv(environment);
    setExporting(false);
  }

  return (
    <Stack gap="2">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Stack gap="0">
          <Heading as="h2" size="md">
            All Customers
          </Heading>
          <Text textStyle="sm" color="fg.muted" data-testid="customer-total">
            {formatCount(total)} {total === 1 ? "customer" : "customers"}
          </Text>
        </Stack>
        <HStack gap="2">
          <NewRowsPill count={arrivals.waiting} onShow={arrivals.showWaiting} />
          <Button variant="outline" size="sm" onClick={exportCsv} loading={exporting} loadingText="Exporting...">
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        </HStack>
      </HStack>
      <HStack gap="3" flexWrap="wrap" align="end" role="search" aria-label="Find customers">
        <AdminSearchBox
          label="Search customers"
          placeholder="Name, email, postcode, contract number..."
          onSearch={onSearch}
          pending={pending}
        />
        {FILTERS.map((control) => (
          <Field.Root key={control.key} width="auto">
            <Field.Label>{control.label}</Field.Label>
            <NativeSelect.Root size="md" width="40">
              <NativeSelect.Field
                value={variables.filter[control.key] ?? ""}
                onChange={(event) => show({ filter: { ...variables.filter, [control.key]: event.target.value } })}
              >
                <option value="">Any</option>
                {control.options.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ))}
        <Field.Root width="auto">
          <Field.Label>Sort by</Field.Label>
          <NativeSelect.Root size="md" width="44">
            <NativeSelect.Field
              value={variables.orderBy}
              onChange={(event) => show({ orderBy: event.target.value as CustomerOrder })}
            >
              {ORDERS.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      {customers.length === 0 && narrowed ? (
        <AdminEmpty icon={SearchX} title="No matching customers">
          No customer matches {variables.search ? `"${variables.search}"` : "these filters"}. Check the spelling, or
          search by email, postcode or contract number.
        </AdminEmpty>
      ) : customers.length === 0 ? (
        <AdminEmpty icon={Users} title="No customers yet">
          Customers appear here once they complete their registration.
        </AdminEmpty>
      ) : (
        <>
          <ScrollList label="All customers">
            <Table.Root size="sm" stickyHeader interactive ref={tableRef}>
              <Table.Header>
                <Table.Row>
                  <ColumnHeader>Customer</ColumnHeader>
                  <ColumnHeader>Status</ColumnHeader>
                  <ColumnHeader numeric>Original Amount</ColumnHeader>
                  <ColumnHeader numeric>Current Credits</ColumnHeader>
                  <ColumnHeader minWidth="40">Progress</ColumnHeader>
                  <ColumnHeader numeric>Referrals</ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {customers.map((customer) => {
                  const progress = Math.min(100, Math.max(0, customer.progressPercentage));
                  return (
                    <Table.Row
                      key={customer.customerId}
                      data-testid="customer-row"
                      data-row-key={customer.customerId}
                      data-new={arrivals.isNew(customer.customerId) || undefined}
                      css={arrivalStyle(arrivals.isFresh(customer.customerId))}
                    >
                      <Table.Cell>
                        <HStack gap="2">
                          <Text fontWeight="medium">
                            <CustomerStoryLink databaseId={customer.databaseId}>{customer.name}</CustomerStoryLink>
                          </Text>
                          {arrivals.isNew(customer.customerId) ? <NewBadge /> : null}
                        </HStack>
                        <Text textStyle="xs" color="fg.muted">
                          {customer.userName} · {customer.email}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>
                        <HStack gap="1" flexWrap="wrap">
                          <StatusBadge status={customer.status} label={customer.statusDisplay} />
                          {customer.refundIssued ? (
                            <Badge colorPalette="amber" variant="solid">
                              Refund Issued
                            </Badge>
                          ) : null}
                          {customer.emailConfirmed ? null : <EmailNotConfirmedBadge />}
                        </HStack>
                      </Table.Cell>
                      <Table.Cell {...NUMERIC}>{formatMoney(customer.originalPurchaseAmount.pence)}</Table.Cell>
                      <Table.Cell {...NUMERIC}>{formatMoney(customer.currentCredits.pence)}</Table.Cell>
                      <Table.Cell>
                        <HStack gap="2">
                          <Progress.Root
                            value={progress}
                            size="sm"
                            flex="1"
                            colorPalette={progress >= 100 ? "green" : "brand"}
                          >
                            <Progress.Track aria-label={`${customer.name}: ${progress}% towards a full refund`}>
                              <Progress.Range />
                            </Progress.Track>
                          </Progress.Root>
                          <Text textStyle="xs" fontVariantNumeric="tabular-nums" minWidth="9" textAlign="end">
                            {progress}%
                          </Text>
                        </HStack>
                      </Table.Cell>
                      <Table.Cell
                        {...NUMERIC}
                        aria-label={`${customer.purchasedReferrals} purchased of ${customer.totalReferrals} referrals`}
                      >
                        {customer.purchasedReferrals}/{customer.totalReferrals}
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </ScrollList>
          <LoadMore
            hasNext={hasNext}
            isLoadingNext={isLoadingNext}
            onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)}
            status={`${formatCount(customers.length)} of ${formatCount(total)} shown`}
          />
        </>
      )}
    </Stack>
  );
}
