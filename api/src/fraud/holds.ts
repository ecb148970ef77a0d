// Holds: an administrator puts a pending referral under review, and releases it (docs/rules/fraud.md, "Holds").
import { recordAudit } from "../audit/index.ts";
import { notifyAdminQueues } from "../db/adminQueues.ts";
import { LOCKING_TRANSACTION } from "../db/locks.ts";
import type { Db, Tx } from "../db/prisma.ts";
import { queryBuilder, runFirst } from "../db/query.ts";
import type { Actor } from "../lib/actor.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { londonDayText } from "../lib/londonDay.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export const HOLD_MESSAGES = {
  referralNotFound: "Referral not found",
  noteRequired: "Say in a note why you hold this referral.",
  purchased: "Only a pending referral can be held: this referral's purchase has already been verified.",
  withdrawn: "Only a pending referral can be held: this referral was withdrawn by the customer.",
  expired: "Only a pending referral can be held: this referral has expired.",
  alreadyHeld: "This referral is already held for review: release it before holding it again.",
  notHeld: "This referral is not held: there is nothing to release.",
} as const;

interface LockedForHold {
  id: number;
  status: "PENDING" | "PURCHASED" | "EXPIRED" | "WITHDRAWN";
  expiresAt: Date;
  expiryWarnedAt: Date | null;
  heldAt: Date | null;
  heldNote: string | null;
  heldById: number | null;
}

/** Locks the referral's row as verification does (referral first), so a hold and a verification are served in turn. */
async function lockForHold(tx: Tx, referralId: number | null): Promise<LockedForHold> {
  const row =
    referralId == null
      ? undefined
      : await runFirst(
          tx,
          queryBuilder
            .selectFrom("Referral")
            .select(["id", "status", "expiresAt", "expiryWarnedAt", "heldAt", "heldNote", "heldById"])
            .where("id", "=", referralId)
            .forUpdate(),
        );
  if (!row) throw new NotFoundError(HOLD_MESSAGES.referralNotFound);
  return row;
}

/** The hold's note: required, trimmed, by the notes' rule (lib/textFields.ts). */
function parseHoldNote(note: unknown): string {
  const text = parseText(TEXT_FIELDS.notes, note, "note");
  if (text === "") throw new ValidationError(HOLD_MESSAGES.noteRequired, "note");
  return text;
}

/**
 * Puts a pending referral under review: it keeps its place among the pending ones but sinks below
 * the unheld, does not expire, and cannot be verified until released. Only a pending referral not
 * past its 90 days, and not already held. Audited; the admin queues are told.
 */
export async function holdReferral(
  db: Db,
  input: { referralId: number | null; note: unknown },
  actor: Actor,
): Promise<{ referralId: number }> {
  const note = parseHoldNote(input.note);
  return db.$transaction(async (tx) => {
    const referral = await lockForHold(tx, input.referralId);
    const now = new Date();
    if (referral.status === "PURCHASED") throw new ConflictError(HOLD_MESSAGES.purchased);
    if (referral.status === "WITHDRAWN") throw new ConflictError(HOLD_MESSAGES.withdrawn);
    if (referral.heldAt) throw new ConflictError(HOLD_MESSAGES.alreadyHeld);
    // Expired is a date, not only a status (docs/rules/milestones.md, "Verifying a purchase").
    if (referral.status === "EXPIRED" || referral.expiresAt.getTime() <= now.getTime())
      throw new ConflictError(HOLD_MESSAGES.expired);
    await tx.referral.update({
      where: { id: referral.id },
      data: { heldAt: now, heldNote: note, heldById: actor.id, updatedAt: now },
    });
    await recordAudit(tx, {
      action: "referral_held",
      resourceType: "referral",
      resourceId: referral.id,
      actorId: actor.id,
      before: { held: false, expiresAt: referral.expiresAt.toISOString() },
      after: { held: true, heldAt: now.toISOString(), note },
      details: `Referral #${referral.id} held for review: it does not expire and cannot be verified until released`,
      ipAddress: actor.ip ?? null,
    });
    await notifyAdminQueues(tx, "REFERRALS");
    return { referralId: referral.id };
  }, LOCKING_TRANSACTION);
}

/**
 * Ends a hold. The 90-day clock stopped while it lasted: expiresAt moves later by the time held. If
 * that moves the London day of expiry, a warning already sent is forgotten, so the customer is warned
 * again with the new day when it comes within ten days. Audited; the admin queues are told.
 */
export async function releaseReferral(
  db: Db,
  input: { referralId: number | null; note?: unknown },
  actor: Actor,
): Promise<{ referralId: number }> {
  const note = parseText(TEXT_FIELDS.notes, input.note, "note") || null;
  return db.$transaction(async (tx) => {
    const referral = await lockForHold(tx, input.referralId);
    if (!referral.heldAt) throw new ConflictError(HOLD_MESSAGES.notHeld);
    const now = new Date();
    const heldForMs = Math.max(0, now.getTime() - referral.heldAt.getTime());
    const expiresAt = new Date(referral.expiresAt.getTime() + heldForMs);
    const dayMoved = londonDayText(expiresAt) !== londonDayText(referral.expiresAt);
    await tx.referral.update({
      where: { id: referral.id },
      data: {
        heldAt: null,
        heldNote: null,
        heldById: null,
        expiresAt,
        ...(dayMoved ? { expiryWarnedAt: null } : {}),
        updatedAt: now,
      },
    });
    const days = Math.floor(heldForMs / DAY_MS);
    await recordAudit(tx, {
      action: "referral_released",
      resourceType: "referral",
      resourceId: referral.id,
      actorId: actor.id,
      before: {
        held: true,
        heldAt: referral.heldAt.toISOString(),
        heldById: referral.heldById,
        heldNote: referral.heldNote,
        expiresAt: referral.expiresAt.toISOString(),
      },
      after: { held: false, note, expiresAt: expiresAt.toISOString(), heldForMs },
      details: `Referral #${referral.id} released after ${days} day${days === 1 ? "" : "s"} held: it now expires on ${londonDayText(expiresAt, { year: true })}`,
      ipAddress: actor.ip ?? null,
    });
    await notifyAdminQueues(tx, "REFERRALS");
    return { referralId: referral.id };
  }, LOCKING_TRANSACTION);
}
