import { ADMIN_ACTION_ERRORS } from "../customers/types.ts";
import { queryBuilder, runFirst } from "../db/query.ts";
import type { PurchaseVerificationRequest } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import { ErrorInterface, Money } from "../graphql/commonTypes.ts";
import { databaseIdOf } from "../graphql/globalIds.ts";
import { type KeysetOrder, keysetConnection, positionOfId } from "../graphql/pager.ts";
import { MAX_PAGE_SIZE } from "../graphql/requestLimits.ts";
import { afterDatabaseIdArg } from "../graphql/sharedFields.ts";
import { actorOf } from "../lib/actor.ts";
import { displayName } from "../lib/displayName.ts";
import { AppError } from "../lib/errors.ts";
import { PENDING_PAYOUTS_DEFAULT_SIZE } from "../lib/listSizes.ts";
import { hasLapsed, lapseCutoff, lapsesAt, REQUEST_LIFETIME_DAYS } from "../lib/requestLapse.ts";
import {
  approvePurchaseVerificationRequest,
  declinePurchaseVerificationRequest,
  type VerifiedPurchase,
  withdrawPurchaseVerificationRequest,
} from "./purchases.ts";
import { VERIFICATION_REQUEST_MESSAGES } from "./verificationRequests.ts";

export const PurchaseVerificationRequestStatusEnum = builder.enumType("PurchaseVerificationRequestStatus", {
  description: `PENDING until another administrator approves it (the purchase is verified and credited then) or declines it, or until the asker withdraws it (WITHDRAWN). LAPSED: still undecided ${REQUEST_LIFETIME_DAYS} days after it was asked for; it can no longer be approved.`,
  values: ["PENDING", "APPROVED", "DECLINED", "WITHDRAWN", "LAPSED"] as const,
});

export const PurchaseVerificationRequestType = builder.prismaNode("PurchaseVerificationRequest", {
  description:
    "A purchase of a referral with signals, above the flagged verification approval, waiting for (or decided by) a second administrator. Administrators only.",
  id: { field: "id" },
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    referral: t.relation("referral"),
    referralDatabaseId: t.exposeInt("referralId", { description: "The referral's numeric id." }),
    customerDatabaseId: t.int({
      description: "The referring customer's numeric id.",
      select: { referral: { select: { customerId: true } } },
      resolve: (request) => request.referral.customerId,
    }),
    customerName: t.string({
      description: "The referring customer's full name, or their username when they gave none.",
      select: {
        referral: {
          select: { customer: { select: { user: { select: { firstName: true, lastName: true, username: true } } } } },
        },
      },
      resolve: (request) => {
        const user = request.referral.customer.user;
        return displayName(user.firstName, user.lastName, user.username);
      },
    }),
    amount: t.field({
      type: Money,
      description: "The purchase it verifies when approved.",
      resolve: (r) => r.amountPence,
    }),
    notes: t.exposeString("notes", { description: "The asking administrator's note: why they verify it." }),
    status: t.field({
      type: PurchaseVerificationRequestStatusEnum,
      resolve: (r) => (hasLapsed(r) ? "LAPSED" : r.status),
    }),
    requestedBy: t.relation("requestedBy", { description: "The administrator who asked for it." }),
    requestedAt: t.expose("requestedAt", { type: "DateTime" }),
    lapsesAt: t.field({
      type: "DateTime",
      description: `When an undecided request lapses: ${REQUEST_LIFETIME_DAYS} days after it was asked for.`,
      resolve: lapsesAt,
    }),
    requestedByViewer: t.boolean({
      description: "True when the signed-in administrator asked for it: they cannot approve or decline it.",
      resolve: (r, _args, context) => r.requestedById === context.viewer?.id,
    }),
    decidedBy: t.relation("decidedBy", {
      nullable: true,
      description: "The administrator who approved or declined it.",
    }),
    decidedAt: t.expose("decidedAt", { type: "DateTime", nullable: true }),
    declineReason: t.exposeString("declineReason", { nullable: true }),
    purchase: t.relation("purchase", { nullable: true, description: "The purchase verified on approval." }),
  }),
});

/**
 * What verifyPurchase answers when a flagged purchase waits for a second administrator: an Error
 * (AWAITING_APPROVAL), so a client that reads only the success branch cannot take it for done.
 */
export class PurchaseVerificationAwaitingApproval extends AppError {
  readonly code = "AWAITING_APPROVAL";
  readonly httpStatus = 202;
  constructor(
    readonly request: PurchaseVerificationRequest,
    thresholdPence: number,
  ) {
    super(VERIFICATION_REQUEST_MESSAGES.awaiting(request, thresholdPence));
  }
}

builder.objectType(PurchaseVerificationAwaitingApproval, {
  name: "PurchaseVerificationAwaitingApproval",
  description:
    "The referral has signals and the purchase is above the flagged verification approval: nothing is credited yet. It is a request another administrator approves or declines (code AWAITING_APPROVAL; REST answers 202 with the request).",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof PurchaseVerificationAwaitingApproval,
  fields: (t) => ({
    request: t.field({ type: PurchaseVerificationRequestType, resolve: (answer) => answer.request }),
  }),
});

/** The id grows with every request: oldest first. */
const OLDEST_REQUESTS_FIRST: KeysetOrder<{ id: number }> = {
  name: "pendingPurchaseVerificationRequests",
  keys: [],
  descending: false,
  keysOf: () => [],
};

builder.queryFields((t) => ({
  pendingPurchaseVerificationRequests: t.connection({
    type: PurchaseVerificationRequestType,
    description: `Flagged verifications waiting for a second administrator (not lapsed), oldest first; ${PENDING_PAYOUTS_DEFAULT_SIZE} per page by default, at most ${MAX_PAGE_SIZE}. Administrators only.`,
    authScopes: { admin: true },
    args: { afterDatabaseId: afterDatabaseIdArg(t, "verification request") },
    resolve: async (_root, args, context) =>
      keysetConnection(
        args,
        OLDEST_REQUESTS_FIRST,
        { defaultSize: PENDING_PAYOUTS_DEFAULT_SIZE, backwards: true },
        (request) =>
          context.prisma.purchaseVerificationRequest.findMany({
            where: {
              status: "PENDING",
              requestedAt: { gt: lapseCutoff() },
              id: {
                ...(request.after ? { gt: request.after.id } : {}),
                ...(request.before ? { lt: request.before.id } : {}),
              },
            },
            orderBy: { id: request.inverted ? "desc" : "asc" },
            take: request.limit,
          }),
        (row) => row,
        args.afterDatabaseId == null
          ? null
          : await positionOfId(OLDEST_REQUESTS_FIRST, args.afterDatabaseId, "verification request", (id) =>
              runFirst(
                context.sql,
                queryBuilder.selectFrom("PurchaseVerificationRequest").select("id").where("id", "=", id),
              ),
            ),
      ),
  }),
}));

const RequestIdInput = builder.inputType("ApprovePurchaseVerificationRequestInput", {
  fields: (t) => ({ requestId: t.id({ required: true, description: "The verification request's global id." }) }),
});

const DeclineInput = builder.inputType("DeclinePurchaseVerificationRequestInput", {
  fields: (t) => ({
    requestId: t.id({ required: true, description: "The verification request's global id." }),
    reason: t.string({ description: "Optional reason (at most 1000 characters)." }),
  }),
});

type ApprovedVerification = VerifiedPurchase & { request: PurchaseVerificationRequest };

const ApprovePayload = builder.objectRef<ApprovedVerification>("ApprovePurchaseVerificationRequestPayload").implement({
  fields: (t) => ({
    request: t.field({ type: PurchaseVerificationRequestType, resolve: (result) => result.request }),
    purchase: t.prismaField({
      type: "ReferralPurchase",
      description: "The purchase verified.",
      resolve: (query, result, _args, context) =>
        context.prisma.referralPurchase.findUniqueOrThrow({ ...query, where: { id: result.purchase.id } }),
    }),
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
      description: "The purchase amount × the rate in force at approval, rounded half-up to the penny.",
      resolve: (result) => result.creditPence,
    }),
  }),
});

const requestIdOf = (id: string | number) => databaseIdOf(id, "PurchaseVerificationRequest");

builder.mutationFields((t) => ({
  approvePurchaseVerificationRequest: t.field({
    type: ApprovePayload,
    description:
      "Approves another administrator's pending flagged verification: the purchase is verified and credited then, once, at the rate in force. Refused (CONFLICT) when the referral is no longer pending, is held, or the request has lapsed; FORBIDDEN on one's own request. Administrators only.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: RequestIdInput, required: true }) },
    resolve: (_root, { input }, context) =>
      approvePurchaseVerificationRequest(context.prisma, { requestId: requestIdOf(input.requestId) }, actorOf(context)),
  }),
  declinePurchaseVerificationRequest: t.field({
    type: PurchaseVerificationRequestType,
    description:
      "Declines another administrator's pending flagged verification: nothing is credited, and the referral stays pending. Administrators only.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: DeclineInput, required: true }) },
    resolve: (_root, { input }, context) =>
      declinePurchaseVerificationRequest(
        context.prisma,
        { requestId: requestIdOf(input.requestId), reason: input.reason },
        actorOf(context),
      ),
  }),
  withdrawPurchaseVerificationRequest: t.field({
    type: PurchaseVerificationRequestType,
    description:
      "Withdraws one's own pending flagged verification: nothing is credited, and the referral stays pending. Only the administrator who asked (FORBIDDEN otherwise). Administrators only.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: RequestIdInput, required: true }) },
    resolve: (_root, { input }, context) =>
      withdrawPurchaseVerificationRequest(
        context.prisma,
        { requestId: requestIdOf(input.requestId) },
        actorOf(context),
      ),
  }),
}));
