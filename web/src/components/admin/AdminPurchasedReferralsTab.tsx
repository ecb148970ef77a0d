import { Button, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { Download, ShoppingBag } from "lucide-react";
import { useState } from "react";
import { graphql, usePaginationFragment, useRelayEnvironment } from "react-relay/hooks";
import type { AdminPurchasedReferralsTab_query$key } from "../../__generated__/AdminPurchasedReferralsTab_query.graphql.ts";
import type { AdminPurchasedReferralsTabPaginationQuery } from "../../__generated__/AdminPurchasedReferralsTabPaginationQuery.graphql.ts";
import type { AdminPurchasedReferralsTabQuery } from "../../__generated__/AdminPurchasedReferralsTabQuery.graphql.ts";
import { AdminEmpty } from "./AdminEmpty.tsx";
import { AdminPurchasedReferralRow } from "./AdminPurchasedReferralRow.tsx";
import { AdminNoMatch, AdminSearchBox, useInitialSearch, useListSearch } from "./AdminSearchBox.tsx";
import { exportPurchasedReferralsCsv } from "./adminExports.ts";
import { ADMIN_PAGE_SIZE } from "./adminLists.ts";
import { ColumnHeader } from "./ColumnHeader.tsx";
import { formatCount } from "./format.ts";
import { LoadMore, ScrollList } from "./ScrollList.tsx";
import { useAdminQuery } from "./useAdminQuery.ts";
import { useRefocus } from "./useRefocus.ts";

/** Tab 6, Purchased Referrals: verified purchases, newest first, each cancellable with a reason; Export CSV. */
export function AdminPurchasedReferralsTab() {
  const environment = useRelayEnvironment();
  const initialSearch = useInitialSearch();
  const query = useAdminQuery<AdminPurchasedReferralsTabQuery>(
    graphql`
      query AdminPurchasedReferralsTabQuery($count: Int!, $search: String) {
        ...AdminPurchasedReferralsTab_query @arguments(count: $count, search: $search)
      }
    `,
    { count: ADMIN_PAGE_SIZE, search: initialSearch },
  );
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    AdminPurchasedReferralsTabPaginationQuery,
    AdminPurchasedReferralsTab_query$key
  >(
    graphql`
      fragment AdminPurchasedReferralsTab_query on Query
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" })
      @refetchable(queryName: "AdminPurchasedReferralsTabPaginationQuery") {
        purchasedReferrals(first: $count, after: $cursor, search: $search)
          @connection(key: "AdminPurchasedReferrals_purchasedReferrals", filters: ["search"]) {
          __id
          totalCount
          edges {
            node {
              id
              ...AdminPurchasedReferralRow_purchase
            }
          }
        }
      }
    `,
    query,
  );
  const [exporting, setExporting] = useState(false);
  const connection = data.purchasedReferrals;
  const purchases = connection.edges.map((edge) => edge.node);
  const [bodyRef, refocus] = useRefocus<HTMLTableSectionElement>();
  const { search, pending, onSearch } = useListSearch(initialSearch, refetch);

  async function exportCsv() {
    setExporting(true);
    await exportPurchasedReferralsCsv(environment);
    setExporting(false);
  }

  return (
    <Stack gap="2">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Stack gap="0">
          <Heading as="h2" size="md">
            Purchased Referrals
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            {formatCount(connection.totalCount)} verified {connection.totalCount === 1 ? "purchase" : "purchases"},
            newest first
          </Text>
        </Stack>
        <Button variant="outline" size="sm" onClick={exportCsv} loading={exporting} loadingText="Exporting...">
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      </HStack>
      <AdminSearchBox
        label="Search purchases"
        placeholder="Friend or customer: name, email, phone..."
        onSearch={onSearch}
        pending={pending}
      />
      {purchases.length === 0 && search !== null ? (
        <AdminNoMatch search={search} noun="purchases" />
      ) : purchases.length === 0 ? (
        <AdminEmpty icon={ShoppingBag} title="No Purchased Referrals">
          Purchases appear here once they are verified on the Pending Referrals tab.
        </AdminEmpty>
      ) : (
        <>
          <ScrollList label="Purchased referrals">
            <Table.Root size="sm" stickyHeader>
              <Table.Header>
                <Table.Row>
                  <ColumnHeader>Referral</ColumnHeader>
                  <ColumnHeader>Customer</ColumnHeader>
                  <ColumnHeader numeric>Purchase</ColumnHeader>
                  <ColumnHeader numeric>Credit</ColumnHeader>
                  <ColumnHeader>Purchased</ColumnHeader>
                  <ColumnHeader>Notes</ColumnHeader>
                  <ColumnHeader minWidth="72">Cancel Purchase</ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body ref={bodyRef} tabIndex={-1}>
                {purchases.map((purchase) => (
                  <AdminPurchasedReferralRow
                    key={purchase.id}
                    purchase={purchase}
                    connectionId={connection.__id}
                    onCancelled={refocus}
                  />
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollList>
          <LoadMore
            hasNext={hasNext}
            isLoadingNext={isLoadingNext}
            onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)}
            status={`${formatCount(purchases.length)} of ${formatCount(connection.totalCount)} shown`}
          />
        </>
      )}
    </Stack>
  );
}
