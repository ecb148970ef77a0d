// An administrator pays a READY milestone (processMilestone): the mutation and its payload.
import { ADMIN_ACTION_ERRORS } from "../customers/types.ts";
import { builder } from "../graphql/builder.ts";
import { databaseIdOf } from "../graphql/globalIds.ts";
import { IDEMPOTENCY_KEY_DESCRIPTION, idempotent } from "../idempotency/index.ts";
import { actorOf } from "../lib/actor.ts";
import { IdempotencyKeyReusedError } from "../lib/errors.ts";
import { MilestonePaymentType } from "./schema.ts";
import { type ProcessedMilestone, processMilestonePayment } from "./service.ts";
import { MilestoneKeyEnum } from "./types.ts";

const ProcessMilestoneInput = builder.inputType("ProcessMilestoneInput", {
  fields: (t) => ({
    customerId: t.id({ required: true, description: "The customer's global id." }),
    milestone: t.field({ type: MilestoneKeyEnum, required: true }),
    notes: t.string({ description: "Optional payment notes (at most 1000 characters)." }),
    idempotencyKey: t.string({ description: IDEMPOTENCY_KEY_DESCRIPTION }),
  }),
});

const ProcessMilestonePayload = builder.objectRef<ProcessedMilestone>("ProcessMilestonePayload").implement({
  fields: (t) => ({
    payment: t.field({ type: MilestonePaymentType, resolve: (result) => result.payment }),
    customer: t.prismaField({
      type: "CustomerProfile",
      description: "The customer after the payment (refundIssued once the 100% milestone is paid).",
      resolve: (query, result, _args, context) =>
        context.prisma.customerProfile.findUniqueOrThrow({ ...query, where: { id: result.customerId } }),
    }),
  }),
});

builder.mutationFields((t) => ({
  processMilestone: t.field({
    type: ProcessMilestonePayload,
    description:
      "Pays a READY milestone's fixed tranche to the customer, once. A LOCKED or already paid milestone is refused (CONFLICT). Administrators only.",
    authScopes: { admin: true },
    errors: { types: [...ADMIN_ACTION_ERRORS, IdempotencyKeyReusedError] },
    args: { input: t.arg({ type: ProcessMilestoneInput, required: true }) },
    resolve: (_root, { input }, context) =>
      idempotent(context, "processMilestone", input, (db) =>
        processMilestonePayment(
          db,
          { customerId: databaseIdOf(input.customerId, "Customer"), milestone: input.milestone, notes: input.notes },
          actorOf(context),
        ),
      ),
  }),
}));
