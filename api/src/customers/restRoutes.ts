import { z } from "zod";
import { NotAuthenticatedError, NotFoundError } from "../lib/errors.ts";
import { CUSTOMER_REST_LIST } from "../lib/listSizes.ts";
import { bodyText } from "../rest/bodyFields.ts";
import { id, pounds, textOrNumber, timestamp } from "../rest/docSchemas.ts";
import { restPage } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";

/** The REST profile (toRestProfile's answer). */
export const restProfileSchema = z.object({
  id,
  isVerified: z.boolean(),
  status: z.enum(["pending", "verified", "rejected"]),
  rejectionReason: z.string().nullable(),
  originalPurchaseAmount: pounds,
  currentCredits: pounds,
  creditsPaid: pounds,
  progressPercentage: z.number(),
  remainingToTarget: pounds,
  postcode: z.string(),
  contractNumber: z.string(),
  milestone33Paid: z.boolean(),
  milestone66Paid: z.boolean(),
  milestone100Paid: z.boolean(),
  refundIssued: z.boolean(),
  termsAcceptedAt: timestamp.nullable(),
  verifiedAt: timestamp.nullable(),
  createdAt: timestamp,
});

/** The GraphQL selection behind every REST answer that carries a customer profile. */
export const CUSTOMER_PROFILE_FIELDS = `
  databaseId status isVerified rejectionReason
  originalPurchaseAmount { pounds } currentCredits { pounds } creditsPaid { pounds }
  progressPercentage remainingToTarget { pounds } postcode contractNumber
  milestone33Paid milestone66Paid milestone100Paid refundIssued termsAcceptedAt verifiedAt createdAt`;

const ERROR_FIELDS = "... on Error { code message }";
const PROFILE_NOT_FOUND = "Customer profile not found";

/** The REST profile: the documented field names, money as pounds with two decimals, status in lower case. */
export function toRestProfile(customer: any) {
  return {
    id: customer.databaseId,
    isVerified: customer.isVerified,
    status: String(customer.status).toLowerCase(),
    rejectionReason: customer.rejectionReason,
    originalPurchaseAmount: customer.originalPurchaseAmount.pounds,
    currentCredits: customer.currentCredits.pounds,
    creditsPaid: customer.creditsPaid.pounds,
    progressPercentage: customer.progressPercentage,
    remainingToTarget: customer.remainingToTarget.pounds,
    postcode: customer.postcode,
    contractNumber: customer.contractNumber,
    milestone33Paid: customer.milestone33Paid,
    milestone66Paid: customer.milestone66Paid,
    milestone100Paid: customer.milestone100Paid,
    refundIssued: customer.refundIssued,
    termsAcceptedAt: customer.termsAcceptedAt,
    verifiedAt: customer.verifiedAt,
    createdAt: customer.createdAt,
  };
}

/** The signed-in user's customer profile from `viewer { customer { ... } }`: 401 signed out, 404 without one. */
export function viewerCustomer(data: any) {
  if (!data.viewer) throw new NotAuthenticatedError();
  if (!data.viewer.customer) throw new NotFoundError(PROFILE_NOT_FOUND);
  return data.viewer.customer;
}

export const customerRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/customer/profile",
    docs: { summary: "The signed-in customer's profile", answer: restProfileSchema },
    operation: `query RestCustomerProfile { viewer { customer { ${CUSTOMER_PROFILE_FIELDS} } } }`,
    answer: (data) => toRestProfile(viewerCustomer(data)),
  },
  {
    method: "POST",
    path: "/api/customer/register",
    docs: {
      summary: "Complete registration as a customer (then an administrator approves it)",
      body: z.object({
        originalPurchaseAmount: textOrNumber,
        postcode: z.string(),
        contractNumber: z.string(),
        termsAccepted: z.boolean().optional().describe("Left out means accepted; false is refused"),
      }),
      answer: restProfileSchema,
    },
    operation: `mutation RestCompleteRegistration($input: CompleteRegistrationInput!) {
      completeRegistration(input: $input) { ... on MutationCompleteRegistrationSuccess { data { ${CUSTOMER_PROFILE_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({
      input: {
        originalPurchaseAmount: bodyText(body, "originalPurchaseAmount"),
        postcode: bodyText(body, "postcode"),
        contractNumber: bodyText(body, "contractNumber"),
        // The documented payload has no terms field: the page refuses to submit until the box is
        // ticked, so a call without it is an acceptance; an explicit false is refused.
        termsAccepted: body.termsAccepted === undefined ? true : body.termsAccepted === true,
      },
    }),
    answer: (data) => toRestProfile(data.completeRegistration.data),
  },
  {
    method: "GET",
    path: "/api/activities",
    docs: {
      summary: "The customer's activity, newest first",
      answer: z.array(
        z.object({ id, type: z.string(), description: z.string(), amount: pounds.nullable(), createdAt: timestamp }),
      ),
    },
    operation: `query RestActivities($first: Int!, $after: String, $afterDatabaseId: Int) {
      viewer { customer { activities(first: $first, after: $after, afterDatabaseId: $afterDatabaseId) {
        edges { node { databaseId type description amount { pounds } createdAt } } pageInfo { hasNextPage endCursor }
      } } }
    }`,
    variables: ({ query }) => restPage(query, CUSTOMER_REST_LIST),
    pagedList: (data) => data.viewer?.customer?.activities,
    answer: (data) =>
      viewerCustomer(data).activities.edges.map(({ node }: any) => ({
        id: node.databaseId,
        type: String(node.type).toLowerCase(),
        description: node.description,
        amount: node.amount?.pounds ?? null,
        createdAt: node.createdAt,
      })),
  },
];
