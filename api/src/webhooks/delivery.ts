import type { Logger } from "pino";
import { Webhook } from "standardwebhooks";
import type { AppConfig } from "../config.ts";
import { addJob } from "../db/jobs.ts";
import type { Db } from "../db/prisma.ts";
import type { SecretBox } from "../graphql/context.ts";
import { checkedAddresses, postPinned, type ResolveHost, resolveWithDns } from "./addresses.ts";
import { TEST_EVENT_TYPE } from "./events.ts";
import { checkWebhookUrl, DELIVER_WEBHOOK_TASK, dayText } from "./service.ts";

export interface WebhookDeliveryDeps {
  prisma: Db;
  /** Opens the endpoints' sealed secrets. */
  secretBox: SecretBox;
  log: Logger;
  config: Pick<AppConfig, "production" | "webhooksAllowLoopback" | "webhookRetryScheduleMs" | "webhookTimeoutMs">;
  /** Resolves an endpoint's host name (dns.lookup by default; tests pass a stand-in resolver). */
  resolveHost?: ResolveHost;
}

/** How long an attempt holds its delivery: a second job for it meanwhile finds it taken (more than the timeout). */
const ATTEMPT_LEASE_MS = 60_000;
const MAX_ERROR_LENGTH = 500;

export type DeliveryOutcome = "succeeded" | "retrying" | "failed" | "skipped";

/** The Standard Webhooks headers of one attempt: the current secret's signature, and the previous one's during its 24 hours. */
export function signedHeaders(
  endpoint: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null },
  secretBox: SecretBox,
  eventId: string,
  body: string,
  now: Date,
): Record<string, string> {
  const secrets = [secretBox.open(endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now)
    secrets.push(secretBox.open(endpoint.previousSecret));
  return {
    "content-type": "application/json",
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(eventId, now, body)).join(" "),
  };
}

/** "3 days", "5 hours", "2 minutes", "12 seconds": how long deliveries failed, in the disabling reason. */
function spanText(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, "day"],
    [3_600_000, "hour"],
    [60_000, "minute"],
    [1_000, "second"],
  ];
  for (const [size, name] of units) {
    const count = Math.round(ms / size);
    if (count >= 1 || size === 1_000) return `${Math.max(count, 1)} ${name}${Math.max(count, 1) === 1 ? "" : "s"}`;
  }
  return "";
}

/**
 * The `deliver_webhook` job: one attempt of one delivery. Taken with a conditional update (pending,
 * endpoint enabled, due), so a second job for the same delivery, on any runner, finds it taken and
 * ends; graphile's job lock keeps one job from running twice. 2xx succeeds; anything else records the
 * attempt and queues the next at the schedule's wait, or, the schedule spent, fails the delivery and
 * disables the endpoint with a reason.
 */
export async function deliverWebhook(deps: WebhookDeliveryDeps, deliveryId: number): Promise<DeliveryOutcome> {
  const { prisma, config } = deps;
  const startedAt = new Date();
  const taken = await prisma.webhookDelivery.updateMany({
    where: {
      id: deliveryId,
      status: "PENDING",
      AND: [
        // A test event goes to a disabled endpoint too: it checks the receiver before re-enabling.
        { OR: [{ endpoint: { enabled: true } }, { eventType: TEST_EVENT_TYPE }] },
        { OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: new Date(startedAt.getTime() + 1_000) } }] },
      ],
    },
    data: { attempts: { increment: 1 }, nextAttemptAt: new Date(startedAt.getTime() + ATTEMPT_LEASE_MS) },
  });
  if (taken.count === 0) return "skipped";
  const delivery = await prisma.webhookDelivery.findUnique({
    where: { id: deliveryId },
    include: { endpoint: true, event: true },
  });
  if (!delivery) return "skipped";
  const body = JSON.stringify(delivery.event.payload);
  let responseStatus: number | null = null;
  let error: string | null = null;
  try {
    // Checked again at each attempt: the settings may have changed since the endpoint was saved.
    const url = new URL(checkWebhookUrl(delivery.endpoint.url, config));
    // Resolved once, every address checked, and the connection made to those addresses only.
    const addresses = await checkedAddresses(url, config, deps.resolveHost ?? resolveWithDns);
    responseStatus = await postPinned(url, addresses, {
      headers: signedHeaders(delivery.endpoint, deps.secretBox, delivery.eventId, body, startedAt),
      body,
      signal: AbortSignal.timeout(config.webhookTimeoutMs),
    });
    if (responseStatus < 200 || responseStatus >= 300) error = `HTTP ${responseStatus}`;
  } catch (caught) {
    const name = (caught as Error).name;
    error =
      name === "TimeoutError" || name === "AbortError"
        ? `No answer within ${config.webhookTimeoutMs / 1000} s`
        : `${(caught as Error).message}${(caught as { cause?: Error }).cause?.message ? `: ${(caught as { cause: Error }).cause.message}` : ""}`;
  }
  const finishedAt = new Date();
  const durationMs = finishedAt.getTime() - startedAt.getTime();
  if (error === null) {
    await prisma.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        status: "SUCCEEDED",
        responseStatus,
        durationMs,
        lastError: null,
        nextAttemptAt: null,
        deliveredAt: finishedAt,
      },
    });
    return "succeeded";
  }
  const lastError = error.slice(0, MAX_ERROR_LENGTH);
  const wait = config.webhookRetryScheduleMs[delivery.attempts - 1];
  if (wait !== undefined) {
    const nextAttemptAt = new Date(finishedAt.getTime() + wait);
    await prisma.$transaction(async (tx) => {
      await tx.webhookDelivery.update({
        where: { id: deliveryId },
        data: { responseStatus, durationMs, lastError, nextAttemptAt },
      });
      await addJob(
        tx,
        DELIVER_WEBHOOK_TASK,
        { deliveryId },
        { jobKey: `webhook:${deliveryId}`, runAt: nextAttemptAt, maxAttempts: 10 },
      );
    });
    return "retrying";
  }
  const lastAnswer = responseStatus === null ? `last error: ${lastError}` : `last answer HTTP ${responseStatus}`;
  const reason = `Disabled on ${dayText(finishedAt)}: deliveries failed for ${spanText(finishedAt.getTime() - delivery.createdAt.getTime())}; ${lastAnswer}`;
  await prisma.$transaction(async (tx) => {
    await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { status: "FAILED", responseStatus, durationMs, lastError, nextAttemptAt: null },
    });
    // Only the first failure disables it, and only if it was not re-enabled meanwhile by someone else's change.
    await tx.webhookEndpoint.updateMany({
      where: { id: delivery.endpointId, enabled: true },
      data: { enabled: false, disabledAt: finishedAt, disabledReason: reason },
    });
  });
  deps.log.warn(
    { endpointId: delivery.endpointId, deliveryId },
    "webhook endpoint disabled: a delivery failed for its whole retry schedule",
  );
  return "failed";
}
