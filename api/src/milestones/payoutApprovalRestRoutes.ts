// Payouts above the threshold over REST: one administrator asks, a second approves (and so pays) or declines; the
// asker may withdraw it, and one undecided for 7 days reads lapsed (docs/rules/milestones.md).
import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { NotFoundError } from "../lib/errors.ts";
import { PENDING_QUEUE_REST_LIST } from "../lib/listSizes.ts";
import { optionalBodyTextOrBlank } from "../rest/bodyFields.ts";
import { id, pounds, textOrNumber, timestamp } from "../rest/docSchemas.ts";
import { restPage } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";
import { milestoneToPay, paidMilestoneAnswer, paidMilestoneSchema } from "./paymentRestRoutes.ts";
import { PAYOUT_REQUEST_MESSAGES } from "./service.ts";

const payoutRequestSchema = z.object({
  id,
  customerId: id,
  customerName: z.string(),
  milestoneType: z.string(),
  amount: pounds,
  notes: z.string().nullable(),
  status: z.enum(["pending", "approved", "declined", "withdrawn", "lapsed"]),
  requestedBy: z.string(),
  requestedAt: timestamp,
  lapsesAt: timestamp,
  decidedBy: z.string().nullable(),
  decidedAt: timestamp.nullable(),
  declineReason: z.string().nullable(),
});

const ERROR_FIELDS = "... on Error { code message }";
const REQUEST_FIELDS = `databaseId customerDatabaseId customerName milestoneType amount { pounds } notes status
  requestedBy { username } requestedAt lapsesAt decidedBy { username } decidedAt declineReason`;

/** A payout request as the REST paths answer it: numeric ids, pounds as text, usernames. */
function restRequest(node: any) {
  return {
    id: node.databaseId,
    customerId: node.customerDatabaseId,
    customerName: node.customerName,
    milestoneType: node.milestoneType,
    amount: node.amount.pounds,
    notes: node.notes,
    status: node.status.toLowerCase(),
    requestedBy: node.requestedBy.username,
    requestedAt: node.requestedAt,
    lapsesAt: node.lapsesAt,
    decidedBy: node.decidedBy?.username ?? null,
    decidedAt: node.decidedAt,
    declineReason: node.declineReason,
  };
}

const requestGlobalId = (params: Record<string, string>) => encodeGlobalID("PayoutRequest", params.id ?? "");
const pathId = (params: Record<string, string>) => (/^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0);

export const payoutApprovalRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/payout-requests",
    docs: {
      summary: "Payouts above the threshold waiting for a second administrator",
      answer: z.array(payoutRequestSchema),
    },
    operation: `query RestPendingPayoutRequests($first: Int!, $after: String, $afterDatabaseId: Int) {
      pendingPayoutRequests(first: $first, after: $after, afterDatabaseId: $afterDatabaseId) { edges { node { ${REQUEST_FIELDS} } } pageInfo { hasNextPage endCursor } }
    }`,
    variables: ({ query }) => restPage(query, PENDING_QUEUE_REST_LIST),
    pagedList: (data) => data.pendingPayoutRequests,
    answer: (data) => data.pendingPayoutRequests.edges.map(({ node }: any) => restRequest(node)),
  },
  {
    method: "GET",
    path: "/api/admin/payout-requests/:id",
    docs: {
      summary: "One payout request, whatever its status (pending, approved, declined, withdrawn or lapsed)",
      answer: payoutRequestSchema,
    },
    operation: `query RestPayoutRequest($id: Int!) { payoutRequest(databaseId: $id) { ${REQUEST_FIELDS} } }`,
    variables: ({ params }) => ({ id: pathId(params) }),
    answer: (data) => {
      if (!data.payoutRequest) throw new NotFoundError(PAYOUT_REQUEST_MESSAGES.notFound);
      return restRequest(data.payoutRequest);
    },
  },
  {
    method: "POST",
    path: "/api/admin/payout-requests",
    docs: {
      summary: "Ask a second administrator to approve a payout",
      body: z.object({
        customerId: textOrNumber,
        milestoneType: z.union([z.string(), z.number()]),
        notes: z.string().optional(),
      }),
      answer: payoutRequestSchema,
    },
    operation: `mutation RestRequestMilestonePayout($input: RequestMilestonePayoutInput!) {
      requestMilestonePayout(input: $input) { ... on MutationRequestMilestonePayoutSuccess { data { ${REQUEST_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({ input: milestoneToPay(body) }),
    answer: (data) => restRequest(data.requestMilestonePayout.data),
  },
  {
    method: "POST",
    path: "/api/admin/payout-requests/:id/approve",
    docs: {
      answer: payoutRequestSchema.extend(paidMilestoneSchema.shape).extend({ paymentId: id }),
    },
    operation: `mutation RestApprovePayoutRequest($input: ApprovePayoutRequestInput!) {
      approvePayoutRequest(input: $input) {
        ... on MutationApprovePayoutRequestSuccess { data {
          payoutRequest { ${REQUEST_FIELDS} }
          payment { databaseId paidAt paidBy { username } }
          customer { currentCredits { pounds } creditsPaid { pounds } refundIssued milestone33Paid milestone66Paid milestone100Paid }
        } }
        ${ERROR_FIELDS}
      }
    }`,
    variables: ({ params }) => ({ input: { requestId: requestGlobalId(params) } }),
    answer: (data) => {
      const { payoutRequest, payment, customer } = data.approvePayoutRequest.data;
      return {
        ...restRequest(payoutRequest),
        paymentId: payment.databaseId,
        ...paidMilestoneAnswer(payment, customer),
      };
    },
  },
  {
    method: "POST",
    path: "/api/admin/payout-requests/:id/decline",
    docs: { body: z.object({ reason: z.string().optional() }), answer: payoutRequestSchema },
    operation: `mutation RestDeclinePayoutRequest($input: DeclinePayoutRequestInput!) {
      declinePayoutRequest(input: $input) { ... on MutationDeclinePayoutRequestSuccess { data { ${REQUEST_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params, body }) => ({
      input: {
        requestId: requestGlobalId(params),
        reason: optionalBodyTextOrBlank(body, "reason"),
      },
    }),
    answer: (data) => restRequest(data.declinePayoutRequest.data),
  },
  {
    method: "POST",
    path: "/api/admin/payout-requests/:id/withdraw",
    docs: {
      summary:
        "Withdraw your own payout request while it waits: nothing is paid, and the milestone can be requested again",
      answer: payoutRequestSchema,
    },
    operation: `mutation RestWithdrawPayoutRequest($input: ApprovePayoutRequestInput!) {
      withdrawPayoutRequest(input: $input) { ... on MutationWithdrawPayoutRequestSuccess { data { ${REQUEST_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params }) => ({ input: { requestId: requestGlobalId(params) } }),
    answer: (data) => restRequest(data.withdrawPayoutRequest.data),
  },
];
