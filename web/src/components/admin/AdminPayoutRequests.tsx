import { Badge, Box, Button, DataList, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { AdminPayoutRequests_query$key } from "../../__generated__/AdminPayoutRequests_query.graphql.ts";
import type {
  AdminPayoutRequests_request$data,
  AdminPayoutRequests_request$key,
} from "../../__generated__/AdminPayoutRequests_request.graphql.ts";
import type { AdminPayoutRequestsApproveMutation } from "../../__generated__/AdminPayoutRequestsApproveMutation.graphql.ts";
import type { AdminPayoutRequestsDeclineMutation } from "../../__generated__/AdminPayoutRequestsDeclineMutation.graphql.ts";
import type { AdminPayoutRequestsWithdrawMutation } from "../../__generated__/AdminPayoutRequestsWithdrawMutation.graphql.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { notifyFailure, notifySuccess } from "../../notifications/notify.ts";
import { isSuccess } from "../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { useRefreshAdminCounts } from "./AdminCounts.tsx";
import { AdminDialog } from "./AdminDialog.tsx";
import { invalidateAdminLists, removeCustomerIfNothingReady, removeFromList } from "./adminLists.ts";
import { DialogTextField } from "./DialogTextField.tsx";
import { formatDateTime, formatMoney } from "./format.ts";
import { arrivalStyle, NewBadge } from "./NewRows.tsx";
import { useNewIds } from "./useArrivals.ts";

/** The pending payout requests' keys ("<customer id>:<milestone>"), so a card shows "Awaiting approval" instead of a second request. */
export function usePendingPayoutKeys(queryKey: AdminPayoutRequests_query$key) {
  const data = useFragment(payoutRequestsFragment, queryKey);
  return {
    connectionId: data.pendingPayoutRequests.__id,
    keys: new Set(data.pendingPayoutRequests.edges.map(({ node }) => `${node.customer.id}:${node.milestone}`)),
  };
}

/** Requests shown at once: a handful wait at any time, each for one administrator's decision. */
export const PAYOUT_REQUESTS_SHOWN = 50;

const payoutRequestsFragment = graphql`
  fragment AdminPayoutRequests_query on Query @argumentDefinitions(count: { type: "Int!" }) {
    pendingPayoutRequests(first: $count) @connection(key: "AdminPayoutRequests_pendingPayoutRequests", filters: []) {
      __id
      edges {
        node {
          id
          milestone
          customer {
            id
          }
          ...AdminPayoutRequests_request
        }
      }
    }
  }
`;

interface AdminPayoutRequestsProps {
  query: AdminPayoutRequests_query$key;
  /** The Milestone Payments list, from which a customer paid in full leaves. */
  milestonesConnectionId: string;
}

/** Payouts above the threshold waiting for a second administrator: who asked, when, how much; Approve or Decline, or Withdraw for the asker. */
export function AdminPayoutRequests({ query, milestonesConnectionId }: AdminPayoutRequestsProps) {
  const data = useFragment(payoutRequestsFragment, query);
  const listed = data.pendingPayoutRequests.edges.map((edge) => edge.node);
  // A request made while the list is open goes on top, highlighted (docs/rules/web-app.md, "New rows").
  const arrivals = useNewIds(listed.map((request) => request.id));
  const byId = new Map(listed.map((request) => [request.id, request]));
  const requests = arrivals.ordered.flatMap((id) => byId.get(id) ?? []);
  if (requests.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="payout-requests-heading" gap="2">
      <HStack justify="space-between">
        <Heading as="h2" size="md" id="payout-requests-heading">
          Payout Requests Awaiting Approval
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {requests.length} {requests.length === 1 ? "request" : "requests"}
        </Text>
      </HStack>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, xl: 2 }} gap="3" data-testid="payout-request-list">
        {requests.map((request) => (
          <Box
            as="li"
            key={request.id}
            borderRadius="xl"
            p={arrivals.isNew(request.id) ? "1.5" : undefined}
            data-new={arrivals.isNew(request.id) || undefined}
            css={arrivalStyle(arrivals.isFresh(request.id))}
          >
            {arrivals.isNew(request.id) ? <NewBadge /> : null}
            <PayoutRequestCard
              request={request}
              requestsConnectionId={data.pendingPayoutRequests.__id}
              milestonesConnectionId={milestonesConnectionId}
            />
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

type Request = AdminPayoutRequests_request$data;

function PayoutRequestCard({
  request: requestKey,
  requestsConnectionId,
  milestonesConnectionId,
}: {
  request: AdminPayoutRequests_request$key;
  requestsConnectionId: string;
  milestonesConnectionId: string;
}) {
  const request = useFragment(
    graphql`
      fragment AdminPayoutRequests_request on PayoutRequest {
        id
        customerName
        percent
        amount {
          pence
        }
        notes
        requestedAt
        lapsesAt
        requestedByViewer
        requestedBy {
          username
        }
      }
    `,
    requestKey,
  );
  const [dialog, setDialog] = useState<"approve" | "decline" | "withdraw" | null>(null);
  const title = `${request.percent}% milestone for ${request.customerName}`;
  return (
    <Box
      as="article"
      aria-label={`Payout request: ${title}`}
      borderWidth="1px"
      borderColor="amber.emphasized"
      borderRadius="xl"
      p="4"
      bg="bg.panel"
      data-testid="payout-request"
    >
      <Stack gap="3">
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0">
            <Heading as="h3" size="sm">
              {request.customerName}
            </Heading>
            <Text textStyle="sm">{request.percent}% milestone</Text>
          </Stack>
          <Badge colorPalette="amber" variant="solid" size="lg" fontVariantNumeric="tabular-nums">
            {formatMoney(request.amount.pence)}
          </Badge>
        </HStack>
        <DataList.Root orientation="horizontal" size="sm" gap="1">
          <DataList.Item>
            <DataList.ItemLabel minWidth="28">Requested by</DataList.ItemLabel>
            <DataList.ItemValue>{request.requestedBy.username}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minWidth="28">Requested</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(String(request.requestedAt))}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minWidth="28">Lapses</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(String(request.lapsesAt))}</DataList.ItemValue>
          </DataList.Item>
          {request.notes ? (
            <DataList.Item>
              <DataList.ItemLabel minWidth="28">Notes</DataList.ItemLabel>
              <DataList.ItemValue>{request.notes}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList.Root>
        {request.requestedByViewer ? (
          <HStack gap="2" justify="space-between" align="center" flexWrap="wrap">
            <Text textStyle="sm" color="fg.muted">
              You requested this payout: another administrator must approve or decline it.
            </Text>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setDialog("withdraw")}
              aria-label={`Withdraw payout request: ${title}`}
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
              aria-label={`Decline payout: ${title}`}
            >
              <X aria-hidden="true" />
              Decline
            </Button>
            <Button
              size="sm"
              colorPalette="green"
              onClick={() => setDialog("approve")}
              aria-label={`Approve payout: ${title}`}
            >
              <Check aria-hidden="true" />
              Approve Payout
            </Button>
          </HStack>
        )}
      </Stack>
      {dialog === "approve" ? (
        <ApproveDialog
          request={request}
          requestsConnectionId={requestsConnectionId}
          milestonesConnectionId={milestonesConnectionId}
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
  milestonesConnectionId,
  onClose,
}: {
  request: Request;
  requestsConnectionId: string;
  milestonesConnectionId: string;
  onClose: () => void;
}) {
  const [commit, isInFlight] = useMutationWithNotice<AdminPayoutRequestsApproveMutation>(graphql`
    mutation AdminPayoutRequestsApproveMutation($input: ApprovePayoutRequestInput!) {
      approvePayoutRequest(input: $input) {
        __typename
        ... on MutationApprovePayoutRequestSuccess {
          data {
            payoutRequest {
              id
              status
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
  function approve() {
    commit({
      variables: { input: { requestId: request.id } },
      updater: (store, response) => {
        if (!response || !isSuccess(response.approvePayoutRequest)) return;
        removeFromList(store, requestsConnectionId, request.id);
        const customerId = response.approvePayoutRequest.data?.customer.id;
        if (customerId) removeCustomerIfNothingReady(store, milestonesConnectionId, customerId);
        invalidateAdminLists(store, ["allCustomers", "customerDetails"]);
      },
      failed: "Payout not approved",
      onSuccess: () => {
        notifySuccess(
          "Payout approved and paid",
          `${formatMoney(request.amount.pence)} paid to ${request.customerName} for the ${request.percent}% milestone.`,
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
      title="Approve Payout"
      description={`Approving pays ${formatMoney(request.amount.pence)} to the customer now, once; it is recorded in the audit trail and the customer is emailed.`}
      confirmLabel="Approve and Pay"
      tone="green"
      loading={isInFlight}
      loadingText="Paying..."
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
  const [commit, isInFlight] = useMutationWithNotice<AdminPayoutRequestsDeclineMutation>(graphql`
    mutation AdminPayoutRequestsDeclineMutation($input: DeclinePayoutRequestInput!) {
      declinePayoutRequest(input: $input) {
        __typename
        ... on MutationDeclinePayoutRequestSuccess {
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
  const [reason, setReason] = useState("");
  function decline() {
    const problem = typedTextProblem(TEXT_FIELDS.declineReason, reason);
    if (problem) {
      notifyFailure("Payout not declined", problem);
      return;
    }
    commit({
      variables: { input: { requestId: request.id, reason: reason.trim() || null } },
      updater: (store, response) => {
        if (response && isSuccess(response.declinePayoutRequest))
          removeFromList(store, requestsConnectionId, request.id);
      },
      failed: "Payout not declined",
      onSuccess: () => {
        notifySuccess(
          "Payout declined",
          `Nothing was paid to ${request.customerName}; the milestone can be requested again.`,
        );
        onClose();
      },
    });
  }
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Decline Payout"
      description="Nothing is paid. The milestone stays ready and can be requested again. The decision is recorded in the audit trail."
      confirmLabel="Decline Payout"
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

/** The asker takes their own request back (docs/rules/milestones.md): nothing is paid, the milestone can be requested again. */
function WithdrawDialog({
  request,
  requestsConnectionId,
  onClose,
}: {
  request: Request;
  requestsConnectionId: string;
  onClose: () => void;
}) {
  const [commit, isInFlight] = useMutationWithNotice<AdminPayoutRequestsWithdrawMutation>(graphql`
    mutation AdminPayoutRequestsWithdrawMutation($input: ApprovePayoutRequestInput!) {
      withdrawPayoutRequest(input: $input) {
        __typename
        ... on MutationWithdrawPayoutRequestSuccess {
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
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Withdraw Payout Request"
      description="Nothing is paid. The milestone stays ready and can be requested again. The withdrawal is recorded in the audit trail."
      confirmLabel="Withdraw Request"
      loading={isInFlight}
      loadingText="Withdrawing..."
      onConfirm={() =>
        commit({
          variables: { input: { requestId: request.id } },
          updater: (store, response) => {
            if (response && isSuccess(response.withdrawPayoutRequest))
              removeFromList(store, requestsConnectionId, request.id);
          },
          failed: "Payout request not withdrawn",
          onSuccess: () => {
            notifySuccess(
              "Payout request withdrawn",
              `Nothing was paid to ${request.customerName}; the milestone can be requested again.`,
            );
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
        ["Customer", request.customerName],
        ["Milestone", `${request.percent}% milestone`],
        ["Amount", formatMoney(request.amount.pence)],
        ["Requested by", request.requestedBy.username],
      ].map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minWidth="28">{label}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
