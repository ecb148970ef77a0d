import type { SqlReader } from "../db/sql.ts";
import type { MilestonePayment } from "../generated/prisma/client.ts";
import type { Context } from "../graphql/context.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";

type ViewerFigures = NonNullable<Context["viewerFigures"]>;

const PAYMENT_COLUMNS = `id, "customerId", milestone::text AS milestone, "amountPence", notes, "paidById", "paidAt"`;

/** The request's loader of milestone payments by customer id, oldest first; the signed-in customer's came with the session. */
export function milestonePaymentsLoader(context: { sql: SqlReader; viewerFigures?: ViewerFigures | null }): BatchLoader<number, MilestonePayment[]> {
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
 * A customer's milestone payments, oldest first: taken from the row when it was read with them,
 * else one statement for every customer a response shows.
 */
export async function milestonePaymentsOf(
  context: { sql: SqlReader; viewerFigures?: ViewerFigures | null },
  customer: { id: number; milestonePayments?: MilestonePayment[] },
): Promise<MilestonePayment[]> {
  if (customer.milestonePayments) return customer.milestonePayments;
  return milestonePaymentsLoader(context).load(customer.id);
}

/** The same, at once when they are known (the viewer's came with the session). */
export function milestonePaymentsNow(
  context: { sql: SqlReader; viewerFigures?: ViewerFigures | null },
  customer: { id: number; milestonePayments?: MilestonePayment[] },
): MilestonePayment[] | Promise<MilestonePayment[]> {
  if (customer.milestonePayments) return customer.milestonePayments;
  return milestonePaymentsLoader(context).loadNow(customer.id);
}

/** The same payments for one customer as a JSON array, a subquery the session's statement embeds. */
export function milestonePaymentsJsonSql(customerIdColumn: string): string {
  return `(SELECT COALESCE(json_agg(json_build_object('id', m.id, 'customerId', m."customerId", 'milestone', m.milestone,
      'amountPence', m."amountPence", 'notes', m.notes, 'paidById', m."paidById", 'paidAt', m."paidAt") ORDER BY m."paidAt", m.id), '[]'::json)
    FROM "MilestonePayment" m WHERE m."customerId" = ${customerIdColumn})`;
}

/** Reads what milestonePaymentsJsonSql gave: its timestamps are UTC without a zone. */
export function milestonePaymentsFromJson(payments: (Omit<MilestonePayment, "paidAt"> & { paidAt: string })[]): MilestonePayment[] {
  return payments.map((payment) => ({ ...payment, paidAt: new Date(`${payment.paidAt}Z`) }));
}
