import { recordAudit } from "../audit/index.ts";
import { isUniqueViolation } from "../db/locks.ts";
import type { Db, DbOrTx, Tx } from "../db/prisma.ts";
import { announceDueEmails, queueEmail } from "../emails/index.ts";
import type { User } from "../generated/prisma/client.ts";
import type { LoginThrottle } from "../graphql/context.ts";
import { greetingName } from "../lib/displayName.ts";
import { ConflictError, ValidationError } from "../lib/errors.ts";
import { parseInput } from "../lib/validation.ts";
import { hashToken, newLinkToken } from "./tokens.ts";
import { confirmEmailSchema } from "./validation.ts";

export const EMAIL_CONFIRMATION_TTL_HOURS = 48;
export const EMAIL_CONFIRMED_MESSAGE = "Your email address is confirmed.";
export const CONFIRMATION_RESENT_MESSAGE = "We have sent you a new confirmation link. Please check your email.";

/**
 * Emails outside this list wait in the outbox until the address is confirmed (emails/sender.ts
 * claims only these for an unconfirmed user). An email change's link goes to the new address, so an
 * account registered with a mistyped address can still fix it.
 */
export const SENT_BEFORE_CONFIRMATION = [
  "EMAIL_CONFIRMATION",
  "PASSWORD_RESET",
  "EMAIL_CHANGE_CONFIRMATION",
  "STAFF_INVITATION",
] as const;

/** Queues a single-use confirmation link; pass the transaction that creates the account. */
export async function queueEmailConfirmation(
  tx: DbOrTx,
  user: Pick<User, "id" | "email" | "firstName" | "username">,
  publicUrl: string,
): Promise<void> {
  await queueEmail(tx, {
    type: "EMAIL_CONFIRMATION",
    to: user.email,
    userId: user.id,
    data: {
      firstName: greetingName(user),
      confirmUrl: await newConfirmationLink(tx, user.id, publicUrl, null),
      expiresInHours: EMAIL_CONFIRMATION_TTL_HOURS,
    },
  });
}

/**
 * Queues the link that completes an email change, to the new address; it replaces any earlier
 * change link (a newer request wins). The account keeps its address until the link is opened.
 */
export async function queueEmailChangeConfirmation(
  tx: DbOrTx,
  user: Pick<User, "id" | "firstName" | "username">,
  newEmail: string,
  publicUrl: string,
): Promise<void> {
  await tx.emailConfirmationToken.updateMany({
    where: { userId: user.id, newEmail: { not: null }, usedAt: null },
    data: { usedAt: new Date() },
  });
  await queueEmail(tx, {
    type: "EMAIL_CHANGE_CONFIRMATION",
    to: newEmail,
    userId: user.id,
    data: {
      firstName: greetingName(user),
      newEmail,
      confirmUrl: await newConfirmationLink(tx, user.id, publicUrl, newEmail),
      expiresInHours: EMAIL_CONFIRMATION_TTL_HOURS,
    },
  });
}

async function newConfirmationLink(
  tx: DbOrTx,
  userId: number,
  publicUrl: string,
  newEmail: string | null,
): Promise<string> {
  const token = newLinkToken();
  await tx.emailConfirmationToken.create({
    data: {
      userId,
      tokenHash: hashToken(token),
      newEmail,
      expiresAt: new Date(Date.now() + EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000),
    },
  });
  return `${publicUrl}/confirm-email?token=${token}`;
}

export const EMAIL_CHANGED_MESSAGE = "Your new email address is confirmed: your account uses it from now on.";
export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists";

/** What completing an email change does beyond the user row (the account domain adds the customer's activity). */
export type EmailChangedHook = (tx: DbOrTx, userId: number) => Promise<void>;

/**
 * Confirms the address the link was sent to. Opening a link again after it worked says the same
 * (the address is confirmed); an unknown or expired link is refused. An email change's link
 * (newEmail set) makes that address the account's, unless another account took it meanwhile.
 */
export async function confirmEmail(
  db: Db,
  input: { token: string },
  meta: { ip: string },
  onEmailChanged?: EmailChangedHook,
): Promise<string> {
  const { token } = parseInput(confirmEmailSchema, input);
  const tokenHash = hashToken(token);
  try {
    return await db.$transaction(async (tx) => {
      const link = await tx.emailConfirmationToken.findUnique({ where: { tokenHash }, include: { user: true } });
      if (!link) throw new ValidationError("This confirmation link is invalid.", "token");
      if (link.newEmail !== null)
        return await completeEmailChange(tx, { ...link, newEmail: link.newEmail }, meta, onEmailChanged);
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
      // A pending email change keeps its own link.
      await tx.emailConfirmationToken.updateMany({
        where: { userId: link.userId, usedAt: null, newEmail: null },
        data: { usedAt: now },
      });
      if (confirmed.count > 0) {
        // The emails held for this address are due now.
        await announceDueEmails(tx);
        await recordAudit(tx, {
          action: "email_confirmed",
          resourceType: "user",
          resourceId: link.userId,
          actorId: link.userId,
          details: "Email address confirmed",
          ipAddress: meta.ip,
        });
      }
      return EMAIL_CONFIRMED_MESSAGE;
    });
  } catch (error) {
    // Two accounts confirming the same new address at once: the unique email lets one through.
    if (isUniqueViolation(error)) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

async function completeEmailChange(
  tx: Tx,
  link: { id: number; userId: number; newEmail: string; usedAt: Date | null; expiresAt: Date; user: User },
  meta: { ip: string },
  onEmailChanged: EmailChangedHook | undefined,
): Promise<string> {
  // Opening the link again once it worked says the same.
  if (link.usedAt && link.user.email.toLowerCase() === link.newEmail.toLowerCase()) return EMAIL_CHANGED_MESSAGE;
  if (link.usedAt || link.expiresAt <= new Date()) {
    throw new ValidationError(
      "This email change link has expired or was replaced by a newer one. Sign in and ask again from your account settings.",
      "token",
    );
  }
  const taken = await tx.user.findFirst({
    where: { email: link.newEmail, id: { not: link.userId } },
    select: { id: true },
  });
  if (taken) throw new ConflictError(`${EMAIL_TAKEN_MESSAGE}: your address was not changed.`);
  const now = new Date();
  // Claiming the link with its usedAt still null makes two clicks at once change (and audit) once.
  const claimed = await tx.emailConfirmationToken.updateMany({
    where: { id: link.id, usedAt: null },
    data: { usedAt: now },
  });
  if (claimed.count === 0) return EMAIL_CHANGED_MESSAGE;
  const oldEmail = link.user.email;
  await tx.user.update({
    where: { id: link.userId },
    data: { email: link.newEmail, emailConfirmedAt: link.user.emailConfirmedAt ?? now },
  });
  // Links to the old address (its confirmation, other change links) confirm nothing now.
  await tx.emailConfirmationToken.updateMany({ where: { userId: link.userId, usedAt: null }, data: { usedAt: now } });
  // Emails still waiting for the old address go to the new one: it is the one the holder proved.
  await tx.email.updateMany({
    where: { userId: link.userId, status: "PENDING", toAddress: oldEmail },
    data: { toAddress: link.newEmail },
  });
  if (!link.user.emailConfirmedAt) await announceDueEmails(tx);
  await recordAudit(tx, {
    action: "email_changed",
    resourceType: "user",
    resourceId: link.userId,
    actorId: link.userId,
    details: "The email address was changed by its emailed confirmation link",
    ipAddress: meta.ip,
  });
  await onEmailChanged?.(tx, link.userId);
  return EMAIL_CHANGED_MESSAGE;
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
