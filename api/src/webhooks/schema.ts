import { builder } from "../graphql/builder.ts";
import { MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import { MAX_DATABASE_ID } from "../graphql/globalIds.ts";
import { MAX_PAGE_SIZE } from "../graphql/requestLimits.ts";
import { actorOf } from "../lib/actor.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";
import { deliveriesPage } from "./deliveryList.ts";
import { WEBHOOK_EVENT_TYPES } from "./events.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  MAX_WEBHOOK_ENDPOINTS,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from "./service.ts";

const WebhookEventTypeEnum = builder.enumType("WebhookEventType", {
  description: "An event an endpoint may receive; the payload's `type` is its wire name (in each value's description).",
  values: Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_TYPES).map(([name, wire]) => [name, { value: wire, description: `\`${wire}\`` }]),
  ) as { [K in keyof typeof WEBHOOK_EVENT_TYPES]: { value: (typeof WEBHOOK_EVENT_TYPES)[K]; description: string } },
});

const WebhookDeliveryStatusEnum = builder.enumType("WebhookDeliveryStatus", {
  values: {
    PENDING: { description: "Queued, or waiting for its next attempt (nextAttemptAt)." },
    SUCCEEDED: { description: "The endpoint answered 2xx." },
    FAILED: { description: "Every attempt of the retry schedule failed; the endpoint was disabled." },
  } as const,
});

export const WebhookDeliveryType = builder.prismaNode("WebhookDelivery", {
  id: { field: "id" },
  authScopes: { admin: true },
  description: "One event sent to one endpoint, with its attempts so far. A redelivery is a new one of the same event.",
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    eventType: t.exposeString("eventType", {
      description: 'The event\'s wire name ("purchase.verified", "webhook.test").',
    }),
    eventId: t.exposeString("eventId", {
      description: "The event's id, sent as `webhook-id` (the same on every attempt).",
    }),
    status: t.expose("status", { type: WebhookDeliveryStatusEnum }),
    attempts: t.exposeInt("attempts"),
    responseStatus: t.exposeInt("responseStatus", { nullable: true, description: "The last attempt's HTTP status." }),
    durationMs: t.exposeInt("durationMs", { nullable: true, description: "How long the last attempt took." }),
    lastError: t.exposeString("lastError", { nullable: true, description: "Why the last attempt failed." }),
    nextAttemptAt: t.expose("nextAttemptAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    deliveredAt: t.expose("deliveredAt", { type: "DateTime", nullable: true }),
  }),
});

export const WebhookEndpointType = builder.prismaNode("WebhookEndpoint", {
  id: { field: "id" },
  authScopes: { admin: true },
  description: "An address that receives signed events (Standard Webhooks). Its secret is never shown again.",
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    url: t.exposeString("url"),
    description: t.exposeString("description"),
    events: t.field({
      type: [WebhookEventTypeEnum],
      resolve: (endpoint) => endpoint.events as (typeof WEBHOOK_EVENT_TYPES)[keyof typeof WEBHOOK_EVENT_TYPES][],
    }),
    enabled: t.exposeBoolean("enabled"),
    disabledReason: t.exposeString("disabledReason", { nullable: true }),
    disabledAt: t.expose("disabledAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    secretRotatedAt: t.expose("secretRotatedAt", { type: "DateTime", nullable: true }),
    deliveries: t.connection(
      {
        type: WebhookDeliveryType,
        description: `Its deliveries, newest first; ${ADMIN_LIST_DEFAULT_SIZE} per page by default, at most ${MAX_PAGE_SIZE}. Pages forwards (first, after).`,
        args: {
          afterDatabaseId: t.arg.int({
            description: "Continue after the delivery with this databaseId (the REST `?after=`).",
          }),
        },
        resolve: (endpoint, args, context) => deliveriesPage(context.sql, endpoint.id, args) as never,
      },
      { name: "WebhookDeliveryConnection" },
      { name: "WebhookDeliveryEdge" },
    ),
  }),
});

const EndpointPayload = builder.objectRef<{ endpoint: { id: number } }>("WebhookEndpointPayload").implement({
  fields: (t) => ({ endpoint: t.field({ type: WebhookEndpointType, resolve: (p) => p.endpoint as never }) }),
});

const EndpointSecretPayload = builder
  .objectRef<{ endpoint: { id: number }; secret: string }>("WebhookEndpointSecretPayload")
  .implement({
    fields: (t) => ({
      endpoint: t.field({ type: WebhookEndpointType, resolve: (p) => p.endpoint as never }),
      secret: t.exposeString("secret", { description: "The signing secret (`whsec_...`), shown this once." }),
    }),
  });

const DeletePayload = builder.objectRef<{ endpointId: number }>("DeleteWebhookEndpointPayload").implement({
  fields: (t) => ({ endpointId: t.exposeInt("endpointId") }),
});

const DeliveryPayload = builder.objectRef<{ delivery: { id: number } }>("WebhookDeliveryPayload").implement({
  fields: (t) => ({ delivery: t.field({ type: WebhookDeliveryType, resolve: (p) => p.delivery as never }) }),
});

const CreateInput = builder.inputType("CreateWebhookEndpointInput", {
  fields: (t) => ({
    url: t.string({ required: true, description: "https:// (http is allowed outside production)." }),
    events: t.field({ type: [WebhookEventTypeEnum], required: true, description: "At least one." }),
    description: t.string(),
  }),
});

const UpdateInput = builder.inputType("UpdateWebhookEndpointInput", {
  fields: (t) => ({
    endpointId: t.int({ required: true, description: "The endpoint's databaseId." }),
    url: t.string(),
    events: t.field({ type: [WebhookEventTypeEnum] }),
    description: t.string(),
    enabled: t.boolean({
      description: "true re-enables a disabled endpoint (its waiting deliveries are tried again).",
    }),
  }),
});

const EndpointIdInput = (name: string) =>
  builder.inputType(name, {
    fields: (t) => ({ endpointId: t.int({ required: true, description: "The endpoint's databaseId." }) }),
  });
const RotateInput = EndpointIdInput("RotateWebhookSecretInput");
const DeleteInput = EndpointIdInput("DeleteWebhookEndpointInput");
const TestInput = EndpointIdInput("SendTestWebhookInput");
const RedeliverInput = builder.inputType("RedeliverWebhookInput", {
  fields: (t) => ({ deliveryId: t.int({ required: true, description: "The delivery's databaseId." }) }),
});

builder.queryFields((t) => ({
  webhookEndpoint: t.prismaField({
    type: "WebhookEndpoint",
    nullable: true,
    description: "One endpoint by numeric id (its deliveries page); null when there is none. Administrators only.",
    authScopes: { admin: true },
    args: { databaseId: t.arg.int({ required: true }) },
    resolve: (query, _root, args, context) =>
      args.databaseId >= 1 && args.databaseId <= MAX_DATABASE_ID
        ? context.prisma.webhookEndpoint.findUnique({ ...query, where: { id: args.databaseId } })
        : null,
  }),
  webhookEndpoints: t.prismaField({
    type: ["WebhookEndpoint"],
    description: `Webhook endpoints, newest first (at most ${MAX_WEBHOOK_ENDPOINTS} exist). Administrators only.`,
    authScopes: { admin: true },
    resolve: (query, _root, _args, context) =>
      context.prisma.webhookEndpoint.findMany({ ...query, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  }),
}));

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    type: EndpointSecretPayload,
    description:
      "Adds an endpoint for the chosen events; its signing secret is in the answer only. Administrators only.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CreateInput, required: true }) },
    resolve: (_root, { input }, context) =>
      createWebhookEndpoint(context.prisma, input, actorOf(context), context.app.config, context.app.secretBox),
  }),
  updateWebhookEndpoint: t.field({
    type: EndpointPayload,
    description: "Changes an endpoint's URL, events, description or enabled state. Administrators only.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: UpdateInput, required: true }) },
    resolve: async (_root, { input }, context) => ({
      endpoint: await updateWebhookEndpoint(
        context.prisma,
        input.endpointId,
        input,
        actorOf(context),
        context.app.config,
      ),
    }),
  }),
  rotateWebhookSecret: t.field({
    type: EndpointSecretPayload,
    description: "A new signing secret; the old one also signs for 24 hours. Administrators only.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: RotateInput, required: true }) },
    resolve: (_root, { input }, context) =>
      rotateWebhookSecret(context.prisma, input.endpointId, actorOf(context), context.app.secretBox),
  }),
  deleteWebhookEndpoint: t.field({
    type: DeletePayload,
    description: "Deletes an endpoint and its delivery history. Administrators only.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: DeleteInput, required: true }) },
    resolve: (_root, { input }, context) => deleteWebhookEndpoint(context.prisma, input.endpointId, actorOf(context)),
  }),
  sendTestWebhook: t.field({
    type: DeliveryPayload,
    description: "Queues a `webhook.test` event to the endpoint. Administrators only.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: TestInput, required: true }) },
    resolve: async (_root, { input }, context) => ({
      delivery: await sendTestWebhook(context.prisma, input.endpointId, actorOf(context)),
    }),
  }),
  redeliverWebhook: t.field({
    type: DeliveryPayload,
    description: "Queues the delivery's event again now (the same webhook-id) as a new delivery. Administrators only.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: RedeliverInput, required: true }) },
    resolve: async (_root, { input }, context) => ({
      delivery: await redeliverWebhook(context.prisma, input.deliveryId, actorOf(context)),
    }),
  }),
}));
