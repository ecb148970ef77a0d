import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { ValidationError } from "../lib/errors.ts";
import { PENDING_QUEUE_REST_LIST } from "../lib/listSizes.ts";
import { optionalBodyTextOrBlank } from "../rest/bodyFields.ts";
import { id, pounds, textOrNumber, timestamp } from "../rest/docSchemas.ts";
import { restBoolean, restPage, restSearch } from "../rest/listParams.ts";
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

export const MILESTONE_TYPE_MESSAGE =
  'milestoneType must be "milestone_33", "milestone_66" or "milestone_100" (33, 66 or 100 are accepted too).';

const idText = (value: unknown) => (typeof value === "number" || typeof value === "string" ? String(value).trim() : "");

export const milestonePaymentRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/pending-milestones",
    docs: {
      summary: "Customers with a milestone ready to pay",
      query: z.object({
        search: z.string().optional(),
        requested: z.boolean().optional().describe("Only those the customer asked for (true)"),
      }),
      answer: z.array(
        z.object({
          id,
          customerId: id,
          customerName: z.string(),
          email: z.string(),
          originalPurchaseAmount: pounds,
          currentCredits: pounds,
          creditsPaid: pounds,
          progressPercentage: z.number(),
          overpaidAmount: pounds,
          milestone33Paid: z.boolean(),
          milestone66Paid: z.boolean(),
          milestone100Paid: z.boolean(),
          pendingMilestones: z.array(
            z.object({
              type: z.string(),
              percent: z.number().int(),
              description: z.string(),
              amount: pounds,
              paymentRequestedAt: timestamp.nullable(),
            }),
          ),
        }),
      ),
    },
    operation: `query RestPendingMilestones($first: Int!, $after: String, $afterDatabaseId: Int, $search: String, $requested: Boolean) {
      pendingMilestonePayments(first: $first, after: $after, afterDatabaseId: $afterDatabaseId, search: $search, requested: $requested) { pageInfo { hasNextPage endCursor } edges { node {
        customerDatabaseId customerName email originalPurchase { pounds } creditsEarned { pounds } alreadyPaid { pounds }
        progressPercentage overpaid { pounds } milestone33Paid milestone66Paid milestone100Paid
        availableMilestones { milestoneType percent description amount { pounds } paymentRequestedAt }
      } } }
    }`,
    // `?limit=` (200 by default), `?after=<customer id>` and `?search=` as on the other admin lists;
    // `?requested=true`: only the customers who asked for a payment.
    variables: ({ query }) => ({
      ...restPage(query, PENDING_QUEUE_REST_LIST),
      search: restSearch(query),
      requested: restBoolean(query, "requested"),
    }),
    pagedList: (data) => data.pendingMilestonePayments,
    pagedItemId: (node) => node.customerDatabaseId,
    answer: (data) =>
      data.pendingMilestonePayments.edges.map(({ node }: any) => ({
        id: node.customerDatabaseId,
        customerId: node.customerDatabaseId,
        customerName: node.customerName,
        email: node.email,
        originalPurchaseAmount: node.originalPurchase.pounds,
        currentCredits: node.creditsEarned.pounds,
        creditsPaid: node.alreadyPaid.pounds,
        progressPercentage: node.progressPercentage,
        overpaidAmount: node.overpaid.pounds,
        milestone33Paid: node.milestone33Paid,
        milestone66Paid: node.milestone66Paid,
        milestone100Paid: node.milestone100Paid,
        pendingMilestones: node.availableMilestones.map((m: any) => ({
          type: m.milestoneType,
          percent: m.percent,
          description: m.description,
          amount: m.amount.pounds,
          paymentRequestedAt: m.paymentRequestedAt,
        })),
      })),
  },
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
    variables: ({ body, idempotencyKey }) => {
      const milestone = milestoneFromTypeName(body.milestoneType);
      // The enum cannot carry an unknown value into the mutation, so this one check comes first.
      if (!milestone) throw new ValidationError(MILESTONE_TYPE_MESSAGE, "milestoneType");
      // A numeric customerId becomes the global id the mutation takes; anything else is not found.
      return {
        input: {
          customerId: encodeGlobalID("Customer", idText(body.customerId)),
          milestone,
          notes: optionalBodyTextOrBlank(body, "notes"),
          idempotencyKey,
        },
      };
    },
    answer: (data) => {
      const { payment, customer } = data.processMilestone.data;
      return {
        id: payment.databaseId,
        customerId: customer.databaseId,
        milestoneType: payment.milestoneType,
        amount: payment.amount.pounds,
        notes: payment.notes,
        paidAt: payment.paidAt,
        paidBy: payment.paidBy.username,
        currentCredits: customer.currentCredits.pounds,
        creditsPaid: customer.creditsPaid.pounds,
        milestone33Paid: customer.milestone33Paid,
        milestone66Paid: customer.milestone66Paid,
        milestone100Paid: customer.milestone100Paid,
        refundIssued: customer.refundIssued,
        overpaidAmount: customer.overpaid.pounds,
      };
    },
  },
];
