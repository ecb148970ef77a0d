import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "../audit/service.ts";
import type { Db, DbOrTx } from "../db/prisma.ts";
import { queueEmail } from "../emails/outbox.ts";
import { Prisma, type User } from "../generated/prisma/client.ts";
import { ConflictError, NotAuthenticatedError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { parseInput } from "../lib/validation.ts";
import { decoyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
import { checkSignInCode } from "../secondFactor/service.ts";
import type { SecretBox } from "../secondFactor/secretBox.ts";
import type { LoginThrottle } from "./throttle.ts";
import { emailSchema, passwordResetRequestSchema, passwordSchema, registerUserSchema, signInSchema, usernameSchema } from "./validation.ts";

export const PASSWORD_RESET_TTL_MINUTES = 30;
export const PASSWORD_RESET_ANSWER =
  "If that account exists, we have emailed a link to confirm your new password. Please check your email: the link works once and expires in 30 minutes.";

interface RequestMeta {
  ip: string;
}

/** Creates a (non-admin) account. Username and email are unique ignoring case. */
export async function registerUser(
  db: Db,
  input: { username: string; email: string; password: string; firstName?: string | null; lastName?: string | null },
): Promise<User> {
  const data = parseInput(registerUserSchema, input);
  const passwordHash = await hashPassword(data.password);
  try {
    return await db.user.create({
      data: { username: data.username, email: data.email, firstName: data.firstName, lastName: data.lastName, passwordHash },
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
  if (!user || !valid) {
    await recordAudit(deps.db, {
      action: "sign_in_failed",
      resourceType: "user",
      resourceId: user?.id ?? null,
      details: `Failed sign-in for username "${username}"`,
      ipAddress: meta.ip,
    });
    throw new NotAuthenticatedError("Invalid username or password");
  }
  // After the password, never instead of it: a wrong or missing code leaves the attempt counted.
  if (user.secondFactorEnabled) await checkSignInCode(deps, user, input.code, meta);
  await attempt.succeeded();
  return user;
}

/** Ends every session of the user, on every device: their cookies carry the old version. */
export async function endAllSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}

/**
 * Nothing changes at once: the new password waits behind a single-use emailed link.
 * The answer, and the work done, are the same whether or not the username exists.
 */
export async function requestPasswordReset(
  deps: { db: Db; publicUrl: string },
  input: { username: string; newPassword: string },
  meta: RequestMeta,
): Promise<string> {
  const { username, newPassword } = parseInput(passwordResetRequestSchema, input);
  const newPasswordHash = await hashPassword(newPassword);
  const token = randomBytes(32).toString("base64url");
  const user = await deps.db.user.findUnique({ where: { username } });
  if (user) {
    await deps.db.$transaction(async (tx) => {
      await tx.passwordResetToken.create({
        data: {
          userId: user.id,
          tokenHash: hashToken(token),
          newPasswordHash,
          expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
        },
      });
      await queueEmail(tx, {
        type: "PASSWORD_RESET",
        to: user.email,
        userId: user.id,
        data: {
          firstName: user.firstName ?? user.username,
          resetUrl: `${deps.publicUrl}/reset-password?token=${token}`,
          expiresInMinutes: PASSWORD_RESET_TTL_MINUTES,
        },
      });
      await recordAudit(tx, {
        action: "password_reset_requested",
        resourceType: "user",
        resourceId: user.id,
        actorId: user.id,
        ipAddress: meta.ip,
      });
    });
  }
  return PASSWORD_RESET_ANSWER;
}

/** Applies the password waiting behind the link, once, and signs out every session. */
export async function completePasswordReset(db: Db, input: { token: string }, meta: RequestMeta): Promise<User> {
  const token = input.token?.trim();
  if (!token) throw new ValidationError("This password reset link is invalid.", "token");
  return db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.passwordResetToken.updateManyAndReturn({
      where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    const reset = claimed[0];
    if (!reset) {
      const existing = await tx.passwordResetToken.findUnique({ where: { tokenHash: hashToken(token) } });
      if (!existing) throw new ValidationError("This password reset link is invalid.", "token");
      if (existing.usedAt) throw new ConflictError("This password reset link has already been used.");
      throw new ValidationError("This password reset link has expired. Please ask for a new one.", "token");
    }
    const user = await tx.user.update({
      where: { id: reset.userId },
      data: { passwordHash: reset.newPasswordHash, sessionVersion: { increment: 1 } },
    });
    // Older links of the same user must not apply a password chosen earlier.
    await tx.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } });
    await recordAudit(tx, {
      action: "password_reset_completed",
      resourceType: "user",
      resourceId: user.id,
      actorId: user.id,
      ipAddress: meta.ip,
    });
    return user;
  });
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
        data: { username, email, passwordHash: await hashPassword(password), isAdmin: true },
      });
      await recordAudit(tx, { action: "administrator_created", resourceType: "user", resourceId: user.id, details: "Created from the command line" });
      return user;
    });
  } catch (error) {
    throw uniqueViolationToConflict(error);
  }
}

/** Grants or removes administrator rights; removing them ends the user's sessions. */
export async function setAdministrator(db: Db, input: { username: string; isAdmin: boolean }): Promise<User> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { username: input.username } });
    if (!user) throw new NotFoundError(`No user named "${input.username}"`);
    const updated = await tx.user.update({
      where: { id: user.id },
      data: { isAdmin: input.isAdmin, ...(input.isAdmin ? {} : { sessionVersion: { increment: 1 } }) },
    });
    await recordAudit(tx, {
      action: input.isAdmin ? "administrator_promoted" : "administrator_demoted",
      resourceType: "user",
      resourceId: user.id,
      before: { isAdmin: user.isAdmin },
      after: { isAdmin: input.isAdmin },
    });
    return updated;
  });
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function uniqueViolationToConflict(error: unknown): unknown {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
    const target = JSON.stringify(error.meta ?? {});
    if (target.includes("email")) return new ConflictError("An account with this email already exists");
    return new ConflictError("Username already exists");
  }
  return error;
}
