// The webhooks domain's public module: what other domains use of it (emitting an event in their transaction).
// Outside webhooks/, compose/ imports its other files.
export { WEBHOOK_EVENT_TYPES, type WebhookData, type WebhookEventType } from "./events.ts";
export { emitWebhookEvent } from "./service.ts";
