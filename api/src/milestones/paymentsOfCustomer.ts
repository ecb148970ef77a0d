import { creditsLoader } from "../customers/credits.ts";
import { parseTimestamp, type SqlReader } from "../db/sql.ts";
import type { MilestonePayment } from "../generated/prisma/client.ts";
import type { Context } from "../graphql/context.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";

type ViewerFigures = NonNullable<Context["viewerFigures"]>;

const PAYMENT_COLUMNS = `id, "customerId", milestone::text AS milestone, "amountPence", notes, "paidById", "paidAt"`;

/** The request's loader of milestone payments by customer id, oldest first; the signed-in customer's came with the session. */
export function milestonePaymentsLoader(context: {
  sql: SqlReader;
  viewerFigures?: ViewerFigures | null;
}): BatchLoader<number, MilestonePayment[]> {
  return requestLoader(context, "milestonePayments", () => {
    const loader = new BatchLoader<number, MilestonePayment[]>(async (customerIds) => {
      const rows = await context.sql.query<MilestonePayment>(
        `SELECT ${PAYMENT_COLUMNS} FROM "MilestonePayment" WHERE "customerId" = ANY($1::int[]) ORDER BY "paidAt", id`,
        [customerIds],
      );
      const byCustomer = new Map<number, MilestonePayment[]>(customerIds.map((id) => [id, []]));
      for (const row of rows) byCustomer.get(row.customerId)?.push(row);
      return byCustomer;
    }, []);
    if (context.viewerFigures) loader.prime(context.viewerFigures.customerId, context.viewerFigures.milestonePayments);
    return loader;
  });
}

/**
 * A customer's milestone payments, oldest first: from the row when it was read with them, else
 * the request's loader (at once when known: the viewer's came with the session).
 */
export function milestonePaymentsNow(
  context: { sql: SqlReader; viewerFigures?: ViewerFigures | null },
  customer: { id: number; milestonePayments?: MilestonePayment[] },
): MilestonePayment[] | Promise<MilestonePayment[]> {
  if (customer.milestonePayments) return customer.milestonePayments;
  return milestonePaymentsLoader(context).loadNow(customer.id);
}

/**
 * Calls `then` with the customer's current credits and milestone payments: at once when both are
 * known, else once they are loaded. The figures and milestone states are built from these two.
 */
export function withCreditsAndPayments<R>(
  context: { sql: SqlReader; viewerFigures?: ViewerFigures | null },
  customer: { id: number; milestonePayments?: MilestonePayment[] },
  then: (creditsPence: number, payments: MilestonePayment[]) => R,
): R | Promise<R> {
  const credits = creditsLoader(context).loadNow(customer.id);
  const payments = milestonePaymentsNow(context, customer);
  if (credits instanceof Promise || payments instanceof Promise)
    return Promise.all([credits, payments]).then(([c, p]) => then(c, p));
  return then(credits, payments);
}

/** The same payments for one customer as a JSON array, a subquery the session's statement embeds. */
export function milestonePaymentsJsonSql(customerIdColumn: string): string {
  return `(SELECT COALESCE(json_agg(json_build_object('id', m.id, 'customerId', m."customerId", 'milestone', m.milestone,
      'amountPence', m."amountPence", 'notes', m.notes, 'paidById', m."paidById", 'paidAt', m."paidAt") ORDER BY m."paidAt", m.id), '[]'::json)
    FROM "MilestonePayment" m WHERE m."customerId" = ${customerIdColumn})`;
}

/** Reads what milestonePaymentsJsonSql gave: its timestamps are UTC without a zone. */
export function milestonePaymentsFromJson(
  payments: (Omit<MilestonePayment, "paidAt"> & { paidAt: string })[],
): MilestonePayment[] {
  return payments.map((payment) => ({ ...payment, paidAt: parseTimestamp(payment.paidAt) }));
}
