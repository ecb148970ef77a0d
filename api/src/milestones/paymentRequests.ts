import { recordAudit } from "../audit/index.ts";
import { activityDescriptions, currentCredits, recordActivity } from "../customers/index.ts";
import { notifyAdminQueues } from "../db/adminQueues.ts";
import { isUniqueViolation, LOCKING_TRANSACTION, lockCustomer } from "../db/locks.ts";
import type { Db } from "../db/prisma.ts";
import { precompile, queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { CustomerPaymentRequest } from "../generated/prisma/client.ts";
import type { ViewerFigures } from "../graphql/context.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";
import type { Actor } from "../lib/actor.ts";
import { ConflictError, ForbiddenError } from "../lib/errors.ts";
import { formatPounds, penceToPounds } from "../lib/money.ts";
import { emitWebhookEvent } from "../webhooks/index.ts";
import { OPEN_PAYMENT_REQUEST, percentName } from "./payments.ts";
import { type MilestoneKey, milestoneOverview, milestoneTypeName } from "./rules.ts";

// A customer's "Request payment" on a READY milestone: it tells the administrators, who pay it as
// any other (payments.ts). Not a PayoutRequest, which is one administrator asking another.

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

const openRequestCount = precompile((_params: Record<string, never>) =>
  queryBuilder
    .selectFrom("CustomerPaymentRequest as r")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where(OPEN_PAYMENT_REQUEST),
);

/** How many payment requests wait: their milestone is not paid yet. */
export async function countOpenPaymentRequests(sqlReader: SqlReader): Promise<number> {
  const row = await runFirst(sqlReader, openRequestCount({}));
  return Number(row?.count ?? 0);
}

const requestsOfCustomers = precompile((p: { ids: number[] }) =>
  queryBuilder
    .selectFrom("CustomerPaymentRequest")
    .selectAll()
    .where("customerId", "=", sql<number>`any(${p.ids}::int[])`),
);

/**
 * The request's loader of each customer's payment requests (open or answered), by customer id; the
 * signed-in customer's came with the viewer.
 */
export function paymentRequestsLoader(context: {
  sql: SqlReader;
  viewerFigures?: ViewerFigures | null;
}): BatchLoader<number, CustomerPaymentRequest[]> {
  return requestLoader(context, "customerPaymentRequests", () => {
    const loader = new BatchLoader<number, CustomerPaymentRequest[]>(async (customerIds) => {
      const rows = await run(context.sql, requestsOfCustomers({ ids: customerIds }));
      const byCustomer = new Map<number, CustomerPaymentRequest[]>(customerIds.map((id) => [id, []]));
      for (const row of rows) byCustomer.get(row.customerId)?.push(row);
      return byCustomer;
    }, []);
    if (context.viewerFigures) loader.prime(context.viewerFigures.customerId, context.viewerFigures.paymentRequests);
    return loader;
  });
}
