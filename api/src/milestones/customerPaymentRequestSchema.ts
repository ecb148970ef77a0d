// A customer asks for a READY milestone to be paid (requestMilestonePayment), and the administrators see it:
// the count of open requests and each milestone's paymentRequestedAt.
import { builder } from "../graphql/builder.ts";
import { MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import { actorOf } from "../lib/actor.ts";
import { ForbiddenError } from "../lib/errors.ts";
import { countOpenPaymentRequests, paymentRequestsLoader } from "./customerPaymentRequests.ts";
import { AvailableMilestoneType } from "./pendingListSchema.ts";
import { type CustomerMilestone, MilestoneType } from "./schema.ts";
import { type MilestonePaymentRequest, requestMilestonePayment } from "./service.ts";
import { MilestoneKeyEnum } from "./types.ts";

const PAYMENT_REQUESTED_AT = {
  type: "DateTime",
  nullable: true,
  description:
    "When the customer asked for this milestone to be paid (Request payment); null if they have not. Paying the milestone answers the request.",
} as const;

const requestedAt = async (milestone: CustomerMilestone, context: Parameters<typeof paymentRequestsLoader>[0]) => {
  const requests = await paymentRequestsLoader(context).load(milestone.customerId);
  return requests.find((request) => request.milestone === milestone.key)?.requestedAt ?? null;
};

builder.objectField(MilestoneType, "paymentRequestedAt", (t) =>
  t.field({ ...PAYMENT_REQUESTED_AT, resolve: (milestone, _args, context) => requestedAt(milestone, context) }),
);
builder.objectField(AvailableMilestoneType, "paymentRequestedAt", (t) =>
  t.field({ ...PAYMENT_REQUESTED_AT, resolve: (milestone, _args, context) => requestedAt(milestone, context) }),
);

const RequestMilestonePaymentInput = builder.inputType("RequestMilestonePaymentInput", {
  fields: (t) => ({ milestone: t.field({ type: MilestoneKeyEnum, required: true }) }),
});

const RequestMilestonePaymentPayload = builder
  .objectRef<MilestonePaymentRequest>("RequestMilestonePaymentPayload")
  .implement({
    fields: (t) => ({
      milestone: t.field({ type: MilestoneKeyEnum, resolve: (result) => result.request.milestone }),
      requestedAt: t.field({ type: "DateTime", resolve: (result) => result.request.requestedAt }),
      alreadyRequested: t.boolean({
        description: "True when the customer had already asked: the answer is that earlier request.",
        resolve: (result) => !result.created,
      }),
      customer: t.prismaField({
        type: "CustomerProfile",
        description: "The customer, whose milestones now carry the request.",
        resolve: (query, result, _args, context) =>
          context.prisma.customerProfile.findUniqueOrThrow({ ...query, where: { id: result.request.customerId } }),
      }),
    }),
  });

builder.queryFields((t) => ({
  openPaymentRequestCount: t.int({
    description:
      "How many payment requests from customers wait: milestones a customer asked to be paid that are not paid yet. Administrators only.",
    authScopes: { admin: true },
    resolve: (_root, _args, context) => countOpenPaymentRequests(context.sql),
  }),
}));

builder.mutationFields((t) => ({
  requestMilestonePayment: t.field({
    type: RequestMilestonePaymentPayload,
    description:
      "The signed-in customer asks for one of their READY milestones to be paid: the administrators see it on Milestone Payments. A milestone not ready or already paid is refused (CONFLICT); asking again answers the existing request. Verified customers only.",
    authScopes: { verifiedCustomer: true },
    errors: { types: [...MUTATION_ERRORS, ForbiddenError] },
    args: { input: t.arg({ type: RequestMilestonePaymentInput, required: true }) },
    resolve: (_root, { input }, context) =>
      requestMilestonePayment(context.prisma, context.viewer?.customer?.id ?? null, input.milestone, actorOf(context)),
  }),
}));
