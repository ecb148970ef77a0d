import { Badge, Button, Code, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { CircleAlert, CircleCheck, Clock, Send, X } from "lucide-react";
import { useEffect, useTransition } from "react";
import { fetchQuery, graphql, useFragment, usePaginationFragment, useRelayEnvironment } from "react-relay/hooks";
import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from "relay-runtime";
import type { AdminWebhookDeliveries_delivery$key } from "../../../__generated__/AdminWebhookDeliveries_delivery.graphql.ts";
import type { AdminWebhookDeliveries_endpoint$key } from "../../../__generated__/AdminWebhookDeliveries_endpoint.graphql.ts";
import type { AdminWebhookDeliveriesPaginationQuery } from "../../../__generated__/AdminWebhookDeliveriesPaginationQuery.graphql.ts";
import type { AdminWebhookDeliveriesQuery } from "../../../__generated__/AdminWebhookDeliveriesQuery.graphql.ts";
import type { AdminWebhookDeliveriesRedeliverMutation } from "../../../__generated__/AdminWebhookDeliveriesRedeliverMutation.graphql.ts";
import type { AdminWebhookDeliveriesRefreshQuery } from "../../../__generated__/AdminWebhookDeliveriesRefreshQuery.graphql.ts";
import { notifySuccess } from "../../../notifications/notify.ts";
import { useMutationWithNotice } from "../../../relay/useMutationWithNotice.ts";
import { AdminEmpty } from "../AdminEmpty.tsx";
import { ADMIN_PAGE_SIZE } from "../adminLists.ts";
import { ColumnHeader } from "../ColumnHeader.tsx";
import { formatDateTime, NUMERIC } from "../format.ts";
import { LoadMore, ScrollList } from "../ScrollList.tsx";
import { useAdminQuery } from "../useAdminQuery.ts";

const CONNECTION_KEY = "AdminWebhookDeliveries_deliveries";
/** A pending delivery due within this long is asked after until it settles; a later retry waits for Refresh. */
const FOLLOW_WITHIN_MS = 60_000;
const FOLLOW_EVERY_MS = 2_000;
const TEST_EVENT = "webhook.test";

const STATUS = {
  SUCCEEDED: { label: "Succeeded", palette: "green", icon: CircleCheck },
  PENDING: { label: "Pending", palette: "amber", icon: Clock },
  FAILED: { label: "Failed", palette: "red", icon: CircleAlert },
} as const;

/** Puts a new delivery (a test event, a redelivery) at the top of its endpoint's log, if the log is loaded and lacks it. */
export function prependDelivery(store: RecordSourceSelectorProxy, endpointId: string, delivery: RecordProxy): void {
  const endpoint = store.get(endpointId);
  const connection = endpoint ? ConnectionHandler.getConnection(endpoint, CONNECTION_KEY) : null;
  if (!connection) return;
  const edges = connection.getLinkedRecords("edges") ?? [];
  if (edges.some((edge) => edge?.getLinkedRecord("node")?.getDataID() === delivery.getDataID())) return;
  const edge = ConnectionHandler.createEdge(store, connection, delivery, "WebhookDeliveryEdge");
  ConnectionHandler.insertEdgeBefore(connection, edge);
}

interface AdminWebhookDeliveriesProps {
  endpointId: string;
  url: string;
  onClose: () => void;
}

/**
 * One endpoint's delivery log, newest first, a page at a time: each attempt's status, response code,
 * duration and next try, with Redeliver. Deliveries still pending are followed until they settle.
 */
export function AdminWebhookDeliveries({ endpointId, url, onClose }: AdminWebhookDeliveriesProps) {
  const { node } = useAdminQuery<AdminWebhookDeliveriesQuery>(
    graphql`
      query AdminWebhookDeliveriesQuery($id: ID!, $count: Int!) {
        node(id: $id) {
          ...AdminWebhookDeliveries_endpoint @arguments(count: $count) @alias(as: "endpoint")
        }
      }
    `,
    { id: endpointId, count: ADMIN_PAGE_SIZE },
    "every-visit",
  );
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    AdminWebhookDeliveriesPaginationQuery,
    AdminWebhookDeliveries_endpoint$key
  >(
    graphql`
      fragment AdminWebhookDeliveries_endpoint on WebhookEndpoint
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
      @refetchable(queryName: "AdminWebhookDeliveriesPaginationQuery") {
        enabled
        deliveries(first: $count, after: $cursor) @connection(key: "AdminWebhookDeliveries_deliveries") {
          edges {
            node {
              id
              eventType
              status
              nextAttemptAt
              ...AdminWebhookDeliveries_delivery
            }
          }
        }
      }
    `,
    node?.endpoint ?? null,
  );
  const [refreshing, startRefreshing] = useTransition();
  const deliveries = data?.deliveries.edges.map((edge) => edge.node) ?? [];
  // A disabled endpoint's deliveries wait until it is enabled again (test events are still sent): nothing else to follow.
  useFollowPending(
    deliveries
      .filter(
        (d) =>
          (data?.enabled === true || d.eventType === TEST_EVENT) &&
          d.status === "PENDING" &&
          (!d.nextAttemptAt || Date.parse(d.nextAttemptAt) - Date.now() < FOLLOW_WITHIN_MS),
      )
      .map((d) => d.id),
  );

  return (
    <Stack gap="3" as="section" aria-labelledby="webhook-deliveries-heading" data-testid="webhook-deliveries">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Heading as="h3" size="sm" id="webhook-deliveries-heading" wordBreak="break-all">
          Deliveries to {url}
        </Heading>
        <HStack gap="2">
          <Button
            size="xs"
            variant="outline"
            loading={refreshing}
            onClick={() =>
              startRefreshing(() => {
                refetch({ count: ADMIN_PAGE_SIZE }, { fetchPolicy: "network-only" });
              })
            }
          >
            Refresh
          </Button>
          <Button size="xs" variant="ghost" onClick={onClose}>
            <X aria-hidden="true" />
            Close
          </Button>
        </HStack>
      </HStack>
      {!data ? (
        <Text>This endpoint no longer exists.</Text>
      ) : deliveries.length === 0 ? (
        <AdminEmpty icon={Send} title="No deliveries yet">
          Events this endpoint subscribes to, and test events, appear here.
        </AdminEmpty>
      ) : (
        <>
          <ScrollList label="Webhook deliveries">
            <Table.Root size="sm" stickyHeader>
              <Table.Header>
                <Table.Row>
                  <ColumnHeader>Time</ColumnHeader>
                  <ColumnHeader>Status</ColumnHeader>
                  <ColumnHeader numeric>Response</ColumnHeader>
                  <ColumnHeader numeric>Duration</ColumnHeader>
                  <ColumnHeader numeric>Attempts</ColumnHeader>
                  <ColumnHeader>Next attempt</ColumnHeader>
                  <ColumnHeader>Event</ColumnHeader>
                  <ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {deliveries.map((delivery) => (
                  <DeliveryRow key={delivery.id} delivery={delivery} endpointId={endpointId} />
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollList>
          <LoadMore
            hasNext={hasNext}
            isLoadingNext={isLoadingNext}
            onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)}
            label="Older deliveries"
          />
        </>
      )}
    </Stack>
  );
}

const refreshQuery = graphql`
  query AdminWebhookDeliveriesRefreshQuery($ids: [ID!]!) {
    nodes(ids: $ids) {
      ...AdminWebhookDeliveries_delivery @alias(as: "delivery")
    }
  }
`;

/** Asks again after the given deliveries every few seconds, until none is left pending (the store then updates the rows). */
function useFollowPending(ids: string[]): void {
  const environment = useRelayEnvironment();
  const key = ids.join(",");
  useEffect(() => {
    if (key === "") return;
    let fetching: { unsubscribe: () => void } | null = null;
    const timer = setInterval(() => {
      fetching?.unsubscribe();
      fetching = fetchQuery<AdminWebhookDeliveriesRefreshQuery>(
        environment,
        refreshQuery,
        { ids: key.split(",") },
        { fetchPolicy: "network-only" },
        // A failed look keeps the rows as they are; the next tick tries again.
      ).subscribe({ error: () => {} });
    }, FOLLOW_EVERY_MS);
    return () => {
      clearInterval(timer);
      fetching?.unsubscribe();
    };
  }, [environment, key]);
}

function DeliveryRow({
  delivery: deliveryKey,
  endpointId,
}: {
  delivery: AdminWebhookDeliveries_delivery$key;
  endpointId: string;
}) {
  const delivery = useFragment(
    graphql`
      fragment AdminWebhookDeliveries_delivery on WebhookDelivery {
        id
        databaseId
        eventType
        eventId
        status
        attempts
        responseStatus
        durationMs
        lastError
        nextAttemptAt
        createdAt
        deliveredAt
      }
    `,
    deliveryKey,
  );
  const [redeliver, redelivering] = useMutationWithNotice<AdminWebhookDeliveriesRedeliverMutation>(graphql`
    mutation AdminWebhookDeliveriesRedeliverMutation($input: RedeliverWebhookInput!) {
      redeliverWebhook(input: $input) {
        __typename
        ... on MutationRedeliverWebhookSuccess {
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
  const status = STATUS[delivery.status as keyof typeof STATUS] ?? STATUS.PENDING;
  const Icon = status.icon;

  function again() {
    redeliver({
      variables: { input: { deliveryId: delivery.databaseId } },
      // A redelivery is a new delivery of the same event: it joins the top of the log.
      updater: (store) => {
        const next = store.getRootField("redeliverWebhook")?.getLinkedRecord("data")?.getLinkedRecord("delivery");
        if (next) prependDelivery(store, endpointId, next);
      },
      failed: "Failed to redeliver",
      onSuccess: () => notifySuccess("Redelivery queued", `${delivery.eventType} ${delivery.eventId} is sent again.`),
    });
  }

  return (
    <Table.Row data-testid="webhook-delivery">
      <Table.Cell whiteSpace="nowrap">{formatDateTime(delivery.createdAt)}</Table.Cell>
      <Table.Cell minWidth="32">
        <Badge colorPalette={status.palette} variant="subtle">
          <Icon aria-hidden="true" />
          {status.label}
        </Badge>
        {delivery.lastError && delivery.status !== "SUCCEEDED" ? (
          <Text textStyle="xs" color="fg.muted" maxWidth="64">
            {delivery.lastError}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell {...NUMERIC} data-testid="webhook-delivery-response">
        {delivery.responseStatus ?? "—"}
      </Table.Cell>
      <Table.Cell {...NUMERIC}>{delivery.durationMs === null ? "—" : `${delivery.durationMs} ms`}</Table.Cell>
      <Table.Cell {...NUMERIC}>{delivery.attempts}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        {delivery.status === "PENDING" && delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt) : "—"}
      </Table.Cell>
      <Table.Cell minWidth="40">
        <Code size="sm">{delivery.eventType}</Code>
        <Text textStyle="xs" color="fg.muted" fontFamily="mono">
          {delivery.eventId}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Button
          size="xs"
          variant="outline"
          loading={redelivering}
          disabled={delivery.status === "PENDING"}
          aria-label={`Redeliver ${delivery.eventType} of ${formatDateTime(delivery.createdAt)}`}
          onClick={again}
        >
          Redeliver
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}
