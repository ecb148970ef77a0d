// The read side of a customer's "Request payment" on a READY milestone (the request itself is
// requestMilestonePayment in service.ts): which requests are open, and each customer's requests.
import { precompile, queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { CustomerPaymentRequest } from "../generated/prisma/client.ts";
import type { ViewerFigures } from "../graphql/context.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";

/**
 * A customer's payment request (requestMilestonePayment in service.ts) is open while its milestone is not paid: paying
 * the milestone answers it. Over CustomerPaymentRequest as r.
 */
export const OPEN_PAYMENT_REQUEST = sql<boolean>`NOT EXISTS (SELECT 1 FROM "MilestonePayment" AS pm WHERE pm."customerId" = r."customerId" AND pm.milestone = r.milestone)`;

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
