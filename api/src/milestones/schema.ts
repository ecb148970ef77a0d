import {
  creditsLoader,
  mayReadCustomerData,
  milestonePaymentsNow,
  verifiedOnlyError,
  withCreditsAndPayments,
} from "../customers/index.ts";
import { builder } from "../graphql/builder.ts";
import { Money } from "../graphql/commonTypes.ts";
import { mapMaybe } from "../graphql/requestLoaders.ts";
import { moneyField } from "../graphql/sharedFields.ts";
import {
  MILESTONE_PERCENT,
  MILESTONE_TITLES,
  type MilestoneView,
  milestoneOverview,
  milestoneTypeName,
  overpaidPence,
} from "./rules.ts";
import { MilestoneKeyEnum } from "./types.ts";

export const MilestoneStateEnum = builder.enumType("MilestoneState", {
  description:
    "LOCKED: not payable yet (credits below its threshold or, after a cancellation, the credits not yet paid out do not cover its tranche); READY: payable now; PAID once an administrator has paid it.",
  values: ["LOCKED", "READY", "PAID"] as const,
});

/** A milestone with its customer, so its payment request can be read. */
export type CustomerMilestone = MilestoneView & { customerId: number };

export const withCustomerId = (customerId: number, milestones: MilestoneView[]): CustomerMilestone[] =>
  milestones.map((milestone) => ({ ...milestone, customerId }));

export const MilestoneType = builder.objectRef<CustomerMilestone>("Milestone").implement({
  description: "One of a customer's three milestones: what it pays and where it stands.",
  fields: (t) => ({
    key: t.field({ type: MilestoneKeyEnum, resolve: (m) => m.key }),
    percent: t.exposeInt("percent"),
    title: t.string({ resolve: (m) => MILESTONE_TITLES[m.key] }),
    threshold: moneyField(t, (m) => m.thresholdPence, "The current credits at which it is reached."),
    tranche: moneyField(
      t,
      (m) => m.tranchePence,
      "What it pays: round(33% P), round(66% P) − round(33% P), P − round(66% P); together exactly P.",
    ),
    state: t.field({ type: MilestoneStateEnum, resolve: (m) => m.state }),
    creditsNeeded: moneyField(
      t,
      (m) => m.creditsNeededPence,
      "Further credits needed before it can be paid: zero once READY or PAID. It counts both the threshold and, after a cancellation, the credits already paid out.",
    ),
    paidAt: t.field({ type: "DateTime", nullable: true, resolve: (m) => m.paidAt }),
  }),
});

export const MilestonePaymentType = builder.prismaNode("MilestonePayment", {
  id: { field: "id" },
  authScopes: (payment, context) => mayReadCustomerData(context, payment),
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    milestone: t.expose("milestone", { type: MilestoneKeyEnum }),
    milestoneType: t.string({
      description: 'The REST name: "milestone_33", "milestone_66" or "milestone_100".',
      resolve: (p) => milestoneTypeName(p.milestone),
    }),
    percent: t.int({ resolve: (p) => MILESTONE_PERCENT[p.milestone] }),
    amount: t.field({ type: Money, resolve: (p) => p.amountPence }),
    paidAt: t.expose("paidAt", { type: "DateTime" }),
    notes: t.exposeString("notes", {
      nullable: true,
      description: "The administrator's payment notes. Administrators only.",
      authScopes: { admin: true },
    }),
    paidBy: t.relation("paidBy", {
      description: "The administrator who paid it. Administrators only.",
      authScopes: { admin: true },
    }),
  }),
});

builder.prismaObjectFields("CustomerProfile", (t) => ({
  milestones: t.field({
    type: [MilestoneType],
    description: "The 33%, 66% and 100% milestones, in that order. Verified customers and administrators only.",
    authScopes: { verifiedCustomer: true, admin: true },
    unauthorizedError: (_parent, _args, context) => verifiedOnlyError(context),
    resolve: (customer, _args, context) =>
      withCreditsAndPayments(context, customer, (credits, payments) =>
        withCustomerId(customer.id, milestoneOverview(customer.originalPurchaseAmountPence, credits, payments)),
      ),
  }),
  milestonePayments: t.field({
    type: [MilestonePaymentType],
    description: "Payments made, oldest first. Verified customers and administrators only.",
    authScopes: { verifiedCustomer: true, admin: true },
    unauthorizedError: (_parent, _args, context) => verifiedOnlyError(context),
    resolve: (customer, _args, context) =>
      mapMaybe(milestonePaymentsNow(context, customer), (payments) =>
        [...payments].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime() || a.id - b.id),
      ),
  }),
  overpaid: t.field({
    type: Money,
    description:
      "How far milestones already paid exceed the current credits (after a cancellation); zero when they do not. Administrators only.",
    authScopes: { admin: true },
    select: { milestonePayments: true },
    resolve: async (customer, _args, context) =>
      overpaidPence(await creditsLoader(context).load(customer.id), customer.milestonePayments),
  }),
}));
