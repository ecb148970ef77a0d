import { recordAudit } from "../audit/index.ts";
import {
  activityDescriptions,
  auditingSelfDealing,
  currentCredits,
  MILESTONE_PERCENT,
  type MilestoneKey,
  type MilestoneView,
  milestoneOverview,
  overpaidPence,
  recordActivity,
  refuseSelfDealing,
  type SelfDealingAction,
  totalPaidPence,
} from "../customers/index.ts";
import { isUniqueViolation, LOCKING_TRANSACTION, lockCustomer } from "../db/locks.ts";
import type { Db, Tx } from "../db/prisma.ts";
import type { SqlReader } from "../db/sql.ts";
import { queueEmail } from "../emails/index.ts";
import type { CustomerProfile, MilestonePayment, User } from "../generated/prisma/client.ts";
import type { Actor } from "../lib/actor.ts";
import { greetingName } from "../lib/displayName.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { formatPounds } from "../lib/money.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseNotes } from "../lib/validation.ts";
import { getPayoutApprovalThreshold } from "../settings/index.ts";

export const PAYMENT_MESSAGES = {
  customerNotFound: "Customer not found",
  notVerified: "This customer's account has not been verified: milestones are paid to verified customers only.",
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

export type PayableCustomer = CustomerProfile & {
  user: Pick<User, "id" | "email" | "username" | "firstName">;
  milestonePayments: MilestonePayment[];
};

export interface PayableMilestone {
  customer: PayableCustomer;
  view: MilestoneView;
  creditsPence: number;
  paidBeforePence: number;
}

/**
 * Locks the customer's row and reads what paying one of their milestones needs, refusing an
 * administrator's own profile, an unverified customer, and a milestone paid or not READY.
 */
export async function lockPayableMilestone(
  tx: Tx,
  customerId: number,
  milestone: MilestoneKey,
  actor: Actor,
  action: SelfDealingAction,
): Promise<PayableMilestone> {
  if (!(await lockCustomer(tx, customerId))) throw new NotFoundError(PAYMENT_MESSAGES.customerNotFound);
  const customer = await tx.customerProfile.findUniqueOrThrow({
    where: { id: customerId },
    include: { user: { select: { id: true, email: true, username: true, firstName: true } }, milestonePayments: true },
  });
  refuseSelfDealing(customer, actor, action);
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
export const needsSecondApproval = (view: MilestoneView, thresholdPence: number) =>
  new ConflictError(
    `The ${percentName(view.key)} milestone's ${formatPounds(view.tranchePence)} is above the ${formatPounds(thresholdPence)} payout approval threshold: request the payout, and another administrator approves it.`,
  );

/**
 * Pays one milestone's fixed tranche to a verified customer, once. The customer's row is locked
 * first, so simultaneous requests are served one after the other and only the first finds it
 * READY; the unique (customerId, milestone) is the backstop. The activity, the MILESTONE_PAID
 * email and the audit entry are written in the same transaction. A tranche above the payout
 * approval threshold is refused here: it goes through a payout request (payoutRequests.ts).
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
    return await auditingSelfDealing(db, () =>
      db.$transaction(async (tx) => {
        const payable = await lockPayableMilestone(tx, customerId, input.milestone, actor, "payMilestone");
        const thresholdPence = await getPayoutApprovalThreshold(tx);
        if (payable.view.tranchePence > thresholdPence) throw needsSecondApproval(payable.view, thresholdPence);
        return payLockedMilestone(tx, payable, notes, actor);
      }, LOCKING_TRANSACTION),
    );
  } catch (error) {
    // Only reachable if a payment slipped past the lock: the database still pays it once.
    if (isUniqueViolation(error)) throw alreadyPaid(input.milestone);
    throw error;
  }
}

/** The payment itself, inside the transaction that locked the customer with lockPayableMilestone. */
export async function payLockedMilestone(
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

/** One row of the pending-milestones page: the customer, their user, their payments and credits. */
interface ReadyMilestoneRow {
  id: number;
  user_id: number;
  purchase: number;
  postcode: string;
  contract_number: string;
  status: CustomerProfile["status"];
  rejection_reason: string | null;
  terms_accepted_at: Date;
  verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
  username: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  /** int8: a decimal string. */
  credits: string;
  payments: {
    id: number;
    milestone: MilestoneKey;
    amountPence: number;
    notes: string | null;
    paidById: number;
    paidAt: string;
  }[];
}

/**
 * The READY rule of rules.ts in SQL, over `credits`, `paid` (tranches paid so far), `paid_keys`
 * and the thresholds t33, t66 and purchase: a milestone not yet paid whose threshold the credits
 * have reached and whose tranche the credits not yet paid out cover. readyRule.test.ts proves it
 * agrees with rules.ts at every boundary; payments.test.ts covers it through the pending list.
 */
export const READY_MILESTONE_SQL = `
     (NOT 'M33' = ANY(p.paid_keys) AND l.credits >= t.t33 AND l.credits - p.paid >= t.t33)
  OR (NOT 'M66' = ANY(p.paid_keys) AND l.credits >= t.t66 AND l.credits - p.paid >= t.t66 - t.t33)
  OR (NOT 'M100' = ANY(p.paid_keys) AND l.credits >= t.purchase AND l.credits - p.paid >= t.purchase - t.t66)`;

/**
 * The customers who can have a READY milestone, as (customer_id, credits) in customer order after $1:
 * those with ledger entries, read by walking the ledger's (customerId, amountPence) index and summing
 * as it goes, so a page stops after a few hundred customers' entries instead of reading every
 * verified customer's ledger; and, since every threshold is above zero unless the purchase is 1p
 * (33% of a penny rounds to nothing), those rare 1p registrations that have no entries yet.
 */
const READY_CANDIDATES = [
  `SELECT e."customerId" AS customer_id, sum(e."amountPence")::bigint AS credits
   FROM "CreditLedgerEntry" e WHERE e."customerId" > $1::int GROUP BY e."customerId"`,
  `SELECT t.id AS customer_id, 0::bigint AS credits
   FROM "CustomerProfile" t
   WHERE t."originalPurchaseAmountPence" <= 1 AND t.id > $1::int
     AND NOT EXISTS (SELECT 1 FROM "CreditLedgerEntry" x WHERE x."customerId" = t.id)`,
];

/** One branch of the page: the candidates' verified customers with a READY milestone, at most $2. */
const readyBranch = (candidates: string) => `(
  SELECT c.id, c."userId" AS user_id, c."originalPurchaseAmountPence" AS purchase, c.postcode,
         c."contractNumber" AS contract_number, c.status::text AS status, c."rejectionReason" AS rejection_reason,
         c."termsAcceptedAt" AS terms_accepted_at, c."verifiedAt" AS verified_at, c."createdAt" AS created_at,
         c."updatedAt" AS updated_at, u.username::text AS username, u.email::text AS email,
         u."firstName" AS first_name, u."lastName" AS last_name, l.credits, p.payments
  FROM (${candidates}) l
  JOIN "CustomerProfile" c ON c.id = l.customer_id
  JOIN "User" u ON u.id = c."userId"
  CROSS JOIN LATERAL (
    -- round half-up of 33% and 66% of the purchase, as mulDivRoundHalfUp (the purchase is positive)
    SELECT c."originalPurchaseAmountPence"::bigint AS purchase,
           (c."originalPurchaseAmountPence"::bigint * 33 + 50) / 100 AS t33,
           (c."originalPurchaseAmountPence"::bigint * 66 + 50) / 100 AS t66
  ) t
  CROSS JOIN LATERAL (
    -- The stored times are UTC: paidAt is written with its Z so JavaScript does not read it as local time.
    SELECT coalesce(sum(m."amountPence"), 0)::bigint AS paid,
           coalesce(array_agg(m.milestone::text), '{}') AS paid_keys,
           coalesce(json_agg(json_build_object('id', m.id, 'milestone', m.milestone, 'amountPence', m."amountPence", 'notes', m.notes,
             'paidById', m."paidById", 'paidAt', to_char(m."paidAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY m.id), '[]'::json) AS payments
    FROM "MilestonePayment" m WHERE m."customerId" = c.id
  ) p
  WHERE c.status = 'VERIFIED' AND (${READY_MILESTONE_SQL})
  ORDER BY l.customer_id
  LIMIT $2::int
)`;

/**
 * A page of verified customers with a READY milestone, by customer id, with the figures it shows:
 * each kind of candidate gives its own first $2 (so the ledger walk keeps its early stop), and the
 * first $2 of both together are the page.
 */
const READY_MILESTONES_PAGE_SQL = `
  SELECT * FROM (${READY_CANDIDATES.map(readyBranch).join(" UNION ALL ")}) ready ORDER BY ready.id LIMIT $2::int`;

/**
 * Verified customers with at least one READY milestone, by customer id, after `afterCustomerId`:
 * one statement (see READY_MILESTONES_PAGE_SQL). The rows are then checked again with rules.ts
 * itself, which is what processMilestonePayment enforces.
 */
export async function listCustomersWithReadyMilestones(
  sql: SqlReader,
  page: { afterCustomerId: number | null; limit: number },
): Promise<ReadyMilestoneCustomer[]> {
  const rows = await sql.query<ReadyMilestoneRow>(READY_MILESTONES_PAGE_SQL, [page.afterCustomerId ?? 0, page.limit]);
  const ready: ReadyMilestoneCustomer[] = [];
  for (const row of rows) {
    const creditsPence = Number(row.credits);
    const milestonePayments: MilestonePayment[] = row.payments.map((payment) => ({
      id: payment.id,
      customerId: row.id,
      milestone: payment.milestone,
      amountPence: payment.amountPence,
      notes: payment.notes,
      paidById: payment.paidById,
      paidAt: new Date(payment.paidAt),
    }));
    // The same object a findMany with its user and milestonePayments included gives, so the
    // Customer type's fields resolve on it as they would on Prisma's.
    const customer: CustomerWithPayments = {
      id: row.id,
      userId: row.user_id,
      originalPurchaseAmountPence: row.purchase,
      postcode: row.postcode,
      contractNumber: row.contract_number,
      status: row.status,
      rejectionReason: row.rejection_reason,
      termsAcceptedAt: row.terms_accepted_at,
      verifiedAt: row.verified_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      user: {
        id: row.user_id,
        username: row.username,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
      },
      milestonePayments,
    };
    const milestones = milestoneOverview(row.purchase, creditsPence, milestonePayments);
    if (!milestones.some((m) => m.state === "READY")) continue;
    ready.push({
      customer,
      creditsPence,
      paidPence: totalPaidPence(milestonePayments),
      overpaidPence: overpaidPence(creditsPence, milestonePayments),
      milestones,
    });
  }
  return ready;
}
