// The pending list's read model: verified customers with a milestone ready to be paid, with the figures the
// Milestone Payments tab shows (pendingListSchema.ts, pendingListRestRoutes.ts).
import type { ShallowDehydrateObject } from "kysely";
import { fromJson, precompile, precompileByShape, queryBuilder, type Row, run, sql } from "../db/query.ts";
import { matchingCustomerIds, parseSearch, type SearchKind, type SearchParams, searchKind } from "../db/search.ts";
import type { SqlReader } from "../db/sql.ts";
import type { CustomerPaymentRequest, CustomerProfile, MilestonePayment, User } from "../generated/prisma/client.ts";
import { OPEN_PAYMENT_REQUEST } from "./customerPaymentRequests.ts";
import { readyMilestone } from "./readyRuleSql.ts";
import { type MilestoneView, milestoneOverview, overpaidPence, totalPaidPence } from "./rules.ts";

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
 * payment request: one statement (see readyMilestonesPage). The rows are then checked again with rules.ts
 * itself, which is what processMilestonePayment enforces.
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
