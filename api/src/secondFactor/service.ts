import { createHash, randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { recordAudit } from "../audit/index.ts";
import type { Db, Tx } from "../db/prisma.ts";
import type { LoginThrottle, SecretBox } from "../graphql/context.ts";
import type { Actor } from "../lib/actor.ts";
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotAuthenticatedError,
  NotFoundError,
  ValidationError,
} from "../lib/errors.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";

export const TOTP_ISSUER = "HNG Referral Scheme";
export const RECOVERY_CODE_COUNT = 10;
export const CODE_NEEDED_MESSAGE = "A verification code is needed.";
export const INVALID_CODE_MESSAGE = "Invalid verification code";
/** One 30-second step either side, for clocks that drift. */
const EPOCH_TOLERANCE_SECONDS = 30;

/** Sign-in refused until a code is sent: 401 on REST, its own type on GraphQL so forms can ask. */
export class SecondFactorRequiredError extends AppError {
  readonly code = "UNAUTHENTICATED";
  readonly httpStatus = 401;
  constructor() {
    super(CODE_NEEDED_MESSAGE);
  }
}

/** The shared actor with what enrolment checks and shows: the account's name and role. */
type EnrollingActor = Actor & { username: string; isAdmin: boolean };

interface Meta {
  ip: string;
}

export interface SecondFactorDeps {
  db: Db;
  secretBox: SecretBox;
}

export interface SecondFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
  enabledAt: Date | null;
}

export async function secondFactorStatus(db: Db, userId: number): Promise<SecondFactorStatus> {
  const [factor, recoveryCodesLeft] = await Promise.all([
    db.secondFactor.findUnique({ where: { userId } }),
    db.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  const enabledAt = factor?.confirmedAt ?? null;
  return { enabled: enabledAt !== null, recoveryCodesLeft: enabledAt ? recoveryCodesLeft : 0, enabledAt };
}

/**
 * Starts (or restarts) enrolment: a new secret, kept encrypted and pending until a first code
 * confirms it. The secret is shown now, as text and as a QR code, and never again.
 */
export async function startEnrolment(deps: SecondFactorDeps, actor: EnrollingActor) {
  assertAdministrator(actor);
  const existing = await deps.db.secondFactor.findUnique({ where: { userId: actor.id } });
  if (existing?.confirmedAt)
    throw new ConflictError("Two-step verification is already on. Turn it off first to enrol a new device.");
  const secret = generateSecret();
  await deps.db.secondFactor.upsert({
    where: { userId: actor.id },
    create: { userId: actor.id, secretCiphertext: deps.secretBox.seal(secret) },
    update: { secretCiphertext: deps.secretBox.seal(secret), lastUsedStep: null, createdAt: new Date() },
  });
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: actor.username, secret });
  const qrCodeDataUrl = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(otpauthUri, { type: "svg", margin: 2 })).toString("base64")}`;
  return { secret, otpauthUri, qrCodeDataUrl };
}

/** A first code from the app confirms the factor; ten single-use recovery codes are shown once. */
export async function confirmEnrolment(
  deps: SecondFactorDeps,
  actor: EnrollingActor,
  input: { code: string },
  meta: Meta,
) {
  assertAdministrator(actor);
  const code = parseCode(input.code);
  const factor = await deps.db.secondFactor.findUnique({ where: { userId: actor.id } });
  if (!factor) throw new ConflictError("Start the set-up first: no authenticator is waiting to be confirmed.");
  if (factor.confirmedAt) throw new ConflictError("Two-step verification is already on.");
  const step = await matchingStep(deps.secretBox.open(factor.secretCiphertext), code, null);
  if (step === null)
    throw new ValidationError("That code does not match. Enter the 6-digit code your app shows now.", "code");
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.$transaction(async (tx) => {
    const confirmed = await tx.secondFactor.updateMany({
      where: { userId: actor.id, confirmedAt: null, secretCiphertext: factor.secretCiphertext },
      data: { confirmedAt: new Date(), lastUsedStep: step },
    });
    if (confirmed.count !== 1)
      throw new ConflictError("This set-up was replaced or finished elsewhere. Please start again.");
    await tx.recoveryCode.deleteMany({ where: { userId: actor.id } });
    await tx.recoveryCode.createMany({
      data: recoveryCodes.map((code) => ({ userId: actor.id, codeHash: hashRecoveryCode(code) })),
    });
    await tx.user.update({ where: { id: actor.id }, data: { secondFactorEnabled: true } });
    await recordAudit(tx, {
      action: "second_factor_enrolled",
      resourceType: "user",
      resourceId: actor.id,
      actorId: actor.id,
      details: `Two-step verification turned on for user #${actor.id} (${RECOVERY_CODE_COUNT} recovery codes issued)`,
      ipAddress: meta.ip,
    });
  });
  return { recoveryCodes };
}

/** Turning the factor off needs a current code (or a recovery code), is throttled and audited. */
export async function disableSecondFactor(
  deps: SecondFactorDeps & { loginThrottle: LoginThrottle },
  actor: EnrollingActor,
  input: { code: string },
  meta: Meta,
): Promise<void> {
  const code = parseCode(input.code);
  // Counted like a sign-in attempt before the code is checked; a right code gives it back.
  const attempt = await deps.loginThrottle.begin(actor.username, meta.ip);
  const factor = await deps.db.secondFactor.findUnique({ where: { userId: actor.id } });
  if (!factor?.confirmedAt) throw new ConflictError("Two-step verification is not on.");
  const used = await claimCode(deps, actor.id, factor, code);
  if (!used) {
    throw new ValidationError(
      "That code does not match. Enter a current code from your app or an unused recovery code.",
      "code",
    );
  }
  await attempt.succeeded();
  await deps.db.$transaction(async (tx) => {
    await removeFactor(tx, actor.id);
    await recordAudit(tx, {
      action: "second_factor_disabled",
      resourceType: "user",
      resourceId: actor.id,
      actorId: actor.id,
      details: `Two-step verification turned off by user #${actor.id} (confirmed with a ${used === "recovery" ? "recovery code" : "code from the app"})`,
      ipAddress: meta.ip,
    });
  });
}

/**
 * An operator's reset for an administrator who lost their device (the CLI's admin:mfa-reset):
 * removes the factor and its recovery codes, ends the user's sessions, and is audited.
 */
export async function resetSecondFactor(db: Db, input: { username: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { username: input.username } });
    if (!user) throw new NotFoundError(`No user named "${input.username}"`);
    const factor = await tx.secondFactor.findUnique({ where: { userId: user.id } });
    if (!factor) throw new ConflictError(`"${user.username}" has no second factor to reset.`);
    await removeFactor(tx, user.id);
    await tx.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    await recordAudit(tx, {
      action: "second_factor_reset",
      resourceType: "user",
      resourceId: user.id,
      details: `Second factor of user #${user.id} reset from the command line; their sessions were ended`,
      before: { secondFactorEnabled: factor.confirmedAt !== null },
      after: { secondFactorEnabled: false },
    });
  });
}

/** A code as typed, refused before any counter or lookup when it cannot be one (lib/textFields.ts). */
function parseCode(value: unknown): string {
  const code = parseText(TEXT_FIELDS.secondFactorCode, value, "code");
  if (!code) throw new ValidationError(CODE_NEEDED_MESSAGE, "code");
  return code;
}

/**
 * The sign-in step after a correct password for a user with a factor: no code asks for one; a
 * wrong code is a failed sign-in: the caller's throttle attempt stays counted, as for a wrong password.
 */
export async function checkSignInCode(
  deps: { db: Db; secretBox: SecretBox },
  user: { id: number; username: string },
  code: string | null | undefined,
  meta: Meta,
): Promise<void> {
  if (!code?.trim()) throw new SecondFactorRequiredError();
  const factor = await deps.db.secondFactor.findUnique({ where: { userId: user.id } });
  // The flag and the factor change together; a factor missing here was just reset: no code is needed.
  if (!factor?.confirmedAt) return;
  const used = await claimCode(deps, user.id, factor, code);
  if (used === "recovery") {
    await recordAudit(deps.db, {
      action: "recovery_code_used",
      resourceType: "user",
      resourceId: user.id,
      actorId: user.id,
      details: `Signed in with a recovery code`,
      ipAddress: meta.ip,
    });
  }
  if (used) return;
  await recordAudit(deps.db, {
    action: "sign_in_failed",
    resourceType: "user",
    resourceId: user.id,
    details: "Wrong verification code",
    ipAddress: meta.ip,
  });
  throw new NotAuthenticatedError(INVALID_CODE_MESSAGE);
}

/** A current TOTP code not used before (claimed atomically), or an unused recovery code (claimed once). */
async function claimCode(
  deps: SecondFactorDeps,
  userId: number,
  factor: { secretCiphertext: string; lastUsedStep: number | null },
  code: string,
): Promise<"totp" | "recovery" | null> {
  const compact = code.replace(/[\s-]/g, "");
  if (/^\d{6}$/.test(compact)) {
    const step = await matchingStep(deps.secretBox.open(factor.secretCiphertext), compact, factor.lastUsedStep);
    if (step === null) return null;
    // Two requests with the same code: only the one that moves lastUsedStep forward wins.
    const claimed = await deps.db.secondFactor.updateMany({
      where: { userId, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] },
      data: { lastUsedStep: step },
    });
    return claimed.count === 1 ? "totp" : null;
  }
  if (compact.length !== 10) return null;
  const claimed = await deps.db.recoveryCode.updateMany({
    where: { userId, codeHash: hashRecoveryCode(compact), usedAt: null },
    data: { usedAt: new Date() },
  });
  return claimed.count === 1 ? "recovery" : null;
}

async function matchingStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

async function removeFactor(tx: Tx, userId: number): Promise<void> {
  await tx.secondFactor.deleteMany({ where: { userId } });
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.user.update({ where: { id: userId }, data: { secondFactorEnabled: false } });
}

function assertAdministrator(actor: EnrollingActor): void {
  if (!actor.isAdmin) throw new ForbiddenError("Two-step verification is for administrator accounts.");
}

// 32 symbols without l, o, 0, 1 (so bytes map evenly); 10 characters = 50 bits, so SHA-256 is enough to store them.
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");
}
