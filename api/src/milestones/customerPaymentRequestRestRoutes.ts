import { z } from "zod";
import { ValidationError } from "../lib/errors.ts";
import { timestamp } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";
import { MILESTONE_TYPE_MESSAGE } from "./paymentRestRoutes.ts";
import { milestoneFromTypeName, milestoneTypeName } from "./rules.ts";

const ERROR_FIELDS = "... on Error { code message }";

export const customerPaymentRequestRoutes: RestRoute[] = [
  {
    method: "POST",
    // :milestone is milestone_33, milestone_66 or milestone_100 (33, 66 or 100 too).
    path: "/api/customer/milestones/:milestone/request-payment",
    docs: {
      summary: "Ask for a ready milestone's payment",
      answer: z.object({ milestoneType: z.string(), requestedAt: timestamp, alreadyRequested: z.boolean() }),
    },
    operation: `mutation RestRequestMilestonePayment($input: RequestMilestonePaymentInput!) {
      requestMilestonePayment(input: $input) {
        ... on MutationRequestMilestonePaymentSuccess { data { milestone requestedAt alreadyRequested } }
        ${ERROR_FIELDS}
      }
    }`,
    variables: ({ params }) => {
      const milestone = milestoneFromTypeName(params.milestone);
      if (!milestone) throw new ValidationError(MILESTONE_TYPE_MESSAGE, "milestone");
      return { input: { milestone } };
    },
    answer: (data) => {
      const { milestone, requestedAt, alreadyRequested } = data.requestMilestonePayment.data;
      return { milestoneType: milestoneTypeName(milestone), requestedAt, alreadyRequested };
    },
  },
  {
    method: "GET",
    path: "/api/admin/payment-requests/count",
    docs: { answer: z.object({ openPaymentRequests: z.number().int() }) },
    operation: "query RestOpenPaymentRequestCount { openPaymentRequestCount }",
    answer: (data) => ({ openPaymentRequests: data.openPaymentRequestCount }),
  },
];
