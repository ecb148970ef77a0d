import { notifyAdminQueues } from "../db/adminQueues.ts";
import type { DbOrTx } from "../db/prisma.ts";
import { execute, queryBuilder } from "../db/query.ts";
import type { EmailType } from "../generated/prisma/client.ts";
import { type EmailData, emailTemplates } from "./templates.ts";

/** PostgreSQL delivers a NOTIFY on this channel when the transaction that queued an email commits. */
export const EMAIL_QUEUED_CHANNEL = "email_queued";

/**
 * Queues an email in the outbox. Pass the transaction of the change that causes it, so the
 * email exists exactly when the change does; every instance's worker hears of it at the commit.
 */
export async function queueEmail<K extends EmailType>(
  db: DbOrTx,
  email: { type: K; to: string; userId?: number | null; data: EmailData[K] },
): Promise<void> {
  const rendered = emailTemplates[email.type](email.data);
  await db.email.create({
    data: {
      type: email.type,
      toAddress: email.to,
      userId: email.userId ?? null,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
    },
  });
  await announceDueEmails(db);
}

/** Wakes every instance's email worker, and the admin pages' outbox, once this transaction commits (emails queued, or released). */
export async function announceDueEmails(db: DbOrTx): Promise<void> {
  await notifyAdminQueues(db, "EMAILS");
  await execute(
    db,
    queryBuilder.selectNoFrom((eb) => eb.fn("pg_notify", [eb.val(EMAIL_QUEUED_CHANNEL), eb.val("")]).as("notified")),
  );
}
