import { Badge, Box, Button, DataList, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Check, Undo2, X } from "lucide-react";
import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { ConnectionHandler, type RecordSourceSelectorProxy } from "relay-runtime";
import type { AdminSettingChangeRequests_query$key } from "../../__generated__/AdminSettingChangeRequests_query.graphql.ts";
import type {
  AdminSettingChangeRequests_request$data,
  AdminSettingChangeRequests_request$key,
} from "../../__generated__/AdminSettingChangeRequests_request.graphql.ts";
import type { AdminSettingChangeRequestsApproveMutation } from "../../__generated__/AdminSettingChangeRequestsApproveMutation.graphql.ts";
import type { AdminSettingChangeRequestsDeclineMutation } from "../../__generated__/AdminSettingChangeRequestsDeclineMutation.graphql.ts";
import type { AdminSettingChangeRequestsWithdrawMutation } from "../../__generated__/AdminSettingChangeRequestsWithdrawMutation.graphql.ts";
import { notifySuccess } from "../../notifications/notify.ts";
import { isSuccess } from "../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { AdminDialog } from "./AdminDialog.tsx";
import { removeFromList } from "./adminLists.ts";
import { formatDateTime, penceToPoundsText } from "./format.ts";

/** The Relay connection of the waiting requests, for a raise's answer to add itself to. */
export const PENDING_SETTING_CHANGES_KEY = "AdminSettingChangeRequests_settingChangeRequests";
export const pendingSettingChangesConnectionId = () =>
  ConnectionHandler.getConnectionID("client:root", PENDING_SETTING_CHANGES_KEY, { status: "PENDING" });

const requestsFragment = graphql`
  fragment AdminSettingChangeRequests_query on Query {
    settingChangeRequests(first: 20, status: PENDING)
      @connection(key: "AdminSettingChangeRequests_settingChangeRequests", filters: ["status"]) {
      __id
      edges {
        node {
          id
          setting
          toText
          ...AdminSettingChangeRequests_request
        }
      }
    }
  }
`;

/** Each setting's waiting raise (its target value for display), so the settings rows can say "awaiting approval". */
export function usePendingSettingChanges(queryKey: AdminSettingChangeRequests_query$key) {
  const data = useFragment(requestsFragment, queryKey);
  return new Map(data.settingChangeRequests.edges.map(({ node }) => [node.setting as string, node.toText]));
}

/**
 * Raises of the programme settings waiting for a second administrator: who asked, from what to what,
 * when; Approve or Decline for another administrator, Withdraw for the one who asked.
 */
export function AdminSettingChangeRequests({ query }: { query: AdminSettingChangeRequests_query$key }) {
  const data = useFragment(requestsFragment, query);
  const requests = data.settingChangeRequests.edges.map((edge) => edge.node);
  if (requests.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="setting-changes-heading" gap="2" mt="3">
      <Heading as="h3" size="sm" id="setting-changes-heading">
        Setting Changes Awaiting Approval
      </Heading>
      <Stack as="ul" listStyleType="none" gap="2" data-testid="setting-change-list">
        {requests.map((request) => (
          <li key={request.id}>
            <SettingChangeCard request={request} connectionId={data.settingChangeRequests.__id} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

type Request = AdminSettingChangeRequests_request$data;

/** The approved value in the store's `programme`, which every settings row reads. */
function applyToProgramme(store: RecordSourceSelectorProxy, request: Request) {
  const programme = store.getRoot().getLinkedRecord("programme");
  if (!programme) return;
  if (request.setting === "CREDIT_RATE") {
    programme.setValue(request.toValue, "creditRateBasisPoints");
    programme.setValue(request.toText, "creditRatePercent");
  } else if (request.setting === "REFERRAL_DAILY_LIMIT") {
    programme.setValue(request.toValue, "referralDailyLimit");
  } else if (request.setting === "PAYOUT_APPROVAL_THRESHOLD" || request.setting === "FLAGGED_VERIFICATION_APPROVAL") {
    const field =
      request.setting === "PAYOUT_APPROVAL_THRESHOLD" ? "payoutApprovalThreshold" : "flaggedVerificationApproval";
    const amount = programme.getLinkedRecord(field);
    amount?.setValue(request.toValue, "pence");
    amount?.setValue(penceToPoundsText(request.toValue), "pounds");
    amount?.setValue(request.toText, "formatted");
  } else if (request.setting === "SIGNAL_BURST_PER_HOUR") {
    programme.setValue(request.toValue, "signalBurstPerHour");
  } else if (request.setting === "SIGNAL_AMOUNT_FACTOR") {
    programme.setValue(request.toValue, "signalAmountFactorPercent");
  }
}

function SettingChangeCard({
  request: requestKey,
  connectionId,
}: {
  request: AdminSettingChangeRequests_request$key;
  connectionId: string;
}) {
  const request = useFragment(
    graphql`
      fragment AdminSettingChangeRequests_request on SettingChangeRequest {
        id
        setting
        settingName
        toValue
        fromText
        toText
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
  const [approving, setApproving] = useState(false);
  const title = `${request.settingName}: ${request.fromText} to ${request.toText}`;
  const [decline, declining] = useMutationWithNotice<AdminSettingChangeRequestsDeclineMutation>(graphql`
    mutation AdminSettingChangeRequestsDeclineMutation($input: DeclineSettingChangeRequestInput!) {
      declineSettingChangeRequest(input: $input) {
        __typename
        ... on MutationDeclineSettingChangeRequestSuccess {
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
  const [withdraw, withdrawing] = useMutationWithNotice<AdminSettingChangeRequestsWithdrawMutation>(graphql`
    mutation AdminSettingChangeRequestsWithdrawMutation($input: SettingChangeRequestIdInput!) {
      withdrawSettingChangeRequest(input: $input) {
        __typename
        ... on MutationWithdrawSettingChangeRequestSuccess {
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
  const onDecline = () =>
    decline({
      variables: { input: { requestId: request.id } },
      updater: (store, response) => {
        if (response && isSuccess(response.declineSettingChangeRequest))
          removeFromList(store, connectionId, request.id);
      },
      failed: "Change not declined",
      onSuccess: () => notifySuccess("Change declined", `${request.settingName} stays ${request.fromText}.`),
    });
  const onWithdraw = () =>
    withdraw({
      variables: { input: { requestId: request.id } },
      updater: (store, response) => {
        if (response && isSuccess(response.withdrawSettingChangeRequest))
          removeFromList(store, connectionId, request.id);
      },
      failed: "Change not withdrawn",
      onSuccess: () => notifySuccess("Change withdrawn", `${request.settingName} stays ${request.fromText}.`),
    });
  return (
    <Box
      as="article"
      aria-label={`Setting change: ${title}`}
      borderWidth="1px"
      borderColor="amber.emphasized"
      borderRadius="lg"
      p="3"
      data-testid="setting-change-request"
    >
      <Stack gap="2">
        <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
          <Text textStyle="sm" fontWeight="semibold">
            {request.settingName}: {request.fromText} → {request.toText}
          </Text>
          <Badge colorPalette="amber" variant="subtle">
            Awaiting approval
          </Badge>
        </HStack>
        <DataList.Root orientation="horizontal" size="sm" gap="1">
          <DataList.Item>
            <DataList.ItemLabel minWidth="24">Asked by</DataList.ItemLabel>
            <DataList.ItemValue>{request.requestedBy.username}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minWidth="24">Asked</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(String(request.requestedAt))}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minWidth="24">Lapses</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(String(request.lapsesAt))}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        {request.requestedByViewer ? (
          <HStack gap="2" justify="space-between" flexWrap="wrap">
            <Text textStyle="sm" color="fg.muted">
              You asked for this change: another administrator must approve or decline it.
            </Text>
            <Button
              size="xs"
              variant="outline"
              onClick={onWithdraw}
              loading={withdrawing}
              aria-label={`Withdraw change: ${title}`}
            >
              <Undo2 aria-hidden="true" />
              Withdraw
            </Button>
          </HStack>
        ) : (
          <HStack gap="2" justify="flex-end" flexWrap="wrap">
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={onDecline}
              loading={declining}
              aria-label={`Decline change: ${title}`}
            >
              <X aria-hidden="true" />
              Decline
            </Button>
            <Button
              size="xs"
              colorPalette="green"
              onClick={() => setApproving(true)}
              aria-label={`Approve change: ${title}`}
            >
              <Check aria-hidden="true" />
              Approve Change
            </Button>
          </HStack>
        )}
      </Stack>
      {approving ? (
        <ApproveDialog request={request} connectionId={connectionId} onClose={() => setApproving(false)} />
      ) : null}
    </Box>
  );
}

function ApproveDialog({
  request,
  connectionId,
  onClose,
}: {
  request: Request;
  connectionId: string;
  onClose: () => void;
}) {
  const [commit, isInFlight] = useMutationWithNotice<AdminSettingChangeRequestsApproveMutation>(graphql`
    mutation AdminSettingChangeRequestsApproveMutation($input: SettingChangeRequestIdInput!) {
      approveSettingChangeRequest(input: $input) {
        __typename
        ... on MutationApproveSettingChangeRequestSuccess {
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
  function approve() {
    commit({
      variables: { input: { requestId: request.id } },
      updater: (store, response) => {
        if (!response || !isSuccess(response.approveSettingChangeRequest)) return;
        removeFromList(store, connectionId, request.id);
        applyToProgramme(store, request);
      },
      failed: "Change not approved",
      onSuccess: () => {
        notifySuccess("Change approved", `${request.settingName} is now ${request.toText}.`);
        onClose();
      },
    });
  }
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Approve Setting Change"
      description={`${request.requestedBy.username} asked to change the ${request.settingName.toLowerCase()} from ${request.fromText} to ${request.toText}. Approving applies it now; it is recorded in the audit trail.`}
      confirmLabel="Approve Change"
      tone="green"
      loading={isInFlight}
      loadingText="Approving..."
      onConfirm={approve}
    />
  );
}
