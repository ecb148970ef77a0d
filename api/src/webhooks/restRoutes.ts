import { z } from "zod";
import { NotFoundError, ValidationError } from "../lib/errors.ts";
import { id, timestamp } from "../rest/docSchemas.ts";
import { restPage } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_WIRE_NAMES } from "./events.ts";

const ENDPOINT_FIELDS = "databaseId url description events enabled disabledReason disabledAt createdAt secretRotatedAt";
const DELIVERY_FIELDS =
  "databaseId eventType eventId status attempts responseStatus durationMs lastError nextAttemptAt createdAt deliveredAt";
const ERROR_FIELDS = "... on Error { code message }";

const ENUM_OF_WIRE = Object.fromEntries(Object.entries(WEBHOOK_EVENT_TYPES).map(([name, wire]) => [wire, name]));

/** The REST answer of an endpoint: the numeric id, events by their wire names. */
const restEndpoint = z.object({
  id,
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()).describe('Wire names, e.g. "purchase.verified"'),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  disabledAt: timestamp.nullable(),
  createdAt: timestamp,
  secretRotatedAt: timestamp.nullable(),
});
const restEndpointWithSecret = restEndpoint.extend({
  secret: z.string().describe("The signing secret (whsec_...), shown this once"),
});
const restDelivery = z.object({
  id,
  eventType: z.string(),
  eventId: z.string().describe("The webhook-id header (msg_...)"),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: timestamp.nullable(),
  createdAt: timestamp,
  deliveredAt: timestamp.nullable(),
});

function toRestEndpoint(node: any) {
  const { databaseId, events, ...rest } = node;
  return {
    id: databaseId,
    ...rest,
    events: events.map((event: string) => WEBHOOK_EVENT_TYPES[event as keyof typeof WEBHOOK_EVENT_TYPES] ?? event),
  };
}

function toRestDelivery(node: any) {
  const { databaseId, status, ...rest } = node;
  return { id: databaseId, status: status.toLowerCase(), ...rest };
}

/** A path's `:id` as the operation's Int; what is not one names nothing (NOT_FOUND from the rule). */
const pathId = (params: Record<string, string>) => (/^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0);

/** The REST event names as the operation's enum; absent stays absent, an unknown name is refused clearly. */
function restEvents(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((event) => typeof event !== "string"))
    throw new ValidationError('events must be a list of event names, e.g. ["purchase.verified"]', "events");
  const unknown = value.find((event: string) => !(WEBHOOK_WIRE_NAMES as readonly string[]).includes(event));
  if (unknown !== undefined)
    throw new ValidationError(`Unknown event: ${unknown}. Events: ${WEBHOOK_WIRE_NAMES.join(", ")}`, "events");
  return value.map((event: string) => ENUM_OF_WIRE[event] as string);
}

function optionalText(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new ValidationError(`${name} must be text`, name);
  return value;
}

function optionalBoolean(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw new ValidationError(`${name} must be true or false`, name);
  return value;
}

const eventsDoc = z.array(z.string()).describe(`Event names: ${WEBHOOK_WIRE_NAMES.join(", ")}`);

export const webhookRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/webhooks",
    docs: { summary: "Webhook endpoints, newest first", answer: z.array(restEndpoint) },
    operation: `query RestWebhookEndpoints { webhookEndpoints { ${ENDPOINT_FIELDS} } }`,
    answer: (data) => data.webhookEndpoints.map(toRestEndpoint),
  },
  {
    method: "POST",
    path: "/api/admin/webhooks",
    docs: {
      summary: "Add a webhook endpoint (its secret is in this answer only)",
      body: z.object({ url: z.string(), events: eventsDoc, description: z.string().optional() }),
      answer: restEndpointWithSecret,
    },
    operation: `mutation RestCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
      createWebhookEndpoint(input: $input) { __typename ${ERROR_FIELDS} ... on MutationCreateWebhookEndpointSuccess { data { secret endpoint { ${ENDPOINT_FIELDS} } } } }
    }`,
    variables: ({ body }) => ({
      input: {
        url: optionalText(body, "url") ?? "",
        events: restEvents(body.events) ?? [],
        description: optionalText(body, "description"),
      },
    }),
    answer: (data) => ({
      ...toRestEndpoint(data.createWebhookEndpoint.data.endpoint),
      secret: data.createWebhookEndpoint.data.secret,
    }),
  },
  {
    method: "POST",
    path: "/api/admin/webhooks/:id",
    docs: {
      summary: "Change a webhook endpoint (enabled: true re-enables a disabled one)",
      body: z.object({
        url: z.string().optional(),
        events: eventsDoc.optional(),
        description: z.string().optional(),
        enabled: z.boolean().optional(),
      }),
      answer: restEndpoint,
    },
    operation: `mutation RestUpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {
      updateWebhookEndpoint(input: $input) { __typename ${ERROR_FIELDS} ... on MutationUpdateWebhookEndpointSuccess { data { endpoint { ${ENDPOINT_FIELDS} } } } }
    }`,
    variables: ({ params, body }) => ({
      input: {
        endpointId: pathId(params),
        url: optionalText(body, "url"),
        events: restEvents(body.events),
        description: optionalText(body, "description"),
        enabled: optionalBoolean(body, "enabled"),
      },
    }),
    answer: (data) => toRestEndpoint(data.updateWebhookEndpoint.data.endpoint),
  },
  {
    method: "POST",
    path: "/api/admin/webhooks/:id/rotate-secret",
    docs: {
      summary: "A new signing secret; the old one also signs for 24 hours",
      answer: restEndpointWithSecret,
    },
    operation: `mutation RestRotateWebhookSecret($input: RotateWebhookSecretInput!) {
      rotateWebhookSecret(input: $input) { __typename ${ERROR_FIELDS} ... on MutationRotateWebhookSecretSuccess { data { secret endpoint { ${ENDPOINT_FIELDS} } } } }
    }`,
    variables: ({ params }) => ({ input: { endpointId: pathId(params) } }),
    answer: (data) => ({
      ...toRestEndpoint(data.rotateWebhookSecret.data.endpoint),
      secret: data.rotateWebhookSecret.data.secret,
    }),
  },
  {
    method: "POST",
    path: "/api/admin/webhooks/:id/delete",
    docs: { summary: "Delete a webhook endpoint and its delivery history", answer: z.object({ id }) },
    operation: `mutation RestDeleteWebhookEndpoint($input: DeleteWebhookEndpointInput!) {
      deleteWebhookEndpoint(input: $input) { __typename ${ERROR_FIELDS} ... on MutationDeleteWebhookEndpointSuccess { data { endpointId } } }
    }`,
    variables: ({ params }) => ({ input: { endpointId: pathId(params) } }),
    answer: (data) => ({ id: data.deleteWebhookEndpoint.data.endpointId }),
  },
  {
    method: "POST",
    path: "/api/admin/webhooks/:id/test",
    docs: { summary: "Send a webhook.test event to the endpoint", answer: restDelivery },
    operation: `mutation RestSendTestWebhook($input: SendTestWebhookInput!) {
      sendTestWebhook(input: $input) { __typename ${ERROR_FIELDS} ... on MutationSendTestWebhookSuccess { data { delivery { ${DELIVERY_FIELDS} } } } }
    }`,
    variables: ({ params }) => ({ input: { endpointId: pathId(params) } }),
    answer: (data) => toRestDelivery(data.sendTestWebhook.data.delivery),
  },
  {
    method: "GET",
    path: "/api/admin/webhooks/:id/deliveries",
    docs: { summary: "An endpoint's deliveries, newest first", answer: z.array(restDelivery) },
    operation: `query RestWebhookDeliveries($id: Int!, $first: Int!, $after: String, $afterDatabaseId: Int) {
      webhookEndpoint(databaseId: $id) {
        deliveries(first: $first, after: $after, afterDatabaseId: $afterDatabaseId) {
          edges { node { ${DELIVERY_FIELDS} } }
          pageInfo { hasNextPage endCursor }
        }
      }
    }`,
    variables: ({ params, query }) => ({ id: pathId(params), ...restPage(query) }),
    pagedList: (data) => data.webhookEndpoint?.deliveries,
    answer: (data) => {
      if (!data.webhookEndpoint) throw new NotFoundError("Webhook endpoint not found");
      return data.webhookEndpoint.deliveries.edges.map(({ node }: any) => toRestDelivery(node));
    },
  },
  {
    method: "POST",
    path: "/api/admin/webhook-deliveries/:id/redeliver",
    docs: { summary: "Send the delivery's event again now (the same webhook-id)", answer: restDelivery },
    operation: `mutation RestRedeliverWebhook($input: RedeliverWebhookInput!) {
      redeliverWebhook(input: $input) { __typename ${ERROR_FIELDS} ... on MutationRedeliverWebhookSuccess { data { delivery { ${DELIVERY_FIELDS} } } } }
    }`,
    variables: ({ params }) => ({ input: { deliveryId: pathId(params) } }),
    answer: (data) => toRestDelivery(data.redeliverWebhook.data.delivery),
  },
];
