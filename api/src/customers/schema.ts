import { UserType } from "../auth/types.ts";
import { CustomerStatus, type User } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import { Money, MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import type { Context, Viewer } from "../graphql/context.ts";
import { MAX_DATABASE_ID } from "../graphql/globalIds.ts";
import { mapMaybe } from "../graphql/requestLoaders.ts";
import { rowBy, rowById } from "../graphql/rowLoaders.ts";
import type { PaymentFact } from "../milestones/index.ts";
import { mayReadCustomer } from "./access.ts";
import { creditsLoader } from "./credits.ts";
import { milestonePaymentsNow, withCreditsAndPayments } from "./figures.ts";
import { completeRegistration, customerFigures } from "./service.ts";

export const CustomerStatusEnum = builder.enumType(CustomerStatus, {
  name: "CustomerStatus",
  description:
    "PENDING until the team reviews the registration; VERIFIED opens the dashboard; REJECTED carries a reason.",
});

/** The customer's figures: at once when credits and payments are known (the viewer's, primed by the session). */
function figuresOf(customer: { id: number; originalPurchaseAmountPence: number }, context: Context) {
  return withCreditsAndPayments(context, customer, (credits, payments) =>
    customerFigures(customer.originalPurchaseAmountPence, credits, payments),
  );
}

function hasPaid(customer: { id: number }, milestone: PaymentFact["milestone"], context: Context) {
  return mapMaybe(milestonePaymentsNow(context, customer), (payments) =>
    payments.some((payment) => payment.milestone === milestone),
  );
}

export const CustomerType = builder.prismaNode("CustomerProfile", {
  name: "Customer",
  description: "A customer's registration and progress. Readable by its owner and by administrators only.",
  id: { field: "id" },
  // Through any field or node(id): the owner (verified or not) or an administrator.
  authScopes: (customer, context) => mayReadCustomer(context, customer),
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    status: t.expose("status", { type: CustomerStatusEnum }),
    isVerified: t.boolean({ resolve: (customer) => customer.status === "VERIFIED" }),
    rejectionReason: t.exposeString("rejectionReason", {
      nullable: true,
      description: "Why the registration was rejected, while it is REJECTED; the customer may correct and resubmit.",
    }),
    originalPurchaseAmount: t.field({ type: Money, resolve: (customer) => customer.originalPurchaseAmountPence }),
    currentCredits: t.field({
      type: Money,
      description: "The sum of the customer's credit ledger (credits less reversals).",
      resolve: (customer, _args, context) => creditsLoader(context).loadNow(customer.id),
    }),
    creditsPaid: t.field({
      type: Money,
      description: "The milestone tranches paid out so far.",
      resolve: (customer, _args, context) =>
        mapMaybe(figuresOf(customer, context), (figures) => figures.creditsPaidPence),
    }),
    progressPercentage: t.int({
      description: "Current credits as a whole percentage of the original purchase, capped at 100.",
      resolve: (customer, _args, context) =>
        mapMaybe(figuresOf(customer, context), (figures) => figures.progressPercentage),
    }),
    remainingToTarget: t.field({
      type: Money,
      description: "Original purchase less current credits, never below zero.",
      resolve: (customer, _args, context) =>
        mapMaybe(figuresOf(customer, context), (figures) => figures.remainingToTargetPence),
    }),
    postcode: t.exposeString("postcode"),
    contractNumber: t.exposeString("contractNumber"),
    milestone33Paid: t.boolean({ resolve: (customer, _args, context) => hasPaid(customer, "M33", context) }),
    milestone66Paid: t.boolean({ resolve: (customer, _args, context) => hasPaid(customer, "M66", context) }),
    milestone100Paid: t.boolean({ resolve: (customer, _args, context) => hasPaid(customer, "M100", context) }),
    refundIssued: t.boolean({
      description: "True once the 100% milestone (the last part of the full refund) has been paid.",
      resolve: (customer, _args, context) => hasPaid(customer, "M100", context),
    }),
    termsAcceptedAt: t.expose("termsAcceptedAt", { type: "DateTime" }),
    verifiedAt: t.expose("verifiedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    user: t.field({
      type: UserType,
      // A profile read with its account (a list's statement) carries it as `userRow`; otherwise one batched read.
      resolve: async (customer, _args, context) => {
        const withUser = customer as typeof customer & { userRow?: User };
        const user = withUser.userRow ?? (await rowById(context, "User", customer.userId));
        if (!user) throw new Error(`customer ${customer.id} has no user`);
        return user;
      },
    }),
  }),
});

builder.objectField(UserType, "customer", (t) =>
  t.field({
    type: CustomerType,
    nullable: true,
    description: "The customer profile, once registration is complete; null before.",
    // The signed-in user carries the profile the session read; any other user's is one batched read.
    resolve: (user, _args, context) =>
      "customer" in user ? (user as Viewer).customer : rowBy(context, "CustomerProfile", "userId", user.id),
  }),
);

builder.queryFields((t) => ({
  customer: t.field({
    type: CustomerType,
    nullable: true,
    description:
      "One customer by numeric id, for the admin customer page; null when there is none. Administrators only.",
    authScopes: { admin: true },
    args: { databaseId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) =>
      Number.isInteger(args.databaseId) && args.databaseId >= 1 && args.databaseId <= MAX_DATABASE_ID
        ? rowById(context, "CustomerProfile", args.databaseId)
        : null,
  }),
}));

const CompleteRegistrationInput = builder.inputType("CompleteRegistrationInput", {
  fields: (t) => ({
    originalPurchaseAmount: t.string({
      required: true,
      description: 'In pounds, as typed: "120.00", "120.5" or "1,234.56"; at most two decimals.',
    }),
    postcode: t.string({ required: true, description: 'A UK postcode in any case and spacing; stored as "SW1A 1AA".' }),
    contractNumber: t.string({ required: true }),
    termsAccepted: t.boolean({ required: true, description: "Must be true: the time of acceptance is recorded." }),
  }),
});

builder.mutationFields((t) => ({
  completeRegistration: t.field({
    type: CustomerType,
    description:
      "Registers the signed-in user's original purchase for review (PENDING). A REJECTED customer may correct and resubmit; anyone else is refused.",
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CompleteRegistrationInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const profile = await completeRegistration(context.prisma, context.viewer, input);
      if (context.viewer) context.viewer = { ...context.viewer, customer: profile };
      return profile;
    },
  }),
}));
