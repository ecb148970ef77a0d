// The milestone operations, one named export each, and who acts in each:
// - an administrator pays a READY milestone (processMilestonePayment);
// - a customer asks for a READY milestone to be paid (requestMilestonePayment): the administrators see it on the
//   pending list and pay it as any other (customerPaymentRequests.ts reads the requests);
// - above the payout approval threshold, an administrator asks (requestMilestonePayout) and a second administrator
//   approves, which pays (approvePayoutRequest), or declines (declinePayoutRequest); the asker may withdraw it
//   (withdrawPayoutRequest), and one nobody decides within 7 days lapses (lib/requestLapse.ts).
// The rule they apply is rules.ts.
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
import { queryBuilder, run } from "../db/query.ts";
import { queueEmail } from "../emails/index.ts";
import type {
  CustomerPaymentRequest,
  CustomerProfile,
  MilestonePayment,
  PayoutRequest,
  User,
} from "../generated/prisma/client.ts";
import type { Actor } from "../lib/actor.ts";
import { greetingName } from "../lib/displayName.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { formatPounds, penceToPounds } from "../lib/money.ts";
import { hasLapsed, REQUEST_LIFETIME_DAYS } from "../lib/requestLapse.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseNotes, parseText } from "../lib/validation.ts";
import { getPayoutApprovalThreshold } from "../settings/index.ts";
import { emitWebhookEvent } from "../webhooks/index.ts";
import {
  MILESTONE_PERCENT,
  type MilestoneKey,
  type MilestoneView,
  milestoneOverview,
  milestoneTypeName,
  overpaidPence,
  totalPaidPence,
} from "./rules.ts";

export const PAYMENT_MESSAGES = {
  customerNotFound: "Customer not found",
  notVerified: "This customer's account has not been verified: milestones are paid to verified customers only.",
  erased: "This customer's account was erased: it can no longer be paid.",
  notesTooLong: TEXT_FIELDS.notes.tooLong,
} as const;

export const percentName = (key: MilestoneKey) => `${MILESTONE_PERCENT[key]}%`;
export const alreadyPaid = (key: MilestoneKey) =>
  new ConflictError(`The ${percentName(key)} milestone has already been paid to this customer.`);

function notPayable(view: MilestoneView, creditsPence: number, paidPence: number): ConflictError {
  const name = percentName(view.key);
  if (creditsPence < view.thresholdPence) {
    return new ConflictError(
      `The ${name} milestone is locked: this customer's credits (${formatPounds(creditsPence)}) have not reached its threshold of ${formatPounds(view.thresholdPence)}.`,
    );
  }
  const overpaid = Math.max(0, paidPence - creditsPence);
  return new ConflictError(
    `The ${name} milestone is locked: a cancellation left ${formatPounds(paidPence)} paid against credits of ${formatPounds(creditsPence)}` +
      (overpaid > 0 ? ` (overpaid by ${formatPounds(overpaid)})` : "") +
      `, so the credits not yet paid out do not cover its ${formatPounds(view.tranchePence)} payment. Nothing more is payable until the credits catch up.`,
  );
}

export interface ProcessedMilestone {
  payment: MilestonePayment;
  customerId: number;
  creditsPence: number;
  overpaidPence: number;
}

type PayableCustomer = CustomerProfile & {
  user: Pick<User, "id" | "email" | "username" | "firstName" | "erasedAt">;
  milestonePayments: MilestonePayment[];
};

interface PayableMilestone {
  customer: PayableCustomer;
  view: MilestoneView;
  creditsPence: number;
  paidBeforePence: number;
}

/**
 * Locks the customer's row and reads what paying one of their milestones needs, refusing an
 * administrator's own profile, an unverified customer, and a milestone paid or not READY.
 */
async function lockPayableMilestone(
  tx: Tx,
  customerId: number,
  milestone: MilestoneKey,
  actor: Actor,
  action: SelfDealingAction,
): Promise<PayableMilestone> {
  if (!(await lockCustomer(tx, customerId))) throw new NotFoundError(PAYMENT_MESSAGES.customerNotFound);
  const customer = await tx.customerProfile.findUniqueOrThrow({
    where: { id: customerId },
    include: {
      user: { select: { id: true, email: true, username: true, firstName: true, erasedAt: true } },
      milestonePayments: true,
    },
  });
  refuseSelfDealing(customer, actor, action);
  if (customer.user.erasedAt) throw new ConflictError(PAYMENT_MESSAGES.erased);
  if (customer.status !== "VERIFIED") throw new ConflictError(PAYMENT_MESSAGES.notVerified);
  const creditsPence = await currentCredits(tx, customerId);
  const paidBeforePence = totalPaidPence(customer.milestonePayments);
  const view = milestoneOverview(customer.originalPurchaseAmountPence, creditsPence, customer.milestonePayments).find(
    (m) => m.key === milestone,
  );
  if (!view) throw new ValidationError("Unknown milestone", "milestone");
  if (view.state === "PAID") throw alreadyPaid(view.key);
  if (view.state !== "READY") throw notPayable(view, creditsPence, paidBeforePence);
  return { customer, view, creditsPence, paidBeforePence };
}

/** Refused on the direct path: a tranche above the threshold needs a second administrator. */
const needsSecondApproval = (view: MilestoneView, thresholdPence: number) =>
  new ConflictError(
    `The ${percentName(view.key)} milestone's ${formatPounds(view.tranchePence)} is above the ${formatPounds(thresholdPence)} payout approval threshold: request the payout, and another administrator approves it.`,
  );

/** The milestone an administrator pays, or asks a second administrator to pay. */
export interface MilestoneToPay {
  customerId: number | null;
  milestone: MilestoneKey;
  notes?: string | null;
}

/** Its notes checked, and a customer not named is not found. */
function checkedMilestoneToPay(input: MilestoneToPay): { customerId: number; notes: string | null } {
  const notes = parseNotes(input.notes);
  if (input.customerId == null) throw new NotFoundError(PAYMENT_MESSAGES.customerNotFound);
  return { customerId: input.customerId, notes };
}

/**
 * Pays one milestone's fixed tranche to a verified customer, once. The customer's row is locked
 * first, so simultaneous requests are served one after the other and only the first finds it
 * READY; the unique (customerId, milestone) is the backstop. The activity, the MILESTONE_PAID
 * email and the audit entry are written in the same transaction. A tranche above the payout
 * approval threshold is refused here: it goes through a payout request (requestMilestonePayout).
 */
export async function processMilestonePayment(
  db: Db,
  input: MilestoneToPay,
  actor: Actor,
): Promise<ProcessedMilestone> {
  const { customerId, notes } = checkedMilestoneToPay(input);
  return lockingAdminTransaction(
    db,
    async (tx) => {
      await notifyAdminQueues(tx, "MILESTONES", "CUSTOMERS");
      const payable = await lockPayableMilestone(tx, customerId, input.milestone, actor, "payMilestone");
      const thresholdPence = await getPayoutApprovalThreshold(tx);
      if (payable.view.tranchePence > thresholdPence) throw needsSecondApproval(payable.view, thresholdPence);
      return payLockedMilestone(tx, payable, notes, actor);
    },
    // Only reachable if a payment slipped past the lock: the database still pays it once.
    () => alreadyPaid(input.milestone),
  );
}

/** The payment itself, inside the transaction that locked the customer with lockPayableMilestone. */
async function payLockedMilestone(
  tx: Tx,
  payable: PayableMilestone,
  notes: string | null,
  actor: Actor,
  approval?: { requestId: number; requestedById: number },
): Promise<ProcessedMilestone> {
  const { customer, view, creditsPence, paidBeforePence: paidBefore } = payable;
  const customerId = customer.id;
  const payment = await tx.milestonePayment.create({
    data: { customerId, milestone: view.key, amountPence: view.tranchePence, notes, paidById: actor.id },
  });
  const name = percentName(view.key);
  await recordActivity(tx, {
    customerId,
    type: "MILESTONE_PAID",
    description: activityDescriptions.milestonePaid(view.key),
    amountPence: view.tranchePence,
  });
  const fullRefund = view.key === "M100";
  await queueEmail(tx, {
    type: "MILESTONE_PAID",
    to: customer.user.email,
    userId: customer.user.id,
    data: {
      firstName: greetingName(customer.user),
      milestone: name,
      amount: formatPounds(view.tranchePence),
      fullRefund,
    },
  });
  await emitWebhookEvent(tx, "milestone.paid", {
    customerId,
    milestone: milestoneTypeName(view.key),
    amount: penceToPounds(view.tranchePence),
    paymentId: payment.id,
  });
  const paidMilestones = [...customer.milestonePayments, payment];
  await recordAudit(tx, {
    action: "milestone_paid",
    resourceType: "customer",
    resourceId: customerId,
    actorId: actor.id,
    before: { milestonesPaid: customer.milestonePayments.map((p) => p.milestone), creditsPaidPence: paidBefore },
    after: {
      paymentId: payment.id,
      milestone: view.key,
      amountPence: view.tranchePence,
      notes,
      milestonesPaid: paidMilestones.map((p) => p.milestone),
      creditsPaidPence: paidBefore + view.tranchePence,
      currentCreditsPence: creditsPence,
      refundIssued: paidMilestones.some((p) => p.milestone === "M100"),
      ...(approval ? { payoutRequestId: approval.requestId, requestedById: approval.requestedById } : {}),
    },
    details: `${name} milestone of ${formatPounds(view.tranchePence)} paid to customer #${customerId}${fullRefund ? " (full refund issued)" : ""}${approval ? ` (payout request #${approval.requestId} approved)` : ""}`,
    ipAddress: actor.ip ?? null,
  });
  return { payment, customerId, creditsPence, overpaidPence: overpaidPence(creditsPence, paidMilestones) };
}

/**
 * An administrator's payment operation: in a transaction that locks (the customer's row first, as every payment
 * does), audited when refused as self-dealing, and a unique violation (a race past the lock, the database's
 * backstop) answered by `duplicate` when it names an error.
 */
async function lockingAdminTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  duplicate: () => Error | null = () => null,
): Promise<T> {
  try {
    return await auditingSelfDealing(db, () => db.$transaction(work, LOCKING_TRANSACTION));
  } catch (error) {
    const answer = isUniqueViolation(error) ? duplicate() : null;
    throw answer ?? error;
  }
}

export const PAYMENT_REQUEST_MESSAGES = {
  notCustomer: "Only a verified customer can request a milestone payment.",
  notReady: (key: MilestoneKey) =>
    `The ${percentName(key)} milestone is not ready for payment yet: a payment can be requested once it is ready.`,
  alreadyPaid: (key: MilestoneKey) => `The ${percentName(key)} milestone has already been paid.`,
} as const;

export interface MilestonePaymentRequest {
  request: CustomerPaymentRequest;
  /** False when the customer had already asked: the answer is the existing request. */
  created: boolean;
}

/**
 * The signed-in customer asks for one of their milestones to be paid. Only while it is READY and
 * unpaid; asking again answers the existing request (not an error). The customer's row is locked,
 * as a payment locks it, so a request and a payment of the same milestone are served one after the
 * other; the unique (customerId, milestone) is the backstop. The activity, the audit entry and
 * the admin queues' notice are written in the same transaction.
 */
export async function requestMilestonePayment(
  db: Db,
  customerId: number | null,
  milestone: MilestoneKey,
  actor: Actor,
): Promise<MilestonePaymentRequest> {
  if (customerId == null) throw new ForbiddenError(PAYMENT_REQUEST_MESSAGES.notCustomer);
  const existing = () =>
    db.customerPaymentRequest.findUniqueOrThrow({ where: { customerId_milestone: { customerId, milestone } } });
  try {
    return await db.$transaction(async (tx) => {
      if (!(await lockCustomer(tx, customerId))) throw new ForbiddenError(PAYMENT_REQUEST_MESSAGES.notCustomer);
      const asked = await tx.customerPaymentRequest.findUnique({
        where: { customerId_milestone: { customerId, milestone } },
      });
      if (asked) return { request: asked, created: false };
      const customer = await tx.customerProfile.findUniqueOrThrow({
        where: { id: customerId },
        include: { milestonePayments: true },
      });
      if (customer.status !== "VERIFIED") throw new ForbiddenError(PAYMENT_REQUEST_MESSAGES.notCustomer);
      const creditsPence = await currentCredits(tx, customerId);
      const view = milestoneOverview(
        customer.originalPurchaseAmountPence,
        creditsPence,
        customer.milestonePayments,
      ).find((m) => m.key === milestone);
      if (view?.state === "PAID") throw new ConflictError(PAYMENT_REQUEST_MESSAGES.alreadyPaid(milestone));
      if (view?.state !== "READY") throw new ConflictError(PAYMENT_REQUEST_MESSAGES.notReady(milestone));
      const request = await tx.customerPaymentRequest.create({ data: { customerId, milestone } });
      await recordActivity(tx, {
        customerId,
        type: "PAYMENT_REQUESTED",
        description: activityDescriptions.paymentRequested(milestone, view.tranchePence),
        amountPence: view.tranchePence,
      });
      await recordAudit(tx, {
        action: "payment_requested",
        resourceType: "customer",
        resourceId: customerId,
        actorId: actor.id,
        before: null,
        after: { paymentRequestId: request.id, milestone, amountPence: view.tranchePence },
        details: `Customer #${customerId} requested payment of the ${percentName(milestone)} milestone (${formatPounds(view.tranchePence)})`,
        ipAddress: actor.ip ?? null,
      });
      await notifyAdminQueues(tx, "MILESTONES");
      await emitWebhookEvent(tx, "milestone.requested", {
        customerId,
        milestone: milestoneTypeName(milestone),
        amount: penceToPounds(view.tranchePence),
      });
      return { request, created: true };
    }, LOCKING_TRANSACTION);
  } catch (error) {
    // Only reachable if a second request slipped past the lock: the first one is the answer.
    if (isUniqueViolation(error)) return { request: await existing(), created: false };
    throw error;
  }
}

export const PAYOUT_REQUEST_MESSAGES = {
  notFound: "Payout request not found",
  alreadyApproved: "This payout request has already been approved.",
  alreadyDeclined: "This payout request has already been declined.",
  alreadyWithdrawn: "This payout request has already been withdrawn by the administrator who asked for it.",
  lapsed: `This payout request has lapsed: payout requests are open for ${REQUEST_LIFETIME_DAYS} days. Process the payment again if it is still wanted.`,
  ownRequest: "You requested this payout: another administrator must approve or decline it.",
  notAsker: "Only the administrator who asked for this payout may withdraw it.",
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
export async function requestMilestonePayout(db: Db, input: MilestoneToPay, actor: Actor): Promise<PayoutRequest> {
  const { customerId, notes } = checkedMilestoneToPay(input);
  return lockingAdminTransaction(
    db,
    async (tx) => {
      await notifyAdminQueues(tx, "MILESTONES");
      const { view } = await lockPayableMilestone(tx, customerId, input.milestone, actor, "requestPayout");
      const thresholdPence = await getPayoutApprovalThreshold(tx);
      if (view.tranchePence <= thresholdPence)
        throw new ConflictError(PAYOUT_REQUEST_MESSAGES.notAboveThreshold(view.key, view.tranchePence, thresholdPence));
      const waiting = await waitingPayoutRequest(tx, customerId, view.key);
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
    },
    // Two requests at the same moment: the customer's lock serves them in turn; the index is the backstop.
    () => new ConflictError(PAYOUT_REQUEST_MESSAGES.alreadyRequested(input.milestone)),
  );
}

/**
 * The request waiting for this milestone, if any, inside the transaction that locked the customer. A
 * lapsed one no longer blocks: it is let go of (it stays PENDING, read as LAPSED), as a declined one is.
 */
async function waitingPayoutRequest(
  tx: Tx,
  customerId: number,
  milestone: MilestoneKey,
): Promise<PayoutRequest | null> {
  const waiting = await tx.payoutRequest.findUnique({
    where: { pendingCustomerId_milestone: { pendingCustomerId: customerId, milestone } },
  });
  if (!waiting || !hasLapsed(waiting)) return waiting;
  await tx.payoutRequest.update({ where: { id: waiting.id }, data: { pendingCustomerId: null } });
  return null;
}

/**
 * Locks the request's customer, then the request, and refuses one decided, withdrawn or lapsed, and
 * one the acting administrator may not act on: their own (approve, decline) or another's (withdraw).
 * Customer first, as every payment does, so none waits on another in a cycle.
 */
async function lockPendingRequest(
  tx: Tx,
  requestId: number,
  actor: Actor,
  actedOnBy: "another" | "asker" = "another",
): Promise<PayoutRequest> {
  const found = await tx.payoutRequest.findUnique({ where: { id: requestId }, select: { customerId: true } });
  if (!found) throw new NotFoundError(PAYOUT_REQUEST_MESSAGES.notFound);
  await lockCustomer(tx, found.customerId);
  await run(tx, queryBuilder.selectFrom("PayoutRequest").select("id").where("id", "=", requestId).forUpdate());
  const request = await tx.payoutRequest.findUniqueOrThrow({ where: { id: requestId } });
  if (request.status === "APPROVED") throw new ConflictError(PAYOUT_REQUEST_MESSAGES.alreadyApproved);
  if (request.status === "DECLINED") throw new ConflictError(PAYOUT_REQUEST_MESSAGES.alreadyDeclined);
  if (request.status === "WITHDRAWN") throw new ConflictError(PAYOUT_REQUEST_MESSAGES.alreadyWithdrawn);
  // Another administrator approves or declines; only the asker withdraws.
  if (actedOnBy === "another" && request.requestedById === actor.id)
    throw new ForbiddenError(PAYOUT_REQUEST_MESSAGES.ownRequest);
  if (actedOnBy === "asker" && request.requestedById !== actor.id)
    throw new ForbiddenError(PAYOUT_REQUEST_MESSAGES.notAsker);
  if (hasLapsed(request)) throw new ConflictError(PAYOUT_REQUEST_MESSAGES.lapsed);
  return request;
}

export interface ApprovedPayout extends ProcessedMilestone {
  request: PayoutRequest;
}

/** Records the second administrator's decision on a pending request, or its asker's withdrawal, with its audit entry. */
async function decidePayoutRequest(
  tx: Tx,
  request: PayoutRequest,
  actor: Actor,
  decision:
    | { status: "APPROVED"; paymentId: number; amountPence: number }
    | { status: "DECLINED"; declineReason: string | null; amountPence: number }
    | { status: "WITHDRAWN"; amountPence: number },
): Promise<PayoutRequest> {
  const { status, amountPence } = decision;
  const outcome =
    decision.status === "APPROVED"
      ? { paymentId: decision.paymentId }
      : decision.status === "DECLINED"
        ? { declineReason: decision.declineReason }
        : {};
  const decided = await tx.payoutRequest.update({
    where: { id: request.id },
    data: { status, pendingCustomerId: null, decidedById: actor.id, decidedAt: new Date(), ...outcome },
  });
  const what = `${percentName(request.milestone)} milestone of ${formatPounds(amountPence)}`;
  await recordAudit(tx, {
    action: `payout_${status.toLowerCase()}`,
    resourceType: "payout_request",
    resourceId: request.id,
    actorId: actor.id,
    before: { status: "PENDING", requestedById: request.requestedById },
    after:
      decision.status === "APPROVED"
        ? {
            status,
            paymentId: decision.paymentId,
            customerId: request.customerId,
            milestone: request.milestone,
            amountPence,
          }
        : {
            status,
            ...(decision.status === "DECLINED" ? { reason: decision.declineReason } : {}),
            customerId: request.customerId,
            milestone: request.milestone,
            amountPence,
          },
    details:
      status === "APPROVED"
        ? `Payout request #${request.id} approved: ${what} paid to customer #${request.customerId}`
        : `Payout request #${request.id} ${status.toLowerCase()}${status === "WITHDRAWN" ? " by the administrator who asked" : ""}: ${what} to customer #${request.customerId} not paid`,
    ipAddress: actor.ip ?? null,
  });
  return decided;
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
  return lockingAdminTransaction(
    db,
    async (tx) => {
      await notifyAdminQueues(tx, "MILESTONES", "CUSTOMERS");
      const request = await lockPendingRequest(tx, requestId, actor);
      milestone = request.milestone;
      const payable = await lockPayableMilestone(tx, request.customerId, request.milestone, actor, "approvePayout");
      const paid = await payLockedMilestone(tx, payable, request.notes, actor, {
        requestId,
        requestedById: request.requestedById,
      });
      const approved = await decidePayoutRequest(tx, request, actor, {
        status: "APPROVED",
        paymentId: paid.payment.id,
        amountPence: paid.payment.amountPence,
      });
      return { ...paid, request: approved };
    },
    () => (milestone ? alreadyPaid(milestone) : null),
  );
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
  return lockingAdminTransaction(db, async (tx) => {
    await notifyAdminQueues(tx, "MILESTONES");
    const request = await lockPendingRequest(tx, requestId, actor);
    const customer = await tx.customerProfile.findUniqueOrThrow({
      where: { id: request.customerId },
      select: { id: true, userId: true },
    });
    refuseSelfDealing(customer, actor, "declinePayout");
    return decidePayoutRequest(tx, request, actor, {
      status: "DECLINED",
      declineReason: reason,
      amountPence: request.amountPence,
    });
  });
}

/**
 * The administrator who asked withdraws their own pending request: nothing is paid, and the milestone
 * can be requested again, as after a decline. Under the same locks as approve and decline, so a
 * withdrawal racing them (or another withdrawal) changes the request once. Audited.
 */
export async function withdrawPayoutRequest(
  db: Db,
  input: { requestId: number | null },
  actor: Actor,
): Promise<PayoutRequest> {
  const requestId = input.requestId;
  if (requestId == null) throw new NotFoundError(PAYOUT_REQUEST_MESSAGES.notFound);
  return lockingAdminTransaction(db, async (tx) => {
    await notifyAdminQueues(tx, "MILESTONES");
    const request = await lockPendingRequest(tx, requestId, actor, "asker");
    return decidePayoutRequest(tx, request, actor, { status: "WITHDRAWN", amountPence: request.amountPence });
  });
}
