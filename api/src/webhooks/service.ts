import { randomBytes } from "node:crypto";
import { recordAudit } from "../audit/index.ts";
import { addJob } from "../db/jobs.ts";
import type { Db, DbOrTx, Tx } from "../db/prisma.ts";
import type { WebhookEndpoint } from "../generated/prisma/client.ts";
import type { SecretBox } from "../graphql/context.ts";
import type { Actor } from "../lib/actor.ts";
import { NotFoundError, ValidationError } from "../lib/errors.ts";
import { londonDayText } from "../lib/londonDay.ts";
import { isLoopbackHost, isRefusedHost } from "./addresses.ts";
import { TEST_EVENT_TYPE, WEBHOOK_WIRE_NAMES, type WebhookData, type WebhookEventType } from "./events.ts";

export const DELIVER_WEBHOOK_TASK = "deliver_webhook";
export const MAX_WEBHOOK_ENDPOINTS = 50;
export const MAX_WEBHOOK_URL_LENGTH = 2000;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;
/** After a rotation the old secret still signs (a second signature) this long, so receivers can switch. */
export const PREVIOUS_SECRET_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What decides which URLs are accepted (config.ts: production, WEBHOOKS_ALLOW_LOOPBACK). */
export interface WebhookUrlPolicy {
  production: boolean;
  webhooksAllowLoopback: boolean;
}

/** Standard Webhooks secrets: "whsec_" and base64 of 24 random bytes (the form `new Webhook(secret)` reads). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** The event id, sent as `webhook-id` on every attempt: receivers use it to ignore a repeat. */
export function newWebhookMessageId(): string {
  return `msg_${randomBytes(18).toString("base64url")}`;
}

/**
 * The URL rule: https in production (http allowed elsewhere); in production no special-purpose
 * address (addresses.ts) or localhost name unless WEBHOOKS_ALLOW_LOOPBACK allows loopback. A host
 * name's addresses are checked at each attempt, when it is resolved for the connection.
 */
export function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): string {
  const text = raw.trim();
  if (text.length === 0) throw new ValidationError("Enter the endpoint's URL", "url");
  if (text.length > MAX_WEBHOOK_URL_LENGTH)
    throw new ValidationError(`The URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`, "url");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ValidationError("The URL is not valid: write it in full, like https://example.com/webhooks", "url");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new ValidationError("The URL must start with https://", "url");
  if (url.username || url.password)
    throw new ValidationError("The URL must not contain a user name or password", "url");
  const loopbackAllowed = policy.webhooksAllowLoopback && isLoopbackHost(url.hostname);
  if (policy.production && !loopbackAllowed) {
    if (url.protocol !== "https:") throw new ValidationError("The URL must start with https://", "url");
    if (isRefusedHost(url.hostname))
      throw new ValidationError(
        "The URL must point to a public host, not a local, private or special-purpose address",
        "url",
      );
  }
  return url.toString();
}

function checkEvents(events: readonly string[]): string[] {
  const unique = [...new Set(events)];
  if (unique.length === 0) throw new ValidationError("Choose at least one event", "events");
  const unknown = unique.find((event) => !(WEBHOOK_WIRE_NAMES as readonly string[]).includes(event));
  if (unknown !== undefined) throw new ValidationError(`Unknown event: ${unknown}`, "events");
  return unique;
}

function checkDescription(description: string): string {
  const text = description.trim();
  if (text.length > MAX_WEBHOOK_DESCRIPTION_LENGTH)
    throw new ValidationError(
      `The description must be at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters`,
      "description",
    );
  return text;
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (endpoint: Pick<WebhookEndpoint, "url" | "description" | "events" | "enabled">) => ({
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.events,
  enabled: endpoint.enabled,
});

export interface NewWebhookEndpoint {
  url: string;
  events: readonly string[];
  description?: string | null;
}

/** Creates an endpoint; its secret is in the answer (and kept, since every delivery is signed with it). */
export async function createWebhookEndpoint(
  db: Db,
  input: NewWebhookEndpoint,
  actor: Actor,
  policy: WebhookUrlPolicy,
  secretBox: SecretBox,
) {
  const url = checkWebhookUrl(input.url, policy);
  const events = checkEvents(input.events);
  const description = checkDescription(input.description ?? "");
  const secret = newWebhookSecret();
  const endpoint = await db.$transaction(async (tx) => {
    // Counted under a lock so two creations at once cannot pass the limit together.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints'))`;
    if ((await tx.webhookEndpoint.count()) >= MAX_WEBHOOK_ENDPOINTS)
      throw new ValidationError(
        `At most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints may exist: delete one first`,
        "url",
      );
    const created = await tx.webhookEndpoint.create({
      data: { url, events, description, secret: secretBox.seal(secret), createdById: actor.id },
    });
    await recordAudit(tx, {
      action: "webhook_endpoint_created",
      resourceType: "webhook_endpoint",
      resourceId: created.id,
      actorId: actor.id,
      after: audited(created),
      details: `Webhook endpoint ${url} created`,
      ipAddress: actor.ip ?? null,
    });
    return created;
  });
  return { endpoint, secret };
}

export interface WebhookEndpointChanges {
  url?: string | null;
  events?: readonly string[] | null;
  description?: string | null;
  enabled?: boolean | null;
}

async function endpointOrThrow(db: DbOrTx, endpointId: number) {
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id: endpointId } });
  if (!endpoint) throw new NotFoundError("Webhook endpoint not found");
  return endpoint;
}

/** Changes an endpoint; `enabled: true` re-enables a disabled one and queues its waiting deliveries again. */
export async function updateWebhookEndpoint(
  db: Db,
  endpointId: number,
  changes: WebhookEndpointChanges,
  actor: Actor,
  policy: WebhookUrlPolicy,
  now = new Date(),
) {
  const url = changes.url == null ? undefined : checkWebhookUrl(changes.url, policy);
  const events = changes.events == null ? undefined : checkEvents(changes.events);
  const description = changes.description == null ? undefined : checkDescription(changes.description);
  return db.$transaction(async (tx) => {
    const before = await endpointOrThrow(tx, endpointId);
    const enabled = changes.enabled ?? before.enabled;
    const reEnabled = enabled && !before.enabled;
    const updated = await tx.webhookEndpoint.update({
      where: { id: endpointId },
      data: {
        url,
        events,
        description,
        enabled,
        ...(enabled ? { disabledAt: null, disabledReason: null } : {}),
        ...(!enabled && before.enabled
          ? { disabledAt: now, disabledReason: `Disabled by an administrator on ${dayText(now)}` }
          : {}),
      },
    });
    if (reEnabled) await requeuePendingDeliveries(tx, endpointId, now);
    await recordAudit(tx, {
      action: "webhook_endpoint_updated",
      resourceType: "webhook_endpoint",
      resourceId: endpointId,
      actorId: actor.id,
      before: audited(before),
      after: audited(updated),
      details: `Webhook endpoint ${updated.url} updated`,
      ipAddress: actor.ip ?? null,
    });
    return updated;
  });
}

/** The deliveries left waiting while the endpoint was disabled are tried again from now. */
async function requeuePendingDeliveries(tx: Tx, endpointId: number, now: Date) {
  const pending = await tx.webhookDelivery.findMany({ where: { endpointId, status: "PENDING" }, select: { id: true } });
  if (pending.length === 0) return;
  await tx.webhookDelivery.updateMany({ where: { endpointId, status: "PENDING" }, data: { nextAttemptAt: now } });
  for (const { id } of pending) await queueDelivery(tx, id, now);
}

/** A new secret; the old one keeps signing (a second signature) for 24 hours. */
export async function rotateWebhookSecret(
  db: Db,
  endpointId: number,
  actor: Actor,
  secretBox: SecretBox,
  now = new Date(),
) {
  const secret = newWebhookSecret();
  const endpoint = await db.$transaction(async (tx) => {
    const before = await endpointOrThrow(tx, endpointId);
    const rotated = await tx.webhookEndpoint.update({
      where: { id: endpointId },
      data: {
        secret: secretBox.seal(secret),
        previousSecret: before.secret,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_WINDOW_MS),
        secretRotatedAt: now,
      },
    });
    await recordAudit(tx, {
      action: "webhook_secret_rotated",
      resourceType: "webhook_endpoint",
      resourceId: endpointId,
      actorId: actor.id,
      details: `Webhook endpoint ${before.url}: secret rotated (the old one signs too until ${rotated.previousSecretExpiresAt?.toISOString()})`,
      ipAddress: actor.ip ?? null,
    });
    return rotated;
  });
  return { endpoint, secret };
}

/** Deletes an endpoint with its deliveries (their jobs find nothing and end). */
export async function deleteWebhookEndpoint(db: Db, endpointId: number, actor: Actor) {
  await db.$transaction(async (tx) => {
    const before = await endpointOrThrow(tx, endpointId);
    await tx.webhookEndpoint.delete({ where: { id: endpointId } });
    await recordAudit(tx, {
      action: "webhook_endpoint_deleted",
      resourceType: "webhook_endpoint",
      resourceId: endpointId,
      actorId: actor.id,
      before: audited(before),
      details: `Webhook endpoint ${before.url} deleted`,
      ipAddress: actor.ip ?? null,
    });
  });
  return { endpointId };
}

/** The body every attempt of an event sends. */
function eventBody(type: string, data: WebhookData, now: Date) {
  return { type, timestamp: now.toISOString(), data };
}

async function queueDelivery(tx: DbOrTx, deliveryId: number, runAt?: Date) {
  await addJob(tx, DELIVER_WEBHOOK_TASK, { deliveryId }, { jobKey: `webhook:${deliveryId}`, runAt, maxAttempts: 10 });
}

/**
 * A job for every pending delivery an attempt may take, at its next attempt's time. A runner killed
 * mid-attempt leaves that job locked (graphile-worker frees a dead worker's jobs after 4 hours), so
 * each runner's start queues them again: the key replaces a waiting job, and the delivery's lease
 * keeps an attempt still running elsewhere from being repeated before it ends.
 */
export async function queuePendingDeliveryJobs(db: DbOrTx): Promise<void> {
  await db.$executeRaw`SELECT graphile_worker.add_job(${DELIVER_WEBHOOK_TASK}::text, json_build_object('deliveryId', d.id), run_at => greatest(d."nextAttemptAt", now()), max_attempts => 10, job_key => 'webhook:' || d.id)
    FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e.id = d."endpointId"
    WHERE d.status = 'PENDING' AND (e.enabled OR d."eventType" = ${TEST_EVENT_TYPE})`;
}

/**
 * Records an event in the transaction of the change it reports: the event, one delivery per enabled
 * endpoint subscribed to it, one job per delivery. Rolled back with the change; nothing is written
 * when no endpoint listens.
 */
export async function emitWebhookEvent(tx: DbOrTx, type: WebhookEventType, data: WebhookData, now = new Date()) {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { enabled: true, events: { has: type } },
    select: { id: true },
  });
  if (endpoints.length === 0) return;
  const event = await tx.webhookEvent.create({
    data: { id: newWebhookMessageId(), type, payload: eventBody(type, data, now), createdAt: now },
  });
  const deliveries = await tx.webhookDelivery.createManyAndReturn({
    data: endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: type,
      nextAttemptAt: now,
    })),
    select: { id: true },
  });
  for (const { id } of deliveries) await queueDelivery(tx, id);
}

/** A `webhook.test` event to one endpoint, whatever it subscribes to (a disabled one too: it checks the receiver). */
export async function sendTestWebhook(db: Db, endpointId: number, actor: Actor, now = new Date()) {
  return db.$transaction(async (tx) => {
    const endpoint = await endpointOrThrow(tx, endpointId);
    const event = await tx.webhookEvent.create({
      data: {
        id: newWebhookMessageId(),
        type: TEST_EVENT_TYPE,
        payload: eventBody(TEST_EVENT_TYPE, { endpointId, message: "A test event sent by an administrator" }, now),
        createdAt: now,
      },
    });
    const delivery = await tx.webhookDelivery.create({
      data: { endpointId, eventId: event.id, eventType: TEST_EVENT_TYPE, nextAttemptAt: now },
    });
    await queueDelivery(tx, delivery.id);
    await recordAudit(tx, {
      action: "webhook_test_sent",
      resourceType: "webhook_endpoint",
      resourceId: endpointId,
      actorId: actor.id,
      details: `Test event ${event.id} queued for ${endpoint.url}`,
      ipAddress: actor.ip ?? null,
    });
    return delivery;
  });
}

/** A new attempt of the same event (same webhook-id) to the same endpoint, queued now. */
export async function redeliverWebhook(db: Db, deliveryId: number, actor: Actor, now = new Date()) {
  return db.$transaction(async (tx) => {
    const original = await tx.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true } });
    if (!original) throw new NotFoundError("Webhook delivery not found");
    const delivery = await tx.webhookDelivery.create({
      data: {
        endpointId: original.endpointId,
        eventId: original.eventId,
        eventType: original.eventType,
        nextAttemptAt: now,
      },
    });
    await queueDelivery(tx, delivery.id);
    await recordAudit(tx, {
      action: "webhook_redelivered",
      resourceType: "webhook_endpoint",
      resourceId: original.endpointId,
      actorId: actor.id,
      details: `Event ${original.eventId} (${original.eventType}) queued again for ${original.endpoint.url} (delivery ${delivery.id})`,
      ipAddress: actor.ip ?? null,
    });
    return delivery;
  });
}

/** "3 March 2026", the day (London's, as everywhere the product names a day) as administrators read it in a reason. */
export function dayText(date: Date): string {
  return londonDayText(date, { year: true });
}

/** Events and deliveries are history for the admin page; a month is kept. */
export const WEBHOOK_RETENTION_DAYS = 30;

/** Deletes events older than 30 days with their deliveries (cascade); a still-pending delivery that old has failed long ago. */
export async function deleteOldWebhookEvents(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await db.webhookEvent.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}
