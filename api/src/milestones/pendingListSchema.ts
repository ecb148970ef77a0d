// The pending list (pendingMilestonePayments): verified customers with a milestone ready to be paid.
import { CustomerType } from "../customers/types.ts";
import { queryBuilder, runFirst } from "../db/query.ts";
import { SEARCH_DESCRIPTION } from "../db/search.ts";
import { builder } from "../graphql/builder.ts";
import { type KeysetOrder, keysetConnection, positionOfId } from "../graphql/pager.ts";
import { MAX_PAGE_SIZE } from "../graphql/requestLimits.ts";
import { afterDatabaseIdArg, moneyField } from "../graphql/sharedFields.ts";
import { displayName } from "../lib/displayName.ts";
import { PENDING_MILESTONES_DEFAULT_SIZE } from "../lib/listSizes.ts";
import { paymentRequestsLoader } from "./customerPaymentRequests.ts";
import { listCustomersWithReadyMilestones, type ReadyMilestoneCustomer } from "./pendingList.ts";
import { type MilestoneView, milestoneTypeName, progressPercentage } from "./rules.ts";
import { type CustomerMilestone, MilestoneType, withCustomerId } from "./schema.ts";
import { MilestoneKeyEnum } from "./types.ts";

const MILESTONE_DESCRIPTIONS: Record<MilestoneView["key"], string> = {
  M33: "33% milestone: the first part of the refund",
  M66: "66% milestone: the second part of the refund",
  M100: "100% milestone: the final part, completing the full refund",
};

export const AvailableMilestoneType = builder.objectRef<CustomerMilestone>("AvailableMilestone").implement({
  description: "A milestone an administrator can pay now: its description and fixed amount.",
  fields: (t) => ({
    key: t.field({ type: MilestoneKeyEnum, resolve: (m) => m.key }),
    milestoneType: t.string({
      description: 'The REST name: "milestone_33", "milestone_66" or "milestone_100".',
      resolve: (m) => milestoneTypeName(m.key),
    }),
    percent: t.exposeInt("percent"),
    description: t.string({ resolve: (m) => MILESTONE_DESCRIPTIONS[m.key] }),
    amount: moneyField(t, (m) => m.tranchePence, "The tranche it pays."),
  }),
});

const paid = (item: ReadyMilestoneCustomer, key: MilestoneView["key"]) =>
  item.milestones.some((m) => m.key === key && m.state === "PAID");

const PendingMilestoneCustomerType = builder.objectRef<ReadyMilestoneCustomer>("PendingMilestoneCustomer").implement({
  description: "A verified customer with at least one milestone ready to be paid.",
  fields: (t) => ({
    customer: t.field({ type: CustomerType, resolve: (item) => item.customer }),
    customerDatabaseId: t.int({
      description: "The customer's numeric id (the REST customerId).",
      resolve: (item) => item.customer.id,
    }),
    customerName: t.string({
      description: "The customer's full name, or their username when they gave none.",
      resolve: (item) =>
        displayName(item.customer.user.firstName, item.customer.user.lastName, item.customer.user.username),
    }),
    email: t.string({ resolve: (item) => item.customer.user.email }),
    originalPurchase: moneyField(t, (item) => item.customer.originalPurchaseAmountPence),
    creditsEarned: moneyField(t, (item) => item.creditsPence, "Current credits: the ledger's sum."),
    alreadyPaid: moneyField(t, (item) => item.paidPence, "Milestone tranches paid so far."),
    progressPercentage: t.int({
      description: "Credits as a whole percentage of the original purchase, capped at 100.",
      resolve: (item) => progressPercentage(item.customer.originalPurchaseAmountPence, item.creditsPence),
    }),
    overpaid: moneyField(
      t,
      (item) => item.overpaidPence,
      "How far milestones paid exceed the credits (after a cancellation); zero when they do not.",
    ),
    milestone33Paid: t.boolean({ resolve: (item) => paid(item, "M33") }),
    milestone66Paid: t.boolean({ resolve: (item) => paid(item, "M66") }),
    milestone100Paid: t.boolean({ resolve: (item) => paid(item, "M100") }),
    availableMilestones: t.field({
      type: [AvailableMilestoneType],
      description: "The milestones READY to be paid, in order.",
      resolve: (item) =>
        withCustomerId(
          item.customer.id,
          item.milestones.filter((m) => m.state === "READY"),
        ),
    }),
    milestones: t.field({
      type: [MilestoneType],
      description: "All three milestones with their states.",
      resolve: (item) => withCustomerId(item.customer.id, item.milestones),
    }),
  }),
});

/** Customers by id: the queue's order. */
const BY_CUSTOMER_ID: KeysetOrder<{ id: number }> = {
  name: "pendingMilestones",
  keys: [],
  descending: false,
  keysOf: () => [],
};

builder.queryFields((t) => ({
  pendingMilestonePayments: t.connection({
    type: PendingMilestoneCustomerType,
    description: `Verified customers with a milestone ready to be paid, by customer id; ${PENDING_MILESTONES_DEFAULT_SIZE} per page by default, at most ${MAX_PAGE_SIZE}. Administrators only.`,
    authScopes: { admin: true },
    args: {
      search: t.arg.string({ description: SEARCH_DESCRIPTION }),
      requested: t.arg.boolean({
        description:
          "True: only the customers who asked for a ready milestone to be paid (an open payment request), by customer id.",
      }),
      afterDatabaseId: afterDatabaseIdArg(t, "customer"),
    },
    resolve: async (_root, args, context) =>
      keysetConnection(
        args,
        BY_CUSTOMER_ID,
        { defaultSize: PENDING_MILESTONES_DEFAULT_SIZE },
        async (request) => {
          const items = await listCustomersWithReadyMilestones(context.sql, {
            afterCustomerId: request.after?.id ?? null,
            limit: request.limit,
            search: args.search,
            requested: args.requested,
          });
          // Each row's payment requests came with the page: its milestones' paymentRequestedAt reads them.
          const requests = paymentRequestsLoader(context);
          for (const item of items) requests.prime(item.customer.id, item.paymentRequests);
          return items.map((item) => ({ id: item.customer.id, item }));
        },
        (row) => row.item,
        args.afterDatabaseId == null
          ? null
          : await positionOfId(BY_CUSTOMER_ID, args.afterDatabaseId, "customer", (id) =>
              runFirst(context.sql, queryBuilder.selectFrom("CustomerProfile").select("id").where("id", "=", id)),
            ),
      ),
  }),
}));
