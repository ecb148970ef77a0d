import { notifyAdminQueues } from "../db/adminQueues.ts";
import { addJob } from "../db/jobs.ts";
import type { DbOrTx } from "../db/prisma.ts";
import type { EmailType } from "../generated/prisma/client.ts";
import { type EmailData, emailTemplates, REFERRAL_NAME_PLACEHOLDER } from "./templates.ts";

/** The emails about a referred friend: their name is never stored in them (queueReferralEmail). */
export type ReferralEmailType = {
  [K in EmailType]: EmailData[K] extends { referralName: string } ? K : never;
}[EmailType];

/** The job queue's task that sends one email (emails/sender.ts, run by compose/jobs.ts). */
export const SEND_EMAIL_TASK = "send_email";

/** Queues the job that sends one email (the email's only waiting job: adding it again replaces it). */
export async function addSendEmailJob(db: DbOrTx, emailId: number, runAt?: Date): Promise<void> {
  await addJob(db, SEND_EMAIL_TASK, { emailId }, { jobKey: `email:${emailId}`, runAt });
}

/**
 * Queues an email in the outbox and its `send_email` job. Pass the transaction of the change that
 * causes it, so the email and its job exist exactly when the change does.
 */
export async function queueEmail<K extends Exclude<EmailType, ReferralEmailType>>(
  db: DbOrTx,
  email: { type: K; to: string; userId?: number | null; referralId?: number | null; data: EmailData[K] },
): Promise<void> {
  await storeEmail(db, email.type, email, emailTemplates[email.type](email.data), email.referralId ?? null);
}

/**
 * Queues an email about a referred friend: stored with a placeholder where their name goes and the
 * referral's id, and filled in from the referral when sent or shown, so an erased friend's name is
 * in no stored email ("Your friend" instead).
 */
export async function queueReferralEmail<K extends ReferralEmailType>(
  db: DbOrTx,
  email: { type: K; to: string; userId: number; referralId: number; data: Omit<EmailData[K], "referralName"> },
): Promise<void> {
  const data = { ...email.data, referralName: REFERRAL_NAME_PLACEHOLDER } as EmailData[K];
  await storeEmail(db, email.type, email, emailTemplates[email.type](data), email.referralId);
}

async function storeEmail(
  db: DbOrTx,
  type: EmailType,
  email: { to: string; userId?: number | null },
  rendered: { subject: string; text: string; html: string },
  referralId: number | null = null,
): Promise<void> {
  const created = await db.email.create({
    data: {
      type,
      toAddress: email.to,
      userId: email.userId ?? null,
      referralId,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
    },
    select: { id: true },
  });
  await addSendEmailJob(db, created.id);
  await notifyAdminQueues(db, "EMAILS");
}

/**
 * Emails that may now go (released by a confirmation, put back by an admin's retry) get their job
 * again, at their own time, once this transaction commits; the admin pages' outbox hears of it too.
 */
export async function announceDueEmails(db: DbOrTx): Promise<void> {
  await notifyAdminQueues(db, "EMAILS");
  await queuePendingEmailJobs(db);
}

/** A job for every pending email (one per email: the job key replaces a waiting one), at its next attempt time. */
export async function queuePendingEmailJobs(db: DbOrTx): Promise<void> {
  await db.$executeRaw`SELECT graphile_worker.add_job(${SEND_EMAIL_TASK}::text, json_build_object('emailId', e.id), run_at => greatest(e."nextAttemptAt", now()), job_key => 'email:' || e.id)
    FROM "Email" e WHERE e.status = 'PENDING'`;
}
