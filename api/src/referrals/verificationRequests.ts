// Four eyes on a flagged verification (docs/rules/fraud.md, "Verifying a flagged referral"): a purchase of a
// referral with signals, above the flagged verification approval, is a request another administrator approves
// (which credits it, as verifyPurchase does) or declines. Modelled on payout requests (milestones/service.ts).
import { recordAudit } from "../audit/index.ts";
import type { Tx } from "../db/prisma.ts";
import { queryBuilder, run } from "../db/query.ts";
import type { PurchaseVerificationRequest } from "../generated/prisma/client.ts";
import type { Actor } from "../lib/actor.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../lib/errors.ts";
import { formatPounds } from "../lib/money.ts";
import { hasLapsed, REQUEST_LIFETIME_DAYS } from "../lib/requestLapse.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";

export const VERIFICATION_REQUEST_MESSAGES = {
  notFound: "Verification request not found",
  ownRequest: "You asked for this verification: another administrator must approve or decline it.",
  notAsker: "Only the administrator who asked for this verification may withdraw it.",
  decided: (status: string) => `This verification request has already been ${status.toLowerCase()}.`,
  lapsed: `This verification request has lapsed: requests are open for ${REQUEST_LIFETIME_DAYS} days. Verify the purchase again if it is still wanted.`,
  waiting:
    "A verification of this referral's purchase is already waiting for another administrator's approval: it must be approved or declined first.",
  awaiting: (request: PurchaseVerificationRequest, thresholdPence: number) =>
    `This referral has signals and its purchase of ${formatPounds(request.amountPence)} is above the ${formatPounds(thresholdPence)} flagged verification approval: it awaits another administrator's approval (request #${request.id}); nothing is credited until then.`,
} as const;

/** A signal as the audit records what was shown: its kind and words (never the evidence, which may be personal data). */
export type ShownSignal = { kind: string; words: string };

export const shownSignals = (signals: readonly { kind: string; words: string }[]): ShownSignal[] =>
  signals.map(({ kind, words }) => ({ kind, words }));

/**
 * The request waiting for this referral, if any, inside the transaction that locked the referral. A
 * lapsed one no longer blocks: it is let go of (it stays PENDING, read as LAPSED).
 */
export async function waitingVerificationRequest(
  tx: Tx,
  referralId: number,
): Promise<PurchaseVerificationRequest | null> {
  const waiting = await tx.purchaseVerificationRequest.findUnique({ where: { pendingReferralId: referralId } });
  if (!waiting) return null;
  if (!hasLapsed(waiting)) return waiting;
  await tx.purchaseVerificationRequest.update({ where: { id: waiting.id }, data: { pendingReferralId: null } });
  return null;
}

/**
 * Records the request (in verifyPurchase's transaction, the referral locked): nothing is credited.
 * Audited with the signals shown to the asker.
 */
export async function createVerificationRequest(
  tx: Tx,
  input: {
    referralId: number;
    customerId: number;
    amountPence: number;
    notes: string;
    thresholdPence: number;
    signals: ShownSignal[];
  },
  actor: Actor,
): Promise<PurchaseVerificationRequest> {
  const request = await tx.purchaseVerificationRequest.create({
    data: {
      referralId: input.referralId,
      pendingReferralId: input.referralId,
      amountPence: input.amountPence,
      notes: input.notes,
      requestedById: actor.id,
    },
  });
  await recordAudit(tx, {
    action: "purchase_verification_requested",
    // About the referral, as its verification's entry is: the customer's audit entries list it.
    resourceType: "referral",
    resourceId: input.referralId,
    actorId: actor.id,
    after: {
      verificationRequestId: request.id,
      customerId: input.customerId,
      amountPence: input.amountPence,
      thresholdPence: input.thresholdPence,
      notes: input.notes,
      signals: input.signals,
      status: "PENDING",
    },
    details: `Purchase of ${formatPounds(input.amountPence)} for flagged referral #${input.referralId} (${input.signals.map((s) => s.kind).join(", ")}): above the ${formatPounds(input.thresholdPence)} flagged verification approval, it waits for another administrator`,
    ipAddress: actor.ip ?? null,
  });
  return request;
}

/**
 * Locks the request's referral (first, as every verification does), then the request, and refuses
 * one decided or lapsed, and one the acting administrator may not decide: their own (approve,
 * decline) or another's (withdraw).
 */
export async function lockPendingVerificationRequest<Locked>(
  tx: Tx,
  requestId: number | null,
  actor: Actor,
  lockReferralRow: (tx: Tx, referralId: number) => Promise<Locked>,
  actedOnBy: "another" | "asker" = "another",
): Promise<{ request: PurchaseVerificationRequest; referral: Locked }> {
  const found =
    requestId == null
      ? null
      : await tx.purchaseVerificationRequest.findUnique({ where: { id: requestId }, select: { referralId: true } });
  if (!found || requestId == null) throw new NotFoundError(VERIFICATION_REQUEST_MESSAGES.notFound);
  const referral = await lockReferralRow(tx, found.referralId);
  await run(
    tx,
    queryBuilder.selectFrom("PurchaseVerificationRequest").select("id").where("id", "=", requestId).forUpdate(),
  );
  const request = await tx.purchaseVerificationRequest.findUniqueOrThrow({ where: { id: requestId } });
  if (request.status !== "PENDING") throw new ConflictError(VERIFICATION_REQUEST_MESSAGES.decided(request.status));
  // Another administrator approves or declines; only the asker withdraws.
  if (actedOnBy === "another" && request.requestedById === actor.id)
    throw new ForbiddenError(VERIFICATION_REQUEST_MESSAGES.ownRequest);
  if (actedOnBy === "asker" && request.requestedById !== actor.id)
    throw new ForbiddenError(VERIFICATION_REQUEST_MESSAGES.notAsker);
  if (hasLapsed(request)) throw new ConflictError(VERIFICATION_REQUEST_MESSAGES.lapsed);
  return { request, referral };
}

/** Closes a pending request as the second administrator decided: conditional on PENDING, so it happens once. */
export async function closeVerificationRequest(
  tx: Tx,
  request: PurchaseVerificationRequest,
  actor: Actor,
  decision:
    | { status: "APPROVED"; purchaseId: number }
    | { status: "DECLINED"; declineReason: string | null }
    | { status: "WITHDRAWN" },
): Promise<PurchaseVerificationRequest> {
  const outcome =
    decision.status === "APPROVED"
      ? { purchaseId: decision.purchaseId }
      : decision.status === "DECLINED"
        ? { declineReason: decision.declineReason }
        : {};
  const closed = await tx.purchaseVerificationRequest.updateMany({
    where: { id: request.id, status: "PENDING" },
    data: {
      status: decision.status,
      pendingReferralId: null,
      decidedById: actor.id,
      decidedAt: new Date(),
      ...outcome,
    },
  });
  if (closed.count !== 1) throw new ConflictError(VERIFICATION_REQUEST_MESSAGES.decided(decision.status));
  await recordAudit(tx, {
    action: `purchase_verification_${decision.status.toLowerCase()}`,
    resourceType: "referral",
    resourceId: request.referralId,
    actorId: actor.id,
    before: { status: "PENDING", verificationRequestId: request.id, requestedById: request.requestedById },
    after: {
      status: decision.status,
      amountPence: request.amountPence,
      ...(decision.status === "APPROVED" ? { purchaseId: decision.purchaseId } : {}),
      ...(decision.status === "DECLINED" ? { reason: decision.declineReason } : {}),
    },
    details:
      decision.status === "APPROVED"
        ? `Verification request #${request.id} approved: the purchase of ${formatPounds(request.amountPence)} for referral #${request.referralId} verified`
        : `Verification request #${request.id} ${decision.status.toLowerCase()}: the purchase of ${formatPounds(request.amountPence)} for referral #${request.referralId} not verified`,
    ipAddress: actor.ip ?? null,
  });
  return tx.purchaseVerificationRequest.findUniqueOrThrow({ where: { id: request.id } });
}

/** The reason a request was declined: optional, trimmed, by its rule (lib/textFields.ts). */
export const parseDeclineReason = (reason: unknown): string | null =>
  parseText(TEXT_FIELDS.declineReason, reason, "reason") || null;
