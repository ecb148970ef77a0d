import type { SqlReader } from "../db/sql.ts";
import type { MilestonePayment } from "../generated/prisma/client.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";

/**
 * A customer's milestone payments, oldest first: taken from the row when it was read with them,
 * else one statement for every customer a response shows.
 */
export async function milestonePaymentsOf(
  context: { sql: SqlReader },
  customer: { id: number; milestonePayments?: MilestonePayment[] },
): Promise<MilestonePayment[]> {
  if (customer.milestonePayments) return customer.milestonePayments;
  const loader = requestLoader(
    context,
    "milestonePayments",
    () =>
      new BatchLoader<number, MilestonePayment[]>(async (customerIds) => {
        const rows = await context.sql.query<MilestonePayment>(
          `SELECT id, "customerId", milestone::text AS milestone, "amountPence", notes, "paidById", "paidAt"
           FROM "MilestonePayment" WHERE "customerId" = ANY($1::int[]) ORDER BY "paidAt", id`,
          [customerIds],
        );
        const byCustomer = new Map<number, MilestonePayment[]>(customerIds.map((id) => [id, []]));
        for (const row of rows) byCustomer.get(row.customerId)?.push(row);
        return byCustomer;
      }, []),
  );
  return loader.load(customer.id);
}
