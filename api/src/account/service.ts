import { recordAudit } from "../audit/index.ts";
import {
  changePasswordSchema,
  checkCurrentPassword,
  EMAIL_CONFIRMATION_TTL_HOURS,
  EMAIL_TAKEN_MESSAGE,
  hashPassword,
  newPasswordResetLink,
  PASSWORD_RESET_TTL_MINUTES,
  queueEmailChangeConfirmation,
  queueResetLinkEmail,
  requestEmailChangeSchema,
  updateNameSchema,
} from "../auth/index.ts";
import { activityDescriptions, recordActivity } from "../customers/index.ts";
import type { Db, DbOrTx } from "../db/prisma.ts";
import { queueEmail } from "../emails/index.ts";
import type { User } from "../generated/prisma/client.ts";
import type { LoginThrottle } from "../graphql/context.ts";
import { greetingName } from "../lib/displayName.ts";
import { ConflictError, ValidationError } from "../lib/errors.ts";
import { parseInput } from "../lib/validation.ts";

/*
 * Account settings: the signed-in user's own password, name and email. The rules on users and
 * links live in auth/; this domain adds what a customer sees (the ACCOUNT_UPDATED activity), which
 * auth/ may not import.
 */

export { WRONG_CURRENT_PASSWORD } from "../auth/index.ts";

interface AccountDeps {
  db: Db;
  publicUrl: string;
  loginThrottle: Pick<LoginThrottle, "begin">;
}

interface RequestMeta {
  ip: string;
  /** The browser's device cookie: the sign-in throttle counts this device's guesses apart. */
  deviceCookie?: string | null;
}

/**
 * Sets a new password after checking the current one, ends every other session (the caller
 * re-issues this session's cookie with the new version) and tells the confirmed address.
 */
export async function changePassword(
  deps: AccountDeps,
  viewer: { id: number },
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<User> {
  const { currentPassword, newPassword } = parseInput(changePasswordSchema, input);
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: viewer.id } });
  await checkCurrentPassword(deps, user, currentPassword, meta, {
    purpose: "change the password",
    field: "currentPassword",
  });
  if (newPassword === currentPassword)
    throw new ValidationError("Choose a new password that differs from your current one.", "newPassword");
  const passwordHash = await hashPassword(newPassword);
  return deps.db.$transaction(async (tx) => {
    const changed = await tx.user.update({
      where: { id: user.id },
      // Ends the other sessions and stops the API tokens they made (docs/api.md, "API tokens").
      data: { passwordHash, sessionVersion: { increment: 1 }, apiTokenGeneration: { increment: 1 } },
    });
    // A reset link goes only to an address its holder proved: an unconfirmed one may be a typo.
    if (user.emailConfirmedAt) {
      await queueResetLinkEmail(tx, user, "PASSWORD_CHANGED", deps.publicUrl);
    }
    await recordAudit(tx, {
      action: "password_changed",
      resourceType: "user",
      resourceId: user.id,
      actorId: user.id,
      details: "Changed from account settings; every other session was signed out",
      ipAddress: meta.ip,
    });
    await recordAccountActivity(tx, user.id, activityDescriptions.passwordChanged());
    return changed;
  });
}

/**
 * Edits the first and last name with registration's rules: a field left out keeps its value, blank
 * or null clears it. No change records nothing.
 */
export async function updateName(
  db: Db,
  viewer: { id: number },
  input: { firstName?: string | null; lastName?: string | null },
  meta: RequestMeta,
): Promise<User> {
  const names = parseInput(updateNameSchema, input);
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: viewer.id } });
    const changed = (["firstName", "lastName"] as const).filter(
      (field) => input[field] !== undefined && user[field] !== names[field],
    );
    if (changed.length === 0) return user;
    const data = Object.fromEntries(changed.map((field) => [field, names[field]]));
    const updated = await tx.user.update({ where: { id: user.id }, data });
    // Which fields changed, not their values: the audit log is never edited, so it holds no personal data.
    await recordAudit(tx, {
      action: "name_changed",
      resourceType: "user",
      resourceId: user.id,
      actorId: user.id,
      details: `Changed ${changed.map((field) => (field === "firstName" ? "the first name" : "the last name")).join(" and ")} from account settings`,
      ipAddress: meta.ip,
    });
    await recordAccountActivity(tx, user.id, activityDescriptions.nameChanged());
    return updated;
  });
}

/**
 * Sends a confirmation link to the new address (replacing an earlier one) and tells the current,
 * confirmed address; the account's email changes only when the link is opened (auth's confirmEmail).
 */
export async function requestEmailChange(
  deps: AccountDeps,
  viewer: { id: number },
  input: { newEmail: string; currentPassword: string },
  meta: RequestMeta,
): Promise<string> {
  const { newEmail, currentPassword } = parseInput(requestEmailChangeSchema, input);
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: viewer.id } });
  await checkCurrentPassword(deps, user, currentPassword, meta, {
    purpose: "change the email address",
    field: "currentPassword",
  });
  if (newEmail.toLowerCase() === user.email.toLowerCase())
    throw new ValidationError("This is already your email address.", "newEmail");
  const taken = await deps.db.user.findFirst({
    where: { email: newEmail, id: { not: user.id } },
    select: { id: true },
  });
  if (taken) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
  await deps.db.$transaction(async (tx) => {
    await queueEmailChangeConfirmation(tx, user, newEmail, deps.publicUrl);
    if (user.emailConfirmedAt) {
      await queueEmail(tx, {
        type: "EMAIL_CHANGE_NOTICE",
        to: user.email,
        userId: user.id,
        data: {
          firstName: greetingName(user),
          newEmail,
          resetUrl: await newPasswordResetLink(tx, user.id, deps.publicUrl),
          expiresInMinutes: PASSWORD_RESET_TTL_MINUTES,
        },
      });
    }
    await recordAudit(tx, {
      action: "email_change_requested",
      resourceType: "user",
      resourceId: user.id,
      actorId: user.id,
      details: "A confirmation link was sent to the new address; the account keeps its address until it is opened",
      ipAddress: meta.ip,
    });
  });
  return `We have sent a confirmation link to ${newEmail}. Your account uses the new address once you open it (within ${EMAIL_CONFIRMATION_TTL_HOURS} hours); until then it keeps the current one.`;
}

/** The email change's link was opened: the customer's feed says so (auth's confirmEmail calls this). */
export async function recordEmailChangedActivity(tx: DbOrTx, userId: number): Promise<void> {
  await recordAccountActivity(tx, userId, activityDescriptions.emailChanged());
}

/** Customers see account changes in their activity feed; an administrator without a profile has none. */
async function recordAccountActivity(tx: DbOrTx, userId: number, description: string): Promise<void> {
  const profile = await tx.customerProfile.findUnique({ where: { userId }, select: { id: true } });
  if (profile) await recordActivity(tx, { customerId: profile.id, type: "ACCOUNT_UPDATED", description });
}
