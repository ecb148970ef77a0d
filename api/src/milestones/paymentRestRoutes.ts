// An administrator pays a READY milestone (POST /api/admin/process-milestone), and what its answer shares with
// a payout approval's.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { ValidationError } from "../lib/errors.ts";
import { optionalBodyTextOrBlank } from "../rest/bodyFields.ts";
import { id, pounds, textOrNumber, timestamp } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";
import { milestoneFromTypeName } from "./rules.ts";

const milestoneType = z.enum(["milestone_33", "milestone_66", "milestone_100"]);

const ERROR_FIELDS = "... on Error { code message }";
/** A milestone payment's answer, paid directly or by approving a request: when, by whom, and the customer's figures after it. */
export const paidMilestoneSchema = z.object({
  paidAt: timestamp,
  paidBy: z.string(),
  currentCredits: pounds,
  creditsPaid: pounds,
  milestone33Paid: z.boolean(),
  milestone66Paid: z.boolean(),
  milestone100Paid: z.boolean(),
  refundIssued: z.boolean(),
});

/** paidMilestoneSchema's fields, from the mutation's payment and customer. */
export const paidMilestoneAnswer = (payment: any, customer: any): z.infer<typeof paidMilestoneSchema> => ({
  paidAt: payment.paidAt,
  paidBy: payment.paidBy.username,
  currentCredits: customer.currentCredits.pounds,
  creditsPaid: customer.creditsPaid.pounds,
  milestone33Paid: customer.milestone33Paid,
  milestone66Paid: customer.milestone66Paid,
  milestone100Paid: customer.milestone100Paid,
  refundIssued: customer.refundIssued,
});

export const MILESTONE_TYPE_MESSAGE =
  'milestoneType must be "milestone_33", "milestone_66" or "milestone_100" (33, 66 or 100 are accepted too).';

const idText = (value: unknown) => (typeof value === "number" || typeof value === "string" ? String(value).trim() : "");

/**
 * The customer, milestone and notes of a REST body that names a milestone to pay (or to ask a second administrator
 * to pay). The enum cannot carry an unknown milestone into the mutation, so that check comes first; a numeric
 * customerId becomes the global id the mutation takes, anything else is not found.
 */
export function milestoneToPay(body: Record<string, unknown>) {
  const milestone = milestoneFromTypeName(body.milestoneType);
  if (!milestone) throw new ValidationError(MILESTONE_TYPE_MESSAGE, "milestoneType");
  return {
    customerId: encodeGlobalID("Customer", idText(body.customerId)),
    milestone,
    notes: optionalBodyTextOrBlank(body, "notes"),
  };
}

export const milestonePaymentRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/admin/process-milestone",
    idempotent: true,
    docs: {
      summary: "Pay a ready milestone",
      body: z.object({
        customerId: textOrNumber,
        milestoneType: z
          .union([milestoneType, z.string(), z.number()])
          .describe("milestone_33, milestone_66 or milestone_100 (33, 66, 100 too)"),
        notes: z.string().optional(),
      }),
      answer: paidMilestoneSchema.extend({
        id,
        customerId: id,
        milestoneType: z.string(),
        amount: pounds,
        notes: z.string().nullable(),
        overpaidAmount: pounds,
      }),
    },
    operation: `mutation RestProcessMilestone($input: ProcessMilestoneInput!) {
      processMilestone(input: $input) {
        ... on MutationProcessMilestoneSuccess { data {
          payment { databaseId milestoneType amount { pounds } notes paidAt paidBy { username } }
          customer { databaseId currentCredits { pounds } creditsPaid { pounds } refundIssued milestone33Paid milestone66Paid milestone100Paid overpaid { pounds } }
        } }
        ${ERROR_FIELDS}
      }
    }`,
    variables: ({ body, idempotencyKey }) => ({ input: { ...milestoneToPay(body), idempotencyKey } }),
    answer: (data) => {
      const { payment, customer } = data.processMilestone.data;
      return {
        id: payment.databaseId,
        customerId: customer.databaseId,
        milestoneType: payment.milestoneType,
        amount: payment.amount.pounds,
        notes: payment.notes,
        ...paidMilestoneAnswer(payment, customer),
        overpaidAmount: customer.overpaid.pounds,
      };
    },
  },
];
