import { Badge, Button, Heading, HStack, Progress, Stack, Table, Text } from "@chakra-ui/react";
import { Download, Users } from "lucide-react";
import { useState } from "react";
import { graphql, usePaginationFragment, useRelayEnvironment } from "react-relay/hooks";
import type { AdminAllCustomersTab_query$key } from "../../__generated__/AdminAllCustomersTab_query.graphql.ts";
import type { AdminAllCustomersTabPaginationQuery } from "../../__generated__/AdminAllCustomersTabPaginationQuery.graphql.ts";
import type { AdminAllCustomersTabQuery } from "../../__generated__/AdminAllCustomersTabQuery.graphql.ts";
import { AdminEmpty } from "./AdminEmpty.tsx";
import { exportCustomersCsv } from "./adminExports.ts";
import { ADMIN_PAGE_SIZE } from "./adminLists.ts";
import { CustomerStoryLink } from "./customer/CustomerStoryLink.tsx";
import { formatCount, formatMoney, NUMERIC } from "./format.ts";
import { LoadMore, ScrollList } from "./ScrollList.tsx";
import { EmailNotConfirmedBadge, StatusBadge } from "./StatusBadge.tsx";
import { useAdminQuery } from "./useAdminQuery.ts";

/** Tab 4, All Customers: every customer with their figures, newest first, and Export CSV. */
export function AdminAllCustomersTab() {
  const environment = useRelayEnvironment();
  const query = useAdminQuery<AdminAllCustomersTabQuery>(
    graphql`
      query AdminAllCustomersTabQuery($count: Int!) {
        ...AdminAllCustomersTab_query @arguments(count: $count)
      }
    `,
    { count: ADMIN_PAGE_SIZE },
  );
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AdminAllCustomersTabPaginationQuery,
    AdminAllCustomersTab_query$key
  >(
    graphql`
      fragment AdminAllCustomersTab_query on Query
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
      @refetchable(queryName: "AdminAllCustomersTabPaginationQuery") {
        customers(first: $count, after: $cursor) @connection(key: "AdminAllCustomers_customers", filters: []) {
          totalCount
          edges {
            node {
              customerId
              databaseId
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
          }
        }
      }
    `,
    query,
  );
  const [exporting, setExporting] = useState(false);
  const customers = data.customers.edges.map((edge) => edge.node);
  const total = data.customers.totalCount;

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
        <Button variant="outline" size="sm" onClick={exportCsv} loading={exporting} loadingText="Exporting...">
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      </HStack>
      {customers.length === 0 ? (
        <AdminEmpty icon={Users} title="No customers yet">
          Customers appear here once they complete their registration.
        </AdminEmpty>
      ) : (
        <>
          <ScrollList label="All customers">
            <Table.Root size="sm" stickyHeader interactive>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader bg="bg.muted">Customer</Table.ColumnHeader>
                  <Table.ColumnHeader bg="bg.muted">Status</Table.ColumnHeader>
                  <Table.ColumnHeader bg="bg.muted" {...NUMERIC}>
                    Original Amount
                  </Table.ColumnHeader>
                  <Table.ColumnHeader bg="bg.muted" {...NUMERIC}>
                    Current Credits
                  </Table.ColumnHeader>
                  <Table.ColumnHeader bg="bg.muted" minWidth="40">
                    Progress
                  </Table.ColumnHeader>
                  <Table.ColumnHeader bg="bg.muted" {...NUMERIC}>
                    Referrals
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {customers.map((customer) => {
                  const progress = Math.min(100, Math.max(0, customer.progressPercentage));
                  return (
                    <Table.Row key={customer.customerId} data-testid="customer-row">
                      <Table.Cell>
                        <Text fontWeight="medium">
                          <CustomerStoryLink databaseId={customer.databaseId}>{customer.name}</CustomerStoryLink>
                        </Text>
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
