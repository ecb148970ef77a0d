import type { DbOrTx } from "../db/prisma.ts";

/** Sent and failed emails keep their text this long; it can name a referral whose data is erased at 90 days. */
export const EMAIL_BODY_RETENTION_DAYS = 90;
export const CLEARED_EMAIL_BODY = "[The text of this email was removed after 90 days.]";
export const CLEARED_LINK_BODY = "[The link in this email was removed from the outbox once the email was sent.]";
/** What an erased account's emails keep of their text. */
export const ERASED_EMAIL_BODY = "[The text of this email was removed when the account was erased.]";
/** Bodies that replaced an email's text: such an email is never sent again, and its text is not kept. */
export const REMOVED_EMAIL_BODIES: readonly string[] = [CLEARED_LINK_BODY, CLEARED_EMAIL_BODY, ERASED_EMAIL_BODY];

/**
 * Clears the bodies of sent and failed emails older than the retention period, so a referral's
 * name does not outlive the referral's own erasure in the outbox. Type, recipient, subject,
 * status and dates stay for the counts and the audit of delivery. Idempotent.
 */
export async function clearOldEmailBodies(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - EMAIL_BODY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await db.email.updateMany({
    where: { status: { in: ["SENT", "FAILED"] }, createdAt: { lt: cutoff }, NOT: { textBody: CLEARED_EMAIL_BODY } },
    data: { textBody: CLEARED_EMAIL_BODY, htmlBody: `<p>${CLEARED_EMAIL_BODY}</p>` },
  });
  return count;
}
