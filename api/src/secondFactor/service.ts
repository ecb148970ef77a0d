import { randomBytes } from "node:crypto";
import { generateSecret, generateURI } from "otplib";
import QRCode from "qrcode";
import { recordAudit } from "../audit/index.ts";
import { checkCurrentPassword } from "../auth/index.ts";
import type { Db, DbOrTx, Tx } from "../db/prisma.ts";
import { queueEmail, type SecondFactorChange } from "../emails/index.ts";
import type { User } from "../generated/prisma/client.ts";
import { USER_ROLES } from "../graphql/access.ts";
import type { LoginThrottle, SecretBox } from "../graphql/context.ts";
import type { Actor } from "../lib/actor.ts";
import { greetingName } from "../lib/displayName.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { REPORT_TIME_ZONE } from "../lib/reportDays.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";
import { CODE_NEEDED_MESSAGE, claimCode, hashRecoveryCode, matchingStep } from "./codes.ts";

export { CODE_NEEDED_MESSAGE, INVALID_CODE_MESSAGE, SecondFactorRequiredError } from "./codes.ts";

export const TOTP_ISSUER = "HNG Referral Scheme";
export const RECOVERY_CODE_COUNT = 10;

/** The shared actor with what enrolment checks and shows: the account's name and role. */
type EnrollingActor = Actor & { username: string; role: User["role"] };

/** The request's address and device cookie: the password asked again is counted like a sign-in (auth/throttle.ts). */
interface Meta {
  ip: string;
  deviceCookie?: string | null;
}

export interface SecondFactorDeps {
  db: Db;
  secretBox: SecretBox;
  loginThrottle: LoginThrottle;
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
 * confirms it. The secret is shown now, as text and as a QR code, and never again. Needs the
 * current password, so a session alone cannot bind another person's authenticator to the account.
 */
export async function startEnrolment(
  deps: SecondFactorDeps,
  actor: EnrollingActor,
  input: { currentPassword: string },
  meta: Meta,
) {
  assertAdministrator(actor);
  await checkPassword(deps, actor, input.currentPassword, meta, "start setting up two-step verification");
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

/**
 * A first code from the app, with the current password again, confirms the factor; ten single-use
 * recovery codes are shown once, and the account's address is told.
 */
export async function confirmEnrolment(
  deps: SecondFactorDeps,
  actor: EnrollingActor,
  input: { code: string; currentPassword: string },
  meta: Meta,
) {
  assertAdministrator(actor);
  const code = parseCode(input.code);
  await checkPassword(deps, actor, input.currentPassword, meta, "confirm two-step verification");
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
    const user = await tx.user.update({ where: { id: actor.id }, data: { secondFactorEnabled: true } });
    await recordAudit(tx, {
      action: "second_factor_enrolled",
      resourceType: "user",
      resourceId: actor.id,
      actorId: actor.id,
      details: `Two-step verification turned on for user #${actor.id} (${RECOVERY_CODE_COUNT} recovery codes issued)`,
      ipAddress: meta.ip,
    });
    await queueNotice(tx, user, "ENROLLED");
  });
  return { recoveryCodes };
}

/**
 * Turning the factor off needs the current password and a current code (or a recovery code); both
 * are throttled like sign-in, the change is audited and the account's address is told.
 */
export async function disableSecondFactor(
  deps: SecondFactorDeps,
  actor: EnrollingActor,
  input: { code: string; currentPassword: string },
  meta: Meta,
): Promise<void> {
  const code = parseCode(input.code);
  // The password first: a wrong one must not use up the code that came with it.
  await checkPassword(deps, actor, input.currentPassword, meta, "turn off two-step verification");
  // Counted like a sign-in attempt before the code is checked; a right code gives it back.
  const attempt = await deps.loginThrottle.begin(actor.username, meta.ip, meta.deviceCookie);
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
    const user = await removeFactor(tx, actor.id);
    await recordAudit(tx, {
      action: "second_factor_disabled",
      resourceType: "user",
      resourceId: actor.id,
      actorId: actor.id,
      details: `Two-step verification turned off by user #${actor.id} (confirmed with the password and a ${used === "recovery" ? "recovery code" : "code from the app"})`,
      ipAddress: meta.ip,
    });
    await queueNotice(tx, user, "DISABLED");
  });
}

/**
 * An operator's reset for an administrator who lost their device (the CLI's admin:mfa-reset):
 * removes the factor and its recovery codes, ends the user's sessions, tells their address, and is audited.
 */
export async function resetSecondFactor(db: Db, input: { username: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const found = await tx.user.findUnique({ where: { username: input.username } });
    if (!found) throw new NotFoundError(`No user named "${input.username}"`);
    const factor = await tx.secondFactor.findUnique({ where: { userId: found.id } });
    if (!factor) throw new ConflictError(`"${found.username}" has no second factor to reset.`);
    await removeFactor(tx, found.id);
    const user = await tx.user.update({ where: { id: found.id }, data: { sessionVersion: { increment: 1 } } });
    await recordAudit(tx, {
      action: "second_factor_reset",
      resourceType: "user",
      resourceId: user.id,
      details: `Second factor of user #${user.id} reset from the command line; their sessions were ended`,
      before: { secondFactorEnabled: factor.confirmedAt !== null },
      after: { secondFactorEnabled: false },
    });
    await queueNotice(tx, user, "RESET");
  });
}

/** A code as typed, refused before any counter or lookup when it cannot be one (lib/textFields.ts). */
function parseCode(value: unknown): string {
  const code = parseText(TEXT_FIELDS.secondFactorCode, value, "code");
  if (!code) throw new ValidationError(CODE_NEEDED_MESSAGE, "code");
  return code;
}

/** The account's password, asked again and counted by the sign-in throttle (auth's checkCurrentPassword). */
async function checkPassword(
  deps: SecondFactorDeps,
  actor: EnrollingActor,
  password: string,
  meta: Meta,
  purpose: string,
): Promise<void> {
  const user = await deps.db.user.findUniqueOrThrow({
    where: { id: actor.id },
    select: { id: true, username: true, passwordHash: true },
  });
  await checkCurrentPassword(deps, user, password, meta, { purpose, field: "currentPassword" });
}

/** The account's address is told of every change to its factor, in the change's transaction (docs/rules/accounts.md, "Second factor"). */
async function queueNotice(
  tx: DbOrTx,
  user: { id: number; email: string; firstName: string | null; username: string },
  change: SecondFactorChange,
): Promise<void> {
  await queueEmail(tx, {
    type: "SECOND_FACTOR_CHANGED",
    to: user.email,
    userId: user.id,
    data: { firstName: greetingName(user), change, at: UK_TIME.format(new Date()) },
  });
}

const UK_TIME = new Intl.DateTimeFormat("en-GB", { timeZone: REPORT_TIME_ZONE, dateStyle: "long", timeStyle: "short" });

async function removeFactor(tx: Tx, userId: number) {
  await tx.secondFactor.deleteMany({ where: { userId } });
  await tx.recoveryCode.deleteMany({ where: { userId } });
  // The API tokens the user made stop with the factor (docs/api.md, "API tokens").
  return tx.user.update({
    where: { id: userId },
    data: { secondFactorEnabled: false, apiTokenGeneration: { increment: 1 } },
  });
}

// Which roles may enrol is the access table's (graphql/access.ts, USER_ROLES).
function assertAdministrator(actor: EnrollingActor): void {
  if (!USER_ROLES[actor.role].mayEnrolSecondFactor)
    throw new ForbiddenError("Two-step verification is for administrator and staff accounts.");
}

// 32 symbols without l, o, 0, 1 (so bytes map evenly); 10 characters = 50 bits, so SHA-256 is enough to store them.
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
