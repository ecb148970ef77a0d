import { Alert, Badge, Box, Button, DataList, Heading, HStack, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { CircleCheck, CircleDashed, Send, ShieldCheck, Wallet } from "lucide-react";
import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type {
  AdminMilestoneCustomerCard_customer$data,
  AdminMilestoneCustomerCard_customer$key,
} from "../../__generated__/AdminMilestoneCustomerCard_customer.graphql.ts";
import type {
  AdminMilestoneCustomerCardMutation,
  MilestoneKey,
} from "../../__generated__/AdminMilestoneCustomerCardMutation.graphql.ts";
import type { AdminMilestoneCustomerCardRequestMutation } from "../../__generated__/AdminMilestoneCustomerCardRequestMutation.graphql.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { notifyFailure, notifySuccess } from "../../notifications/notify.ts";
import { isSuccess } from "../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { useRefreshAdminCounts } from "./AdminCounts.tsx";
import { AdminDetail } from "./AdminDetail.tsx";
import { AdminDialog } from "./AdminDialog.tsx";
import { invalidateAdminLists, removeCustomerIfNothingReady } from "./adminLists.ts";
import { CustomerStoryLink } from "./customer/CustomerStoryLink.tsx";
import { DialogTextField } from "./DialogTextField.tsx";
import { formatDateTime, formatMoney } from "./format.ts";

type Milestone = AdminMilestoneCustomerCard_customer$data["milestones"][number];

interface AdminMilestoneCustomerCardProps {
  customer: AdminMilestoneCustomerCard_customer$key;
  customerName: string;
  email: string;
  /** The server's description of each milestone ready when the list loaded. */
  descriptions: readonly { readonly key: string; readonly description: string }[];
  connectionId: string;
  /** After a payment (the card may have left the list). */
  onPaid?: () => void;
  /** Tranches above it need a second administrator: the card requests them instead of paying. */
  thresholdPence: number;
  /** "<customer id>:<milestone>" of the payout requests already waiting. */
  pendingPayoutKeys: ReadonlySet<string>;
  /** The pending payout requests' connection, which a new request joins. */
  requestsConnectionId: string;
  /** The name links to the customer's page (not on that page itself). */
  linkToStory?: boolean;
  /** The figures and progress badge (left out where the page shows them already: the customer's page). */
  showFigures?: boolean;
}

/**
 * One customer with milestones ready: the figures, the progress badge, paid and pending flags, and
 * each ready milestone with its amount and Process Payment. The figures and flags come from the
 * customer record, which the payment's answer updates in place.
 */
export function AdminMilestoneCustomerCard({
  customer: customerKey,
  customerName,
  email,
  descriptions,
  connectionId,
  onPaid,
  thresholdPence,
  pendingPayoutKeys,
  requestsConnectionId,
  linkToStory = true,
  showFigures = true,
}: AdminMilestoneCustomerCardProps) {
  const customer = useFragment(
    graphql`
      fragment AdminMilestoneCustomerCard_customer on Customer {
        id
        databaseId
        progressPercentage
        originalPurchaseAmount {
          pence
        }
        currentCredits {
          pence
        }
        creditsPaid {
          pence
        }
        overpaid {
          pence
        }
        milestones {
          key
          percent
          title
          state
          paymentRequestedAt
          tranche {
            pence
          }
        }
      }
    `,
    customerKey,
  );
  const [paying, setPaying] = useState<Milestone | null>(null);
  const ready = customer.milestones.filter((milestone) => milestone.state === "READY");
  const descriptionOf = (milestone: Milestone) =>
    descriptions.find((d) => d.key === milestone.key)?.description ?? milestone.title;

  return (
    <Box
      as="article"
      aria-label={customerName}
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      p="4"
      bg="bg.panel"
      height="full"
      data-testid="milestone-customer"
    >
      <Stack gap="3">
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0" minWidth="0">
            <Heading as="h3" size="sm">
              {linkToStory ? (
                <CustomerStoryLink databaseId={customer.databaseId}>{customerName}</CustomerStoryLink>
              ) : (
                customerName
              )}
            </Heading>
            <Text textStyle="sm" color="fg.muted" truncate>
              {email}
            </Text>
          </Stack>
          {showFigures ? (
            <Badge colorPalette="amber" variant="solid" size="lg" fontVariantNumeric="tabular-nums">
              <VisuallyHidden>Progress </VisuallyHidden>
              {customer.progressPercentage}%
            </Badge>
          ) : null}
        </HStack>
        {showFigures ? (
          <DataList.Root orientation="horizontal" size="sm" gap="1">
            <Figure label="Original Purchase" pence={customer.originalPurchaseAmount.pence} />
            <Figure label="Potential Credits Earned" pence={customer.currentCredits.pence} />
            <Figure label="Already Paid" pence={customer.creditsPaid.pence} />
          </DataList.Root>
        ) : null}
        <HStack gap="2" flexWrap="wrap" role="group" aria-label="Milestones paid">
          {customer.milestones.map((milestone) => (
            <PaidFlag key={milestone.key} milestone={milestone} />
          ))}
        </HStack>
        {showFigures && customer.overpaid.pence > 0 ? (
          <Alert.Root status="warning" size="sm" borderRadius="md">
            <Alert.Indicator />
            <Alert.Description>
              After a cancellation, milestones paid exceed credits by {formatMoney(customer.overpaid.pence)}: nothing
              more is payable until credits catch up.
            </Alert.Description>
          </Alert.Root>
        ) : null}
        <Stack as="ul" listStyleType="none" gap="2" aria-label="Available milestones">
          {ready.map((milestone) => (
            <HStack
              as="li"
              key={milestone.key}
              justify="space-between"
              gap="3"
              bg="amber.subtle"
              borderRadius="lg"
              px="3"
              py="2"
              flexWrap="wrap"
            >
              <Stack gap="0">
                <Text fontWeight="semibold" textStyle="sm">
                  {descriptionOf(milestone)}
                </Text>
                <Text textStyle="sm" fontVariantNumeric="tabular-nums">
                  {formatMoney(milestone.tranche.pence)}
                </Text>
                {milestone.paymentRequestedAt ? (
                  <Text textStyle="sm" color="amber.fg" fontWeight="semibold" data-testid="payment-requested">
                    <Send size="0.9em" aria-hidden="true" style={{ display: "inline", marginRight: "0.3em" }} />
                    Payment requested {formatDateTime(milestone.paymentRequestedAt)}
                  </Text>
                ) : null}
              </Stack>
              {pendingPayoutKeys.has(`${customer.id}:${milestone.key}`) ? (
                <Badge colorPalette="amber" variant="outline" size="md">
                  <ShieldCheck aria-hidden="true" />
                  Awaiting second approval
                </Badge>
              ) : milestone.tranche.pence > thresholdPence ? (
                <Button
                  size="sm"
                  onClick={() => setPaying(milestone)}
                  aria-label={`Request Payout: ${milestone.percent}% milestone for ${customerName}`}
                >
                  <ShieldCheck aria-hidden="true" />
                  Request Payout
                </Button>
              ) : (
                <Button
                  size="sm"
                  onClick={() => setPaying(milestone)}
                  aria-label={`Process Payment: ${milestone.percent}% milestone for ${customerName}`}
                >
                  <Wallet aria-hidden="true" />
                  Process Payment
                </Button>
              )}
            </HStack>
          ))}
        </Stack>
      </Stack>
      {paying && paying.tranche.pence > thresholdPence ? (
        <RequestPayoutDialog
          customer={customer}
          customerName={customerName}
          milestone={paying}
          thresholdPence={thresholdPence}
          requestsConnectionId={requestsConnectionId}
          onClose={() => setPaying(null)}
        />
      ) : paying ? (
        <ProcessPaymentDialog
          customer={customer}
          customerName={customerName}
          milestone={paying}
          connectionId={connectionId}
          onClose={() => setPaying(null)}
          onPaid={onPaid}
        />
      ) : null}
    </Box>
  );
}

function Figure({ label, pence }: { label: string; pence: number }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minWidth="44">{label}</DataList.ItemLabel>
      <DataList.ItemValue fontVariantNumeric="tabular-nums">{formatMoney(pence)}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** "33% Paid" / "66% Pending": by icon and word as well as colour. */
function PaidFlag({ milestone }: { milestone: Milestone }) {
  const paid = milestone.state === "PAID";
  return (
    <Badge
      colorPalette={paid ? "green" : "gray"}
      variant={paid ? "solid" : "outline"}
      data-testid={`flag-${milestone.key}`}
    >
      {paid ? <CircleCheck aria-hidden="true" /> : <CircleDashed aria-hidden="true" />}
      {milestone.percent}% {paid ? "Paid" : "Pending"}
    </Badge>
  );
}

interface ProcessPaymentDialogProps {
  customer: AdminMilestoneCustomerCard_customer$data;
  customerName: string;
  milestone: Milestone;
  connectionId: string;
  onClose: () => void;
  onPaid?: () => void;
}

/** The confirm dialog: customer, milestone, amount and progress, with optional payment notes. */
function ProcessPaymentDialog({
  customer,
  customerName,
  milestone,
  connectionId,
  onClose,
  onPaid,
}: ProcessPaymentDialogProps) {
  const [commit, isInFlight] = useMutationWithNotice<AdminMilestoneCustomerCardMutation>(graphql`
    mutation AdminMilestoneCustomerCardMutation($input: ProcessMilestoneInput!) {
      processMilestone(input: $input) {
        __typename
        ... on MutationProcessMilestoneSuccess {
          data {
            payment {
              id
              amount {
                pence
              }
            }
            customer {
              id
              refundIssued
              milestone33Paid
              milestone66Paid
              milestone100Paid
              ...AdminMilestoneCustomerCard_customer
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
  const [notes, setNotes] = useState("");

  function pay() {
    const problem = typedTextProblem(TEXT_FIELDS.notes, notes);
    if (problem) {
      notifyFailure("Payment processing failed", problem);
      return;
    }
    commit({
      variables: {
        input: { customerId: customer.id, milestone: milestone.key as MilestoneKey, notes: notes.trim() || null },
      },
      updater: (store, response) => {
        if (!response || !isSuccess(response.processMilestone)) return;
        removeCustomerIfNothingReady(store, connectionId, customer.id);
        invalidateAdminLists(store, ["allCustomers", "customerDetails"]);
      },
      failed: "Payment processing failed",
      onSuccess: () => {
        notifySuccess(
          "Milestone payment processed",
          `${formatMoney(milestone.tranche.pence)} paid to ${customerName} for the ${milestone.percent}% milestone.`,
        );
        refreshCounts();
        onClose();
        onPaid?.();
      },
    });
  }

  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Process Milestone Payment"
      description="Pay this milestone's fixed amount to the customer. It is paid once and recorded in the audit trail; the customer is emailed."
      confirmLabel="Process Payment"
      loading={isInFlight}
      loadingText="Processing..."
      onConfirm={pay}
    >
      <MilestonePaymentDetails
        customerName={customerName}
        milestone={milestone}
        progressPercentage={customer.progressPercentage}
        notes={notes}
        onNotesChange={setNotes}
      />
    </AdminDialog>
  );
}

interface RequestPayoutDialogProps {
  customer: AdminMilestoneCustomerCard_customer$data;
  customerName: string;
  milestone: Milestone;
  thresholdPence: number;
  requestsConnectionId: string;
  onClose: () => void;
}

/** Above the threshold: the confirm dialog asks for the payout, which another administrator approves. */
function RequestPayoutDialog({
  customer,
  customerName,
  milestone,
  thresholdPence,
  requestsConnectionId,
  onClose,
}: RequestPayoutDialogProps) {
  const [commit, isInFlight] = useMutationWithNotice<AdminMilestoneCustomerCardRequestMutation>(graphql`
    mutation AdminMilestoneCustomerCardRequestMutation($input: RequestMilestonePayoutInput!, $connections: [ID!]!) {
      requestMilestonePayout(input: $input) {
        __typename
        ... on MutationRequestMilestonePayoutSuccess {
          data @appendNode(connections: $connections, edgeTypeName: "QueryPendingPayoutRequestsConnectionEdge") {
            id
            milestone
            customer {
              id
            }
            ...AdminPayoutRequests_request
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [notes, setNotes] = useState("");

  function request() {
    const problem = typedTextProblem(TEXT_FIELDS.notes, notes);
    if (problem) {
      notifyFailure("Payout not requested", problem);
      return;
    }
    commit({
      variables: {
        input: { customerId: customer.id, milestone: milestone.key as MilestoneKey, notes: notes.trim() || null },
        connections: [requestsConnectionId],
      },
      failed: "Payout not requested",
      onSuccess: () => {
        notifySuccess(
          "Payout requested",
          `${formatMoney(milestone.tranche.pence)} to ${customerName} waits for another administrator's approval.`,
        );
        onClose();
      },
    });
  }

  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Request Payout Approval"
      description={`This payment is above the ${formatMoney(thresholdPence)} payout approval threshold: another administrator must approve it before it is paid. Both steps are recorded in the audit trail.`}
      confirmLabel="Request Approval"
      loading={isInFlight}
      loadingText="Requesting..."
      onConfirm={request}
    >
      <MilestonePaymentDetails
        customerName={customerName}
        milestone={milestone}
        progressPercentage={customer.progressPercentage}
        notes={notes}
        onNotesChange={setNotes}
      />
    </AdminDialog>
  );
}

/** What a milestone payment dialog shows before it pays or asks for approval, and its optional notes. */
function MilestonePaymentDetails({
  customerName,
  milestone,
  progressPercentage,
  notes,
  onNotesChange,
}: {
  customerName: string;
  milestone: { title: string; tranche: { pence: number } };
  progressPercentage: number;
  notes: string;
  onNotesChange: (notes: string) => void;
}) {
  return (
    <>
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        <AdminDetail label="Customer" value={customerName} />
        <AdminDetail label="Milestone" value={milestone.title} />
        <AdminDetail label="Amount" value={formatMoney(milestone.tranche.pence)} />
        <AdminDetail label="Progress" value={`${progressPercentage}%`} />
      </DataList.Root>
      <DialogTextField label="Payment notes (optional)" name="notes" value={notes} onChange={onNotesChange} />
    </>
  );
}
