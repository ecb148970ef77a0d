import { recordAudit } from "../audit/index.ts";
import {
  activityDescriptions,
  auditingSelfDealing,
  currentCredits,
  recordActivity,
  refuseSelfDealing,
  type SelfDealingAction,
} from "../customers/index.ts";
import { notifyAdminQueues } from "../db/adminQueues.ts";
import { isUniqueViolation, LOCKING_TRANSACTION, lockCustomer } from "../db/locks.ts";
import type { Db, Tx } from "../db/prisma.ts";
import { queryBuilder, runFirst } from "../db/query.ts";
import { queueEmail, queueReferralEmail } from "../emails/index.ts";
import { refreshSignalsAtVerification } from "../fraud/index.ts";
import type { PurchaseVerificationRequest, ReferralPurchase, ReferralStatus } from "../generated/prisma/client.ts";
import type { Actor } from "../lib/actor.ts";
import { greetingName } from "../lib/displayName.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { formatPounds, mulDivRoundHalfUp, parsePoundsToPence, penceToPounds } from "../lib/money.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { amountText, parseNotes, parseText } from "../lib/validation.ts";
import {
  MILESTONE_PERCENT,
  type MilestoneKey,
  milestonesMadeReady,
  milestoneTranches,
  milestoneTypeName,
  overpaidPence,
  totalPaidPence,
} from "../milestones/index.ts";
import { formatBasisPointsAsPercent, getCreditRate, getProgrammeContact } from "../settings/index.ts";
import { emitWebhookEvent } from "../webhooks/index.ts";
import { CANCELLATION_CATEGORY_TEXT, parseCancellationCategory } from "./cancellation.ts";
import {
  closeVerificationRequest,
  createVerificationRequest,
  lockPendingVerificationRequest,
  parseDeclineReason,
  type ShownSignal,
  shownSignals,
  VERIFICATION_REQUEST_MESSAGES,
  waitingVerificationRequest,
} from "./verificationRequests.ts";

/** Basis points per whole: a rate of 1100 basis points is 1100/10000 = 11%. */
const BASIS_POINTS = 10_000;

export const PURCHASE_MESSAGES = {
  referralNotFound: "Referral not found",
  alreadyPurchased: "This referral's purchase has already been verified.",
  expired: "This referral has expired: a purchase can no longer be verified for it.",
  withdrawn: "This referral was withdrawn by the customer: a purchase can no longer be verified for it.",
  erased: "This referral's details were erased on request: a purchase can no longer be verified for it.",
  held: "This referral is held for review: release it before verifying its purchase.",
  notesRequired: "This referral has signals: say in a note why you verify it.",
  cancelPending: "Only a purchased referral can be cancelled: this referral is pending.",
  cancelExpired: "Only a purchased referral can be cancelled: this referral has expired.",
  cancelWithdrawn: "Only a purchased referral can be cancelled: this referral was withdrawn.",
  alreadyCancelled: "This purchase has already been cancelled.",
  reasonRequired: "A cancellation reason is required.",
  reasonTooLong: TEXT_FIELDS.cancellationReason.tooLong,
} as const;

export interface LockedReferral {
  id: number;
  customerId: number;
  /** The referring customer's user: an administrator may not act on their own referrals. */
  userId: number;
  status: ReferralStatus;
  expiresAt: Date;
  name: string | null;
  /** Set while an administrator holds it for review (docs/rules/fraud.md, "Holds"). */
  heldAt: Date | null;
  /** A verification request that may still wait for a second administrator (it may have lapsed). */
  waitingRequestId: number | null;
}

/**
 * Locks the referral's row until the transaction ends: verifying or cancelling the same referral
 * at the same moment is served one after the other. Referral first, then its customer: every
 * transaction takes the two locks in that order, so none waits on another in a cycle.
 */
export async function lockReferral(tx: Tx, referralId: number): Promise<LockedReferral | null> {
  const row = await runFirst(
    tx,
    queryBuilder
      .selectFrom("Referral as r")
      .innerJoin("CustomerProfile as c", "c.id", "r.customerId")
      .select(["r.id", "r.customerId", "c.userId", "r.status", "r.expiresAt", "r.name", "r.heldAt"])
      .select((row) =>
        row
          .selectFrom("PurchaseVerificationRequest as w")
          .select("w.id")
          .whereRef("w.pendingReferralId", "=", "r.id")
          .as("waitingRequestId"),
      )
      .where("r.id", "=", referralId)
      .forUpdate("r"),
  );
  return row ?? null;
}

/**
 * Expired is a date, not only a status: a pending referral 90 days old is expired even before the
 * hourly expiry run marks it so (docs/rules/milestones.md, "Verifying a purchase"). A held referral
 * never is: its clock stops while held (docs/rules/fraud.md, "Holds").
 */
export function isExpired(
  referral: { status: ReferralStatus; expiresAt: Date; heldAt?: Date | null },
  now: Date,
): boolean {
  return (
    referral.status === "EXPIRED" ||
    (referral.status === "PENDING" && !referral.heldAt && referral.expiresAt.getTime() <= now.getTime())
  );
}

const percentName = (key: MilestoneKey) => `${MILESTONE_PERCENT[key]}%`;

export interface VerifiedPurchase {
  purchase: ReferralPurchase;
  referralId: number;
  customerId: number;
  creditPence: number;
  rateBasisPoints: number;
  creditsAfterPence: number;
  milestonesReached: MilestoneKey[];
}

/**
 * The start both an administrator's verification and cancellation share: in one locking transaction
 * (self-dealing refusals audited), the admin queues told, the referral locked (not found when it is
 * gone) and refused to an administrator acting on their own account.
 */
function onLockedReferral<T>(
  db: Db,
  referralId: number,
  actor: Actor,
  action: SelfDealingAction,
  work: (tx: Tx, referral: LockedReferral, now: Date) => Promise<T>,
): Promise<T> {
  return auditingSelfDealing(db, () =>
    db.$transaction(async (tx) => {
      await notifyAdminQueues(tx, "REFERRALS", "CUSTOMERS", "MILESTONES");
      const now = new Date();
      const referral = await lockReferral(tx, referralId);
      if (!referral) throw new NotFoundError(PURCHASE_MESSAGES.referralNotFound);
      refuseSelfDealing({ id: referral.customerId, userId: referral.userId }, actor, action);
      return work(tx, referral, now);
    }, LOCKING_TRANSACTION),
  );
}

/**
 * Records the purchase a referral made and credits the referring customer at the rate in force
 * (rounded half-up to the penny), in one transaction: the purchase (live), its CREDIT ledger entry
 * carrying the rate, the referral PURCHASED, the REFERRAL_PURCHASED activity, the CREDITS_EARNED
 * email, for each milestone the credit makes payable a MILESTONE_REACHED activity and a
 * MILESTONE_ACHIEVEMENT email, and the audit entry.
 */
export async function verifyPurchase(
  db: Db,
  input: { referralId: number | null; amount: unknown; notes?: string | null },
  actor: Actor,
): Promise<VerifiedPurchase | AwaitingVerification> {
  const amountPence = parsePoundsToPence(amountText(input.amount), "purchase amount");
  const notes = parseNotes(input.notes);
  const referralId = input.referralId;
  if (referralId == null) throw new NotFoundError(PURCHASE_MESSAGES.referralNotFound);
  try {
    return await onLockedReferral(db, referralId, actor, "verifyPurchase", async (tx, referral, now) => {
      if (referral.status === "PURCHASED") throw new ConflictError(PURCHASE_MESSAGES.alreadyPurchased);
      if (referral.status === "WITHDRAWN") throw new ConflictError(PURCHASE_MESSAGES.withdrawn);
      if (isExpired(referral, now)) throw new ConflictError(PURCHASE_MESSAGES.expired);
      // Erased on request (a name is required while the details exist).
      if (referral.name === null) throw new ConflictError(PURCHASE_MESSAGES.erased);
      // Under review: the hold's decision comes first (docs/rules/fraud.md, "Holds").
      if (referral.heldAt) throw new ConflictError(PURCHASE_MESSAGES.held);
      if (referral.waitingRequestId !== null && (await waitingVerificationRequest(tx, referralId)))
        throw new ConflictError(VERIFICATION_REQUEST_MESSAGES.waiting);
      await lockCustomer(tx, referral.customerId);
      // The signals as of this moment, the amount's included (docs/rules/fraud.md, "Verifying a flagged referral").
      const refreshed = await refreshSignalsAtVerification(tx, referralId, amountPence);
      const signals = shownSignals(refreshed.signals);
      if (signals.length > 0 && notes === null) throw new ValidationError(PURCHASE_MESSAGES.notesRequired, "notes");
      if (signals.length > 0) {
        const thresholdPence = refreshed.flaggedApprovalPence;
        if (amountPence > thresholdPence) {
          const request = await createVerificationRequest(
            tx,
            {
              referralId,
              customerId: referral.customerId,
              amountPence,
              notes: notes as string,
              thresholdPence,
              signals,
            },
            actor,
          );
          return { awaiting: request, thresholdPence };
        }
      }
      return creditLockedPurchase(tx, referral, { amountPence, notes, signals }, actor, now);
    });
  } catch (error) {
    // Only reachable if a second verification slipped past the lock: the unique live purchase
    // and the unique (purchase, kind) ledger entry still credit it once.
    if (isUniqueViolation(error)) throw new ConflictError(PURCHASE_MESSAGES.alreadyPurchased);
    throw error;
  }
}

/** What is credited, and what the audit entry records of how it was decided. */
interface PurchaseToCredit {
  amountPence: number;
  notes: string | null;
  /** The signals shown at verification: the audit entry lists them. */
  signals: ShownSignal[];
  /** Set when a second administrator approved a flagged verification. */
  approval?: { requestId: number; requestedById: number };
}

/**
 * Records the purchase and credits the referring customer at the rate in force, inside the
 * transaction that locked the referral and then its customer (verifyPurchase, or the approval of a
 * flagged verification): the purchase (live), its CREDIT ledger entry carrying the rate, the
 * referral PURCHASED, the activity, the emails and webhooks, and the audit entry.
 */
async function creditLockedPurchase(
  tx: Tx,
  referral: LockedReferral,
  { amountPence, notes, signals, approval }: PurchaseToCredit,
  actor: Actor,
  now: Date,
): Promise<VerifiedPurchase> {
  const referralId = referral.id;
  const customer = await tx.customerProfile.findUniqueOrThrow({
    where: { id: referral.customerId },
    include: {
      user: { select: { id: true, email: true, username: true, firstName: true } },
      milestonePayments: true,
    },
  });

  const rateBasisPoints = await getCreditRate(tx);
  const creditPence = mulDivRoundHalfUp(amountPence, rateBasisPoints, BASIS_POINTS);
  const creditsBeforePence = await currentCredits(tx, customer.id);
  const creditsAfterPence = creditsBeforePence + creditPence;

  const purchase = await tx.referralPurchase.create({
    data: { referralId, liveReferralId: referralId, amountPence, notes, verifiedById: actor.id, verifiedAt: now },
  });
  await tx.creditLedgerEntry.create({
    data: {
      customerId: customer.id,
      referralId,
      purchaseId: purchase.id,
      kind: "CREDIT",
      amountPence: creditPence,
      rateBasisPoints,
      actorId: actor.id,
      createdAt: now,
    },
  });
  await tx.referral.update({ where: { id: referralId }, data: { status: "PURCHASED" } });

  // The stored text holds no personal data: a cancelled purchase can return the referral to
  // pending, and expiry then erases its name everywhere but here.
  await recordActivity(tx, {
    customerId: customer.id,
    type: "REFERRAL_PURCHASED",
    description: activityDescriptions.referralPurchased(creditPence),
    amountPence: creditPence,
    referralId,
  });
  const firstName = greetingName(customer.user);
  await queueReferralEmail(tx, {
    type: "CREDITS_EARNED",
    to: customer.user.email,
    userId: customer.user.id,
    referralId,
    data: {
      firstName,
      credit: formatPounds(creditPence),
      totalCredits: formatPounds(creditsAfterPence),
    },
  });

  const purchasePence = customer.originalPurchaseAmountPence;
  const milestonesReached = milestonesMadeReady(
    purchasePence,
    creditsBeforePence,
    creditsAfterPence,
    customer.milestonePayments,
  );
  const tranches = milestoneTranches(purchasePence);
  // The milestone email names the programme's contact, as a ready milestone on the pages does.
  const contact = milestonesReached.length > 0 ? await getProgrammeContact(tx) : undefined;
  for (const key of milestonesReached) {
    await recordActivity(tx, {
      customerId: customer.id,
      type: "MILESTONE_REACHED",
      description: activityDescriptions.milestoneReached(key, tranches[key]),
      amountPence: tranches[key],
    });
    await queueEmail(tx, {
      type: "MILESTONE_ACHIEVEMENT",
      to: customer.user.email,
      userId: customer.user.id,
      data: { firstName, milestone: percentName(key), amount: formatPounds(tranches[key]), contact },
    });
    await emitWebhookEvent(tx, "milestone.ready", {
      customerId: customer.id,
      milestone: milestoneTypeName(key),
      amount: penceToPounds(tranches[key]),
    });
  }
  await emitWebhookEvent(tx, "purchase.verified", {
    customerId: customer.id,
    referralId,
    purchaseId: purchase.id,
    amount: penceToPounds(amountPence),
    credit: penceToPounds(creditPence),
  });

  await recordAudit(tx, {
    action: "purchase_verified",
    resourceType: "referral",
    resourceId: referralId,
    actorId: actor.id,
    before: { status: referral.status, currentCreditsPence: creditsBeforePence },
    after: {
      status: "PURCHASED",
      purchaseId: purchase.id,
      amountPence,
      creditPence,
      rateBasisPoints,
      notes,
      currentCreditsPence: creditsAfterPence,
      milestonesReached,
      ...(signals.length > 0 ? { signals } : {}),
      ...(approval ? { verificationRequestId: approval.requestId, requestedById: approval.requestedById } : {}),
    },
    details:
      `Purchase of ${formatPounds(amountPence)} verified for referral #${referralId}: ` +
      `${formatPounds(creditPence)} credited to customer #${customer.id} at ${formatBasisPointsAsPercent(rateBasisPoints)}` +
      (signals.length > 0 ? `; signals shown: ${signals.map((signal) => signal.kind).join(", ")}` : "") +
      (approval ? ` (verification request #${approval.requestId} approved)` : ""),
    ipAddress: actor.ip ?? null,
  });
  return {
    purchase,
    referralId,
    customerId: customer.id,
    creditPence,
    rateBasisPoints,
    creditsAfterPence,
    milestonesReached,
  };
}

/** A flagged verification waiting for a second administrator: nothing credited yet. */
export interface AwaitingVerification {
  awaiting: PurchaseVerificationRequest;
  thresholdPence: number;
}

/** A referral that can no longer be verified (the same refusals as verifyPurchase's), inside its lock. */
function refuseUnverifiable(referral: LockedReferral, now: Date): void {
  if (referral.status === "PURCHASED") throw new ConflictError(PURCHASE_MESSAGES.alreadyPurchased);
  if (referral.status === "WITHDRAWN") throw new ConflictError(PURCHASE_MESSAGES.withdrawn);
  if (isExpired(referral, now)) throw new ConflictError(PURCHASE_MESSAGES.expired);
  if (referral.name === null) throw new ConflictError(PURCHASE_MESSAGES.erased);
  if (referral.heldAt) throw new ConflictError(PURCHASE_MESSAGES.held);
}

/**
 * A second administrator approves a pending flagged verification: the purchase is verified then,
 * exactly as verifyPurchase verifies it (at the rate in force, the signals refreshed and listed in the
 * audit entry), once. The referral's row is locked first, as every verification does, so an approval
 * and a verification, a withdrawal or a second approval of the same referral are served in turn and
 * the later ones find it purchased (or the request decided); the unique live purchase is the backstop.
 */
export async function approvePurchaseVerificationRequest(
  db: Db,
  input: { requestId: number | null },
  actor: Actor,
): Promise<VerifiedPurchase & { request: PurchaseVerificationRequest }> {
  try {
    return await auditingSelfDealing(db, () =>
      db.$transaction(async (tx) => {
        await notifyAdminQueues(tx, "REFERRALS", "CUSTOMERS", "MILESTONES");
        const now = new Date();
        const { request, referral } = await lockPendingVerificationRequest(tx, input.requestId, actor, lockReferral);
        if (!referral) throw new NotFoundError(PURCHASE_MESSAGES.referralNotFound);
        refuseSelfDealing({ id: referral.customerId, userId: referral.userId }, actor, "verifyPurchase");
        refuseUnverifiable(referral, now);
        await lockCustomer(tx, referral.customerId);
        const signals = shownSignals(
          (await refreshSignalsAtVerification(tx, referral.id, request.amountPence)).signals,
        );
        const verified = await creditLockedPurchase(
          tx,
          referral,
          {
            amountPence: request.amountPence,
            notes: request.notes,
            signals,
            approval: { requestId: request.id, requestedById: request.requestedById },
          },
          actor,
          now,
        );
        const approved = await closeVerificationRequest(tx, request, actor, {
          status: "APPROVED",
          purchaseId: verified.purchase.id,
        });
        return { ...verified, request: approved };
      }, LOCKING_TRANSACTION),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(PURCHASE_MESSAGES.alreadyPurchased);
    throw error;
  }
}

/** A second administrator declines a pending flagged verification: nothing is credited; the referral stays pending. Audited. */
export async function declinePurchaseVerificationRequest(
  db: Db,
  input: { requestId: number | null; reason?: unknown },
  actor: Actor,
): Promise<PurchaseVerificationRequest> {
  const reason = parseDeclineReason(input.reason);
  return auditingSelfDealing(db, () =>
    db.$transaction(async (tx) => {
      await notifyAdminQueues(tx, "REFERRALS");
      const { request, referral } = await lockPendingVerificationRequest(tx, input.requestId, actor, lockReferral);
      if (referral) refuseSelfDealing({ id: referral.customerId, userId: referral.userId }, actor, "verifyPurchase");
      return closeVerificationRequest(tx, request, actor, { status: "DECLINED", declineReason: reason });
    }, LOCKING_TRANSACTION),
  );
}

/** The asker withdraws their own pending flagged verification: nothing is credited; the referral stays pending. Audited. */
export async function withdrawPurchaseVerificationRequest(
  db: Db,
  input: { requestId: number | null },
  actor: Actor,
): Promise<PurchaseVerificationRequest> {
  return db.$transaction(async (tx) => {
    await notifyAdminQueues(tx, "REFERRALS");
    const { request } = await lockPendingVerificationRequest(tx, input.requestId, actor, lockReferral, "asker");
    return closeVerificationRequest(tx, request, actor, { status: "WITHDRAWN" });
  }, LOCKING_TRANSACTION);
}

/** Required, trimmed, by its rule (lib/textFields.ts). */
export function parseCancellationReason(reason: unknown): string {
  const trimmed = parseText(TEXT_FIELDS.cancellationReason, reason, "reason");
  if (trimmed === "") throw new ValidationError(PURCHASE_MESSAGES.reasonRequired, "reason");
  return trimmed;
}

export interface CancelledPurchase {
  purchase: ReferralPurchase;
  referralId: number;
  customerId: number;
  reversedPence: number;
  creditsAfterPence: number;
  paidPence: number;
  /** Milestones already paid beyond the credits left, after this cancellation; zero when none. */
  overpaidPence: number;
}

/**
 * Cancels a referral's verified purchase, in one transaction: a REVERSAL ledger entry (the
 * negative of its credit, at the same rate), the purchase kept as history (no longer live, with
 * who cancelled it, when and why), the referral PENDING again with its expiry date unchanged, a
 * PURCHASE_CANCELLED activity (the reason's category, the credit taken back and the reason) and email
 * (the amount reversed, the reason, the credits left from the ledger) and the audit entry. Milestones already paid stay paid; the answer
 * says by how much they now exceed the credits.
 */
export async function cancelReferralPurchase(
  db: Db,
  input: { referralId: number | null; reason: unknown; category?: unknown },
  actor: Actor,
): Promise<CancelledPurchase> {
  const reason = parseCancellationReason(input.reason);
  const category = parseCancellationCategory(input.category);
  const referralId = input.referralId;
  if (referralId == null) throw new NotFoundError(PURCHASE_MESSAGES.referralNotFound);
  try {
    return await onLockedReferral(db, referralId, actor, "cancelPurchase", async (tx, referral, now) => {
      if (referral.status === "PENDING") throw new ConflictError(PURCHASE_MESSAGES.cancelPending);
      if (referral.status === "EXPIRED") throw new ConflictError(PURCHASE_MESSAGES.cancelExpired);
      if (referral.status === "WITHDRAWN") throw new ConflictError(PURCHASE_MESSAGES.cancelWithdrawn);
      await lockCustomer(tx, referral.customerId);
      const live = await tx.referralPurchase.findUnique({
        where: { liveReferralId: referralId },
        include: { ledgerEntries: { where: { kind: "CREDIT" } } },
      });
      if (!live) throw new ConflictError(PURCHASE_MESSAGES.alreadyCancelled);
      const credit = live.ledgerEntries[0];
      const reversedPence = credit?.amountPence ?? 0;

      const purchase = await tx.referralPurchase.update({
        where: { id: live.id },
        data: {
          liveReferralId: null,
          cancelledAt: now,
          cancelledById: actor.id,
          cancellationReason: reason,
          cancellationCategory: category,
        },
      });
      if (credit) {
        await tx.creditLedgerEntry.create({
          data: {
            customerId: credit.customerId,
            referralId,
            purchaseId: live.id,
            kind: "REVERSAL",
            amountPence: -credit.amountPence,
            rateBasisPoints: credit.rateBasisPoints,
            actorId: actor.id,
            createdAt: now,
          },
        });
      }
      await tx.referral.update({ where: { id: referralId }, data: { status: "PENDING" } });
      await recordActivity(tx, {
        customerId: referral.customerId,
        type: "PURCHASE_CANCELLED",
        description: activityDescriptions.purchaseCancelled(
          reversedPence,
          CANCELLATION_CATEGORY_TEXT[category],
          reason,
        ),
        amountPence: -reversedPence,
        referralId,
      });

      // Read from the ledger after the reversal: the email's total is the one the pages show.
      const creditsAfterPence = await currentCredits(tx, referral.customerId);
      const user = await tx.user.findUniqueOrThrow({
        where: { id: referral.userId },
        select: { id: true, email: true, username: true, firstName: true },
      });
      await queueReferralEmail(tx, {
        type: "PURCHASE_CANCELLED",
        to: user.email,
        userId: user.id,
        referralId,
        data: {
          firstName: greetingName(user),
          amountReversed: formatPounds(reversedPence),
          reason,
          totalCredits: formatPounds(creditsAfterPence),
        },
      });
      await emitWebhookEvent(tx, "purchase.cancelled", {
        customerId: referral.customerId,
        referralId,
        purchaseId: live.id,
        creditReversed: penceToPounds(reversedPence),
      });
      const payments = await tx.milestonePayment.findMany({
        where: { customerId: referral.customerId },
        select: { milestone: true, amountPence: true },
      });
      const paidPence = totalPaidPence(payments);
      const overpaid = overpaidPence(creditsAfterPence, payments);
      await recordAudit(tx, {
        action: "purchase_cancelled",
        resourceType: "referral",
        resourceId: referralId,
        actorId: actor.id,
        before: {
          status: "PURCHASED",
          purchaseId: live.id,
          amountPence: live.amountPence,
          creditPence: reversedPence,
        },
        after: {
          status: "PENDING",
          reason,
          category,
          reversedPence,
          currentCreditsPence: creditsAfterPence,
          creditsPaidPence: paidPence,
          overpaidPence: overpaid,
          expiresAt: referral.expiresAt.toISOString(),
        },
        details:
          `Purchase #${live.id} of referral #${referralId} cancelled: ${formatPounds(reversedPence)} reversed from customer #${referral.customerId}` +
          (overpaid > 0 ? `; milestones paid now exceed credits by ${formatPounds(overpaid)}` : ""),
        ipAddress: actor.ip ?? null,
      });
      return {
        purchase,
        referralId,
        customerId: referral.customerId,
        reversedPence,
        creditsAfterPence,
        paidPence,
        overpaidPence: overpaid,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(PURCHASE_MESSAGES.alreadyCancelled);
    throw error;
  }
}
