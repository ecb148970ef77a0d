import { z } from "zod";
import { recordAudit } from "../audit/service.ts";
import type { Db, DbOrTx } from "../db/prisma.ts";
import { formatPounds, parsePoundsToPence } from "../lib/money.ts";
import { amountText, parseInput } from "../lib/validation.ts";

/** 11%: what customers were promised on the landing and registration pages. */
export const DEFAULT_CREDIT_RATE_BASIS_POINTS = 1100;
/** 1 basis point = 0.01%; 10000 = 100%. */
export const MIN_CREDIT_RATE_BASIS_POINTS = 1;
export const MAX_CREDIT_RATE_BASIS_POINTS = 10_000;

const SETTINGS_ROW_ID = 1;

const CREDIT_RATE_MESSAGE = `The credit rate must be a whole number of basis points from ${MIN_CREDIT_RATE_BASIS_POINTS} (0.01%) to ${MAX_CREDIT_RATE_BASIS_POINTS} (100%); for example 1100 for 11%.`;

export const creditRateInputSchema = z.object({
  basisPoints: z
    .number({ error: CREDIT_RATE_MESSAGE })
    .int(CREDIT_RATE_MESSAGE)
    .min(MIN_CREDIT_RATE_BASIS_POINTS, CREDIT_RATE_MESSAGE)
    .max(MAX_CREDIT_RATE_BASIS_POINTS, CREDIT_RATE_MESSAGE),
});

/**
 * The credit rate in force, in basis points (1100 = 11%). Pass the transaction that uses it,
 * and record the value on whatever it computes: a later change never rewrites history.
 */
export async function getCreditRate(db: DbOrTx): Promise<number> {
  const settings = await db.programmeSettings.findUnique({ where: { id: SETTINGS_ROW_ID }, select: { creditRateBasisPoints: true } });
  return settings?.creditRateBasisPoints ?? DEFAULT_CREDIT_RATE_BASIS_POINTS;
}

/** Changes the credit rate (administrators), with an audit entry in the same transaction. */
export async function setCreditRate(
  db: Db,
  input: { basisPoints: number },
  actor: { id: number; ip?: string | null },
): Promise<number> {
  const { basisPoints } = parseInput(creditRateInputSchema, input);
  return db.$transaction(async (tx) => {
    // The row may not exist yet (the default applies); create it, then lock it so two
    // administrators changing the rate at once each audit the value they really replaced.
    await tx.$executeRaw`
      INSERT INTO "ProgrammeSettings" (id, "creditRateBasisPoints", "updatedAt")
      VALUES (${SETTINGS_ROW_ID}::int, ${DEFAULT_CREDIT_RATE_BASIS_POINTS}::int, timezone('UTC', now()))
      ON CONFLICT (id) DO NOTHING`;
    const [current] = await tx.$queryRaw<{ creditRateBasisPoints: number }[]>`
      SELECT "creditRateBasisPoints" FROM "ProgrammeSettings" WHERE id = ${SETTINGS_ROW_ID}::int FOR UPDATE`;
    const before = current?.creditRateBasisPoints ?? DEFAULT_CREDIT_RATE_BASIS_POINTS;
    await tx.programmeSettings.update({
      where: { id: SETTINGS_ROW_ID },
      data: { creditRateBasisPoints: basisPoints, updatedById: actor.id },
    });
    await recordAudit(tx, {
      action: "credit_rate_changed",
      resourceType: "programme_settings",
      resourceId: SETTINGS_ROW_ID,
      actorId: actor.id,
      before: { creditRateBasisPoints: before },
      after: { creditRateBasisPoints: basisPoints },
      details: `Credit rate changed from ${formatBasisPointsAsPercent(before)} to ${formatBasisPointsAsPercent(basisPoints)}`,
      ipAddress: actor.ip ?? null,
    });
    return basisPoints;
  });
}

/** 1100 → "11%", 1250 → "12.5%", 1 → "0.01%": exact, no floating point. */
export function formatBasisPointsAsPercent(basisPoints: number): string {
  const sign = basisPoints < 0 ? "-" : "";
  const abs = Math.abs(basisPoints);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, "0").replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}%`;
}

/** £500.00: milestone payments above it need a second administrator (decisions.md, "Accounts"). */
export const DEFAULT_PAYOUT_APPROVAL_THRESHOLD_PENCE = 50_000;

/** The payout approval threshold in force, in pence: a tranche above it becomes a payout request. */
export async function getPayoutApprovalThreshold(db: DbOrTx): Promise<number> {
  const settings = await db.programmeSettings.findUnique({ where: { id: SETTINGS_ROW_ID }, select: { payoutApprovalThresholdPence: true } });
  return settings?.payoutApprovalThresholdPence ?? DEFAULT_PAYOUT_APPROVAL_THRESHOLD_PENCE;
}

/** Changes the payout approval threshold (administrators; from 1p to £10,000,000), audited in the same transaction. */
export async function setPayoutApprovalThreshold(db: Db, input: { amount: unknown }, actor: { id: number; ip?: string | null }): Promise<number> {
  const pence = parsePoundsToPence(amountText(input.amount), "payout approval threshold");
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`
      INSERT INTO "ProgrammeSettings" (id, "creditRateBasisPoints", "updatedAt")
      VALUES (${SETTINGS_ROW_ID}::int, ${DEFAULT_CREDIT_RATE_BASIS_POINTS}::int, timezone('UTC', now()))
      ON CONFLICT (id) DO NOTHING`;
    // Locked so two administrators changing it at once each audit the value they really replaced.
    const [current] = await tx.$queryRaw<{ payoutApprovalThresholdPence: number }[]>`
      SELECT "payoutApprovalThresholdPence" FROM "ProgrammeSettings" WHERE id = ${SETTINGS_ROW_ID}::int FOR UPDATE`;
    const before = current?.payoutApprovalThresholdPence ?? DEFAULT_PAYOUT_APPROVAL_THRESHOLD_PENCE;
    await tx.programmeSettings.update({ where: { id: SETTINGS_ROW_ID }, data: { payoutApprovalThresholdPence: pence, updatedById: actor.id } });
    await recordAudit(tx, {
      action: "payout_threshold_changed",
      resourceType: "programme_settings",
      resourceId: SETTINGS_ROW_ID,
      actorId: actor.id,
      before: { payoutApprovalThresholdPence: before },
      after: { payoutApprovalThresholdPence: pence },
      details: `Payout approval threshold changed from ${formatPounds(before)} to ${formatPounds(pence)}`,
      ipAddress: actor.ip ?? null,
    });
    return pence;
  });
}
