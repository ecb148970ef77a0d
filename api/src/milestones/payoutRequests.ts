import { recordAudit } from "../audit/index.ts";
import { auditingSelfDealing, refuseSelfDealing } from "../customers/index.ts";
import { notifyAdminQueues } from "../db/adminQueues.ts";
import { isUniqueViolation, LOCKING_TRANSACTION, lockCustomer } from "../db/locks.ts";
import type { Db, Tx } from "../db/prisma.ts";
import { queryBuilder, run } from "../db/query.ts";
import type { PayoutRequest } from "../generated/prisma/client.ts";
import type { Actor } from "../lib/actor.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../lib/errors.ts";
import { formatPounds } from "../lib/money.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseNotes, parseText } from "../lib/validation.ts";
import { getPayoutApprovalThreshold } from "../settings/index.ts";
import {
  alreadyPaid,
  lockPayableMilestone,
  PAYMENT_MESSAGES,
  type ProcessedMilestone,
  payLockedMilestone,
  percentName,
} from "./payments.ts";
import type { MilestoneKey } from "./rules.ts";

export const PAYOUT_REQUEST_MESSAGES = {
  notFound: "Payout request not found",
  alreadyApproved: "This payout request has already been approved.",
  alreadyDeclined: "This payout request has already been declined.",
  ownRequest: "You requested this payout: another administrator must approve or decline it.",
  alreadyRequested: (key: MilestoneKey) =>
    `A payout of the ${percentName(key)} milestone is already waiting for another administrator's approval.`,
  notAboveThreshold: (key: MilestoneKey, tranchePence: number, thresholdPence: number) =>
    `The ${percentName(key)} milestone's ${formatPounds(tranchePence)} is not above the ${formatPounds(thresholdPence)} payout approval threshold: pay it directly with Process Payment.`,
} as const;

/**
 * Asks for a milestone payment above the payout approval threshold: the milestone must be READY
 * now, and at most one request per milestone waits at a time (a unique index is the backstop).
 * Nothing is paid until another administrator approves it. Audited.
 */
export async function requestMilestonePayout(
  db: Db,
  input: { customerId: number | null; milestone: MilestoneKey; notes?: string | null },
  actor: Actor,
): Promise<PayoutRequest> {
  const notes = parseNotes(input.notes);
  const customerId = input.customerId;
  if (customerId == null) throw new NotFoundError(PAYMENT_MESSAGES.customerNotFound);
  try {
    return await auditingSelfDealing(db, () =>
      db.$transaction(async (tx) => {
        await notifyAdminQueues(tx, "MILESTONES");
        const { view } = await lockPayableMilestone(tx, customerId, input.milestone, actor, "requestPayout");
        const thresholdPence = await getPayoutApprovalThreshold(tx);
        if (view.tranchePence <= thresholdPence)
          throw new ConflictError(
            PAYOUT_REQUEST_MESSAGES.notAboveThreshold(view.key, view.tranchePence, thresholdPence),
          );
        const waiting = await tx.payoutRequest.findUnique({
          where: { pendingCustomerId_milestone: { pendingCustomerId: customerId, milestone: view.key } },
        });
        if (waiting) throw new ConflictError(PAYOUT_REQUEST_MESSAGES.alreadyRequested(view.key));
        const request = await tx.payoutRequest.create({
          data: {
            customerId,
            pendingCustomerId: customerId,
            milestone: view.key,
            amountPence: view.tranchePence,
            notes,
            requestedById: actor.id,
          },
        });
        await recordAudit(tx, {
          action: "payout_requested",
          resourceType: "payout_request",
          resourceId: request.id,
          actorId: actor.id,
          after: {
            customerId,
            milestone: view.key,
            amountPence: view.tranchePence,
            thresholdPence,
            notes,
            status: "PENDING",
          },
          details: `Payout of the ${percentName(view.key)} milestone (${formatPounds(view.tranchePence)}) to customer #${customerId} requested: above the ${formatPounds(thresholdPence)} threshold, it waits for another administrator`,
          ipAddress: actor.ip ?? null,
        });
        return request;
      }, LOCKING_TRANSACTION),
    );
  } catch (error) {
    // Two requests at the same moment: the customer's lock serves them in turn; the index is the backstop.
    if (isUniqueViolation(error)) throw new ConflictError(PAYOUT_REQUEST_MESSAGES.alreadyRequested(input.milestone));
    throw error;
  }
}

/**
 * Locks the request's customer, then the request, and refuses one already decided or made by the
 * acting administrator. Customer first, as every payment does, so none waits on another in a cycle.
 */
async function lockPendingRequest(tx: Tx, requestId: number, actor: Actor): Promise<PayoutRequest> {
  const found = await tx.payoutRequest.findUnique({ where: { id: requestId }, select: { customerId: true } });
  if (!found) throw new NotFoundError(PAYOUT_REQUEST_MESSAGES.notFound);
  await lockCustomer(tx, found.customerId);
  await run(tx, queryBuilder.selectFrom("PayoutRequest").select("id").where("id", "=", requestId).forUpdate());
  const request = await tx.payoutRequest.findUniqueOrThrow({ where: { id: requestId } });
  if (request.status === "APPROVED") throw new ConflictError(PAYOUT_REQUEST_MESSAGES.alreadyApproved);
  if (request.status === "DECLINED") throw new ConflictError(PAYOUT_REQUEST_MESSAGES.alreadyDeclined);
  if (request.requestedById === actor.id) throw new ForbiddenError(PAYOUT_REQUEST_MESSAGES.ownRequest);
  return request;
}

export interface ApprovedPayout extends ProcessedMilestone {
  request: PayoutRequest;
}

/**
 * A second administrator approves a pending request: the milestone is paid then, exactly as
 * Process Payment pays it (still READY, once), and the request records the payment. Approving
 * twice, or two administrators at once, pays once: the customer's lock serves them in turn and
 * the later ones find the request approved.
 */
export async function approvePayoutRequest(
  db: Db,
  input: { requestId: number | null },
  actor: Actor,
): Promise<ApprovedPayout> {
  const requestId = input.requestId;
  if (requestId == null) throw new NotFoundError(PAYOUT_REQUEST_MESSAGES.notFound);
  let milestone: MilestoneKey | null = null;
  try {
    return await auditingSelfDealing(db, () =>
      db.$transaction(async (tx) => {
        await notifyAdminQueues(tx, "MILESTONES", "CUSTOMERS");
        const request = await lockPendingRequest(tx, requestId, actor);
        milestone = request.milestone;
        const payable = await lockPayableMilestone(tx, request.customerId, request.milestone, actor, "approvePayout");
        const paid = await payLockedMilestone(tx, payable, request.notes, actor, {
          requestId,
          requestedById: request.requestedById,
        });
        const decidedAt = new Date();
        const approved = await tx.payoutRequest.update({
          where: { id: requestId },
          data: {
            status: "APPROVED",
            pendingCustomerId: null,
            decidedById: actor.id,
            decidedAt,
            paymentId: paid.payment.id,
          },
        });
        await recordAudit(tx, {
          action: "payout_approved",
          resourceType: "payout_request",
          resourceId: requestId,
          actorId: actor.id,
          before: { status: "PENDING", requestedById: request.requestedById },
          after: {
            status: "APPROVED",
            paymentId: paid.payment.id,
            customerId: request.customerId,
            milestone: request.milestone,
            amountPence: paid.payment.amountPence,
          },
          details: `Payout request #${requestId} approved: ${percentName(request.milestone)} milestone of ${formatPounds(paid.payment.amountPence)} paid to customer #${request.customerId}`,
          ipAddress: actor.ip ?? null,
        });
        return { ...paid, request: approved };
      }, LOCKING_TRANSACTION),
    );
  } catch (error) {
    if (isUniqueViolation(error) && milestone) throw alreadyPaid(milestone);
    throw error;
  }
}

/** The reason a request was declined: optional, trimmed, by its rule (lib/textFields.ts). */
export function parseDeclineReason(reason: string | null | undefined): string | null {
  return parseText(TEXT_FIELDS.declineReason, reason, "reason") || null;
}

/** A second administrator declines a pending request; nothing is paid, and the milestone can be requested again. Audited. */
export async function declinePayoutRequest(
  db: Db,
  input: { requestId: number | null; reason?: string | null },
  actor: Actor,
): Promise<PayoutRequest> {
  const reason = parseDeclineReason(input.reason);
  const requestId = input.requestId;
  if (requestId == null) throw new NotFoundError(PAYOUT_REQUEST_MESSAGES.notFound);
  return auditingSelfDealing(db, () =>
    db.$transaction(async (tx) => {
      await notifyAdminQueues(tx, "MILESTONES");
      const request = await lockPendingRequest(tx, requestId, actor);
      const customer = await tx.customerProfile.findUniqueOrThrow({
        where: { id: request.customerId },
        select: { id: true, userId: true },
      });
      refuseSelfDealing(customer, actor, "declinePayout");
      const declined = await tx.payoutRequest.update({
        where: { id: requestId },
        data: {
          status: "DECLINED",
          pendingCustomerId: null,
          decidedById: actor.id,
          decidedAt: new Date(),
          declineReason: reason,
        },
      });
      await recordAudit(tx, {
        action: "payout_declined",
        resourceType: "payout_request",
        resourceId: requestId,
        actorId: actor.id,
        before: { status: "PENDING", requestedById: request.requestedById },
        after: {
          status: "DECLINED",
          reason,
          customerId: request.customerId,
          milestone: request.milestone,
          amountPence: request.amountPence,
        },
        details: `Payout request #${requestId} declined: ${percentName(request.milestone)} milestone of ${formatPounds(request.amountPence)} to customer #${request.customerId} not paid`,
        ipAddress: actor.ip ?? null,
      });
      return declined;
    }, LOCKING_TRANSACTION),
  );
}
