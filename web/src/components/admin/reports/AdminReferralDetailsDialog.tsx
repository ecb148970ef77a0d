import { Table, Text } from "@chakra-ui/react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminReferralDetailsDialog_query$key } from "../../../__generated__/AdminReferralDetailsDialog_query.graphql.ts";
import type { AdminReferralDetailsDialogPaginationQuery } from "../../../__generated__/AdminReferralDetailsDialogPaginationQuery.graphql.ts";
import type { AdminReferralDetailsDialogQuery } from "../../../__generated__/AdminReferralDetailsDialogQuery.graphql.ts";
import { ADMIN_PAGE_SIZE } from "../adminLists.ts";
import { ColumnHeader } from "../ColumnHeader.tsx";
import { formatCount, formatDate, formatMoney, NUMERIC } from "../format.ts";
import { LoadMore, ScrollList } from "../ScrollList.tsx";
import { ReferralStatusBadge } from "../StatusBadge.tsx";
import { useAdminQuery } from "../useAdminQuery.ts";
import { AdminDetailsDialog } from "./AdminDetailsDialog.tsx";

/** Total Referrals → the referral details table (loaded only while the dialog is open). */
export function AdminReferralDetailsDialog({
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
      title="Referral Details"
      description="Every referral with its customer and purchase, newest first. Expired referrals' personal data has been erased."
    >
      <ReferralDetailsTable />
    </AdminDetailsDialog>
  );
}

function ReferralDetailsTable() {
  const query = useAdminQuery<AdminReferralDetailsDialogQuery>(
    graphql`
      query AdminReferralDetailsDialogQuery($count: Int!) {
        ...AdminReferralDetailsDialog_query @arguments(count: $count)
      }
    `,
    { count: ADMIN_PAGE_SIZE },
    "every-visit",
  );
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AdminReferralDetailsDialogPaginationQuery,
    AdminReferralDetailsDialog_query$key
  >(
    graphql`
      fragment AdminReferralDetailsDialog_query on Query
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
      @refetchable(queryName: "AdminReferralDetailsDialogPaginationQuery") {
        referralDetails(first: $count, after: $cursor) @connection(key: "AdminReferralDetails_referralDetails", filters: []) {
          totalCount
          edges {
            node {
              referralId
              customerName
              referralName
              referralEmail
              referralPhoneDisplay
              purchaseAmount {
                pence
              }
              creditEarned {
                pence
              }
              status
              statusDisplay
              daysRemaining
              createdAt
            }
          }
        }
      }
    `,
    query,
  );
  const referrals = data.referralDetails.edges.map((edge) => edge.node);
  if (referrals.length === 0) return <Text color="fg.muted">No referrals yet.</Text>;
  const erased = (
    <Text as="span" color="fg.muted">
      Erased
    </Text>
  );
  return (
    <>
      <ScrollList label="Referral details" maxHeight="min(24rem, 60vh)">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <ColumnHeader>Customer</ColumnHeader>
              <ColumnHeader>Referral Name</ColumnHeader>
              <ColumnHeader>Email</ColumnHeader>
              <ColumnHeader>Phone</ColumnHeader>
              <ColumnHeader numeric>Purchase Amount</ColumnHeader>
              <ColumnHeader numeric>Credit</ColumnHeader>
              <ColumnHeader>Status</ColumnHeader>
              <ColumnHeader numeric>Days Remaining</ColumnHeader>
              <ColumnHeader>Created</ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {referrals.map((referral) => (
              <Table.Row key={referral.referralId}>
                <Table.Cell>{referral.customerName}</Table.Cell>
                <Table.Cell fontWeight="medium">{referral.referralName ?? erased}</Table.Cell>
                <Table.Cell>{referral.referralEmail ?? "—"}</Table.Cell>
                <Table.Cell fontVariantNumeric="tabular-nums">{referral.referralPhoneDisplay ?? "—"}</Table.Cell>
                <Table.Cell {...NUMERIC}>
                  {referral.purchaseAmount ? formatMoney(referral.purchaseAmount.pence) : "—"}
                </Table.Cell>
                <Table.Cell {...NUMERIC}>
                  {referral.creditEarned ? formatMoney(referral.creditEarned.pence) : "—"}
                </Table.Cell>
                <Table.Cell>
                  <ReferralStatusBadge status={referral.status} label={referral.statusDisplay} />
                </Table.Cell>
                <Table.Cell {...NUMERIC}>{referral.daysRemaining ?? "—"}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(referral.createdAt)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollList>
      <LoadMore
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)}
        status={`${formatCount(referrals.length)} of ${formatCount(data.referralDetails.totalCount)} shown`}
      />
    </>
  );
}
