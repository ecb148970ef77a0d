import { builder } from "../graphql/builder.ts";
import { actorOf } from "../lib/actor.ts";
import { approveCustomer, customerIdFromGlobalId, rejectCustomer, updatePendingCustomer } from "./approval.ts";
import { CustomerType } from "./schema.ts";
import { ADMIN_ACTION_ERRORS } from "./selfDealingSchema.ts";

const ApproveCustomerInput = builder.inputType("ApproveCustomerInput", {
  fields: (t) => ({ customerId: t.id({ required: true, description: "The Customer's global id." }) }),
});

const RejectCustomerInput = builder.inputType("RejectCustomerInput", {
  fields: (t) => ({
    customerId: t.id({ required: true, description: "The Customer's global id." }),
    reason: t.string({
      required: true,
      description: "Required (not blank), at most 1000 characters: emailed to the customer and shown on their profile.",
    }),
  }),
});

const UpdateCustomerInput = builder.inputType("UpdateCustomerInput", {
  fields: (t) => ({
    customerId: t.id({ required: true, description: "The Customer's global id." }),
    originalPurchaseAmount: t.string({
      description: 'In pounds, as typed ("1200.00", "1,200.5"); at most two decimals. Left out: unchanged.',
    }),
    contractNumber: t.string({ description: "Left out: unchanged; blank is refused." }),
  }),
});

builder.mutationFields((t) => ({
  approveCustomer: t.field({
    type: CustomerType,
    description:
      "Verifies a pending registration: the customer's dashboard opens and the verification email is queued. Audited.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: ApproveCustomerInput, required: true }) },
    resolve: (_root, { input }, context) =>
      approveCustomer(
        { db: context.prisma, publicUrl: context.app.config.publicUrl },
        customerIdFromGlobalId(input.customerId),
        actorOf(context),
      ),
  }),
  rejectCustomer: t.field({
    type: CustomerType,
    description:
      "Rejects a pending registration with a reason, which is emailed; the customer may correct and resubmit. Audited.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: RejectCustomerInput, required: true }) },
    resolve: (_root, { input }, context) =>
      rejectCustomer(
        { db: context.prisma, publicUrl: context.app.config.publicUrl },
        { customerId: customerIdFromGlobalId(input.customerId), reason: input.reason },
        actorOf(context),
      ),
  }),
  updateCustomer: t.field({
    type: CustomerType,
    description:
      "Corrects a pending registration's purchase amount and/or contract number. Audited with the values before and after.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: UpdateCustomerInput, required: true }) },
    resolve: (_root, { input }, context) =>
      updatePendingCustomer(
        context.prisma,
        {
          customerId: customerIdFromGlobalId(input.customerId),
          originalPurchaseAmount: input.originalPurchaseAmount,
          contractNumber: input.contractNumber,
        },
        actorOf(context),
      ),
  }),
}));
