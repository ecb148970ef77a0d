// Flagged verifications above the approval over REST (docs/rules/fraud.md, "Verifying a flagged referral"):
// one administrator's verify answers 202 with the request; a second approves (and so credits) or declines.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { PENDING_QUEUE_REST_LIST } from "../lib/listSizes.ts";
import { optionalBodyTextOrBlank } from "../rest/bodyFields.ts";
import { id, pounds, timestamp } from "../rest/docSchemas.ts";
import { restPage } from "../rest/listParams.ts";
import type { RestRoute, RouteDocs } from "../rest/route.ts";

export const verificationRequestSchema = z.object({
  id,
  referralId: id,
  customerId: id,
  customerName: z.string(),
  amount: pounds,
  notes: z.string(),
  status: z.enum(["pending", "approved", "declined", "withdrawn", "lapsed"]),
  requestedBy: z.string(),
  requestedAt: timestamp,
  lapsesAt: timestamp,
  decidedBy: z.string().nullable(),
  decidedAt: timestamp.nullable(),
  declineReason: z.string().nullable(),
  purchaseId: id.nullable(),
});

const ERROR_FIELDS = "... on Error { code message }";
const REQUEST_FIELDS = `databaseId referralDatabaseId customerDatabaseId customerName amount { pounds } notes status
  requestedBy { username } requestedAt lapsesAt decidedBy { username } decidedAt declineReason purchase { databaseId }`;

/** What verifyPurchase's REST operation selects of the "awaits a second administrator" answer. */
export const AWAITING_VERIFICATION_FIELDS = `... on PurchaseVerificationAwaitingApproval { request { ${REQUEST_FIELDS} } }`;

/** A verification request as the REST paths answer it: numeric ids, pounds as text, usernames. */
function restRequest(node: any) {
  return {
    id: node.databaseId,
    referralId: node.referralDatabaseId,
    customerId: node.customerDatabaseId,
    customerName: node.customerName,
    amount: node.amount.pounds,
    notes: node.notes,
    status: node.status.toLowerCase(),
    requestedBy: node.requestedBy.username,
    requestedAt: node.requestedAt,
    lapsesAt: node.lapsesAt,
    decidedBy: node.decidedBy?.username ?? null,
    decidedAt: node.decidedAt,
    declineReason: node.declineReason,
    purchaseId: node.purchase?.databaseId ?? null,
  };
}

/** The 202 of the verify path: the flagged purchase waits for another administrator. */
export const awaitingVerificationDocs: NonNullable<RouteDocs["accepted"]> = {
  description:
    "The referral has signals and the amount is above the flagged verification approval: nothing is credited; it waits for another administrator to approve it at /api/admin/verification-requests/{id}/approve. The answer is the request.",
  answer: z.object({ message: z.string(), request: verificationRequestSchema }),
};

/** The 202 answer when verifyPurchase said AWAITING_APPROVAL, else undefined (the 200 follows). */
export function awaitingVerificationAnswer(result: any) {
  return result?.code === "AWAITING_APPROVAL" && result.request
    ? { message: result.message as string, request: restRequest(result.request) }
    : undefined;
}

const requestGlobalId = (params: Record<string, string>) =>
  encodeGlobalID("PurchaseVerificationRequest", params.id ?? "");

export const verificationRequestRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/verification-requests",
    docs: {
      summary: "Flagged verifications waiting for a second administrator, oldest first",
      answer: z.array(verificationRequestSchema),
    },
    operation: `query RestPendingVerificationRequests($first: Int!, $after: String, $afterDatabaseId: Int) {
      pendingPurchaseVerificationRequests(first: $first, after: $after, afterDatabaseId: $afterDatabaseId) { edges { node { ${REQUEST_FIELDS} } } pageInfo { hasNextPage endCursor } }
    }`,
    variables: ({ query }) => restPage(query, PENDING_QUEUE_REST_LIST),
    pagedList: (data) => data.pendingPurchaseVerificationRequests,
    answer: (data) => data.pendingPurchaseVerificationRequests.edges.map(({ node }: any) => restRequest(node)),
  },
  {
    method: "POST",
    path: "/api/admin/verification-requests/:id/approve",
    docs: {
      summary: "Approve another administrator's flagged verification: the purchase is verified and credited now",
      answer: verificationRequestSchema.extend({ creditEarned: pounds, currentCredits: pounds }),
    },
    operation: `mutation RestApproveVerificationRequest($input: ApprovePurchaseVerificationRequestInput!) {
      approvePurchaseVerificationRequest(input: $input) {
        ... on MutationApprovePurchaseVerificationRequestSuccess { data {
          request { ${REQUEST_FIELDS} } creditEarned { pounds } customer { currentCredits { pounds } }
        } }
        ${ERROR_FIELDS}
      }
    }`,
    variables: ({ params }) => ({ input: { requestId: requestGlobalId(params) } }),
    answer: (data) => {
      const { request, creditEarned, customer } = data.approvePurchaseVerificationRequest.data;
      return {
        ...restRequest(request),
        creditEarned: creditEarned.pounds,
        currentCredits: customer.currentCredits.pounds,
      };
    },
  },
  {
    method: "POST",
    path: "/api/admin/verification-requests/:id/decline",
    docs: {
      summary: "Decline another administrator's flagged verification: nothing is credited",
      body: z.object({ reason: z.string().optional() }),
      answer: verificationRequestSchema,
    },
    operation: `mutation RestDeclineVerificationRequest($input: DeclinePurchaseVerificationRequestInput!) {
      declinePurchaseVerificationRequest(input: $input) { ... on MutationDeclinePurchaseVerificationRequestSuccess { data { ${REQUEST_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params, body }) => ({
      input: { requestId: requestGlobalId(params), reason: optionalBodyTextOrBlank(body, "reason") },
    }),
    answer: (data) => restRequest(data.declinePurchaseVerificationRequest.data),
  },
  {
    method: "POST",
    path: "/api/admin/verification-requests/:id/withdraw",
    docs: {
      summary: "Withdraw your own flagged verification while it waits: nothing is credited",
      answer: verificationRequestSchema,
    },
    operation: `mutation RestWithdrawVerificationRequest($input: ApprovePurchaseVerificationRequestInput!) {
      withdrawPurchaseVerificationRequest(input: $input) { ... on MutationWithdrawPurchaseVerificationRequestSuccess { data { ${REQUEST_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params }) => ({ input: { requestId: requestGlobalId(params) } }),
    answer: (data) => restRequest(data.withdrawPurchaseVerificationRequest.data),
  },
];
