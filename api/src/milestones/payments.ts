import { recordAudit } from "../audit/service.ts";
import { currentCredits, currentCreditsByCustomer } from "../customers/credits.ts";
import { recordActivity } from "../customers/service.ts";
import type { Db, DbOrTx, Tx } from "../db/prisma.ts";
import { queueEmail } from "../emails/outbox.ts";
import { type CustomerProfile, type MilestonePayment, Prisma, type User } from "../generated/prisma/client.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { formatPounds } from "../lib/money.ts";
import { type MilestoneView, milestoneOverview } from "./overview.ts";
import { MILESTONE_PERCENT, type MilestoneKey, overpaidPence, totalPaidPence } from "./rules.ts";
import { activityDescriptions } from "../customers/activityDescriptions.ts";

/**
 * Transactions that lock a row wait their turn: twenty administrators pressing at once queue on
 * the lock (and on the connection pool) instead of failing after Prisma's default two seconds.
 */
export const LOCKING_TRANSACTION = { maxWait: 15_000, timeout: 20_000 } as const;

export const NOTES_MAX_LENGTH = 1000;

export const PAYMENT_MESSAGES = {
  customerNotFound: "Customer not found",
  notVerified: "This customer's account has not been verified: milestones are paid to verified customers only.",
  notesTooLong: `Notes can be at most ${NOTES_MAX_LENGTH} characters.`,
} as const;

export interface Actor {
  id: number;
  ip?: string | null;
}

/** Optional administrator notes: trimmed, blank means none. */
export function parseNotes(notes: string | null | undefined): string | null {
  const trimmed = notes?.trim() ?? "";
  if (trimmed === "") return null;
  if (trimmed.length > NOTES_MAX_LENGTH) throw new ValidationError(PAYMENT_MESSAGES.notesTooLong, "notes");
  return trimmed;
}

/**
 * Locks the customer's row until the transaction ends. Everything that changes what a customer
 * may be paid (a payment, a credit, a reversal) takes this lock, so each sees the others' result.
 * False when there is no such customer.
 */
export async function lockCustomer(tx: Tx, customerId: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "CustomerProfile" WHERE id = ${customerId}::int FOR UPDATE`;
  return rows.length > 0;
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

const percentName = (key: MilestoneKey) => `${MILESTONE_PERCENT[key]}%`;
const alreadyPaid = (key: MilestoneKey) => new ConflictError(`The ${percentName(key)} milestone has already been paid to this customer.`);

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

/**
 * Pays one milestone's fixed tranche to a verified customer, once. The customer's row is locked
 * first, so simultaneous requests are served one after the other and only the first finds it
 * READY; the unique (customerId, milestone) is the backstop. The activity, the MILESTONE_PAID
 * email and the audit entry are written in the same transaction.
 */
export async function processMilestonePayment(
  db: Db,
  input: { customerId: number | null; milestone: MilestoneKey; notes?: string | null },
  actor: Actor,
): Promise<ProcessedMilestone> {
  const notes = parseNotes(input.notes);
  const customerId = input.customerId;
  if (customerId == null) throw new NotFoundError(PAYMENT_MESSAGES.customerNotFound);
  try {
    return await db.$transaction(async (tx) => {
      if (!(await lockCustomer(tx, customerId))) throw new NotFoundError(PAYMENT_MESSAGES.customerNotFound);
      const customer = await tx.customerProfile.findUniqueOrThrow({
        where: { id: customerId },
        include: { user: { select: { id: true, email: true, username: true, firstName: true } }, milestonePayments: true },
      });
      if (customer.status !== "VERIFIED") throw new ConflictError(PAYMENT_MESSAGES.notVerified);
      const creditsPence = await currentCredits(tx, customerId);
      const paidBefore = totalPaidPence(customer.milestonePayments);
      const view = milestoneOverview(customer.originalPurchaseAmountPence, creditsPence, customer.milestonePayments).find((m) => m.key === input.milestone);
      if (!view) throw new ValidationError("Unknown milestone", "milestone");
      if (view.state === "PAID") throw alreadyPaid(view.key);
      if (view.state !== "READY") throw notPayable(view, creditsPence, paidBefore);

      const payment = await tx.milestonePayment.create({
        data: { customerId, milestone: view.key, amountPence: view.tranchePence, notes, paidById: actor.id },
      });
      const name = percentName(view.key);
      await recordActivity(tx, { customerId, type: "MILESTONE_PAID", description: activityDescriptions.milestonePaid(view.key), amountPence: view.tranchePence });
      const fullRefund = view.key === "M100";
      await queueEmail(tx, {
        type: "MILESTONE_PAID",
        to: customer.user.email,
        userId: customer.user.id,
        data: { firstName: customer.user.firstName ?? customer.user.username, milestone: name, amount: formatPounds(view.tranchePence), fullRefund },
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
        },
        details: `${name} milestone of ${formatPounds(view.tranchePence)} paid to customer #${customerId}${fullRefund ? " (full refund issued)" : ""}`,
        ipAddress: actor.ip ?? null,
      });
      return { payment, customerId, creditsPence, overpaidPence: overpaidPence(creditsPence, paidMilestones) };
    }, LOCKING_TRANSACTION);
  } catch (error) {
    // Only reachable if a payment slipped past the lock: the database still pays it once.
    if (isUniqueViolation(error)) throw alreadyPaid(input.milestone);
    throw error;
  }
}

export type CustomerWithPayments = CustomerProfile & {
  user: Pick<User, "id" | "username" | "email" | "firstName" | "lastName">;
  milestonePayments: MilestonePayment[];
};

export interface ReadyMilestoneCustomer {
  customer: CustomerWithPayments;
  creditsPence: number;
  paidPence: number;
  overpaidPence: number;
  milestones: MilestoneView[];
}

/**
 * Verified customers with at least one READY milestone, by customer id, after `afterCustomerId`.
 * The SQL applies the rule of rules.ts (threshold reached, unpaid, and the credits not yet paid
 * out cover the tranche) so a page is one statement however many customers are not ready; the
 * rows are then checked again with rules.ts itself, which is what processMilestone enforces.
 */
export async function listCustomersWithReadyMilestones(
  db: DbOrTx,
  page: { afterCustomerId: number | null; limit: number },
): Promise<ReadyMilestoneCustomer[]> {
  const after = page.afterCustomerId ?? 0;
  const rows = await db.$queryRaw<{ id: number }[]>`
    WITH figures AS (
      SELECT c.id,
             c."originalPurchaseAmountPence"::bigint AS purchase,
             COALESCE((SELECT SUM(e."amountPence") FROM "CreditLedgerEntry" e WHERE e."customerId" = c.id), 0)::bigint AS credits,
             COALESCE((SELECT SUM(m."amountPence") FROM "MilestonePayment" m WHERE m."customerId" = c.id), 0)::bigint AS paid,
             ARRAY(SELECT m.milestone::text FROM "MilestonePayment" m WHERE m."customerId" = c.id) AS paid_keys
      FROM "CustomerProfile" c
      WHERE c.status = 'VERIFIED' AND c.id > ${after}::int
    ), thresholds AS (
      -- round half-up of 33% and 66% of the purchase, as mulDivRoundHalfUp (the purchase is positive)
      SELECT *, (purchase * 33 + 50) / 100 AS t33, (purchase * 66 + 50) / 100 AS t66 FROM figures
    )
    SELECT id FROM thresholds
    WHERE (NOT ('M33' = ANY(paid_keys)) AND credits >= t33 AND credits - paid >= t33)
       OR (NOT ('M66' = ANY(paid_keys)) AND credits >= t66 AND credits - paid >= t66 - t33)
       OR (NOT ('M100' = ANY(paid_keys)) AND credits >= purchase AND credits - paid >= purchase - t66)
    ORDER BY id
    LIMIT ${page.limit}::int`;
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [customers, credits] = await Promise.all([
    db.customerProfile.findMany({
      where: { id: { in: ids } },
      include: { user: { select: { id: true, username: true, email: true, firstName: true, lastName: true } }, milestonePayments: true },
      orderBy: { id: "asc" },
    }),
    currentCreditsByCustomer(db, ids),
  ]);
  return customers
    .map((customer) => {
      const creditsPence = credits.get(customer.id) ?? 0;
      return {
        customer,
        creditsPence,
        paidPence: totalPaidPence(customer.milestonePayments),
        overpaidPence: overpaidPence(creditsPence, customer.milestonePayments),
        milestones: milestoneOverview(customer.originalPurchaseAmountPence, creditsPence, customer.milestonePayments),
      };
    })
    .filter((item) => item.milestones.some((m) => m.state === "READY"));
}
