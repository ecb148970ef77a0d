// Sends the outbox over SMTP.
//
// Claiming: one statement selects due PENDING rows with FOR UPDATE SKIP LOCKED and, in the same
// statement (so the same transaction), bumps `attempts`, pushes `nextAttemptAt` a lease ahead and
// clears `lastError`. Another instance running at the same moment skips the locked rows, and once
// the claim commits the rows are no longer due, so no two instances hold the same email. The SMTP
// conversation then happens outside any transaction (no connection or lock held while a slow
// server answers), and a short update records the outcome.
//
// A crash between "the server accepted it" and "marked SENT" leaves the email PENDING with its
// lease running: when the lease ends it is sent again. We chose at-least-once delivery: a rare
// duplicate is better than a lost password-reset or verification email, and the window is one
// UPDATE long. (Marking SENT before sending would lose the email instead.)
//
// `lastError` describes the last finished attempt and is cleared when an attempt starts, so a
// PENDING email whose `nextAttemptAt` is in the future is either waiting for a retry (lastError
// set) or being sent right now by some instance (lastError null). "Send all pending now" moves
// only the former forward, never an email another instance is in the middle of sending.

import type { ExpressionBuilder } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import { SENT_BEFORE_CONFIRMATION } from "../auth/index.ts";
import type { AppConfig } from "../config.ts";
import { notifyAdminQueues } from "../db/adminQueues.ts";
import type { Db } from "../db/prisma.ts";
import { type DB, execute, queryBuilder, run, sql } from "../db/query.ts";
import { CLEARED_LINK_BODY } from "./retention.ts";

/** After this many failed attempts an email is marked FAILED and no longer retried. */
export const EMAIL_MAX_ATTEMPTS = 5;
/** Waits after failed attempt 1, 2, 3, 4: 1, 4, 16 and 64 minutes. */
const RETRY_BASE_SECONDS = 60;
const RETRY_FACTOR = 4;
/** Far longer than one batch can take with the timeouts below: an unfinished claim is retried after it. */
const CLAIM_LEASE_SECONDS = 10 * 60;
/** Emails claimed (and sent in parallel) at once; small, so one slow server delays few of them. */
const CLAIM_BATCH_SIZE = 10;
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
    // Each claimed email leaves the due set (sent, failed, or waiting with a backoff), so the loop ends.
    while (result.processed < limit) {
      const claimed = await claimDueEmails(deps.prisma, Math.min(CLAIM_BATCH_SIZE, limit - result.processed));
      if (claimed.length === 0) break;
      // Settled, not all: every delivery of the batch records its outcome before a database
      // error from one of them ends the run.
      const settled = await Promise.allSettled(claimed.map((email) => deliver(deps, transport, email)));
      result.processed += claimed.length;
      // One event per batch: the outbox list and its counts moved.
      await notifyAdminQueues(deps.prisma, "EMAILS");
      for (const outcome of settled) {
        if (outcome.status === "rejected") throw outcome.reason;
        if (outcome.value === "sent") result.sent += 1;
        else result.failed += 1;
        if (outcome.value === "gave-up") result.gaveUp += 1;
      }
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

async function claimDueEmails(db: Db, batchSize: number): Promise<ClaimedEmail[]> {
  return run(
    db,
    queryBuilder
      .with("due", (due) =>
        due
          .selectFrom("Email as q")
          .select("q.id")
          .where("q.status", "=", "PENDING")
          .where("q.nextAttemptAt", "<=", sql<Date>`now()`)
          // An unconfirmed address gets only the confirmation and reset links; its other emails wait here.
          // An erased account gets nothing, whatever was queued for it.
          .where((eb) =>
            eb.or([
              eb("q.userId", "is", null),
              eb.exists(
                eb
                  .selectFrom("User as u")
                  .select("u.id")
                  .whereRef("u.id", "=", "q.userId")
                  .where("u.erasedAt", "is", null)
                  .where((user) =>
                    user.or([
                      user("q.type", "in", SENT_BEFORE_CONFIRMATION),
                      user("u.emailConfirmedAt", "is not", null),
                    ]),
                  ),
              ),
            ]),
          )
          .orderBy("q.nextAttemptAt")
          .orderBy("q.id")
          .limit(batchSize)
          .forUpdate("q")
          .skipLocked(),
      )
      .updateTable("Email as e")
      .from("due")
      .set((eb) => ({
        attempts: eb("e.attempts", "+", 1),
        nextAttemptAt: secondsFromNow(CLAIM_LEASE_SECONDS),
        lastError: null,
      }))
      .whereRef("e.id", "=", "due.id")
      .returning(["e.id", "e.toAddress", "e.subject", "e.textBody", "e.htmlBody", "e.attempts"]),
  );
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
      text: email.textBody,
      html: email.htmlBody,
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
    await execute(
      db,
      updateClaimed(email, true).set((eb) => ({ status: "FAILED", lastError: message, ...clearedLinkBodies(eb) })),
    );
    return "gave-up";
  }
  await execute(
    db,
    updateClaimed(email, true).set({
      lastError: message,
      nextAttemptAt: secondsFromNow(retryDelaySeconds(email.attempts)),
    }),
  );
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
