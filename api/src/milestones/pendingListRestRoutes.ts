// The pending list over REST: customers with a milestone ready to pay (pendingListSchema.ts).
import { z } from "zod";
import { PENDING_QUEUE_REST_LIST } from "../lib/listSizes.ts";
import { id, pounds, timestamp } from "../rest/docSchemas.ts";
import { restBoolean, restPage, restSearch } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";

export const pendingListRoutes: RestRoute[] = [
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
];
