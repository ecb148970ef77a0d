import { recordAudit } from "../audit/index.ts";
import { LOCKING_TRANSACTION } from "../db/locks.ts";
import type { Db } from "../db/prisma.ts";
import { queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { EmailType } from "../generated/prisma/client.ts";
import type { Actor } from "../lib/actor.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { announceDueEmails } from "./outbox.ts";
import type { OutboxEmail } from "./outboxList.ts";
import { CLEARED_EMAIL_BODY, ERASED_EMAIL_BODY, REMOVED_EMAIL_BODIES } from "./retention.ts";
import {
  CLEARED_LINK_BODY,
  EMAIL_MAX_ATTEMPTS,
  type EmailSenderDeps,
  type SendPendingResult,
  sendPendingEmails,
} from "./sender.ts";

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

/** Bodies that replaced an email's text: such an email would go out empty, so it is never resent. */
const CLEARED_BODIES = [...REMOVED_EMAIL_BODIES];

const OUTBOX_COLUMNS = [
  "id",
  "type",
  "userId",
  "toAddress",
  "subject",
  "status",
  "attempts",
  "lastError",
  "nextAttemptAt",
  "sentAt",
  "createdAt",
] as const;

export const RETRY_EMAIL_MESSAGES = {
  notFound: "There is no such email.",
  sent: "This email was already sent, so it cannot be retried. Nothing was changed.",
  pending:
    "This email is still pending (queued, or waiting for its next attempt): only a failed email can be retried. Nothing was changed.",
  linkRemoved: (type: EmailType) =>
    type === "EMAIL_CONFIRMATION"
      ? "This confirmation email's link was removed from the outbox when it failed, so it cannot be sent again. The customer can ask for a new confirmation email when signing in."
      : type === "EMAIL_CHANGE_CONFIRMATION"
        ? "This email-change link was removed from the outbox when it failed, so it cannot be sent again. The customer can ask again from their account settings."
        : type === "PASSWORD_RESET"
          ? "This password-reset email's link was removed from the outbox when it failed, so it cannot be sent again. The customer can ask for a new reset link."
          : type === "STAFF_INVITATION"
            ? "This invitation's link was removed from the outbox when it failed, so it cannot be sent again. Invite the staff member again to send a new one."
            : "This notice's password-reset link was removed from the outbox when it failed, so it cannot be sent again. The customer can ask for a reset link from the sign-in page.",
  textRemoved: "The text of this email was removed after 90 days, so it cannot be sent again. Nothing was changed.",
  accountErased: "This email's account was erased, so it cannot be sent again. Nothing was changed.",
} as const;

/**
 * Puts one failed email back in the queue, due now, for one more attempt (its attempts count is
 * kept, so a further failure marks it failed again). Locked, so a concurrent retry of it (one or
 * all) finds it pending and changes nothing. An email whose text was cleared is refused.
 */
export async function retryEmail(db: Db, emailId: number, actor: Actor): Promise<OutboxEmail> {
  return db.$transaction(async (tx) => {
    const email = await runFirst(
      tx,
      queryBuilder
        .selectFrom("Email")
        .select([...OUTBOX_COLUMNS, "textBody"])
        .where("id", "=", emailId)
        .forUpdate(),
    );
    if (!email) throw new NotFoundError(RETRY_EMAIL_MESSAGES.notFound);
    if (email.status === "SENT") throw new ConflictError(RETRY_EMAIL_MESSAGES.sent);
    if (email.status === "PENDING") throw new ConflictError(RETRY_EMAIL_MESSAGES.pending);
    if (email.textBody === CLEARED_LINK_BODY) throw new ConflictError(RETRY_EMAIL_MESSAGES.linkRemoved(email.type));
    if (email.textBody === CLEARED_EMAIL_BODY) throw new ConflictError(RETRY_EMAIL_MESSAGES.textRemoved);
    if (email.textBody === ERASED_EMAIL_BODY) throw new ConflictError(RETRY_EMAIL_MESSAGES.accountErased);
    // lastError stays until the next attempt starts (the claim clears it): the list still says why it failed.
    const retried = await runFirst(
      tx,
      queryBuilder
        .updateTable("Email")
        .set({ status: "PENDING", nextAttemptAt: sql<Date>`now()` })
        .where("id", "=", email.id)
        .returning(OUTBOX_COLUMNS),
    );
    await recordAudit(tx, {
      action: "email_retried",
      resourceType: "email",
      resourceId: email.id,
      actorId: actor.id,
      // Neither the address nor the server's refusal (which often quotes it): the email's id names it.
      before: { status: email.status, attempts: email.attempts },
      after: { status: "PENDING" },
      details: `Failed email #${email.id} (${email.type}) queued to be sent again`,
      ipAddress: actor.ip ?? null,
    });
    await announceDueEmails(tx);
    return retried as OutboxEmail;
  }, LOCKING_TRANSACTION);
}

export interface RetryFailedResult {
  /** Failed emails put back in the queue. */
  retried: number;
  /** Failed emails left failed because their text was cleared (links, or older than 90 days). */
  notRetried: number;
  message: string;
}

/**
 * "Retry all failed": every failed email whose text is kept goes back in the queue, due now, in
 * one statement. Rows a concurrent retry of one email holds are waited for and, found pending by
 * then, left alone: each failed email is queued once, so it is sent once.
 */
export async function retryFailedEmails(db: Db, actor: Actor): Promise<RetryFailedResult> {
  return db.$transaction(async (tx) => {
    const retried = await run(
      tx,
      queryBuilder
        .updateTable("Email")
        .set({ status: "PENDING", nextAttemptAt: sql<Date>`now()` })
        .where("status", "=", "FAILED")
        .where("textBody", "not in", CLEARED_BODIES)
        .returning("id"),
    );
    const left = await runFirst(
      tx,
      queryBuilder
        .selectFrom("Email")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .where("status", "=", "FAILED"),
    );
    const result = { retried: retried.length, notRetried: Number(left?.count ?? 0) };
    const message = describeRetry(result);
    // Nothing changed, nothing to audit: pressing it twice leaves one entry.
    if (result.retried > 0) {
      await recordAudit(tx, {
        action: "failed_emails_retried",
        resourceType: "email",
        actorId: actor.id,
        after: { ...result, emailIds: retried.slice(0, 100).map((row) => row.id) },
        details: message,
        ipAddress: actor.ip ?? null,
      });
      await announceDueEmails(tx);
    }
    return { ...result, message };
  }, LOCKING_TRANSACTION);
}

function describeRetry({ retried, notRetried }: { retried: number; notRetried: number }): string {
  const plural = (count: number) => (count === 1 ? "email" : "emails");
  const queued =
    retried === 0
      ? "No failed emails could be retried."
      : `${retried} failed ${plural(retried)} queued to be sent again.`;
  if (retried === 0 && notRetried === 0) return "There were no failed emails to retry.";
  if (notRetried === 0) return queued;
  return `${queued} ${notRetried} ${plural(notRetried)} cannot be resent because ${notRetried === 1 ? "its" : "their"} text was removed (reset and confirmation links are never kept; other texts go after 90 days).`;
}
