import { Table, Text } from "@chakra-ui/react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminCustomerDetailsDialog_query$key } from "../../../__generated__/AdminCustomerDetailsDialog_query.graphql.ts";
import type { AdminCustomerDetailsDialogPaginationQuery } from "../../../__generated__/AdminCustomerDetailsDialogPaginationQuery.graphql.ts";
import type { AdminCustomerDetailsDialogQuery } from "../../../__generated__/AdminCustomerDetailsDialogQuery.graphql.ts";
import { ADMIN_PAGE_SIZE } from "../adminLists.ts";
import { ColumnHeader } from "../ColumnHeader.tsx";
import { formatCount, formatMoney, NUMERIC } from "../format.ts";
import { LoadMore, ScrollList } from "../ScrollList.tsx";
import { StatusBadge } from "../StatusBadge.tsx";
import { useAdminQuery } from "../useAdminQuery.ts";
import { AdminDetailsDialog } from "./AdminDetailsDialog.tsx";

/** Total Customers → the customer details table (loaded only while the dialog is open). */
export function AdminCustomerDetailsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AdminDetailsDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Customer Details"
      description="Every customer with their figures, newest first."
    >
      <CustomerDetailsTable />
    </AdminDetailsDialog>
  );
}

function CustomerDetailsTable() {
  const query = useAdminQuery<AdminCustomerDetailsDialogQuery>(
    graphql`
      query AdminCustomerDetailsDialogQuery($count: Int!) {
        ...AdminCustomerDetailsDialog_query @arguments(count: $count)
      }
    `,
    { count: ADMIN_PAGE_SIZE },
    "every-visit",
  );
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AdminCustomerDetailsDialogPaginationQuery,
    AdminCustomerDetailsDialog_query$key
  >(
    graphql`
      fragment AdminCustomerDetailsDialog_query on Query
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
      @refetchable(queryName: "AdminCustomerDetailsDialogPaginationQuery") {
        customers(first: $count, after: $cursor) @connection(key: "AdminCustomerDetails_customers", filters: []) {
          totalCount
          edges {
            node {
              customerId
              name
              email
              contractNumber
              originalPurchaseAmount {
                pence
              }
              currentCredits {
                pence
              }
              progressPercentage
              purchasedReferrals
              totalReferrals
              status
              statusDisplay
              stageDisplay
            }
          }
        }
      }
    `,
    query,
  );
  const customers = data.customers.edges.map((edge) => edge.node);
  if (customers.length === 0) return <Text color="fg.muted">No customers yet.</Text>;
  return (
    <>
      <ScrollList label="Customer details" maxHeight="min(24rem, 60vh)">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <ColumnHeader>Name</ColumnHeader>
              <ColumnHeader>Email</ColumnHeader>
              <ColumnHeader>Contract</ColumnHeader>
              <ColumnHeader numeric>Purchase Amount</ColumnHeader>
              <ColumnHeader numeric>Credits</ColumnHeader>
              <ColumnHeader numeric>Progress</ColumnHeader>
              <ColumnHeader numeric>Referrals</ColumnHeader>
              <ColumnHeader>Status</ColumnHeader>
              <ColumnHeader>Stage</ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {customers.map((customer) => (
              <Table.Row key={customer.customerId}>
                <Table.Cell fontWeight="medium">{customer.name}</Table.Cell>
                <Table.Cell>{customer.email}</Table.Cell>
                <Table.Cell>{customer.contractNumber}</Table.Cell>
                <Table.Cell {...NUMERIC}>{formatMoney(customer.originalPurchaseAmount.pence)}</Table.Cell>
                <Table.Cell {...NUMERIC}>{formatMoney(customer.currentCredits.pence)}</Table.Cell>
                <Table.Cell {...NUMERIC}>{customer.progressPercentage}%</Table.Cell>
                <Table.Cell {...NUMERIC}>
                  {customer.purchasedReferrals}/{customer.totalReferrals}
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge status={customer.status} label={customer.statusDisplay} />
                </Table.Cell>
                <Table.Cell>{customer.stageDisplay}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollList>
      <LoadMore
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)}
        status={`${formatCount(customers.length)} of ${formatCount(data.customers.totalCount)} shown`}
      />
    </>
  );
}
