import { Button, Field, HStack, Input, NativeSelect, Table, Text } from "@chakra-ui/react";
import { Ban } from "lucide-react";
import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { AdminPurchasedReferralRow_purchase$key } from "../../__generated__/AdminPurchasedReferralRow_purchase.graphql.ts";
import type {
  AdminPurchasedReferralRowMutation,
  CancellationCategory,
} from "../../__generated__/AdminPurchasedReferralRowMutation.graphql.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { notifyFailure, notifySuccess } from "../../notifications/notify.ts";
import { isSuccess } from "../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { useRefreshAdminCounts } from "./AdminCounts.tsx";
import { AdminDialog } from "./AdminDialog.tsx";
import { adjustTotalCount, invalidateAdminLists } from "./adminLists.ts";
import { CustomerStoryLink } from "./customer/CustomerStoryLink.tsx";
import { formatDate, formatMoney, NUMERIC } from "./format.ts";

/** The reason's categories, as the referring customer reads them on their row and feed. */
const CANCELLATION_CATEGORIES: [CancellationCategory, string][] = [
  ["GOODS_RETURNED", "Goods returned"],
  ["ORDER_CANCELLED", "Order cancelled"],
  ["PAYMENT_NOT_RECEIVED", "Payment not received"],
  ["RECORDED_IN_ERROR", "Recorded in error"],
  ["OTHER", "Other reason"],
];

/** One verified purchase: its details, a cancellation reason and Cancel Purchase (disabled while the reason is blank). */
interface AdminPurchasedReferralRowProps {
  purchase: AdminPurchasedReferralRow_purchase$key;
  connectionId: string;
  /** After a cancellation: the row has left the list. */
  onCancelled?: () => void;
}

export function AdminPurchasedReferralRow({
  purchase: purchaseKey,
  connectionId,
  onCancelled,
}: AdminPurchasedReferralRowProps) {
  const purchase = useFragment(
    graphql`
      fragment AdminPurchasedReferralRow_purchase on ReferralPurchase {
        id
        customerName
        customerDatabaseId
        verifiedAt
        notes
        creditRatePercent
        amount {
          pence
        }
        creditEarned {
          pence
        }
        referral {
          id
          name
          phoneDisplay
          email
        }
      }
    `,
    purchaseKey,
  );
  const [commit, isInFlight] = useMutationWithNotice<AdminPurchasedReferralRowMutation>(graphql`
    mutation AdminPurchasedReferralRowMutation($input: CancelReferralPurchaseInput!, $connections: [ID!]!) {
      cancelReferralPurchase(input: $input) {
        __typename
        ... on MutationCancelReferralPurchaseSuccess {
          data {
            purchase {
              id @deleteEdge(connections: $connections)
              isCancelled
              cancellationReason
            }
            referral {
              id
              status
            }
            overpaid {
              pence
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const refreshCounts = useRefreshAdminCounts();
  const [reason, setReason] = useState("");
  const [category, setCategory] = useState<CancellationCategory>("OTHER");
  const [confirming, setConfirming] = useState(false);
  const blank = reason.trim() === "";
  const name = purchase.referral.name ?? "this referral";

  function cancelPurchase() {
    if (blank) return;
    const problem = typedTextProblem(TEXT_FIELDS.cancellationReason, reason);
    if (problem) {
      notifyFailure("Cancellation Failed", problem);
      return;
    }
    commit({
      variables: {
        input: { referralId: purchase.referral.id, reason: reason.trim(), category },
        connections: [connectionId],
      },
      updater: (store, response) => {
        if (!response || !isSuccess(response.cancelReferralPurchase)) return;
        adjustTotalCount(store, connectionId, -1);
        invalidateAdminLists(store, [
          "pendingReferrals",
          "allCustomers",
          "milestonePayments",
          "customerDetails",
          "referralDetails",
        ]);
      },
      failed: "Cancellation Failed",
      onSuccess: (result) => {
        const overpaid = result.data.overpaid.pence;
        notifySuccess(
          "Referral Cancelled",
          `Purchase has been cancelled and credits reverted.${overpaid > 0 ? ` Milestones already paid now exceed the customer's credits by ${formatMoney(overpaid)}.` : ""}`,
        );
        refreshCounts();
        setConfirming(false);
        onCancelled?.();
      },
    });
  }

  return (
    <Table.Row data-testid="purchased-referral">
      <Table.Cell>
        <Text fontWeight="medium">{name}</Text>
        <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
          {[purchase.referral.phoneDisplay, purchase.referral.email].filter(Boolean).join(" · ")}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <CustomerStoryLink databaseId={purchase.customerDatabaseId}>{purchase.customerName}</CustomerStoryLink>
      </Table.Cell>
      <Table.Cell {...NUMERIC}>{formatMoney(purchase.amount.pence)}</Table.Cell>
      <Table.Cell {...NUMERIC}>
        {formatMoney(purchase.creditEarned.pence)}
        {purchase.creditRatePercent ? (
          <Text as="span" display="block" textStyle="xs" color="fg.muted">
            at {purchase.creditRatePercent}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDate(purchase.verifiedAt)}</Table.Cell>
      <Table.Cell maxWidth="48">
        <Text textStyle="xs" lineClamp={2} title={purchase.notes ?? undefined}>
          {purchase.notes ?? "—"}
        </Text>
      </Table.Cell>
      <Table.Cell data-entry-wide="" minWidth="72">
        <HStack gap="2" flexWrap="wrap">
          <Input
            flex="1 1 12rem"
            minWidth="0"
            size="sm"
            placeholder="Cancellation reason"
            aria-label={`Cancellation reason for ${name}`}
            value={reason}
            maxLength={1000}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button
            size="sm"
            colorPalette="red"
            variant={blank ? "outline" : "solid"}
            disabled={blank}
            onClick={() => setConfirming(true)}
            flexShrink={0}
          >
            <Ban aria-hidden="true" />
            Cancel Purchase
          </Button>
        </HStack>
        <AdminDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Cancel Purchase"
          tone="red"
          description={
            `The ${formatMoney(purchase.amount.pence)} purchase by ${name} will be cancelled and ${formatMoney(purchase.creditEarned.pence)} of credit ` +
            `taken back from ${purchase.customerName}'s account. The referral becomes pending again; milestones already paid stay paid.`
          }
          cancelLabel="Keep Purchase"
          confirmLabel="Cancel Purchase"
          loading={isInFlight}
          loadingText="Cancelling..."
          onConfirm={cancelPurchase}
        >
          <Text textStyle="sm">
            <strong>Reason:</strong> {reason.trim()}
          </Text>
          {/* The customer is told the category (with the credit taken back), on their friend's row and in their feed. */}
          <Field.Root mt="3">
            <Field.Label>What the customer is told</Field.Label>
            <NativeSelect.Root size="md">
              <NativeSelect.Field
                value={category}
                onChange={(event) => setCategory(event.target.value as CancellationCategory)}
              >
                {CANCELLATION_CATEGORIES.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </AdminDialog>
      </Table.Cell>
    </Table.Row>
  );
}
