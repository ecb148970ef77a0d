import { recordAudit } from "../audit/index.ts";
import { notifyAdminQueues } from "../db/adminQueues.ts";
import { lockCustomer } from "../db/locks.ts";
import type { Db, Tx } from "../db/prisma.ts";
import { queueEmail } from "../emails/index.ts";
import type { CustomerProfile, User } from "../generated/prisma/client.ts";
import { databaseIdOf } from "../graphql/globalIds.ts";
import type { Actor } from "../lib/actor.ts";
import { greetingName } from "../lib/displayName.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { formatPounds } from "../lib/money.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";
import { formatBasisPointsAsPercent, getCreditRate } from "../settings/index.ts";
import { emitWebhookEvent } from "../webhooks/index.ts";
import { activityDescriptions } from "./activityDescriptions.ts";
import { auditingSelfDealing, refuseSelfDealing } from "./selfDealing.ts";
import { recordActivity } from "./service.ts";
import { parseContractNumber, parsePurchaseAmount } from "./validation.ts";

// Approval, rejection and edits of pending registrations (administrators only). Each runs in one
// transaction that first locks the profile row, so two administrators acting on the same customer at
// once are serialised: the second sees the first one's result.

export const ADMIN_CUSTOMER_MESSAGES = {
  notFound: "Customer not found",
  alreadyVerified: "This customer is already verified.",
  approveRejected:
    "This registration was rejected. The customer must correct and resubmit it before it can be approved.",
  rejectVerified: "This customer is already verified: only a registration pending review can be rejected.",
  alreadyRejected: "This registration has already been rejected.",
  reasonRequired: "Please give a reason for the rejection: it is emailed to the customer.",
  reasonTooLong: TEXT_FIELDS.rejectionReason.tooLong,
  editNotPending: "Details can only be edited while the registration is pending review.",
  nothingToUpdate: "Give a new purchase amount or contract number to update.",
} as const;

type LockedCustomer = CustomerProfile & { user: Pick<User, "id" | "username" | "email" | "firstName"> };

/**
 * The customer's database id from a GraphQL id (a Customer's global id). Anything else, malformed
 * included, is a customer that does not exist: 404, as for an unknown number.
 */
export function customerIdFromGlobalId(id: string | number): number {
  const databaseId = databaseIdOf(id, "Customer");
  if (databaseId === null) throw new NotFoundError(ADMIN_CUSTOMER_MESSAGES.notFound);
  return databaseId;
}

/** Locks the profile row until the transaction ends and reads it with its user. */
async function lockCustomerWithUser(tx: Tx, customerId: number): Promise<LockedCustomer> {
  if (!(await lockCustomer(tx, customerId))) throw new NotFoundError(ADMIN_CUSTOMER_MESSAGES.notFound);
  return tx.customerProfile.findUniqueOrThrow({
    where: { id: customerId },
    include: { user: { select: { id: true, username: true, email: true, firstName: true } } },
  });
}

/**
 * PENDING → VERIFIED: sets verifiedAt, adds an activity to the customer's feed, queues the
 * verification email (with the credit rate in force) and audits, all in one transaction.
 * A verified customer is a conflict; so is a rejected one (they resubmit first).
 */
export async function approveCustomer(
  deps: { db: Db; publicUrl: string },
  customerId: number,
  actor: Actor,
): Promise<CustomerProfile> {
  return auditingSelfDealing(deps.db, () =>
    deps.db.$transaction(async (tx) => {
      await notifyAdminQueues(tx, "CUSTOMERS");
      const customer = await lockCustomerWithUser(tx, customerId);
      refuseSelfDealing(customer, actor, "approve");
      if (customer.status === "VERIFIED") throw new ConflictError(ADMIN_CUSTOMER_MESSAGES.alreadyVerified);
      if (customer.status === "REJECTED") throw new ConflictError(ADMIN_CUSTOMER_MESSAGES.approveRejected);
      const verifiedAt = new Date();
      const approved = await tx.customerProfile.update({
        where: { id: customer.id },
        data: { status: "VERIFIED", verifiedAt, rejectionReason: null },
      });
      await recordActivity(tx, {
        customerId: customer.id,
        type: "REGISTRATION",
        description: activityDescriptions.accountVerified(),
      });
      const rate = await getCreditRate(tx);
      await queueEmail(tx, {
        type: "ACCOUNT_VERIFICATION",
        to: customer.user.email,
        userId: customer.user.id,
        data: {
          firstName: greetingName(customer.user),
          signInUrl: `${deps.publicUrl}/auth`,
          creditRatePercent: formatBasisPointsAsPercent(rate),
        },
      });
      await recordDecision(tx, actor, customer, "approved", {
        status: approved.status,
        verifiedAt: verifiedAt.toISOString(),
      });
      return approved;
    }),
  );
}

/** A registration's approval or rejection: its audit entry and the webhook event of the same name. */
async function recordDecision(
  tx: Tx,
  actor: Actor,
  customer: CustomerProfile,
  decision: "approved" | "rejected",
  after: Parameters<typeof recordAudit>[1]["after"],
): Promise<void> {
  await recordAudit(tx, {
    action: `customer_${decision}`,
    resourceType: "customer",
    resourceId: customer.id,
    actorId: actor.id,
    before: { status: customer.status },
    after,
    details: `Customer #${customer.id} ${decision}`,
    ipAddress: actor.ip ?? null,
  });
  await emitWebhookEvent(tx, `customer.${decision}`, { customerId: customer.id });
}

/** The reason as it will be stored and emailed: trimmed; blank and over-long are refused. */
export function parseRejectionReason(value: unknown): string {
  const reason = parseText(TEXT_FIELDS.rejectionReason, value, "reason");
  if (!reason) throw new ValidationError(ADMIN_CUSTOMER_MESSAGES.reasonRequired, "reason");
  return reason;
}

/**
 * PENDING → REJECTED with the reason, which the rejection email quotes and the customer sees on
 * their profile until they correct and resubmit. Only a pending registration can be rejected.
 */
export async function rejectCustomer(
  deps: { db: Db; publicUrl: string },
  input: { customerId: number; reason: unknown },
  actor: Actor,
): Promise<CustomerProfile> {
  const reason = parseRejectionReason(input.reason);
  return auditingSelfDealing(deps.db, () =>
    deps.db.$transaction(async (tx) => {
      await notifyAdminQueues(tx, "CUSTOMERS");
      const customer = await lockCustomerWithUser(tx, input.customerId);
      refuseSelfDealing(customer, actor, "reject");
      if (customer.status === "VERIFIED") throw new ConflictError(ADMIN_CUSTOMER_MESSAGES.rejectVerified);
      if (customer.status === "REJECTED") throw new ConflictError(ADMIN_CUSTOMER_MESSAGES.alreadyRejected);
      const rejected = await tx.customerProfile.update({
        where: { id: customer.id },
        data: { status: "REJECTED", rejectionReason: reason, verifiedAt: null },
      });
      await queueEmail(tx, {
        type: "ACCOUNT_REJECTION",
        to: customer.user.email,
        userId: customer.user.id,
        data: {
          firstName: greetingName(customer.user),
          reason,
          correctUrl: `${deps.publicUrl}/registration`,
        },
      });
      await recordDecision(tx, actor, customer, "rejected", { status: rejected.status, rejectionReason: reason });
      return rejected;
    }),
  );
}

/**
 * Corrects a pending registration's purchase amount and/or contract number (a field left out,
 * null, stays as it is). Amounts follow the registration's rules. Audited with both values
 * before and after; a save that changes nothing writes nothing.
 */
export async function updatePendingCustomer(
  db: Db,
  input: { customerId: number; originalPurchaseAmount?: unknown; contractNumber?: unknown },
  actor: Actor,
): Promise<CustomerProfile> {
  const changes: { originalPurchaseAmountPence?: number; contractNumber?: string } = {};
  if (input.originalPurchaseAmount != null)
    changes.originalPurchaseAmountPence = parsePurchaseAmount(input.originalPurchaseAmount);
  if (input.contractNumber != null) changes.contractNumber = parseContractNumber(input.contractNumber);
  if (Object.keys(changes).length === 0) throw new ValidationError(ADMIN_CUSTOMER_MESSAGES.nothingToUpdate);

  return auditingSelfDealing(db, () =>
    db.$transaction(async (tx) => {
      await notifyAdminQueues(tx, "CUSTOMERS");
      const customer = await lockCustomerWithUser(tx, input.customerId);
      refuseSelfDealing(customer, actor, "edit");
      if (customer.status !== "PENDING") throw new ConflictError(ADMIN_CUSTOMER_MESSAGES.editNotPending);
      const before = {
        originalPurchaseAmountPence: customer.originalPurchaseAmountPence,
        contractNumber: customer.contractNumber,
      };
      const after = { ...before, ...changes };
      if (
        after.originalPurchaseAmountPence === before.originalPurchaseAmountPence &&
        after.contractNumber === before.contractNumber
      ) {
        const { user: _user, ...unchanged } = customer;
        return unchanged;
      }
      const updated = await tx.customerProfile.update({ where: { id: customer.id }, data: changes });
      const described: string[] = [];
      if (after.originalPurchaseAmountPence !== before.originalPurchaseAmountPence) {
        described.push(
          `purchase amount ${formatPounds(before.originalPurchaseAmountPence)} → ${formatPounds(after.originalPurchaseAmountPence)}`,
        );
      }
      if (after.contractNumber !== before.contractNumber) described.push("contract number changed");
      // The contract number identifies the person: the entry says that it changed, never its value.
      await recordAudit(tx, {
        action: "customer_updated",
        resourceType: "customer",
        resourceId: customer.id,
        actorId: actor.id,
        before: { originalPurchaseAmountPence: before.originalPurchaseAmountPence },
        after: {
          originalPurchaseAmountPence: after.originalPurchaseAmountPence,
          contractNumberChanged: after.contractNumber !== before.contractNumber,
        },
        details: `Customer #${customer.id} edited while pending: ${described.join("; ")}`,
        ipAddress: actor.ip ?? null,
      });
      return updated;
    }),
  );
}
