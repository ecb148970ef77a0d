import { recordAudit } from "../audit/index.ts";
import { isUniqueViolation } from "../db/locks.ts";
import type { Db, DbOrTx } from "../db/prisma.ts";
import { announceDueEmails, queueEmail } from "../emails/index.ts";
import type { User } from "../generated/prisma/client.ts";
import type { LoginThrottle, SecretBox } from "../graphql/context.ts";
import { greetingName } from "../lib/displayName.ts";
import { ConflictError, NotAuthenticatedError, ValidationError } from "../lib/errors.ts";
import { parseInput } from "../lib/validation.ts";
import { checkSignInCode } from "../secondFactor/index.ts";
import { queueEmailConfirmation } from "./emailConfirmation.ts";
import { decoyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
import { hashToken, newLinkToken } from "./tokens.ts";
import {
  completePasswordResetSchema,
  currentPasswordSchema,
  emailSchema,
  passwordResetRequestSchema,
  passwordSchema,
  registerUserSchema,
  signInSchema,
  usernameSchema,
} from "./validation.ts";

export const PASSWORD_RESET_TTL_MINUTES = 30;
export const PASSWORD_RESET_ANSWER =
  "If that account exists, we have emailed it a link to choose a new password. Please check your email: the link works once and expires in 30 minutes.";
/** Every reset request answers after at least this long, whatever the username. */
const PASSWORD_RESET_ANSWER_FLOOR_MS = 250;

interface RequestMeta {
  ip: string;
}

/** Creates a (non-admin) account and emails it a link to confirm the address. Username and email are unique ignoring case. */
export async function registerUser(
  deps: { db: Db; publicUrl: string },
  input: { username: string; email: string; password: string; firstName?: string | null; lastName?: string | null },
): Promise<User> {
  const data = parseInput(registerUserSchema, input);
  const passwordHash = await hashPassword(data.password);
  try {
    return await deps.db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          username: data.username,
          email: data.email,
          firstName: data.firstName,
          lastName: data.lastName,
          passwordHash,
        },
      });
      await queueEmailConfirmation(tx, user, deps.publicUrl);
      return user;
    });
  } catch (error) {
    throw uniqueViolationToConflict(error);
  }
}

/** Checks the password under the sign-in throttle; the caller starts the session. */
export async function signIn(
  deps: { db: Db; loginThrottle: LoginThrottle; secretBox: SecretBox },
  input: { username: string; password: string; code?: string | null },
  meta: RequestMeta & { deviceCookie?: string | null },
): Promise<User> {
  const { username, password } = parseInput(signInSchema, input);
  const attempt = await deps.loginThrottle.begin(username, meta.ip, meta.deviceCookie);
  const user = await deps.db.user.findUnique({ where: { username } });
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  // An erased account refuses sign-in with the same answer as a wrong password.
  if (!user || !valid || user.erasedAt) {
    await recordAudit(deps.db, {
      action: "sign_in_failed",
      resourceType: "user",
      resourceId: user?.id ?? null,
      // Never the username typed: a mistyped one is sometimes the password (docs/rules/audit.md, "Audit trail").
      details: user ? "Failed sign-in" : "Failed sign-in for an unknown username",
      ipAddress: meta.ip,
    });
    throw new NotAuthenticatedError("Invalid username or password");
  }
  // Told only to the holder of the right password (docs/rules/roles.md, "Deactivation").
  if (user.deactivatedAt) throw new NotAuthenticatedError(DEACTIVATED_MESSAGE);
  // After the password, never instead of it: a wrong or missing code leaves the attempt counted.
  if (user.secondFactorEnabled) await checkSignInCode(deps, user, input.code, meta);
  await attempt.succeeded();
  return user;
}

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";

export const DEACTIVATED_MESSAGE = "This account has been deactivated: ask an administrator if you need it again.";

/**
 * A signed-in user's password, asked again before a grave change (a new password or email, deleting
 * the account): counted by the sign-in throttle like a sign-in, so a stolen session cannot be used to
 * guess it; a right one gives its attempt back, a wrong one is audited and refused on `field`.
 */
export async function checkCurrentPassword(
  deps: { db: DbOrTx; loginThrottle: Pick<LoginThrottle, "begin"> },
  user: Pick<User, "id" | "username" | "passwordHash">,
  password: string,
  meta: RequestMeta & { deviceCookie?: string | null },
  check: { purpose: string; field: string },
): Promise<void> {
  const shape = currentPasswordSchema.safeParse(password);
  if (!shape.success)
    throw new ValidationError(
      password === "" || typeof password !== "string" ? "Please enter your current password." : WRONG_CURRENT_PASSWORD,
      check.field,
    );
  const attempt = await deps.loginThrottle.begin(user.username, meta.ip, meta.deviceCookie);
  if (await verifyPassword(user.passwordHash, password)) {
    await attempt.succeeded();
    return;
  }
  await recordAudit(deps.db, {
    action: "current_password_refused",
    resourceType: "user",
    resourceId: user.id,
    actorId: user.id,
    details: `Wrong current password given to ${check.purpose}`,
    ipAddress: meta.ip,
  });
  throw new ValidationError(WRONG_CURRENT_PASSWORD, check.field);
}

/** Ends every session of the user, on every device: their cookies carry the old version. */
export async function endAllSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}

/**
 * Emails a single-use link to a page where the holder of the email chooses the new password: the
 * asker never chooses it (a `newPassword` sent along is ignored). Throttled per username text and
 * per address; the answer, and its time, are the same whether or not the username exists.
 */
export async function requestPasswordReset(
  deps: { db: Db; publicUrl: string; throttle: Pick<LoginThrottle, "assertAnonymousAllowed"> },
  input: { username: string; newPassword?: string | null },
  meta: RequestMeta,
): Promise<string> {
  const started = performance.now();
  const { username } = parseInput(passwordResetRequestSchema, input);
  await deps.throttle.assertAnonymousAllowed("passwordReset", meta.ip);
  await deps.throttle.assertAnonymousAllowed("passwordResetPerUsername", username);
  try {
    const user = await deps.db.user.findUnique({ where: { username } });
    if (user) {
      await deps.db.$transaction(async (tx) => {
        await queueResetLinkEmail(tx, user, "PASSWORD_RESET", deps.publicUrl);
        await recordAudit(tx, {
          action: "password_reset_requested",
          resourceType: "user",
          resourceId: user.id,
          actorId: user.id,
          ipAddress: meta.ip,
        });
      });
    }
  } finally {
    // Known and unknown usernames answer after the same floor, so the time tells nothing.
    const wait = PASSWORD_RESET_ANSWER_FLOOR_MS - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return PASSWORD_RESET_ANSWER;
}

/**
 * A single-use link (valid PASSWORD_RESET_TTL_MINUTES) to the page where its holder chooses a new
 * password: the reset email's, and the one security notices (password changed, email change) carry.
 */
export async function newPasswordResetLink(
  tx: DbOrTx,
  userId: number,
  publicUrl: string,
  ttlMinutes: number = PASSWORD_RESET_TTL_MINUTES,
): Promise<string> {
  const token = newLinkToken();
  await tx.passwordResetToken.create({
    data: {
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
    },
  });
  return `${publicUrl}/reset-password?token=${token}`;
}

/** The email that greets the user and carries a fresh reset link: the reset itself, or the notice that the password changed. */
export async function queueResetLinkEmail(
  tx: DbOrTx,
  user: User,
  type: "PASSWORD_RESET" | "PASSWORD_CHANGED",
  publicUrl: string,
): Promise<void> {
  await queueEmail(tx, {
    type,
    to: user.email,
    userId: user.id,
    data: {
      firstName: greetingName(user),
      resetUrl: await newPasswordResetLink(tx, user.id, publicUrl),
      expiresInMinutes: PASSWORD_RESET_TTL_MINUTES,
    },
  });
}

/**
 * Sets the password the link's holder chose, once: uses up the link (and every other pending one
 * of that user), ends every session, and confirms the email address the link was sent to.
 */
export async function completePasswordReset(
  db: Db,
  input: { token: string; newPassword: string },
  meta: RequestMeta,
): Promise<User> {
  const { token, newPassword } = parseInput(completePasswordResetSchema, input);
  const tokenHash = hashToken(token);
  // The link is checked before hashing, so only its holder can make the server run argon2 here.
  const found = await db.passwordResetToken.findUnique({ where: { tokenHash } });
  assertResetLinkUsable(found);
  const passwordHash = await hashPassword(newPassword);
  return db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.passwordResetToken.updateManyAndReturn({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    const reset = claimed[0];
    if (!reset) {
      assertResetLinkUsable(await tx.passwordResetToken.findUnique({ where: { tokenHash } }));
      throw new ConflictError("This password reset link has already been used.");
    }
    const before = await tx.user.findUniqueOrThrow({ where: { id: reset.userId }, select: { emailConfirmedAt: true } });
    const user = await tx.user.update({
      where: { id: reset.userId },
      // The API tokens they made stop too (docs/api.md, "API tokens").
      data: {
        passwordHash,
        sessionVersion: { increment: 1 },
        apiTokenGeneration: { increment: 1 },
        emailConfirmedAt: before.emailConfirmedAt ?? now,
      },
    });
    // Older links of the same user must not work after this one.
    await tx.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } });
    // A first confirmation releases the emails held for this address.
    if (!before.emailConfirmedAt) await announceDueEmails(tx);
    await recordAudit(tx, {
      action: "password_reset_completed",
      resourceType: "user",
      resourceId: user.id,
      actorId: user.id,
      ipAddress: meta.ip,
      ...(before.emailConfirmedAt ? {} : { details: "The reset link also confirmed the email address" }),
    });
    return user;
  });
}

function assertResetLinkUsable(reset: { usedAt: Date | null; expiresAt: Date } | null): void {
  if (!reset) throw new ValidationError("This password reset link is invalid.", "token");
  if (reset.usedAt) throw new ConflictError("This password reset link has already been used.");
  if (reset.expiresAt <= new Date())
    throw new ValidationError("This password reset link has expired. Please ask for a new one.", "token");
}

/** Makes an administrator account (the CLI's admin:create). */
export async function createAdministrator(
  db: Db,
  input: { username: string; email: string; password: string },
): Promise<User> {
  const username = parseInput(usernameSchema, input.username);
  const email = parseInput(emailSchema, input.email);
  const password = parseInput(passwordSchema, input.password);
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        // The operator typed the address: nothing to confirm.
        data: {
          username,
          email,
          passwordHash: await hashPassword(password),
          role: "ADMIN",
          emailConfirmedAt: new Date(),
        },
      });
      await recordAudit(tx, {
        action: "administrator_created",
        resourceType: "user",
        resourceId: user.id,
        details: "Created from the command line",
      });
      return user;
    });
  } catch (error) {
    throw uniqueViolationToConflict(error);
  }
}

function uniqueViolationToConflict(error: unknown): unknown {
  if (isUniqueViolation(error)) {
    const target = JSON.stringify(error.meta ?? {});
    if (target.includes("email")) return new ConflictError("An account with this email already exists");
    return new ConflictError("Username already exists");
  }
  return error;
}
