import { Box, Button, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { BadgeCheck, Eraser } from "lucide-react";
import { useState } from "react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminCustomerReferrals_customer$key } from "../../../__generated__/AdminCustomerReferrals_customer.graphql.ts";
import type { AdminCustomerReferralsPaginationQuery } from "../../../__generated__/AdminCustomerReferralsPaginationQuery.graphql.ts";
import { AdminPurchasedReferralRow } from "../AdminPurchasedReferralRow.tsx";
import { AdminVerifyPurchaseForm } from "../AdminVerifyPurchaseForm.tsx";
import { ADMIN_PAGE_SIZE } from "../adminLists.ts";
import { formatDate, formatMoney, NUMERIC } from "../format.ts";
import { ReferralHoldButton } from "../fraud/ReferralHoldControls.tsx";
import { ReferralSignalList } from "../fraud/ReferralSignalList.tsx";
import { SignalFlag, UnderReviewBadge } from "../fraud/SignalBadges.tsx";
import { ReferralStatusBadge } from "../StatusBadge.tsx";
import { AdminEraseReferralDialog } from "./AdminErasureDialogs.tsx";
import { StorySection, StoryTable } from "./StorySection.tsx";
import { adminListConnectionId } from "./storyConnections.ts";

const HEADERS = [
  { label: "Referral" },
  { label: "Status" },
  { label: "Signals" },
  { label: "Added" },
  { label: "Purchase", numeric: true },
  { label: "Credit", numeric: true },
  { label: "Action" },
] as const;

const PURCHASE_HEADERS = [
  { label: "Referral" },
  { label: "Customer" },
  { label: "Purchase", numeric: true },
  { label: "Credit", numeric: true },
  { label: "Purchased" },
  { label: "Notes" },
  { label: "Cancel Purchase" },
] as const;

interface AdminCustomerReferralsProps {
  customer: AdminCustomerReferrals_customer$key;
  creditRateBasisPoints: number;
  creditRatePercent: string;
  onChanged: () => void;
}

/**
 * Every referral, expired and withdrawn ones included (their personal data erased), newest first, each
 * with its signals (why it looks wrong). A pending one is verified here with the Pending Referrals
 * tab's form, and held or released; a live purchase is cancelled with the Purchased Referrals tab's row.
 */
export function AdminCustomerReferrals({
  customer: customerKey,
  creditRateBasisPoints,
  creditRatePercent,
  onChanged,
}: AdminCustomerReferralsProps) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AdminCustomerReferralsPaginationQuery,
    AdminCustomerReferrals_customer$key
  >(
    graphql`
      fragment AdminCustomerReferrals_customer on Customer
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
      @refetchable(queryName: "AdminCustomerReferralsPaginationQuery") {
        referrals(first: $count, after: $cursor) @connection(key: "AdminCustomerReferrals_referrals") {
          edges {
            node {
              id
              databaseId
              name
              phoneDisplay
              email
              status
              statusDisplay
              createdAt
              signalCount
              hold {
                heldAt
              }
              purchaseAmount {
                pence
              }
              creditEarned {
                pence
              }
              livePurchase {
                id
                ...AdminPurchasedReferralRow_purchase
              }
              ...AdminVerifyPurchaseForm_referral
              ...ReferralSignalList_referral
              ...ReferralHoldControls_referral
            }
          }
        }
      }
    `,
    customerKey,
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [erasingId, setErasingId] = useState<string | null>(null);
  const referrals = data.referrals.edges.map((edge) => edge.node);
  const selected = referrals.find((referral) => referral.id === selectedId && referral.status === "PENDING");
  const erasing = referrals.find((referral) => referral.id === erasingId && referral.name !== null);
  const purchases = referrals.flatMap((referral) => (referral.livePurchase ? [referral.livePurchase] : []));

  return (
    <StorySection
      id="story-referrals"
      title="Referrals"
      summary="Every referral, newest first; an expired or withdrawn one keeps only its dates (its personal data is erased)."
    >
      <StoryTable
        label="Referrals table"
        headers={HEADERS}
        empty="No referrals yet."
        rows={referrals.length}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)}
      >
        {referrals.map((referral) => {
          const name = referral.name ?? `Referral #${referral.databaseId}`;
          return (
            <Table.Row key={referral.id} data-testid="story-referral">
              <Table.Cell minWidth="40">
                <Text fontWeight="medium">{referral.name ?? "erased"}</Text>
                <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
                  {[referral.phoneDisplay, referral.email].filter(Boolean).join(" · ") || `#${referral.databaseId}`}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <HStack gap="1.5" flexWrap="wrap">
                  <ReferralStatusBadge status={referral.status} label={referral.statusDisplay} />
                  {referral.hold ? <UnderReviewBadge /> : null}
                </HStack>
              </Table.Cell>
              <Table.Cell minWidth="48" maxWidth="sm" data-testid="story-referral-signals">
                {referral.signalCount > 0 ? (
                  <Stack gap="1" align="start">
                    <SignalFlag count={referral.signalCount} />
                    <ReferralSignalList referral={referral} variant="compact" />
                  </Stack>
                ) : (
                  <Text textStyle="xs" color="fg.muted">
                    None
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(referral.createdAt)}</Table.Cell>
              <Table.Cell {...NUMERIC}>
                {referral.purchaseAmount ? formatMoney(referral.purchaseAmount.pence) : "—"}
              </Table.Cell>
              <Table.Cell {...NUMERIC}>
                {referral.creditEarned ? formatMoney(referral.creditEarned.pence) : "—"}
              </Table.Cell>
              <Table.Cell data-entry-wide="">
                {referral.status === "PENDING" ? (
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => setSelectedId(referral.id)}
                    aria-label={`Verify Purchase: ${name}`}
                  >
                    <BadgeCheck aria-hidden="true" />
                    Verify Purchase
                  </Button>
                ) : null}
                {referral.status === "PENDING" ? (
                  <Box as="span" ms="2">
                    <ReferralHoldButton referral={referral} />
                  </Box>
                ) : null}
                {referral.name !== null ? (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    ms={referral.status === "PENDING" ? "2" : undefined}
                    onClick={() => setErasingId(referral.id)}
                    aria-label={`Erase: ${name}`}
                  >
                    <Eraser aria-hidden="true" />
                    Erase
                  </Button>
                ) : null}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </StoryTable>
      {selected ? (
        <AdminVerifyPurchaseForm
          key={selected.id}
          referral={selected}
          creditRateBasisPoints={creditRateBasisPoints}
          creditRatePercent={creditRatePercent}
          connectionId={adminListConnectionId("pendingReferrals")}
          onClose={() => setSelectedId(null)}
          onVerified={() => {
            setSelectedId(null);
            onChanged();
          }}
        />
      ) : null}
      {erasing ? (
        <AdminEraseReferralDialog
          key={erasing.id}
          open
          onOpenChange={(open) => setErasingId(open ? erasing.id : null)}
          referralId={erasing.id}
          referralName={erasing.name ?? `Referral #${erasing.databaseId}`}
          onErased={onChanged}
        />
      ) : null}
      {purchases.length > 0 ? (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Live purchases
          </Heading>
          <StoryTable
            label="Live purchases table"
            headers={PURCHASE_HEADERS}
            empty=""
            rows={purchases.length}
            hasNext={false}
            isLoadingNext={false}
            onLoadMore={() => {}}
          >
            {purchases.map((purchase) => (
              <AdminPurchasedReferralRow
                key={purchase.id}
                purchase={purchase}
                connectionId={adminListConnectionId("purchasedReferrals")}
                onCancelled={onChanged}
              />
            ))}
          </StoryTable>
        </Stack>
      ) : null}
    </StorySection>
  );
}
