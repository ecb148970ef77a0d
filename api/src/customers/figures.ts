// A customer's figures: current credits (credits.ts) and milestone payments, loaded once per request
// for every customer a response shows; the signed-in customer's are read with the viewer.
import type { RawBuilder } from "kysely";
import { jsonArrayFrom, jsonObjectFrom } from "kysely/helpers/postgres";
import { fromJson, precompile, queryBuilder, type Row, run, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { CustomerProfile, MilestonePayment } from "../generated/prisma/client.ts";
import type { ViewerFigures } from "../graphql/context.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";
import { creditsLoader, creditsOfCustomer } from "./credits.ts";

const paymentsOfCustomers = precompile((p: { ids: number[] }) =>
  queryBuilder
    .selectFrom("MilestonePayment")
    .selectAll()
    .where("customerId", "=", sql<number>`any(${p.ids}::int[])`)
    .orderBy("paidAt")
    .orderBy("id"),
);

/** The request's loader of milestone payments by customer id, oldest first; the signed-in customer's came with the viewer. */
export function milestonePaymentsLoader(context: {
  sql: SqlReader;
  viewerFigures?: ViewerFigures | null;
}): BatchLoader<number, MilestonePayment[]> {
  return requestLoader(context, "milestonePayments", () => {
    const loader = new BatchLoader<number, MilestonePayment[]>(async (customerIds) => {
      const rows = await run(context.sql, paymentsOfCustomers({ ids: customerIds }));
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
 * the request's loader (at once when known: the viewer's came with it).
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

/**
 * The customers domain's part of the request's first statement (compose/requestContext.ts; the
 * session's part reads the user): the viewer's customer profile with its credits, milestone
 * payments and payment requests, as one JSON value, so a customer's screen needs no second round trip for them.
 */
export function viewerCustomerJson(userId: number) {
  return jsonObjectFrom(
    queryBuilder
      .selectFrom("CustomerProfile as c")
      .selectAll("c")
      .select((eb) => [
        creditsOfCustomer(eb.ref("c.id")).as("creditsPence"),
        jsonArrayFrom(
          eb
            .selectFrom("MilestonePayment as m")
            .selectAll("m")
            .whereRef("m.customerId", "=", "c.id")
            .orderBy("m.paidAt")
            .orderBy("m.id"),
        ).as("milestonePayments"),
        jsonArrayFrom(
          eb.selectFrom("CustomerPaymentRequest as q").selectAll("q").whereRef("q.customerId", "=", "c.id"),
        ).as("paymentRequests"),
      ])
      .where("c.userId", "=", userId),
  );
}

/** The id of the user's customer profile, or null (an administrator, staff). */
export function customerIdOfUser(userId: number) {
  return queryBuilder.selectFrom("CustomerProfile as c").select("c.id").where("c.userId", "=", userId);
}

type ViewerCustomerJson = ReturnType<typeof viewerCustomerJson> extends RawBuilder<infer T> ? T : never;

/** Reads viewerCustomerJson's value back: the profile, and the figures the request's loaders start with. */
export function viewerCustomerFromJson(json: ViewerCustomerJson): {
  customer: CustomerProfile | null;
  figures: ViewerFigures | null;
} {
  if (!json) return { customer: null, figures: null };
  const { creditsPence, milestonePayments, paymentRequests, ...profile } = json;
  const customer = fromJson<"CustomerProfile", Row<"CustomerProfile">>("CustomerProfile", profile);
  return {
    customer,
    figures: {
      customerId: customer.id,
      creditsPence: Number(creditsPence ?? 0),
      milestonePayments: milestonePayments.map((payment) =>
        fromJson<"MilestonePayment", Row<"MilestonePayment">>("MilestonePayment", payment),
      ),
      paymentRequests: paymentRequests.map((request) =>
        fromJson<"CustomerPaymentRequest", Row<"CustomerPaymentRequest">>("CustomerPaymentRequest", request),
      ),
    },
  };
}
