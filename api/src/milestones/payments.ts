import type { Expression, RawBuilder, ShallowDehydrateObject } from "kysely";
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
import { fromJson, precompile, precompileByShape, queryBuilder, type Row, run, sql } from "../db/query.ts";
import { matchingCustomerIds, parseSearch, type SearchKind, type SearchParams, searchKind } from "../db/search.ts";
import type { SqlReader } from "../db/sql.ts";
import { queueEmail } from "../emails/index.ts";
import type { CustomerPaymentRequest, CustomerProfile, MilestonePayment, User } from "../generated/prisma/client.ts";
import type { Actor } from "../lib/actor.ts";
import { greetingName } from "../lib/displayName.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { formatPounds, penceToPounds } from "../lib/money.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseNotes } from "../lib/validation.ts";
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

export type PayableCustomer = CustomerProfile & {
  user: Pick<User, "id" | "email" | "username" | "firstName" | "erasedAt">;
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
        await notifyAdminQueues(tx, "MILESTONES", "CUSTOMERS");
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
  /** The customer's payment requests (open or answered), read in the page's statement. */
  paymentRequests: CustomerPaymentRequest[];
}

/**
 * The READY rule of rules.ts in SQL, over the credits, the tranches paid so far, the keys paid and
 * the thresholds t33, t66 and purchase: a milestone not yet paid whose threshold the credits have
 * reached and whose tranche the credits not yet paid out cover. readyRule.test.ts proves it agrees
 * with rules.ts at every boundary; payments.test.ts covers it through the pending list.
 */
export function readyMilestone(figures: {
  credits: Expression<string | number>;
  paid: Expression<string | number>;
  paidKeys: Expression<string[]>;
  purchase: Expression<string | number>;
  t33: Expression<string | number>;
  t66: Expression<string | number>;
}): RawBuilder<boolean> {
  const { credits, paid, paidKeys, purchase, t33, t66 } = figures;
  return sql<boolean>`(
       (NOT 'M33' = ANY(${paidKeys}) AND ${credits} >= ${t33} AND ${credits} - ${paid} >= ${t33})
    OR (NOT 'M66' = ANY(${paidKeys}) AND ${credits} >= ${t66} AND ${credits} - ${paid} >= ${t66} - ${t33})
    OR (NOT 'M100' = ANY(${paidKeys}) AND ${credits} >= ${purchase} AND ${credits} - ${paid} >= ${purchase} - ${t66}))`;
}

/**
 * The customers who can have a READY milestone, as (customer_id, credits) in customer order after
 * `after`: those with ledger entries, read by walking the ledger's (customerId, amountPence) index
 * and summing as it goes, so a page stops after a few hundred customers' entries instead of
 * reading every verified customer's ledger; and, since every threshold is above zero unless the
 * purchase is 1p (33% of a penny rounds to nothing), those rare 1p registrations with no entries.
 */
const readyCandidates = (after: number) => [
  queryBuilder
    .selectFrom("CreditLedgerEntry as e")
    .select((eb) => ["e.customerId as customer_id", eb.fn.sum<string>("e.amountPence").as("credits")])
    .where("e.customerId", ">", after)
    .groupBy("e.customerId"),
  queryBuilder
    .selectFrom("CustomerProfile as t")
    .select(["t.id as customer_id", sql<string>`0::bigint`.as("credits")])
    .where("t.originalPurchaseAmountPence", "<=", sql.lit(1))
    .where("t.id", ">", after)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom("CreditLedgerEntry as x").select("x.id").whereRef("x.customerId", "=", "t.id"))),
    ),
];

/**
 * A customer's payment request (paymentRequests.ts) is open while its milestone is not paid: paying
 * the milestone answers it. Over CustomerPaymentRequest as r.
 */
export const OPEN_PAYMENT_REQUEST = sql<boolean>`NOT EXISTS (SELECT 1 FROM "MilestonePayment" AS pm WHERE pm."customerId" = r."customerId" AND pm.milestone = r.milestone)`;

/** What narrows the list: the admin search, and "only customers who requested a payment". */
interface ReadyFilters {
  search: { params: SearchParams; kind: SearchKind } | null;
  requested: boolean;
}

/** With a filter: the matching customers after `after`, each with their ledger sum. */
const filteredCandidates = (after: number, filters: ReadyFilters) => {
  let candidates = queryBuilder
    .selectFrom("CustomerProfile as t")
    .select([
      "t.id as customer_id",
      sql<string>`(SELECT coalesce(sum(${sql.ref("x.amountPence")}), 0) FROM "CreditLedgerEntry" AS x WHERE ${sql.ref("x.customerId")} = ${sql.ref("t.id")})::bigint`.as(
        "credits",
      ),
    ])
    .where("t.id", ">", after);
  if (filters.search)
    candidates = candidates.where("t.id", "in", matchingCustomerIds(filters.search.params, filters.search.kind));
  if (filters.requested)
    candidates = candidates.where(
      "t.id",
      "in",
      queryBuilder.selectFrom("CustomerPaymentRequest as r").select("r.customerId").where(OPEN_PAYMENT_REQUEST),
    );
  return candidates;
};

type Candidates = ReturnType<typeof readyCandidates>[number] | ReturnType<typeof filteredCandidates>;

/** One branch of the page: the candidates' verified customers with a READY milestone, at most `limit`. */
const readyBranch = (candidates: Candidates, limit: number) =>
  queryBuilder
    .selectFrom(candidates.as("l"))
    .innerJoin("CustomerProfile as c", "c.id", "l.customer_id")
    .innerJoin("User as u", "u.id", "c.userId")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("MilestonePayment as m")
          .whereRef("m.customerId", "=", "c.id")
          .select([
            sql<string>`coalesce(sum(m."amountPence"), 0)::bigint`.as("paid"),
            sql<string[]>`coalesce(array_agg(m.milestone::text), '{}')`.as("paid_keys"),
            sql<ShallowDehydrateObject<Row<"MilestonePayment">>[]>`coalesce(json_agg(m ORDER BY m.id), '[]'::json)`.as(
              "payments",
            ),
          ])
          .as("p"),
      (join) => join.onTrue(),
    )
    // The rows' payment requests in the same statement: the page costs one statement at any size.
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("CustomerPaymentRequest as pr")
          .whereRef("pr.customerId", "=", "c.id")
          .select(
            sql<
              ShallowDehydrateObject<Row<"CustomerPaymentRequest">>[]
            >`coalesce(json_agg(pr ORDER BY pr.id), '[]'::json)`.as("payment_requests"),
          )
          .as("q"),
      (join) => join.onTrue(),
    )
    .selectAll("c")
    .select(["u.username", "u.email", "u.firstName", "u.lastName", "l.credits", "p.payments", "q.payment_requests"])
    .where("c.status", "=", sql.lit("VERIFIED"))
    .where((eb) => {
      const purchase = sql<string>`${eb.ref("c.originalPurchaseAmountPence")}::bigint`;
      return readyMilestone({
        credits: eb.ref("l.credits"),
        paid: eb.ref("p.paid"),
        paidKeys: eb.ref("p.paid_keys"),
        purchase,
        // round half-up of 33% and 66% of the purchase, as mulDivRoundHalfUp (the purchase is positive)
        t33: sql<string>`(${purchase} * 33 + 50) / 100`,
        t66: sql<string>`(${purchase} * 66 + 50) / 100`,
      });
    })
    .orderBy("l.customer_id")
    .limit(limit);

/**
 * A page of verified customers with a READY milestone, by customer id, with the figures it shows:
 * each kind of candidate gives its own first `limit` (so the ledger walk keeps its early stop), and
 * the first `limit` of both together are the page. Compiled once: the dashboard of pending payments
 * runs it on every page.
 */
const readyMilestonesPage = precompile((params: { after: number; limit: number }) => {
  const [withEntries, tinyPurchases] = readyCandidates(params.after).map((candidates) =>
    readyBranch(candidates, params.limit),
  );
  return queryBuilder
    .selectFrom((eb) =>
      eb
        .selectFrom(withEntries!.as("a"))
        .selectAll()
        .unionAll(eb.selectFrom(tinyPurchases!.as("b")).selectAll())
        .as("ready"),
    )
    .selectAll()
    .orderBy("ready.id")
    .limit(params.limit);
});

/**
 * The page of the customers matching a search or with an open payment request: read from the
 * matches (or the few requests), not the ledger walk.
 */
const filteredReadyMilestonesPage = precompileByShape(
  (kind: SearchKind | null, requested: boolean) => `${kind ?? "none"}:${requested}`,
  (kind: SearchKind | null, requested: boolean) =>
    precompile((params: Partial<SearchParams> & { after: number; limit: number }) =>
      readyBranch(
        filteredCandidates(params.after, {
          search: kind ? { params: params as SearchParams, kind } : null,
          requested,
        }),
        params.limit,
      ),
    ),
);

/**
 * Verified customers with at least one READY milestone, by customer id, after `afterCustomerId`,
 * matching the admin search if any (db/search.ts) and, with `requested`, only those with an open
 * payment request: one statement (see readyMilestonesPage). The rows are then checked again with rules.ts itself,
 * which is what processMilestonePayment enforces.
 */
export async function listCustomersWithReadyMilestones(
  sqlReader: SqlReader,
  page: { afterCustomerId: number | null; limit: number; search?: string | null; requested?: boolean | null },
): Promise<ReadyMilestoneCustomer[]> {
  const search = parseSearch(page.search);
  const after = page.afterCustomerId ?? 0;
  const requested = page.requested === true;
  const rows = await run(
    sqlReader,
    search || requested
      ? filteredReadyMilestonesPage(
          search ? searchKind(search) : null,
          requested,
        )({ ...search, after, limit: page.limit })
      : readyMilestonesPage({ after, limit: page.limit }),
  );
  const ready: ReadyMilestoneCustomer[] = [];
  for (const { username, email, firstName, lastName, credits, payments, payment_requests, ...profile } of rows) {
    const creditsPence = Number(credits);
    const milestonePayments = payments.map((payment) => fromJson("MilestonePayment", payment));
    // The same object a findMany with its user and milestonePayments included gives, so the
    // Customer type's fields resolve on it as they would on Prisma's.
    const customer: CustomerWithPayments = {
      ...profile,
      user: { id: profile.userId, username, email, firstName, lastName },
      milestonePayments,
    };
    const milestones = milestoneOverview(profile.originalPurchaseAmountPence, creditsPence, milestonePayments);
    if (!milestones.some((m) => m.state === "READY")) continue;
    ready.push({
      customer,
      creditsPence,
      paidPence: totalPaidPence(milestonePayments),
      overpaidPence: overpaidPence(creditsPence, milestonePayments),
      milestones,
      paymentRequests: payment_requests.map((request) => fromJson("CustomerPaymentRequest", request)),
    });
  }
  return ready;
}
