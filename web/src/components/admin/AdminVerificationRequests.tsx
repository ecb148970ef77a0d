import { Badge, Box, Button, DataList, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Check, X } from "lucide-react";
import { useEffect, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { ConnectionHandler, ROOT_ID } from "relay-runtime";
import type { AdminVerificationRequests_query$key } from "../../__generated__/AdminVerificationRequests_query.graphql.ts";
import type {
  AdminVerificationRequests_request$data,
  AdminVerificationRequests_request$key,
} from "../../__generated__/AdminVerificationRequests_request.graphql.ts";
import type { AdminVerificationRequestsApproveMutation } from "../../__generated__/AdminVerificationRequestsApproveMutation.graphql.ts";
import type { AdminVerificationRequestsDeclineMutation } from "../../__generated__/AdminVerificationRequestsDeclineMutation.graphql.ts";
import type { AdminVerificationRequestsQuery } from "../../__generated__/AdminVerificationRequestsQuery.graphql.ts";
import type { AdminVerificationRequestsWithdrawMutation } from "../../__generated__/AdminVerificationRequestsWithdrawMutation.graphql.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { notifyFailure, notifySuccess } from "../../notifications/notify.ts";
import { isSuccess } from "../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { useRefreshAdminCounts } from "./AdminCounts.tsx";
import { AdminDialog } from "./AdminDialog.tsx";
import { adjustTotalCount, invalidateAdminLists, removeFromList, VERIFICATION_REQUESTS_SHOWN } from "./adminLists.ts";
import { DialogTextField } from "./DialogTextField.tsx";
import { formatDateTime, formatMoney } from "./format.ts";
import { ReferralSignalList } from "./fraud/ReferralSignalList.tsx";
import { SignalFlag } from "./fraud/SignalBadges.tsx";
import { arrivalStyle, NewBadge } from "./NewRows.tsx";
import { useAdminQuery } from "./useAdminQuery.ts";
import { useNewIds } from "./useArrivals.ts";

const CONNECTION_KEY = "AdminVerificationRequests_pendingPurchaseVerificationRequests";

/** The waiting list's connection, so the Verify Purchase form can put a request it made into it. */
export const verificationRequestsConnectionId = () => ConnectionHandler.getConnectionID(ROOT_ID, CONNECTION_KEY);

interface AdminVerificationRequestsProps {
  /** The Pending Referrals list, which an approved referral leaves. */
  pendingReferralsConnectionId: string;
  /** Told the ids of the referrals whose verification waits, so their rows can say so. */
  onWaitingReferrals?: (referralIds: ReadonlySet<string>) => void;
}

/**
 * Flagged verifications above the approval amount, waiting for a second administrator, above the
 * Pending Referrals list (docs/rules/web-app.md, "Fraud signals on the pages"); nothing when none wait.
 * A query of its own: the list's query stays as it is, and this one follows live events.
 */
export function AdminVerificationRequests({
  pendingReferralsConnectionId,
  onWaitingReferrals,
}: AdminVerificationRequestsProps) {
  const query = useAdminQuery<AdminVerificationRequestsQuery>(
    graphql`
      query AdminVerificationRequestsQuery($count: Int!) {
        ...AdminVerificationRequests_query @arguments(count: $count)
      }
    `,
    { count: VERIFICATION_REQUESTS_SHOWN },
  );
  return (
    <VerificationRequestList
      query={query}
      pendingReferralsConnectionId={pendingReferralsConnectionId}
      onWaitingReferrals={onWaitingReferrals}
    />
  );
}

function VerificationRequestList({
  query,
  pendingReferralsConnectionId,
  onWaitingReferrals,
}: {
  query: AdminVerificationRequests_query$key;
  pendingReferralsConnectionId: string;
  onWaitingReferrals?: (referralIds: ReadonlySet<string>) => void;
}) {
  const data = useFragment(
    graphql`
      fragment AdminVerificationRequests_query on Query @argumentDefinitions(count: { type: "Int!" }) {
        pendingPurchaseVerificationRequests(first: $count)
          @connection(key: "AdminVerificationRequests_pendingPurchaseVerificationRequests", filters: []) {
          __id
          edges {
            node {
              id
              referral {
                id
              }
              ...AdminVerificationRequests_request
            }
          }
        }
      }
    `,
    query,
  );
  const listed = data.pendingPurchaseVerificationRequests.edges.map((edge) => edge.node);
  // A request made while the list is open goes on top, highlighted (docs/rules/web-app.md, "New rows").
  const arrivals = useNewIds(listed.map((request) => request.id));
  const byId = new Map(listed.map((request) => [request.id, request]));
  const requests = arrivals.ordered.flatMap((id) => byId.get(id) ?? []);
  const waitingKey = listed.map((request) => request.referral.id).join(",");
  useEffect(() => {
    onWaitingReferrals?.(new Set(waitingKey ? waitingKey.split(",") : []));
  }, [waitingKey, onWaitingReferrals]);
  if (requests.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="verification-requests-heading" gap="2">
      <HStack justify="space-between">
        <Heading as="h2" size="md" id="verification-requests-heading">
          Verifications awaiting approval
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {requests.length} {requests.length === 1 ? "request" : "requests"}
        </Text>
      </HStack>
      <SimpleGrid
        as="ul"
        listStyleType="none"
        columns={{ base: 1, xl: 2 }}
        gap="3"
        data-testid="verification-request-list"
      >
        {requests.map((request) => (
          <Box
            as="li"
            key={request.id}
            borderRadius="xl"
            minWidth="0"
            p={arrivals.isNew(request.id) ? "1.5" : undefined}
            data-new={arrivals.isNew(request.id) || undefined}
            css={arrivalStyle(arrivals.isFresh(request.id))}
          >
            {arrivals.isNew(request.id) ? <NewBadge /> : null}
            <VerificationRequestCard
              request={request}
              requestsConnectionId={data.pendingPurchaseVerificationRequests.__id}
              pendingReferralsConnectionId={pendingReferralsConnectionId}
            />
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

type Request = AdminVerificationRequests_request$data;

const friendOf = (request: Request) => request.referral.name ?? "erased";

function VerificationRequestCard({
  request: requestKey,
  requestsConnectionId,
  pendingReferralsConnectionId,
}: {
  request: AdminVerificationRequests_request$key;
  requestsConnectionId: string;
  pendingReferralsConnectionId: string;
}) {
  const request = useFragment(
    graphql`
      fragment AdminVerificationRequests_request on PurchaseVerificationRequest {
        id
        customerName
        amount {
          pence
        }
        notes
        requestedAt
        requestedByViewer
        requestedBy {
          username
        }
        referral {
          id
          name
          signalCount
          ...ReferralSignalList_referral
        }
      }
    `,
    requestKey,
  );
  const [dialog, setDialog] = useState<"approve" | "decline" | "withdraw" | null>(null);
  const friend = friendOf(request);
  return (
    <Box
      as="article"
      aria-label={`Verification request: ${friend}, referred by ${request.customerName}`}
      borderWidth="1px"
      borderColor="amber.emphasized"
      borderRadius="xl"
      p="4"
      bg="bg.panel"
      data-testid="verification-request"
    >
      <Stack gap="3">
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0.5" minWidth="0">
            <Heading as="h3" size="sm" wordBreak="break-word">
              {friend}
            </Heading>
            <Text textStyle="sm" wordBreak="break-word">
              Referred by {request.customerName}
            </Text>
            <HStack>
              <SignalFlag count={request.referral.signalCount} />
            </HStack>
          </Stack>
          <Badge colorPalette="amber" variant="solid" size="lg" fontVariantNumeric="tabular-nums" flexShrink={0}>
            {formatMoney(request.amount.pence)}
          </Badge>
        </HStack>
        <ReferralSignalList referral={request.referral} variant="compact" />
        <DataList.Root orientation="horizontal" size="sm" gap="1">
          <DataList.Item>
            <DataList.ItemLabel minWidth="28">Asked by</DataList.ItemLabel>
            <DataList.ItemValue>{request.requestedBy.username}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minWidth="28">Asked</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(String(request.requestedAt))}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minWidth="28">Their note</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-word">{request.notes}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        {request.requestedByViewer ? (
          <HStack gap="2" justify="space-between" align="center" flexWrap="wrap">
            <Text textStyle="sm" color="fg.muted" data-testid="waiting-for-another">
              Waiting for another administrator: you asked for this verification.
            </Text>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setDialog("withdraw")}
              aria-label={`Withdraw verification of ${friend}`}
            >
              Withdraw
            </Button>
          </HStack>
        ) : (
          <HStack gap="2" justify="flex-end" flexWrap="wrap">
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setDialog("decline")}
              aria-label={`Decline verification of ${friend}`}
            >
              <X aria-hidden="true" />
              Decline
            </Button>
            <Button
              size="sm"
              colorPalette="green"
              onClick={() => setDialog("approve")}
              aria-label={`Approve verification of ${friend}`}
            >
              <Check aria-hidden="true" />
              Approve verification
            </Button>
          </HStack>
        )}
      </Stack>
      {dialog === "approve" ? (
        <ApproveDialog
          request={request}
          requestsConnectionId={requestsConnectionId}
          pendingReferralsConnectionId={pendingReferralsConnectionId}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "decline" ? (
        <DeclineDialog request={request} requestsConnectionId={requestsConnectionId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === "withdraw" ? (
        <WithdrawDialog request={request} requestsConnectionId={requestsConnectionId} onClose={() => setDialog(null)} />
      ) : null}
    </Box>
  );
}

function ApproveDialog({
  request,
  requestsConnectionId,
  pendingReferralsConnectionId,
  onClose,
}: {
  request: Request;
  requestsConnectionId: string;
  pendingReferralsConnectionId: string;
  onClose: () => void;
}) {
  const [commit, isInFlight] = useMutationWithNotice<AdminVerificationRequestsApproveMutation>(graphql`
    mutation AdminVerificationRequestsApproveMutation($input: ApprovePurchaseVerificationRequestInput!) {
      approvePurchaseVerificationRequest(input: $input) {
        __typename
        ... on MutationApprovePurchaseVerificationRequestSuccess {
          data {
            request {
              id
              status
            }
            referral {
              id
              status
            }
            creditEarned {
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
  const friend = friendOf(request);
  function approve() {
    commit({
      variables: { input: { requestId: request.id } },
      updater: (store, response) => {
        if (!response || !isSuccess(response.approvePurchaseVerificationRequest)) return;
        removeFromList(store, requestsConnectionId, request.id);
        // The referral is verified: it leaves the Pending Referrals list, as after Verify Purchase.
        const pending = store.get(pendingReferralsConnectionId);
        if (pending) {
          ConnectionHandler.deleteNode(pending, request.referral.id);
          adjustTotalCount(store, pendingReferralsConnectionId, -1);
        }
        invalidateAdminLists(store, [
          "purchasedReferrals",
          "allCustomers",
          "milestonePayments",
          "customerDetails",
          "referralDetails",
        ]);
      },
      failed: "Verification not approved",
      onSuccess: (result) => {
        notifySuccess(
          "Verification approved",
          `${formatMoney(request.amount.pence)} verified for ${friend}; ${request.customerName} is credited ${formatMoney(result.data.creditEarned.pence)}.`,
        );
        refreshCounts();
        onClose();
      },
    });
  }
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Approve Verification"
      description={`Approving verifies the purchase of ${formatMoney(request.amount.pence)} now and credits the customer at the rate in force; it is recorded in the audit trail.`}
      confirmLabel="Approve and Credit"
      tone="green"
      loading={isInFlight}
      loadingText="Crediting..."
      onConfirm={approve}
    >
      <RequestDetails request={request} />
    </AdminDialog>
  );
}

function DeclineDialog({
  request,
  requestsConnectionId,
  onClose,
}: {
  request: Request;
  requestsConnectionId: string;
  onClose: () => void;
}) {
  const [commit, isInFlight] = useMutationWithNotice<AdminVerificationRequestsDeclineMutation>(graphql`
    mutation AdminVerificationRequestsDeclineMutation($input: DeclinePurchaseVerificationRequestInput!) {
      declinePurchaseVerificationRequest(input: $input) {
        __typename
        ... on MutationDeclinePurchaseVerificationRequestSuccess {
          data {
            id
            status
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
  const friend = friendOf(request);
  function decline() {
    const problem = typedTextProblem(TEXT_FIELDS.declineReason, reason);
    if (problem) {
      notifyFailure("Verification not declined", problem);
      return;
    }
    commit({
      variables: { input: { requestId: request.id, reason: reason.trim() || null } },
      updater: (store, response) => {
        if (response && isSuccess(response.declinePurchaseVerificationRequest))
          removeFromList(store, requestsConnectionId, request.id);
      },
      failed: "Verification not declined",
      onSuccess: () => {
        notifySuccess("Verification declined", `Nothing was credited; ${friend} stays pending.`);
        refreshCounts();
        onClose();
      },
    });
  }
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Decline Verification"
      description="Nothing is credited. The referral stays pending and its purchase can be verified again. The decision is recorded in the audit trail."
      confirmLabel="Decline Verification"
      tone="red"
      loading={isInFlight}
      loadingText="Declining..."
      onConfirm={decline}
    >
      <RequestDetails request={request} />
      <DialogTextField label="Reason (optional)" name="reason" value={reason} onChange={setReason} />
    </AdminDialog>
  );
}

/** The asker takes their own request back (docs/rules/fraud.md): nothing is credited, the referral stays pending. */
function WithdrawDialog({
  request,
  requestsConnectionId,
  onClose,
}: {
  request: Request;
  requestsConnectionId: string;
  onClose: () => void;
}) {
  const [commit, isInFlight] = useMutationWithNotice<AdminVerificationRequestsWithdrawMutation>(graphql`
    mutation AdminVerificationRequestsWithdrawMutation($input: ApprovePurchaseVerificationRequestInput!) {
      withdrawPurchaseVerificationRequest(input: $input) {
        __typename
        ... on MutationWithdrawPurchaseVerificationRequestSuccess {
          data {
            id
            status
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const refreshCounts = useRefreshAdminCounts();
  const friend = friendOf(request);
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Withdraw Verification"
      description="Nothing is credited. The referral stays pending and its purchase can be verified again. The withdrawal is recorded in the audit trail."
      confirmLabel="Withdraw Verification"
      loading={isInFlight}
      loadingText="Withdrawing..."
      onConfirm={() =>
        commit({
          variables: { input: { requestId: request.id } },
          updater: (store, response) => {
            if (response && isSuccess(response.withdrawPurchaseVerificationRequest))
              removeFromList(store, requestsConnectionId, request.id);
          },
          failed: "Verification not withdrawn",
          onSuccess: () => {
            notifySuccess("Verification withdrawn", `Nothing was credited; ${friend} stays pending.`);
            refreshCounts();
            onClose();
          },
        })
      }
    >
      <RequestDetails request={request} />
    </AdminDialog>
  );
}

function RequestDetails({ request }: { request: Request }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {[
        ["Friend", friendOf(request)],
        ["Customer", request.customerName],
        ["Amount", formatMoney(request.amount.pence)],
        ["Asked by", request.requestedBy.username],
        ["Their note", request.notes],
      ].map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minWidth="28">{label}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums" wordBreak="break-word">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
