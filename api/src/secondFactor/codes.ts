// Checking a code (TOTP or recovery) for an account with a factor. Kept apart from service.ts because
// sign-in (auth/) uses it, while service.ts uses auth's password check: one file each way, no cycle.
import { createHash } from "node:crypto";
import { verify } from "otplib";
import { recordAudit } from "../audit/index.ts";
import type { Db } from "../db/prisma.ts";
import type { SecretBox } from "../graphql/context.ts";
import { AppError, NotAuthenticatedError } from "../lib/errors.ts";

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

/**
 * The sign-in step after a correct password for a user with a factor: no code asks for one; a
 * wrong code is a failed sign-in: the caller's throttle attempt stays counted, as for a wrong password.
 */
export async function checkSignInCode(
  deps: { db: Db; secretBox: SecretBox },
  user: { id: number; username: string },
  code: string | null | undefined,
  meta: { ip: string },
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
export async function claimCode(
  deps: { db: Db; secretBox: SecretBox },
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

export async function matchingStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
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

export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");
}
