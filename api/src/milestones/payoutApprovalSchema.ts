import { ADMIN_ACTION_ERRORS } from "../customers/types.ts";
import { queryBuilder, runFirst } from "../db/query.ts";
import { builder } from "../graphql/builder.ts";
import { Money } from "../graphql/commonTypes.ts";
import { databaseIdOf, MAX_DATABASE_ID } from "../graphql/globalIds.ts";
import { type KeysetOrder, keysetConnection, positionOfId } from "../graphql/pager.ts";
import { MAX_PAGE_SIZE } from "../graphql/requestLimits.ts";
import { afterDatabaseIdArg } from "../graphql/sharedFields.ts";
import { actorOf } from "../lib/actor.ts";
import { displayName } from "../lib/displayName.ts";
import { PENDING_PAYOUTS_DEFAULT_SIZE } from "../lib/listSizes.ts";
import { hasLapsed, lapseCutoff, lapsesAt, REQUEST_LIFETIME_DAYS } from "../lib/requestLapse.ts";
import { MILESTONE_PERCENT, milestoneTypeName } from "./rules.ts";
import { MilestonePaymentType } from "./schema.ts";
import {
  type ApprovedPayout,
  approvePayoutRequest,
  declinePayoutRequest,
  requestMilestonePayout,
  withdrawPayoutRequest,
} from "./service.ts";
import { MilestoneKeyEnum } from "./types.ts";

export const PayoutRequestStatusEnum = builder.enumType("PayoutRequestStatus", {
  description: `PENDING until another administrator approves it (the milestone is paid then) or declines it, or until the administrator who asked withdraws it (WITHDRAWN; nothing is paid). LAPSED: still undecided ${REQUEST_LIFETIME_DAYS} days after it was asked for; it can no longer be approved or declined, and the milestone can be requested again.`,
  values: ["PENDING", "APPROVED", "DECLINED", "WITHDRAWN", "LAPSED"] as const,
});

export const PayoutRequestType = builder.prismaNode("PayoutRequest", {
  description:
    "A milestone payment above the payout approval threshold, waiting for a second administrator. Administrators only.",
  id: { field: "id" },
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    customer: t.relation("customer"),
    customerDatabaseId: t.exposeInt("customerId", { description: "The customer's numeric id." }),
    customerName: t.string({
      description: "The customer's full name, or their username when they gave none.",
      select: { customer: { select: { user: { select: { firstName: true, lastName: true, username: true } } } } },
      resolve: (request) =>
        displayName(request.customer.user.firstName, request.customer.user.lastName, request.customer.user.username),
    }),
    milestone: t.expose("milestone", { type: MilestoneKeyEnum }),
    milestoneType: t.string({
      description: 'The REST name: "milestone_33", "milestone_66" or "milestone_100".',
      resolve: (r) => milestoneTypeName(r.milestone),
    }),
    percent: t.int({ resolve: (r) => MILESTONE_PERCENT[r.milestone] }),
    amount: t.field({ type: Money, description: "The tranche it pays when approved.", resolve: (r) => r.amountPence }),
    notes: t.exposeString("notes", { nullable: true, description: "The requesting administrator's payment notes." }),
    status: t.field({ type: PayoutRequestStatusEnum, resolve: (r) => (hasLapsed(r) ? "LAPSED" : r.status) }),
    requestedBy: t.relation("requestedBy", { description: "The administrator who asked for it." }),
    requestedAt: t.expose("requestedAt", { type: "DateTime" }),
    lapsesAt: t.field({
      type: "DateTime",
      description: `When an undecided request lapses: ${REQUEST_LIFETIME_DAYS} days after it was asked for.`,
      resolve: lapsesAt,
    }),
    requestedByViewer: t.boolean({
      description:
        "True when the signed-in administrator made the request: they cannot approve or decline it, but may withdraw it.",
      resolve: (r, _args, context) => r.requestedById === context.viewer?.id,
    }),
    decidedBy: t.relation("decidedBy", {
      nullable: true,
      description: "The administrator who approved or declined it, or the asker when they withdrew it.",
    }),
    decidedAt: t.expose("decidedAt", { type: "DateTime", nullable: true }),
    declineReason: t.exposeString("declineReason", { nullable: true }),
    payment: t.relation("payment", {
      nullable: true,
      type: MilestonePaymentType,
      description: "The payment made on approval.",
    }),
  }),
});

/** The id grows with every request: oldest first. */
const OLDEST_REQUESTS_FIRST: KeysetOrder<{ id: number }> = {
  name: "pendingPayoutRequests",
  keys: [],
  descending: false,
  keysOf: () => [],
};

builder.queryFields((t) => ({
  payoutRequest: t.prismaField({
    type: "PayoutRequest",
    nullable: true,
    description: `One payout request by numeric id, whatever its status (a PENDING one asked for ${REQUEST_LIFETIME_DAYS} days ago or more reads LAPSED); null when there is none. Administrators only.`,
    authScopes: { admin: true },
    args: { databaseId: t.arg.int({ required: true }) },
    resolve: (query, _root, args, context) =>
      args.databaseId >= 1 && args.databaseId <= MAX_DATABASE_ID
        ? context.prisma.payoutRequest.findUnique({ ...query, where: { id: args.databaseId } })
        : null,
  }),
  pendingPayoutRequests: t.connection({
    type: PayoutRequestType,
    description: `Payout requests waiting for a second administrator (not lapsed), oldest first; ${PENDING_PAYOUTS_DEFAULT_SIZE} per page by default, at most ${MAX_PAGE_SIZE}. Administrators only.`,
    authScopes: { admin: true },
    args: { afterDatabaseId: afterDatabaseIdArg(t, "payout request") },
    resolve: async (_root, args, context) =>
      keysetConnection(
        args,
        OLDEST_REQUESTS_FIRST,
        { defaultSize: PENDING_PAYOUTS_DEFAULT_SIZE, backwards: true },
        (request) =>
          context.prisma.payoutRequest.findMany({
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
          : await positionOfId(OLDEST_REQUESTS_FIRST, args.afterDatabaseId, "payout request", (id) =>
              runFirst(context.sql, queryBuilder.selectFrom("PayoutRequest").select("id").where("id", "=", id)),
            ),
      ),
  }),
}));

const RequestMilestonePayoutInput = builder.inputType("RequestMilestonePayoutInput", {
  fields: (t) => ({
    customerId: t.id({ required: true, description: "The customer's global id." }),
    milestone: t.field({ type: MilestoneKeyEnum, required: true }),
    notes: t.string({
      description: "Optional payment notes (at most 1000 characters), kept on the payment once approved.",
    }),
  }),
});

const PayoutRequestIdInput = builder.inputType("ApprovePayoutRequestInput", {
  fields: (t) => ({ requestId: t.id({ required: true, description: "The payout request's global id." }) }),
});

const DeclinePayoutRequestInput = builder.inputType("DeclinePayoutRequestInput", {
  fields: (t) => ({
    requestId: t.id({ required: true, description: "The payout request's global id." }),
    reason: t.string({ description: "Optional reason (at most 1000 characters)." }),
  }),
});

const ApprovePayoutRequestPayload = builder.objectRef<ApprovedPayout>("ApprovePayoutRequestPayload").implement({
  fields: (t) => ({
    payoutRequest: t.field({ type: PayoutRequestType, resolve: (result) => result.request }),
    payment: t.field({ type: MilestonePaymentType, resolve: (result) => result.payment }),
    customer: t.prismaField({
      type: "CustomerProfile",
      description: "The customer after the payment.",
      resolve: (query, result, _args, context) =>
        context.prisma.customerProfile.findUniqueOrThrow({ ...query, where: { id: result.customerId } }),
    }),
  }),
});

const requestIdOf = (id: string | number) => databaseIdOf(id, "PayoutRequest");

builder.mutationFields((t) => ({
  requestMilestonePayout: t.field({
    type: PayoutRequestType,
    description:
      "Asks for a READY milestone's payment when its tranche is above the payout approval threshold: another administrator approves (and so pays) or declines it. Administrators only, never for their own customer profile.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: RequestMilestonePayoutInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const request = await requestMilestonePayout(
        context.prisma,
        { customerId: databaseIdOf(input.customerId, "Customer"), milestone: input.milestone, notes: input.notes },
        actorOf(context),
      );
      return request;
    },
  }),
  approvePayoutRequest: t.field({
    type: ApprovePayoutRequestPayload,
    description:
      "Approves another administrator's pending payout request and pays the milestone, once. Administrators only.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: PayoutRequestIdInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const result = await approvePayoutRequest(
        context.prisma,
        { requestId: requestIdOf(input.requestId) },
        actorOf(context),
      );
      return result;
    },
  }),
  declinePayoutRequest: t.field({
    type: PayoutRequestType,
    description:
      "Declines another administrator's pending payout request: nothing is paid, and the milestone can be requested again. Administrators only.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: DeclinePayoutRequestInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const declined = await declinePayoutRequest(
        context.prisma,
        { requestId: requestIdOf(input.requestId), reason: input.reason },
        actorOf(context),
      );
      return declined;
    },
  }),
  withdrawPayoutRequest: t.field({
    type: PayoutRequestType,
    description:
      "Withdraws one's own pending payout request: nothing is paid, and the milestone can be requested again. Only the administrator who asked (FORBIDDEN otherwise). Administrators only.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: PayoutRequestIdInput, required: true }) },
    resolve: (_root, { input }, context) =>
      withdrawPayoutRequest(context.prisma, { requestId: requestIdOf(input.requestId) }, actorOf(context)),
  }),
}));
