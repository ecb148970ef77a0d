// Sends the outbox over SMTP, one email per job of the job queue (db/jobs.ts, task `send_email`).
//
// The Email row is the record of what was sent (status, attempts, last error, sent at). A job only
// names the row; the send starts with one short UPDATE that takes the row if it is still pending, due
// and allowed (bumps `attempts`, pushes `nextAttemptAt` past any SMTP timeout, clears `lastError`).
// The queue already gives each job to one worker; this guard also covers a job added again for an
// email being sent (a release, an admin's retry) and the admin's "send all now". The SMTP
// conversation then happens outside any transaction, and a short update records the outcome.
//
// A crash between "the server accepted it" and "marked SENT" leaves the email PENDING: the job is
// retried by the queue, and the row is taken again once `nextAttemptAt` passes. We chose
// at-least-once delivery: a rare duplicate is better than a lost password-reset email.
//
// A failed attempt records its error and the next attempt's time (1, 4, 16, 64 minutes) on the row
// and adds the email's next job for that time; after EMAIL_MAX_ATTEMPTS it is FAILED and no job follows.

import type { ExpressionBuilder } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import { SENT_BEFORE_CONFIRMATION } from "../auth/index.ts";
import type { AppConfig } from "../config.ts";
import { notifyAdminQueues } from "../db/adminQueues.ts";
import type { Db } from "../db/prisma.ts";
import { type DB, execute, queryBuilder, run, sql } from "../db/query.ts";
import { emitWebhookEvent } from "../webhooks/index.ts";
import { addSendEmailJob } from "./outbox.ts";
import { CLEARED_LINK_BODY } from "./retention.ts";
import { fillReferralName } from "./templates.ts";

/** After this many failed attempts an email is marked FAILED and no longer retried. */
export const EMAIL_MAX_ATTEMPTS = 5;
/** Waits after failed attempt 1, 2, 3, 4: 1, 4, 16 and 64 minutes. */
const RETRY_BASE_SECONDS = 60;
const RETRY_FACTOR = 4;
/** Far longer than one send can take with the timeouts below: an unfinished send is retried after it. */
const SENDING_SECONDS = 10 * 60;
/** Emails sent in parallel by one "send all now"; small, so one slow server delays few of them. */
const SEND_BATCH_SIZE = 10;
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
const MAX_ERROR_LENGTH = 2000;

export interface EmailSenderDeps {
  prisma: Db;
  config: Pick<AppConfig, "smtpUrl" | "mailFrom">;
  log?: Logger;
}

export interface SendPendingOptions {
  /** At most this many emails in this run (all due ones when omitted). */
  limit?: number;
  /** Also send emails waiting for a retry, without waiting for their backoff (the admin button). */
  includeWaitingForRetry?: boolean;
}

export interface SendPendingResult {
  /** False when SMTP_URL is not set: nothing was sent, every email stays queued. */
  configured: boolean;
  /** Emails attempted in this run. */
  processed: number;
  sent: number;
  /** Attempts that failed in this run; those emails are retried later unless they are in `gaveUp`. */
  failed: number;
  /** Failed emails that reached EMAIL_MAX_ATTEMPTS in this run and are now FAILED. */
  gaveUp: number;
}

export interface EmailStats {
  pending: number;
  sent: number;
  failed: number;
  configured: boolean;
}

interface ClaimedEmail {
  id: number;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attempts: number;
  /** The referred friend's name today, for an email about a referral (null once erased). */
  referralName: string | null;
}

/**
 * Mail leaves encrypted unless the URL says otherwise: `smtps://` is TLS from the first byte,
 * `smtp://` must upgrade with STARTTLS (a server that does not offer it is refused), and only
 * `?tls=off` (a relay on the same host, the tests' catcher) sends in the clear.
 */
export function smtpTransportOptions(smtpUrl: string): { url: string; requireTLS: boolean } {
  const url = new URL(smtpUrl);
  const tls = url.searchParams.get("tls");
  url.searchParams.delete("tls");
  return { url: url.toString(), requireTLS: url.protocol !== "smtps:" && tls !== "off" };
}

/** The wait before the next attempt once `attempts` attempts have failed. */
export function retryDelaySeconds(attempts: number): number {
  return RETRY_BASE_SECONDS * RETRY_FACTOR ** Math.max(0, attempts - 1);
}

/** Sends due emails; safe to run at the same time in several processes. */
export async function sendPendingEmails(
  deps: EmailSenderDeps,
  options: SendPendingOptions = {},
): Promise<SendPendingResult> {
  const result: SendPendingResult = {
    configured: Boolean(deps.config.smtpUrl),
    processed: 0,
    sent: 0,
    failed: 0,
    gaveUp: 0,
  };
  if (!deps.config.smtpUrl) return result;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  if (options.includeWaitingForRetry) await makeWaitingEmailsDue(deps.prisma);

  const transport = nodemailer.createTransport({ ...smtpTransportOptions(deps.config.smtpUrl), ...SMTP_TIMEOUTS });
  try {
    // Each email listed leaves the due set (taken here or by another sender, whatever the outcome), so the loop ends.
    while (result.processed < limit) {
      const due = await dueEmailIds(deps.prisma, Math.min(SEND_BATCH_SIZE, limit - result.processed));
      if (due.length === 0) break;
      // Settled, not all: every delivery of the batch records its outcome before a database
      // error from one of them ends the run.
      const settled = await Promise.allSettled(due.map((id) => sendEmail(deps, transport, id)));
      for (const outcome of settled) {
        if (outcome.status === "rejected") throw outcome.reason;
        if (outcome.value === "skipped") continue;
        result.processed += 1;
        if (outcome.value === "sent") result.sent += 1;
        else result.failed += 1;
        if (outcome.value === "gave-up") result.gaveUp += 1;
      }
      // One event per batch: the outbox list and its counts moved.
      await notifyAdminQueues(deps.prisma, "EMAILS");
    }
  } finally {
    transport.close();
  }
  return result;
}

/** Counts by status; `configured` tells whether anything will send them. */
export async function getEmailStats(deps: EmailSenderDeps): Promise<EmailStats> {
  const groups = await deps.prisma.email.groupBy({ by: ["status"], _count: { _all: true } });
  const count = (status: string) => groups.find((group) => group.status === status)?._count._all ?? 0;
  return {
    pending: count("PENDING"),
    sent: count("SENT"),
    failed: count("FAILED"),
    configured: Boolean(deps.config.smtpUrl),
  };
}

/** now() plus a number of seconds, as SQL. */
const secondsFromNow = (seconds: number) => sql<Date>`now() + ${seconds}::int * interval '1 second'`;

/** Pending, due and allowed to go: an unconfirmed address gets only the confirmation and reset links, an erased account nothing. */
function sendable(eb: ExpressionBuilder<DB, "Email">) {
  return eb.and([
    eb("Email.status", "=", "PENDING"),
    eb("Email.nextAttemptAt", "<=", sql<Date>`now()`),
    eb.or([
      eb("Email.userId", "is", null),
      eb.exists(
        eb
          .selectFrom("User as u")
          .select("u.id")
          .whereRef("u.id", "=", "Email.userId")
          .where("u.erasedAt", "is", null)
          .where((user) =>
            user.or([user("Email.type", "in", SENT_BEFORE_CONFIRMATION), user("u.emailConfirmedAt", "is not", null)]),
          ),
      ),
    ]),
  ]);
}

async function dueEmailIds(db: Db, batchSize: number): Promise<number[]> {
  const rows = await run(
    db,
    queryBuilder
      .selectFrom("Email")
      .select("Email.id")
      .where(sendable)
      .orderBy("Email.nextAttemptAt")
      .orderBy("Email.id")
      .limit(batchSize),
  );
  return rows.map((row) => row.id);
}

/** Takes the email for one attempt if it may go now; null when it is sent, failed, held, not due, or being sent. */
async function takeEmail(db: Db, emailId: number): Promise<ClaimedEmail | undefined> {
  const [taken] = await run(
    db,
    queryBuilder
      .updateTable("Email")
      .set((eb) => ({
        attempts: eb("attempts", "+", 1),
        nextAttemptAt: secondsFromNow(SENDING_SECONDS),
        lastError: null,
      }))
      .where("id", "=", emailId)
      .where(sendable)
      .returning((eb) => [
        "id",
        "toAddress",
        "subject",
        "textBody",
        "htmlBody",
        "attempts",
        // The friend's name is filled in now, never stored in the email (templates.ts, fillReferralName).
        eb
          .selectFrom("Referral")
          .select("Referral.name")
          .whereRef("Referral.id", "=", "Email.referralId")
          .as("referralName"),
      ]),
  );
  return taken;
}

/**
 * The `send_email` job: sends one email if it may go now. Skipped when SMTP_URL is not set (the
 * email stays queued; the next start queues it again).
 */
export async function sendQueuedEmail(deps: EmailSenderDeps, emailId: number): Promise<Outcome | "skipped"> {
  if (!deps.config.smtpUrl) return "skipped";
  const transport = nodemailer.createTransport({ ...smtpTransportOptions(deps.config.smtpUrl), ...SMTP_TIMEOUTS });
  try {
    const outcome = await sendEmail(deps, transport, emailId);
    if (outcome !== "skipped") await notifyAdminQueues(deps.prisma, "EMAILS");
    return outcome;
  } finally {
    transport.close();
  }
}

async function sendEmail(deps: EmailSenderDeps, transport: Transporter, emailId: number): Promise<Outcome | "skipped"> {
  const email = await takeEmail(deps.prisma, emailId);
  return email ? deliver(deps, transport, email) : "skipped";
}

/** Ends the backoff of emails waiting for a retry; emails being sent right now (lastError null) are left alone. */
async function makeWaitingEmailsDue(db: Db): Promise<void> {
  await execute(
    db,
    queryBuilder
      .updateTable("Email")
      .set({ nextAttemptAt: sql<Date>`now()` })
      .where("status", "=", "PENDING")
      .where("nextAttemptAt", ">", sql<Date>`now()`)
      .where("lastError", "is not", null),
  );
}

type Outcome = "sent" | "retry" | "gave-up";

/**
 * Emails whose body carries a sign-in-grade link (reset, confirmation; the account-settings notices
 * carry a reset link too): cleared once sent or given up.
 */
const LINK_EMAIL_TYPES = [
  "PASSWORD_RESET",
  "EMAIL_CONFIRMATION",
  "EMAIL_CHANGE_CONFIRMATION",
  "EMAIL_CHANGE_NOTICE",
  "PASSWORD_CHANGED",
  "STAFF_INVITATION",
  // What a friend stored through a share link, and the link that withdraws it (docs/rules/share-links.md).
  "SHARE_LINK_FRIEND_CONFIRMATION",
] as const;

export { CLEARED_LINK_BODY } from "./retention.ts";

/** SET values that replace a link email's bodies, and leave every other email's alone. */
const clearedLinkBodies = (eb: ExpressionBuilder<DB, "Email">) => {
  const isLinkEmail = eb("type", "in", LINK_EMAIL_TYPES);
  return {
    textBody: eb.case().when(isLinkEmail).then(CLEARED_LINK_BODY).else(eb.ref("textBody")).end(),
    htmlBody: eb.case().when(isLinkEmail).then(`<p>${CLEARED_LINK_BODY}</p>`).else(eb.ref("htmlBody")).end(),
  };
};

/** The email's row while it is still the attempt this instance claimed. */
const updateClaimed = (email: ClaimedEmail, sameAttempt: boolean) => {
  const update = queryBuilder.updateTable("Email").where("id", "=", email.id).where("status", "=", "PENDING");
  return sameAttempt ? update.where("attempts", "=", email.attempts) : update;
};

async function deliver(deps: EmailSenderDeps, transport: Transporter, email: ClaimedEmail): Promise<Outcome> {
  try {
    await transport.sendMail({
      from: deps.config.mailFrom,
      to: email.toAddress,
      subject: email.subject,
      text: fillReferralName(email.textBody, email.referralName, false),
      html: fillReferralName(email.htmlBody, email.referralName, true),
    });
  } catch (error) {
    const message = describeSendError(error);
    deps.log?.warn({ emailId: email.id, attempt: email.attempts, error: message }, "email not sent");
    return recordFailedAttempt(deps.prisma, email, message);
  }
  // Outside the try: once the server has accepted the email, a database error here must not
  // count as a failed send (the lease will resend it; see the note at the top).
  await execute(
    deps.prisma,
    updateClaimed(email, false).set((eb) => ({
      status: "SENT",
      sentAt: sql<Date>`now()`,
      lastError: null,
      ...clearedLinkBodies(eb),
    })),
  );
  return "sent";
}

async function recordFailedAttempt(db: Db, email: ClaimedEmail, message: string): Promise<Outcome> {
  const givingUp = email.attempts >= EMAIL_MAX_ATTEMPTS;
  // Matching `attempts` makes a claim whose lease ran out (and was claimed again elsewhere)
  // unable to overwrite the newer attempt's state.
  if (givingUp) {
    await db.$transaction(async (tx) => {
      const [failed] = await run(
        tx,
        updateClaimed(email, true)
          .set((eb) => ({ status: "FAILED", lastError: message, ...clearedLinkBodies(eb) }))
          .returning(["type", "userId"]),
      );
      if (failed)
        await emitWebhookEvent(tx, "email.failed", {
          emailId: email.id,
          emailType: failed.type,
          userId: failed.userId,
          attempts: email.attempts,
        });
    });
    return "gave-up";
  }
  await db.$transaction(async (tx) => {
    const [waiting] = await run(
      tx,
      updateClaimed(email, true)
        .set({ lastError: message, nextAttemptAt: secondsFromNow(retryDelaySeconds(email.attempts)) })
        .returning("nextAttemptAt"),
    );
    if (waiting) await addSendEmailJob(tx, email.id, waiting.nextAttemptAt);
  });
  return "retry";
}

/** A one-line explanation for administrators: nodemailer's message carries the server's reply. */
function describeSendError(error: unknown): string {
  const details = error as { message?: unknown; code?: unknown; responseCode?: unknown };
  const message = typeof details?.message === "string" && details.message ? details.message : String(error);
  const code = typeof details?.code === "string" ? details.code : null;
  const text = code && !message.includes(code) ? `${code}: ${message}` : message;
  return text.replace(/\s+/g, " ").trim().slice(0, MAX_ERROR_LENGTH);
}
