import { ActivityType, CustomerType, mayReadCustomerData, verifiedOnlyError } from "../customers/index.ts";
import { type Activity, type CustomerProfile, type Referral, ReferralStatus } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import { Money, MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import { databaseIdOf } from "../graphql/globalIds.ts";
import { guardNodeReads } from "../graphql/nodeAccess.ts";
import { mapMaybe } from "../graphql/requestLoaders.ts";
import { rowById } from "../graphql/rowLoaders.ts";
import { ForbiddenError } from "../lib/errors.ts";
import { customerReferralPosition, customerReferralsPage, livePurchaseOf } from "./pages.ts";
import { addReferral, ageDisplay, ageInDays, daysRemaining, expiryDisplay, STATUS_DISPLAY } from "./service.ts";

export const ReferralStatusEnum = builder.enumType(ReferralStatus, {
  name: "ReferralStatus",
  description:
    "PENDING when added, PURCHASED once an administrator verifies a purchase, EXPIRED 90 days after it was added if still pending.",
});

export const ReferralType = builder.prismaNode("Referral", {
  description: "A person a customer referred. Personal data is erased (null) once the referral expires.",
  id: { field: "id" },
  // No type-level scopes (see graphql/nodeAccess.ts): every field returning a referral is guarded.
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    name: t.exposeString("name", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true, description: 'E.164, e.g. "+447400123456".' }),
    email: t.exposeString("email", { nullable: true }),
    address: t.exposeString("address", { nullable: true }),
    customerDatabaseId: t.exposeInt("customerId", { description: "The referring customer's numeric id." }),
    customer: t.field({
      type: CustomerType,
      // A referral read with its customer (a list's statement) carries it as `customerRow` (not
      // `customer`, which a Prisma selection may have filled with a few columns); otherwise one batched read.
      resolve: async (referral, _args, context) => {
        const withCustomer = referral as typeof referral & { customerRow?: CustomerProfile };
        const customer = withCustomer.customerRow ?? (await rowById(context, "CustomerProfile", referral.customerId));
        if (!customer) throw new Error(`referral ${referral.id} has no customer`);
        return customer;
      },
    }),
    status: t.expose("status", { type: ReferralStatusEnum }),
    statusDisplay: t.string({
      description: "Pending, Purchased or Expired.",
      resolve: (referral) => STATUS_DISPLAY[referral.status],
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", {
      type: "DateTime",
      description: "When a still-pending referral expires (90 days after it was added).",
    }),
    daysRemaining: t.int({
      nullable: true,
      description:
        "Whole days until expiry while pending (rounded up: 90 on the day it is added), 0 once expired, null once purchased.",
      resolve: (referral) => daysRemaining(referral),
    }),
    expiryDisplay: t.string({
      nullable: true,
      description:
        'What the customer\'s row says about expiry: "N days left" while pending, "Expires on 3 March" (London day) in its last 10 days, why once expired; null once purchased or withdrawn.',
      resolve: (referral) => expiryDisplay(referral),
    }),
    ageInDays: t.int({
      description: "Whole days since it was added.",
      resolve: (referral) => ageInDays(referral.createdAt),
    }),
    ageDisplay: t.string({
      description: "Today, Yesterday, N days ago, N weeks ago or N months ago.",
      resolve: (referral) => ageDisplay(ageInDays(referral.createdAt)),
    }),
    purchaseAmount: t.field({
      type: Money,
      nullable: true,
      description: "What the referral spent, once purchased.",
      resolve: (referral, _args, context) =>
        mapMaybe(livePurchaseOf(context, referral), (purchase) => purchase?.amountPence ?? null),
    }),
    purchaseDate: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the purchase was verified.",
      resolve: (referral, _args, context) =>
        mapMaybe(livePurchaseOf(context, referral), (purchase) => purchase?.verifiedAt ?? null),
    }),
    creditEarned: t.field({
      type: Money,
      nullable: true,
      description: "The credit the purchase earned the customer, at the rate in force when it was verified.",
      resolve: (referral, _args, context) =>
        mapMaybe(livePurchaseOf(context, referral), (purchase) => purchase?.creditPence ?? null),
    }),
  }),
});

guardNodeReads<Referral>("Referral", (referral, context) => mayReadCustomerData(context, referral));

builder.prismaObjectFields("CustomerProfile", (t) => ({
  referrals: t.connection({
    type: ReferralType,
    description: "The customer's referrals, newest first. Verified customers and administrators only.",
    authScopes: { verifiedCustomer: true, admin: true },
    unauthorizedError: (_parent, _args, context) => verifiedOnlyError(context),
    args: {
      afterDatabaseId: t.arg.int({
        description: "Continue after the referral with this databaseId (the REST `?after=`).",
      }),
    },
    resolve: async (customer, args, context) =>
      customerReferralsPage(
        context,
        customer.id,
        args,
        args.afterDatabaseId == null
          ? null
          : await customerReferralPosition(context.sql, customer.id, args.afterDatabaseId),
      ),
  }),
}));

const AddReferralInput = builder.inputType("AddReferralInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: "Full name." }),
    phone: t.string({
      required: true,
      description: 'A UK number in any usual form; stored in E.164 ("+447400123456").',
    }),
    email: t.string({ description: "Optional; must be a valid address when given." }),
    address: t.string(),
    customerId: t.id({
      description:
        "Optional. Referrals are always added to the signed-in customer; the id of any other customer is refused.",
    }),
  }),
});

const AddReferralPayload = builder
  .objectRef<{ referral: Referral; activity: Activity }>("AddReferralPayload")
  .implement({
    fields: (t) => ({
      referral: t.field({ type: ReferralType, resolve: (payload) => payload.referral }),
      activity: t.field({
        type: ActivityType,
        description: "The activity the addition put at the top of the customer's feed.",
        resolve: (payload) => payload.activity,
      }),
    }),
  });

/** The customer id a client claimed, as a database id: a global id of a Customer, else "not one". */
function claimedCustomerDatabaseId(customerId: string | number | null | undefined): string | null {
  if (customerId == null || customerId === "") return null;
  return String(databaseIdOf(customerId, "Customer") ?? "invalid");
}

builder.mutationFields((t) => ({
  addReferral: t.field({
    type: AddReferralPayload,
    description: "Adds a referral for the signed-in, verified customer.",
    errors: { types: [...MUTATION_ERRORS, ForbiddenError] },
    args: { input: t.arg({ type: AddReferralInput, required: true }) },
    resolve: (_root, { input }, context) =>
      addReferral(context.prisma, context.viewer, {
        ...input,
        claimedCustomerId: claimedCustomerDatabaseId(input.customerId),
      }),
  }),
}));
