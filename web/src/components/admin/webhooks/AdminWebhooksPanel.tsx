import { Button, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { Plus, Webhook } from "lucide-react";
import { useState } from "react";
import { graphql, useMutation } from "react-relay/hooks";
import type { AdminWebhooksPanelCreateMutation } from "../../../__generated__/AdminWebhooksPanelCreateMutation.graphql.ts";
import type { AdminWebhooksPanelQuery } from "../../../__generated__/AdminWebhooksPanelQuery.graphql.ts";
import { failureOf, type MutationFailure } from "../../../relay/mutationOutcome.ts";
import { AdminEmpty } from "../AdminEmpty.tsx";
import { ColumnHeader } from "../ColumnHeader.tsx";
import { OneTimeSecret } from "../OneTimeSecret.tsx";
import { ScrollList } from "../ScrollList.tsx";
import { TabBoundary } from "../TabBoundary.tsx";
import { useAdminQuery } from "../useAdminQuery.ts";
import { AdminWebhookDeliveries } from "./AdminWebhookDeliveries.tsx";
import { AdminWebhookEndpointDialog, type WebhookEndpointInput } from "./AdminWebhookEndpointDialog.tsx";
import { AdminWebhookEndpointRow } from "./AdminWebhookEndpointRow.tsx";

/**
 * Reports > Webhooks: the endpoints integrators receive signed events at, in a dense table (a new
 * or rotated signing secret shown once), and below it the delivery log of the endpoint chosen.
 */
export function AdminWebhooksPanel() {
  const { webhookEndpoints } = useAdminQuery<AdminWebhooksPanelQuery>(
    graphql`
      query AdminWebhooksPanelQuery {
        webhookEndpoints {
          id
          ...AdminWebhookEndpointRow_endpoint
        }
      }
    `,
    {},
    "every-visit",
  );
  const [creatingOpen, setCreatingOpen] = useState(false);
  const [problem, setProblem] = useState<MutationFailure | null>(null);
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const [log, setLog] = useState<{ id: string; url: string } | null>(null);
  const [create, creating] = useMutation<AdminWebhooksPanelCreateMutation>(graphql`
    mutation AdminWebhooksPanelCreateMutation($input: CreateWebhookEndpointInput!) {
      createWebhookEndpoint(input: $input) {
        __typename
        ... on MutationCreateWebhookEndpointSuccess {
          data {
            secret
            endpoint {
              id
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

  function createEndpoint(input: WebhookEndpointInput) {
    setProblem(null);
    create({
      variables: { input: { url: input.url, events: input.events, description: input.description || null } },
      // The new endpoint heads the table (newest first), without asking for the list again.
      updater: (store) => {
        const endpoint = store
          .getRootField("createWebhookEndpoint")
          ?.getLinkedRecord("data")
          ?.getLinkedRecord("endpoint");
        const root = store.getRoot();
        const list = root.getLinkedRecords("webhookEndpoints");
        if (!endpoint || !list) return;
        root.setLinkedRecords(
          [endpoint, ...list.filter((r) => r?.getDataID() !== endpoint.getDataID())],
          "webhookEndpoints",
        );
      },
      onCompleted: ({ createWebhookEndpoint: result }) => {
        if (result.__typename === "MutationCreateWebhookEndpointSuccess" && result.data) {
          setCreatingOpen(false);
          setSecret({ secret: result.data.secret, url: input.url });
          return;
        }
        setProblem(failureOf(result));
      },
      onError: (error) => setProblem({ message: error.message, field: null }),
    });
  }

  return (
    <Stack gap="4">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Stack gap="0">
          <Heading as="h2" size="md">
            Webhooks
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            Signed events (Standard Webhooks) POSTed to your systems as things happen.
          </Text>
        </Stack>
        <Button size="sm" onClick={() => setCreatingOpen(true)}>
          <Plus aria-hidden="true" />
          Add endpoint
        </Button>
      </HStack>
      {creatingOpen ? (
        <AdminWebhookEndpointDialog
          open
          onOpenChange={(open) => {
            if (!open) {
              setCreatingOpen(false);
              setProblem(null);
            }
          }}
          saving={creating}
          problem={problem}
          onSave={createEndpoint}
        />
      ) : null}
      {secret ? (
        <OneTimeSecret
          secret={secret.secret}
          label="Signing secret"
          title={`Copy the signing secret of ${secret.url} now: it will not be shown again`}
          testId="new-webhook-secret"
          onDone={() => setSecret(null)}
        />
      ) : null}
      {webhookEndpoints.length === 0 ? (
        <AdminEmpty icon={Webhook} title="No webhook endpoints yet">
          Add one to have events sent to your systems as they happen.
        </AdminEmpty>
      ) : (
        <ScrollList label="Webhook endpoints">
          <Table.Root size="sm" stickyHeader data-testid="webhook-endpoints">
            <Table.Header>
              <Table.Row>
                <ColumnHeader>Endpoint</ColumnHeader>
                <ColumnHeader>Status</ColumnHeader>
                <ColumnHeader>Events</ColumnHeader>
                <ColumnHeader>Created</ColumnHeader>
                <ColumnHeader>Actions</ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {webhookEndpoints.map((endpoint) => (
                <AdminWebhookEndpointRow
                  key={endpoint.id}
                  endpoint={endpoint}
                  logOpen={log?.id === endpoint.id}
                  onShowLog={setLog}
                  onSecret={(next, url) => setSecret({ secret: next, url })}
                  onDeleted={(id) => setLog((open) => (open?.id === id ? null : open))}
                />
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollList>
      )}
      {log ? (
        <TabBoundary key={log.id} label="Loading deliveries">
          <AdminWebhookDeliveries endpointId={log.id} url={log.url} onClose={() => setLog(null)} />
        </TabBoundary>
      ) : null}
    </Stack>
  );
}
