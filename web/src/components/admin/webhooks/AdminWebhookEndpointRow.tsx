import { Badge, Button, Code, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { CircleCheck, CirclePause } from "lucide-react";
import { useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay/hooks";
import type { AdminWebhookEndpointRow_endpoint$key } from "../../../__generated__/AdminWebhookEndpointRow_endpoint.graphql.ts";
import type { AdminWebhookEndpointRowDeleteMutation } from "../../../__generated__/AdminWebhookEndpointRowDeleteMutation.graphql.ts";
import type { AdminWebhookEndpointRowRotateMutation } from "../../../__generated__/AdminWebhookEndpointRowRotateMutation.graphql.ts";
import type { AdminWebhookEndpointRowTestMutation } from "../../../__generated__/AdminWebhookEndpointRowTestMutation.graphql.ts";
import type { AdminWebhookEndpointRowUpdateMutation } from "../../../__generated__/AdminWebhookEndpointRowUpdateMutation.graphql.ts";
import { notifyFailure, notifySuccess } from "../../../notifications/notify.ts";
import { failureOf, type MutationFailure } from "../../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../../relay/useMutationWithNotice.ts";
import { AdminDialog } from "../AdminDialog.tsx";
import { formatDateTime } from "../format.ts";
import { prependDelivery } from "./AdminWebhookDeliveries.tsx";
import { AdminWebhookEndpointDialog, type WebhookEndpointInput } from "./AdminWebhookEndpointDialog.tsx";
import { webhookEventName } from "./webhookEvents.ts";

interface AdminWebhookEndpointRowProps {
  endpoint: AdminWebhookEndpointRow_endpoint$key;
  /** This endpoint's delivery log is the one open below the table. */
  logOpen: boolean;
  onShowLog: (endpoint: { id: string; url: string }) => void;
  /** A rotated secret, for the panel to show once. */
  onSecret: (secret: string, url: string) => void;
  onDeleted: (id: string) => void;
}

/** One endpoint of the Webhooks table: where it points, what it receives, whether it is on, and its actions. */
export function AdminWebhookEndpointRow({
  endpoint: endpointKey,
  logOpen,
  onShowLog,
  onSecret,
  onDeleted,
}: AdminWebhookEndpointRowProps) {
  const endpoint = useFragment(
    graphql`
      fragment AdminWebhookEndpointRow_endpoint on WebhookEndpoint {
        id
        databaseId
        url
        description
        events
        enabled
        disabledReason
        disabledAt
        createdAt
        secretRotatedAt
      }
    `,
    endpointKey,
  );
  const [dialog, setDialog] = useState<"edit" | "rotate" | "delete" | null>(null);
  const [problem, setProblem] = useState<MutationFailure | null>(null);

  const [update, updating] = useMutation<AdminWebhookEndpointRowUpdateMutation>(graphql`
    mutation AdminWebhookEndpointRowUpdateMutation($input: UpdateWebhookEndpointInput!) {
      updateWebhookEndpoint(input: $input) {
        __typename
        ... on MutationUpdateWebhookEndpointSuccess {
          data {
            endpoint {
              ...AdminWebhookEndpointRow_endpoint
            }
          }
        }
        ... on Error {
          message
        }
        ... on ValidationError {
          field
        }
      }
    }
  `);
  const [rotate, rotating] = useMutationWithNotice<AdminWebhookEndpointRowRotateMutation>(graphql`
    mutation AdminWebhookEndpointRowRotateMutation($input: RotateWebhookSecretInput!) {
      rotateWebhookSecret(input: $input) {
        __typename
        ... on MutationRotateWebhookSecretSuccess {
          data {
            secret
            endpoint {
              id
              secretRotatedAt
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [remove, removing] = useMutationWithNotice<AdminWebhookEndpointRowDeleteMutation>(graphql`
    mutation AdminWebhookEndpointRowDeleteMutation($input: DeleteWebhookEndpointInput!) {
      deleteWebhookEndpoint(input: $input) {
        __typename
        ... on MutationDeleteWebhookEndpointSuccess {
          data {
            endpointId
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [sendTest, sending] = useMutationWithNotice<AdminWebhookEndpointRowTestMutation>(graphql`
    mutation AdminWebhookEndpointRowTestMutation($input: SendTestWebhookInput!) {
      sendTestWebhook(input: $input) {
        __typename
        ... on MutationSendTestWebhookSuccess {
          data {
            delivery {
              id
              ...AdminWebhookDeliveries_delivery
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  const input = { endpointId: endpoint.databaseId };

  function save(changes: WebhookEndpointInput) {
    setProblem(null);
    update({
      variables: { input: { ...input, ...changes } },
      onCompleted: ({ updateWebhookEndpoint: result }) => {
        if (result.__typename === "MutationUpdateWebhookEndpointSuccess") {
          setDialog(null);
          notifySuccess("Endpoint saved", `${changes.url} receives the events chosen from now on.`);
        } else setProblem(failureOf(result));
      },
      onError: (error) => setProblem({ message: error.message, field: null }),
    });
  }

  function setEnabled(enabled: boolean) {
    update({
      variables: { input: { ...input, enabled } },
      // The same mutation as the edit dialog's, whose refusals show in the dialog: not useMutationWithNotice.
      onCompleted: ({ updateWebhookEndpoint: result }) => {
        if (result.__typename === "MutationUpdateWebhookEndpointSuccess")
          notifySuccess(enabled ? "Endpoint enabled" : "Endpoint disabled", endpoint.url);
        else
          notifyFailure(
            enabled ? "Failed to enable the endpoint" : "Failed to disable the endpoint",
            failureOf(result).message,
          );
      },
      onError: (error) => notifyFailure("Failed to change the endpoint", error.message),
    });
  }

  function rotateSecret() {
    rotate({
      variables: { input },
      failed: "Failed to rotate the secret",
      onSuccess: ({ data }) => {
        setDialog(null);
        onSecret(data.secret, endpoint.url);
      },
    });
  }

  function deleteEndpoint() {
    remove({
      variables: { input },
      // Out of the table's list at once; the record goes too, so nothing else shows it.
      updater: (store, data) => {
        if (data?.deleteWebhookEndpoint.__typename !== "MutationDeleteWebhookEndpointSuccess") return;
        const root = store.getRoot();
        const list = root.getLinkedRecords("webhookEndpoints");
        if (list)
          root.setLinkedRecords(
            list.filter((record) => record?.getDataID() !== endpoint.id),
            "webhookEndpoints",
          );
        store.delete(endpoint.id);
      },
      failed: "Failed to delete the endpoint",
      onSuccess: () => {
        setDialog(null);
        onDeleted(endpoint.id);
        notifySuccess("Endpoint deleted", `${endpoint.url} receives no more events.`);
      },
    });
  }

  function test() {
    sendTest({
      variables: { input },
      updater: (store) => {
        const delivery = store.getRootField("sendTestWebhook")?.getLinkedRecord("data")?.getLinkedRecord("delivery");
        if (delivery) prependDelivery(store, endpoint.id, delivery);
      },
      failed: "Failed to send a test event",
      onSuccess: () => {
        notifySuccess("Test event sent", `A webhook.test event is on its way to ${endpoint.url}.`);
        onShowLog({ id: endpoint.id, url: endpoint.url });
      },
    });
  }

  const name = endpoint.description || endpoint.url;
  return (
    <Table.Row data-testid="webhook-endpoint" bg={logOpen ? "bg.subtle" : undefined}>
      <Table.Cell minWidth="64" maxWidth="96">
        <Text fontFamily="mono" textStyle="sm" wordBreak="break-all">
          {endpoint.url}
        </Text>
        {endpoint.description ? (
          <Text textStyle="xs" color="fg.muted">
            {endpoint.description}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell minWidth="40">
        {endpoint.enabled ? (
          <Badge colorPalette="green" variant="subtle">
            <CircleCheck aria-hidden="true" />
            Enabled
          </Badge>
        ) : (
          <Stack gap="1" align="start">
            <Badge colorPalette="gray" variant="outline">
              <CirclePause aria-hidden="true" />
              Disabled
            </Badge>
            <Text textStyle="xs" color="fg.muted">
              {endpoint.disabledReason ??
                (endpoint.disabledAt ? `Since ${formatDateTime(endpoint.disabledAt)}` : "Disabled by an administrator")}
            </Text>
          </Stack>
        )}
      </Table.Cell>
      <Table.Cell minWidth="48">
        <HStack gap="1" flexWrap="wrap">
          {endpoint.events.map((event) => (
            <Code key={event} size="sm">
              {webhookEventName(event)}
            </Code>
          ))}
        </HStack>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        {formatDateTime(endpoint.createdAt)}
        {endpoint.secretRotatedAt ? (
          <Text textStyle="xs" color="fg.muted">
            Secret rotated {formatDateTime(endpoint.secretRotatedAt)}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell minWidth="64">
        <HStack gap="1" flexWrap="wrap">
          <Button
            size="xs"
            variant={logOpen ? "solid" : "outline"}
            aria-label={`Deliveries of ${name}`}
            aria-pressed={logOpen}
            onClick={() => onShowLog({ id: endpoint.id, url: endpoint.url })}
          >
            Deliveries
          </Button>
          <Button
            size="xs"
            variant="outline"
            loading={sending}
            aria-label={`Send test event to ${name}`}
            onClick={test}
          >
            Send test event
          </Button>
          <Button size="xs" variant="outline" aria-label={`Edit ${name}`} onClick={() => setDialog("edit")}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="outline"
            loading={updating && dialog === null}
            aria-label={`${endpoint.enabled ? "Disable" : "Enable"} ${name}`}
            onClick={() => setEnabled(!endpoint.enabled)}
          >
            {endpoint.enabled ? "Disable" : "Enable"}
          </Button>
          <Button
            size="xs"
            variant="outline"
            aria-label={`Rotate secret of ${name}`}
            onClick={() => setDialog("rotate")}
          >
            Rotate secret
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Delete ${name}`}
            onClick={() => setDialog("delete")}
          >
            Delete
          </Button>
        </HStack>
        {dialog === "edit" ? (
          <AdminWebhookEndpointDialog
            open
            onOpenChange={(open) => {
              if (!open) {
                setDialog(null);
                setProblem(null);
              }
            }}
            initial={{
              url: endpoint.url,
              description: endpoint.description,
              events: endpoint.events.filter((e) => e !== "%future added value"),
            }}
            saving={updating}
            problem={problem}
            onSave={save}
          />
        ) : null}
        <AdminDialog
          open={dialog === "rotate"}
          onOpenChange={(open) => setDialog(open ? "rotate" : null)}
          title="Rotate the signing secret?"
          description={`A new secret, shown once here, signs deliveries to ${endpoint.url} from now on. For 24 hours each delivery is signed with the old secret too, so the receiver keeps working while you put the new one in.`}
          confirmLabel="Rotate secret"
          loading={rotating}
          loadingText="Rotating..."
          onConfirm={rotateSecret}
        />
        <AdminDialog
          open={dialog === "delete"}
          onOpenChange={(open) => setDialog(open ? "delete" : null)}
          title="Delete this endpoint?"
          description={`${endpoint.url} receives no more events, and its delivery log goes with it. This cannot be undone.`}
          confirmLabel="Delete endpoint"
          tone="red"
          loading={removing}
          loadingText="Deleting..."
          onConfirm={deleteEndpoint}
        />
      </Table.Cell>
    </Table.Row>
  );
}
