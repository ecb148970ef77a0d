import { recordAudit } from "../audit/index.ts";
import type { Actor } from "../lib/actor.ts";
import { ValidationError } from "../lib/errors.ts";
import { EMAIL_MAX_ATTEMPTS, type EmailSenderDeps, type SendPendingResult, sendPendingEmails } from "./sender.ts";

export const EMAIL_SERVICE_NOT_CONFIGURED =
  "The email service is not configured (SMTP_URL is not set), so emails stay queued. Nothing was sent.";

/** Most emails one press of "process all pending" may send. */
export const PROCESS_EMAILS_MAX_LIMIT = 10_000;

/**
 * The administrator's "process all pending emails": sends every pending email now, including
 * those waiting for a retry, and records who asked and what happened.
 */
export async function processAllPendingEmails(
  deps: EmailSenderDeps,
  input: { limit?: number },
  actor: Actor,
): Promise<SendPendingResult & { message: string }> {
  const limit = input.limit;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > PROCESS_EMAILS_MAX_LIMIT)) {
    throw new ValidationError(`The limit must be a whole number from 1 to ${PROCESS_EMAILS_MAX_LIMIT}.`, "limit");
  }
  const result = await sendPendingEmails(deps, { limit, includeWaitingForRetry: true });
  const message = describeRun(result);
  // The sends are not one transaction: the entry records the run once it has ended.
  await recordAudit(deps.prisma, {
    action: "emails_processed",
    resourceType: "email",
    actorId: actor.id,
    after: {
      processed: result.processed,
      sent: result.sent,
      failed: result.failed,
      gaveUp: result.gaveUp,
      configured: result.configured,
    },
    details: message,
    ipAddress: actor.ip ?? null,
  });
  return { ...result, message };
}

function describeRun(result: SendPendingResult): string {
  if (!result.configured) return EMAIL_SERVICE_NOT_CONFIGURED;
  if (result.processed === 0) return "No emails were waiting to be sent.";
  const sent = `Sent ${result.sent} of ${result.processed} ${result.processed === 1 ? "email" : "emails"}.`;
  if (result.failed === 0) return sent;
  const retrying = result.failed - result.gaveUp;
  const outcomes = [
    retrying > 0 ? `${retrying} will be retried later` : "",
    result.gaveUp > 0 ? `${result.gaveUp} marked failed after ${EMAIL_MAX_ATTEMPTS} attempts` : "",
  ].filter(Boolean);
  return `${sent} ${result.failed} could not be sent: ${outcomes.join(", ")}.`;
}
