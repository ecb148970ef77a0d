import { recordAudit } from "../audit/index.ts";
import type { Db, DbOrTx } from "../db/prisma.ts";
import { announceDueEmails, queueEmail } from "../emails/index.ts";
import type { User } from "../generated/prisma/client.ts";
import type { LoginThrottle } from "../graphql/context.ts";
import { greetingName } from "../lib/displayName.ts";
import { ValidationError } from "../lib/errors.ts";
import { parseInput } from "../lib/validation.ts";
import { hashToken, newLinkToken } from "./tokens.ts";
import { confirmEmailSchema } from "./validation.ts";

export const EMAIL_CONFIRMATION_TTL_HOURS = 48;
export const EMAIL_CONFIRMED_MESSAGE = "Your email address is confirmed.";
export const CONFIRMATION_RESENT_MESSAGE = "We have sent you a new confirmation link. Please check your email.";

/**
 * Emails outside this list wait in the outbox until the address is confirmed (emails/sender.ts
 * claims only these for an unconfirmed user).
 */
export const SENT_BEFORE_CONFIRMATION = ["EMAIL_CONFIRMATION", "PASSWORD_RESET"] as const;

/** Queues a single-use confirmation link; pass the transaction that creates the account. */
export async function queueEmailConfirmation(
  tx: DbOrTx,
  user: Pick<User, "id" | "email" | "firstName" | "username">,
  publicUrl: string,
): Promise<void> {
  const token = newLinkToken();
  await tx.emailConfirmationToken.create({
    data: {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000),
    },
  });
  await queueEmail(tx, {
    type: "EMAIL_CONFIRMATION",
    to: user.email,
    userId: user.id,
    data: {
      firstName: greetingName(user),
      confirmUrl: `${publicUrl}/confirm-email?token=${token}`,
      expiresInHours: EMAIL_CONFIRMATION_TTL_HOURS,
    },
  });
}

/**
 * Confirms the address the link was sent to. Opening a link again after it worked says the same
 * (the address is confirmed); an unknown or expired link is refused.
 */
export async function confirmEmail(db: Db, input: { token: string }, meta: { ip: string }): Promise<string> {
  const { token } = parseInput(confirmEmailSchema, input);
  const tokenHash = hashToken(token);
  return db.$transaction(async (tx) => {
    const link = await tx.emailConfirmationToken.findUnique({ where: { tokenHash }, include: { user: true } });
    if (!link) throw new ValidationError("This confirmation link is invalid.", "token");
    if (link.user.emailConfirmedAt) return EMAIL_CONFIRMED_MESSAGE;
    if (link.usedAt || link.expiresAt <= new Date()) {
      throw new ValidationError("This confirmation link has expired. Sign in and ask for a new one.", "token");
    }
    const now = new Date();
    // Matching a null confirmation makes two clicks at once confirm (and audit) once.
    const confirmed = await tx.user.updateMany({
      where: { id: link.userId, emailConfirmedAt: null },
      data: { emailConfirmedAt: now },
    });
    await tx.emailConfirmationToken.updateMany({ where: { userId: link.userId, usedAt: null }, data: { usedAt: now } });
    if (confirmed.count > 0) {
      // The emails held for this address are due now.
      await announceDueEmails(tx);
      await recordAudit(tx, {
        action: "email_confirmed",
        resourceType: "user",
        resourceId: link.userId,
        actorId: link.userId,
        details: `Confirmed ${link.user.email}`,
        ipAddress: meta.ip,
      });
    }
    return EMAIL_CONFIRMED_MESSAGE;
  });
}

/** Sends the signed-in user a fresh confirmation link (throttled); a confirmed address needs none. */
export async function resendEmailConfirmation(
  deps: { db: Db; publicUrl: string; throttle: Pick<LoginThrottle, "assertConfirmationResendAllowed"> },
  viewer: { id: number },
): Promise<string> {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: viewer.id } });
  if (user.emailConfirmedAt) return EMAIL_CONFIRMED_MESSAGE;
  await deps.throttle.assertConfirmationResendAllowed(user.id);
  await deps.db.$transaction(async (tx) => {
    await queueEmailConfirmation(tx, user, deps.publicUrl);
  });
  return CONFIRMATION_RESENT_MESSAGE;
}
