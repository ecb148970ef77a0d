import type { DbOrTx } from "../db/prisma.ts";
import type { EmailType } from "../generated/prisma/client.ts";
import { type EmailData, emailTemplates } from "./templates.ts";

/**
 * Queues an email in the outbox. Pass the transaction of the change that causes it, so the
 * email exists exactly when the change does.
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
}
