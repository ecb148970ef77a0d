import { UserType } from "../auth/types.ts";
import { ADMIN_ACTION_ERRORS } from "../customers/types.ts";
import { SEARCH_DESCRIPTION } from "../db/search.ts";
import { builder } from "../graphql/builder.ts";
import { Money } from "../graphql/commonTypes.ts";
import { databaseIdOf } from "../graphql/globalIds.ts";
import { MAX_PAGE_SIZE } from "../graphql/requestLimits.ts";
import { mapMaybe } from "../graphql/requestLoaders.ts";
import { rowById } from "../graphql/rowLoaders.ts";
import { IDEMPOTENCY_KEY_DESCRIPTION, idempotent } from "../idempotency/index.ts";
import { actorOf } from "../lib/actor.ts";
import { displayName } from "../lib/displayName.ts";
import { IdempotencyKeyReusedError } from "../lib/errors.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";
import { MilestoneKeyEnum } from "../milestones/types.ts";
import { formatBasisPointsAsPercent } from "../settings/index.ts";
import { DEFAULT_CANCELLATION_CATEGORY } from "./cancellation.ts";
import { countPendingReferrals, pendingReferralsPage } from "./pendingQueue.ts";
import {
  countPurchasedReferrals,
  creditOf,
  customerUserOf,
  type ListedPurchase,
  purchasedReferralsPage,
  referralOf,
} from "./purchasedList.ts";
import { type CancelledPurchase, cancelReferralPurchase, type VerifiedPurchase, verifyPurchase } from "./purchases.ts";
import { CancellationCategoryEnum, ReferralType } from "./schema.ts";
import { PurchaseVerificationAwaitingApproval } from "./verificationRequestSchema.ts";

export const ReferralPurchaseType = builder.prismaNode("ReferralPurchase", {
  description:
    "A purchase an administrator verified for a referral. A cancelled purchase stays, with its reason, as history. Administrators only.",
  id: { field: "id" },
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id of the purchase." }),
    referralDatabaseId: t.exposeInt("referralId", {
      description: "The numeric id of the referral the REST paths use.",
    }),
    referral: t.field({ type: ReferralType, resolve: (purchase, _args, context) => referralOf(context, purchase) }),
    customerDatabaseId: t.int({
      resolve: (purchase, _args, context) => mapMaybe(referralOf(context, purchase), (referral) => referral.customerId),
    }),
    customerName: t.string({
      description: "The referring customer's full name, or their username when they gave none.",
      resolve: async (purchase, _args, context) => {
        const user = await customerUserOf(context, purchase);
        return displayName(user.firstName, user.lastName, user.username);
      },
    }),
    amount: t.field({
      type: Money,
      description: "What the referral spent.",
      resolve: (purchase) => purchase.amountPence,
    }),
    creditEarned: t.field({
      type: Money,
      description:
        "The credit it earned the customer, at the rate recorded below (reversed if the purchase was cancelled).",
      resolve: (purchase, _args, context) =>
        mapMaybe(creditOf(context, purchase), (credit) => credit?.amountPence ?? 0),
    }),
    creditRateBasisPoints: t.int({
      nullable: true,
      description: "The credit rate the credit was computed with (1100 = 11%).",
      resolve: (purchase, _args, context) =>
        mapMaybe(creditOf(context, purchase), (credit) => credit?.rateBasisPoints ?? null),
    }),
    creditRatePercent: t.string({
      nullable: true,
      description: 'The same rate for display, e.g. "11%".',
      resolve: (purchase, _args, context) =>
        mapMaybe(creditOf(context, purchase), (credit) =>
          credit == null ? null : formatBasisPointsAsPercent(credit.rateBasisPoints),
        ),
    }),
    notes: t.exposeString("notes", { nullable: true }),
    verifiedAt: t.expose("verifiedAt", {
      type: "DateTime",
      description: "When the purchase was verified: the purchase date.",
    }),
    verifiedBy: t.field({
      type: UserType,
      resolve: async (purchase: ListedPurchase, _args, context) => {
        const user = purchase.verifiedByRow ?? (await rowById(context, "User", purchase.verifiedById));
        if (!user) throw new Error(`purchase ${purchase.id} has no verifier`);
        return user;
      },
    }),
    isCancelled: t.boolean({ resolve: (purchase) => purchase.cancelledAt !== null }),
    cancelledAt: t.expose("cancelledAt", { type: "DateTime", nullable: true }),
    cancelledBy: t.field({
      type: UserType,
      nullable: true,
      resolve: (purchase: ListedPurchase, _args, context) => {
        if (purchase.cancelledById === null) return null;
        return purchase.cancelledByRow ?? rowById(context, "User", purchase.cancelledById);
      },
    }),
    cancellationReason: t.exposeString("cancellationReason", { nullable: true }),
    cancellationCategory: t.field({
      type: CancellationCategoryEnum,
      nullable: true,
      description:
        "The reason's category, what the customer is told; null while not cancelled (OTHER for cancellations recorded before categories).",
      resolve: (purchase) =>
        purchase.cancelledAt === null ? null : (purchase.cancellationCategory ?? DEFAULT_CANCELLATION_CATEGORY),
    }),
  }),
});

const ReferralQueueOrder = builder.enumType("ReferralQueueOrder", {
  description: "OLDEST_FIRST (the default) puts the referrals closest to expiry at the top.",
  values: ["OLDEST_FIRST", "NEWEST_FIRST"] as const,
});

builder.queryFields((t) => ({
  pendingReferrals: t.connection(
    {
      type: ReferralType,
      description: `Referrals waiting for a purchase to be verified, oldest first unless \`order\` says otherwise; ${ADMIN_LIST_DEFAULT_SIZE} per page by default, at most ${MAX_PAGE_SIZE}. Pages forwards (first, after). A referral 90 days old has expired and is not listed. Administrators only.`,
      authScopes: { admin: true },
      args: {
        order: t.arg({ type: ReferralQueueOrder, defaultValue: "OLDEST_FIRST" }),
        afterDatabaseId: t.arg.int({
          description: "Continue after the referral with this databaseId, in this order (the REST `?after=`).",
        }),
        search: t.arg.string({ description: SEARCH_DESCRIPTION }),
      },
      resolve: async (_root, args, context) => ({
        ...(await pendingReferralsPage(context.sql, args, args.order ?? "OLDEST_FIRST", {
          defaultSize: ADMIN_LIST_DEFAULT_SIZE,
        })),
        search: args.search ?? null,
      }),
    },
    {
      fields: (t) => ({
        totalCount: t.int({
          description: "How many referrals are waiting (matching the search, if any), over every page.",
          resolve: (connection, _args, context) => countPendingReferrals(context.sql, connection.search),
        }),
      }),
    },
  ),
  purchasedReferrals: t.connection(
    {
      type: ReferralPurchaseType,
      description: `Verified purchases, newest first; ${ADMIN_LIST_DEFAULT_SIZE} per page by default, at most ${MAX_PAGE_SIZE}. Pages forwards (first, after). Cancelled ones only with includeCancelled. Administrators only.`,
      authScopes: { admin: true },
      args: {
        includeCancelled: t.arg.boolean({
          defaultValue: false,
          description: "Also list cancelled purchases (the history).",
        }),
        afterReferralId: t.arg.int({
          description: "Continue after the purchase of the referral with this databaseId (the REST `?after=`).",
        }),
        search: t.arg.string({ description: SEARCH_DESCRIPTION }),
      },
      resolve: async (_root, args, context) => {
        const filter = { includeCancelled: args.includeCancelled === true, search: args.search ?? null };
        return {
          ...(await purchasedReferralsPage(context.sql, args, filter, { defaultSize: ADMIN_LIST_DEFAULT_SIZE })),
          filter,
        };
      },
    },
    {
      fields: (t) => ({
        totalCount: t.int({
          description: "How many purchases are listed (matching the search, if any), over every page.",
          resolve: (connection, _args, context) => countPurchasedReferrals(context.sql, connection.filter),
        }),
      }),
    },
  ),
}));

const VerifyPurchaseInput = builder.inputType("VerifyPurchaseInput", {
  fields: (t) => ({
    referralId: t.id({ required: true, description: "The referral's global id." }),
    amount: t.string({
      required: true,
      description:
        'What the referral spent, in pounds as typed: "120.00", "120.5" or "1,234.56"; more than £0.00, at most £10,000,000, two decimals at most.',
    }),
    notes: t.string({
      description:
        "Notes (at most 1000 characters): optional, except for a referral with signals, whose verification needs a note saying why.",
    }),
    idempotencyKey: t.string({ description: IDEMPOTENCY_KEY_DESCRIPTION }),
  }),
});

const VerifyPurchasePayload = builder.objectRef<VerifiedPurchase>("VerifyPurchasePayload").implement({
  fields: (t) => ({
    purchase: t.field({ type: ReferralPurchaseType, resolve: (result) => result.purchase }),
    referral: t.prismaField({
      type: "Referral",
      resolve: (query, result, _args, context) =>
        context.prisma.referral.findUniqueOrThrow({ ...query, where: { id: result.referralId } }),
    }),
    customer: t.prismaField({
      type: "CustomerProfile",
      description: "The referring customer, with the new credit counted.",
      resolve: (query, result, _args, context) =>
        context.prisma.customerProfile.findUniqueOrThrow({ ...query, where: { id: result.customerId } }),
    }),
    creditEarned: t.field({
      type: Money,
      description: "The purchase amount × the rate, rounded half-up to the penny.",
      resolve: (result) => result.creditPence,
    }),
    creditRateBasisPoints: t.int({ resolve: (result) => result.rateBasisPoints }),
    creditRatePercent: t.string({ resolve: (result) => formatBasisPointsAsPercent(result.rateBasisPoints) }),
    milestonesReached: t.field({
      type: [MilestoneKeyEnum],
      description: "The milestones this credit made ready to be paid (the customer was emailed about each).",
      resolve: (result) => result.milestonesReached,
    }),
  }),
});

const CancelReferralPurchaseInput = builder.inputType("CancelReferralPurchaseInput", {
  fields: (t) => ({
    referralId: t.id({ required: true, description: "The purchased referral's global id." }),
    reason: t.string({
      required: true,
      description: "Why the purchase is cancelled; required (at most 1000 characters).",
    }),
    category: t.field({
      type: CancellationCategoryEnum,
      description: "The reason's category, the part the referring customer's row and feed show; OTHER when left out.",
    }),
    idempotencyKey: t.string({ description: IDEMPOTENCY_KEY_DESCRIPTION }),
  }),
});

const CancelReferralPurchasePayload = builder.objectRef<CancelledPurchase>("CancelReferralPurchasePayload").implement({
  fields: (t) => ({
    purchase: t.field({
      type: ReferralPurchaseType,
      description: "The cancelled purchase, kept as history.",
      resolve: (result) => result.purchase,
    }),
    referral: t.prismaField({
      type: "Referral",
      description: "The referral, pending again.",
      resolve: (query, result, _args, context) =>
        context.prisma.referral.findUniqueOrThrow({ ...query, where: { id: result.referralId } }),
    }),
    customer: t.prismaField({
      type: "CustomerProfile",
      description: "The referring customer, with the credit reversed.",
      resolve: (query, result, _args, context) =>
        context.prisma.customerProfile.findUniqueOrThrow({ ...query, where: { id: result.customerId } }),
    }),
    creditReversed: t.field({
      type: Money,
      description: "The credit taken back (the reversal entry is its negative).",
      resolve: (result) => result.reversedPence,
    }),
    overpaid: t.field({
      type: Money,
      description:
        "How far milestones already paid now exceed the customer's credits; zero when they do not. Nothing more is payable until credits catch up.",
      resolve: (result) => result.overpaidPence,
    }),
  }),
});

builder.mutationFields((t) => ({
  verifyPurchase: t.field({
    type: VerifyPurchasePayload,
    description:
      "Verifies a pending referral's purchase and credits the referring customer at the rate in force. Administrators only. A purchase already verified, an expired or a held referral is refused (CONFLICT). A referral with signals needs `notes` (BAD_INPUT on notes), and above the flagged verification approval answers PurchaseVerificationAwaitingApproval (AWAITING_APPROVAL): another administrator must approve it.",
    authScopes: { admin: true },
    errors: { types: [...ADMIN_ACTION_ERRORS, IdempotencyKeyReusedError, PurchaseVerificationAwaitingApproval] },
    args: { input: t.arg({ type: VerifyPurchaseInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const outcome = await idempotent(context, "verifyPurchase", input, (db) =>
        verifyPurchase(
          db,
          { referralId: databaseIdOf(input.referralId, "Referral"), amount: input.amount, notes: input.notes },
          actorOf(context),
        ),
      );
      if ("awaiting" in outcome)
        throw new PurchaseVerificationAwaitingApproval(outcome.awaiting, outcome.thresholdPence);
      return outcome;
    },
  }),
  cancelReferralPurchase: t.field({
    type: CancelReferralPurchasePayload,
    description:
      "Cancels a purchased referral's purchase with a reason: its credit is reversed and the referral is pending again. Administrators only.",
    authScopes: { admin: true },
    errors: { types: [...ADMIN_ACTION_ERRORS, IdempotencyKeyReusedError] },
    args: { input: t.arg({ type: CancelReferralPurchaseInput, required: true }) },
    resolve: (_root, { input }, context) =>
      idempotent(context, "cancelReferralPurchase", input, (db) =>
        cancelReferralPurchase(
          db,
          { referralId: databaseIdOf(input.referralId, "Referral"), reason: input.reason, category: input.category },
          actorOf(context),
        ),
      ),
  }),
}));
