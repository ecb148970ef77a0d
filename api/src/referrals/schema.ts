import { mayReadCustomerData, verifiedOnlyError } from "../customers/index.ts";
import { ActivityType, CustomerType } from "../customers/types.ts";
import {
  type Activity,
  CancellationCategory,
  type CustomerProfile,
  type Referral,
  ReferralChannel,
  ReferralStatus,
} from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import { Money, MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import { databaseIdOf } from "../graphql/globalIds.ts";
import { guardNodeReads } from "../graphql/nodeAccess.ts";
import { mapMaybe } from "../graphql/requestLoaders.ts";
import { rowById } from "../graphql/rowLoaders.ts";
import { IDEMPOTENCY_KEY_DESCRIPTION, idempotent } from "../idempotency/index.ts";
import { ForbiddenError, IdempotencyKeyReusedError } from "../lib/errors.ts";
import { formatPhone, PHONE_DISPLAY_DESCRIPTION } from "../lib/phoneDisplay.ts";
import {
  CANCELLATION_CATEGORY_TEXT,
  cancellationCategoryLabel,
  cancellationOf,
  type ReferralCancellation,
} from "./cancellation.ts";
import { type ReferralChange, updateReferral, withdrawReferral } from "./changes.ts";
import { customerReferralPosition, customerReferralsPage, livePurchaseOf } from "./pages.ts";
import {
  addReferral,
  ageDisplay,
  ageInDays,
  daysRemaining,
  effectiveExpiresAt,
  expiryDisplay,
  STATUS_DISPLAY,
} from "./service.ts";

export const ReferralStatusEnum = builder.enumType(ReferralStatus, {
  name: "ReferralStatus",
  description:
    "PENDING when added, PURCHASED once an administrator verifies a purchase, EXPIRED 90 days after it was added if still pending, WITHDRAWN when its customer withdrew it while pending (its details erased).",
});

export const ReferralChannelEnum = builder.enumType(ReferralChannel, {
  name: "ReferralChannel",
  description:
    "How a referral was added: TYPED by the customer on the add form, SHARE_LINK by the friend on the customer's share link page, STAFF by a staff member on the customer's behalf. REST and the referral.added webhook give it in lower case.",
});

export const CancellationCategoryEnum = builder.enumType(CancellationCategory, {
  name: "CancellationCategory",
  description: `Why a purchase was cancelled, as the referring customer is told: ${Object.entries(
    CANCELLATION_CATEGORY_TEXT,
  )
    .map(([category, text]) => `${category} (${text})`)
    .join(", ")}. REST gives it in lower snake case.`,
});

const ReferralCancellationType = builder.objectRef<ReferralCancellation>("ReferralCancellation").implement({
  description:
    "Why a referral that had a purchase is pending again: its newest cancelled purchase, as the customer's row explains it (no administrator's name or notes).",
  fields: (t) => ({
    cancelledAt: t.expose("cancelledAt", { type: "DateTime" }),
    category: t.expose("category", { type: CancellationCategoryEnum }),
    categoryDisplay: t.string({
      description: 'The category as the row shows it: "Goods returned".',
      resolve: (cancellation) => cancellationCategoryLabel(cancellation.category),
    }),
    creditReversed: t.field({
      type: Money,
      description: "The credit the purchase had earned, taken back.",
      resolve: (cancellation) => cancellation.creditReversedPence,
    }),
  }),
});

export const ReferralType = builder.prismaNode("Referral", {
  description:
    "A person a customer referred. Personal data is erased (null) once the referral expires or is withdrawn.",
  id: { field: "id" },
  // No type-level scopes (see graphql/nodeAccess.ts): every field returning a referral is guarded.
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    name: t.exposeString("name", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true, description: 'E.164, e.g. "+447400123456".' }),
    phoneDisplay: t.string({
      nullable: true,
      description: PHONE_DISPLAY_DESCRIPTION,
      resolve: (referral) => (referral.phone ? formatPhone(referral.phone) : null),
    }),
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
      description: "Pending, Purchased, Expired or Withdrawn.",
      resolve: (referral) => STATUS_DISPLAY[referral.status],
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    channel: t.field({
      type: ReferralChannelEnum,
      description: "How the referral was added: typed by the customer, through their share link, or by staff.",
      // The admin lists read a few columns of the row: the channel then comes from one batched read.
      resolve: async (referral, _args, context) =>
        referral.channel ?? (await rowById(context, "Referral", referral.id))?.channel ?? "TYPED",
    }),
    expiresAt: t.field({
      type: "DateTime",
      description:
        "When a still-pending referral expires (90 days after it was added, later by any time it was held for review).",
      resolve: (referral) => effectiveExpiresAt(referral),
    }),
    daysRemaining: t.int({
      nullable: true,
      description:
        "Whole days until expiry while pending (rounded up: 90 on the day it is added), 0 once expired, null once purchased or withdrawn.",
      resolve: (referral) => daysRemaining(referral),
    }),
    expiryDisplay: t.string({
      nullable: true,
      description:
        'What the customer\'s row says about expiry: "N days left" while pending, "Expires on 3 March" (London day) in its last 10 days, why once expired; null once purchased or withdrawn.',
      resolve: (referral) => expiryDisplay(referral),
    }),
    cancellation: t.field({
      type: ReferralCancellationType,
      nullable: true,
      description:
        "While the referral is pending again after its purchase was cancelled: when, the reason's category and the credit taken back. Null otherwise.",
      resolve: (referral, _args, context) => cancellationOf(context, referral),
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
    description:
      "The customer's referrals, newest first, all or those of one status. Verified customers and administrators only.",
    authScopes: { verifiedCustomer: true, admin: true },
    unauthorizedError: (_parent, _args, context) => verifiedOnlyError(context),
    args: {
      afterDatabaseId: t.arg.int({
        description: "Continue after the referral with this databaseId (the REST `?after=`).",
      }),
      status: t.arg({
        type: ReferralStatusEnum,
        description: "Only the referrals in this status (the REST `?status=`); all when absent.",
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
        args.status ?? null,
      ),
  }),
}));

const AddReferralInput = builder.inputType("AddReferralInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: "Full name." }),
    phone: t.string({
      required: true,
      description:
        'A UK number in any usual form, or any country\'s in international form ("+33 6 12 34 56 78"); stored in E.164 ("+447400123456").',
    }),
    email: t.string({ description: "Optional; must be a valid address when given." }),
    address: t.string(),
    customerId: t.id({
      description:
        "Optional. Referrals are always added to the signed-in customer; the id of any other customer is refused.",
    }),
    idempotencyKey: t.string({ description: IDEMPOTENCY_KEY_DESCRIPTION }),
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
    errors: { types: [...MUTATION_ERRORS, ForbiddenError, IdempotencyKeyReusedError] },
    args: { input: t.arg({ type: AddReferralInput, required: true }) },
    resolve: (_root, { input }, context) =>
      idempotent(context, "addReferral", input, (db) => {
        const { idempotencyKey: _key, ...fields } = input;
        return addReferral(db, context.viewer, {
          ...fields,
          claimedCustomerId: claimedCustomerDatabaseId(input.customerId),
        });
      }),
  }),
}));

const UpdateReferralInput = builder.inputType("UpdateReferralInput", {
  description:
    "The whole corrected referral, as the add form sends it: an email or address left out is cleared. The rules of AddReferralInput apply.",
  fields: (t) => ({
    referralId: t.id({ required: true, description: "The pending referral's global id (one of the caller's own)." }),
    name: t.string({ required: true, description: "Full name." }),
    phone: t.string({ required: true, description: "As in AddReferralInput." }),
    email: t.string({ description: "Optional; must be a valid address when given." }),
    address: t.string(),
  }),
});

const WithdrawReferralInput = builder.inputType("WithdrawReferralInput", {
  fields: (t) => ({
    referralId: t.id({ required: true, description: "The pending referral's global id (one of the caller's own)." }),
  }),
});

/** A referral has a handful of activities (added, corrected, bought, cancelled, warned); the cap only bounds the answer. */
const REFERRAL_ACTIVITIES_LIMIT = 100;

/** The referral after the change, and the activity it put at the top of the feed. */
function referralChangePayload(name: string, activityDescription: string) {
  return builder.objectRef<ReferralChange>(name).implement({
    fields: (t) => ({
      referral: t.field({ type: ReferralType, resolve: (payload) => payload.referral }),
      activity: t.field({
        type: ActivityType,
        description: activityDescription,
        resolve: (payload) => payload.activity,
      }),
      referralActivities: t.field({
        type: [ActivityType],
        description: `Every activity about this referral as the feed reads it now (newest first, at most ${REFERRAL_ACTIVITIES_LIMIT}): a client replaces its copies, so no former or erased name stays on screen.`,
        resolve: (payload, _args, context) =>
          context.prisma.activity.findMany({
            where: { referralId: payload.referral.id, customerId: payload.referral.customerId },
            orderBy: [{ createdAt: "desc" }, { id: "desc" }],
            take: REFERRAL_ACTIVITIES_LIMIT,
          }),
      }),
    }),
  });
}

const UpdateReferralPayload = referralChangePayload("UpdateReferralPayload", "The REFERRAL_UPDATED activity.");
const WithdrawReferralPayload = referralChangePayload("WithdrawReferralPayload", "The REFERRAL_WITHDRAWN activity.");

builder.mutationFields((t) => ({
  updateReferral: t.field({
    type: UpdateReferralPayload,
    description:
      "Corrects one of the signed-in, verified customer's pending referrals: the validation and duplicate rules of addReferral. A purchased, expired or withdrawn referral is refused (CONFLICT); another customer's is NOT_FOUND.",
    errors: { types: [...MUTATION_ERRORS, ForbiddenError] },
    args: { input: t.arg({ type: UpdateReferralInput, required: true }) },
    resolve: (_root, { input }, context) =>
      updateReferral(
        context.prisma,
        context.viewer,
        { ...input, referralId: databaseIdOf(input.referralId, "Referral") },
        context.ip,
      ),
  }),
  withdrawReferral: t.field({
    type: WithdrawReferralPayload,
    description:
      "Withdraws one of the signed-in, verified customer's pending referrals: WITHDRAWN, its personal data erased at once; the friend may be referred again. A purchased, expired or withdrawn referral is refused (CONFLICT).",
    errors: { types: [...MUTATION_ERRORS, ForbiddenError] },
    args: { input: t.arg({ type: WithdrawReferralInput, required: true }) },
    resolve: (_root, { input }, context) =>
      withdrawReferral(
        context.prisma,
        context.viewer,
        { referralId: databaseIdOf(input.referralId, "Referral") },
        context.ip,
      ),
  }),
}));
