import { z } from "zod";
import { id, pounds, timestamp } from "../rest/docSchemas.ts";
import { restBoolean, restEnum, restListId, restListLimit, restSearch } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";
import { CUSTOMER_ORDERS } from "./adminList.ts";
import { CUSTOMER_STAGES } from "./stages.ts";

const customerBasicsSchema = {
  id,
  userName: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  originalPurchaseAmount: pounds,
  postcode: z.string(),
  contractNumber: z.string(),
};
const customerListQuery = z.object({
  status: z.enum(["pending", "verified", "rejected"]).optional(),
  segment: z.enum(["getting_started", "low_progress", "medium_progress", "high_progress"]).optional(),
  stage: z.string().optional(),
  overpaid: z.boolean().optional(),
  search: z.string().optional(),
  order: z.string().optional(),
});

// The admin customer lists answer arrays, newest first unless `?order=` says otherwise, with the
// list parameters of rest/listParams.ts (?limit= ?after= ?order=) and:
//   ?status=     pending | verified | rejected
//   ?search=     the admin search (docs/rules/lists.md, "Searching the admin lists"; also on pending-customers)
//   ?segment=    getting_started | low_progress | medium_progress | high_progress
//   ?stage=      pending_review | rejected | getting_started | referring | earning | full_refund
//   ?overpaid=   true | false

const CUSTOMER_LIST_FIELDS = `
  databaseId userName name firstName lastName email emailConfirmed originalPurchaseAmount { pounds } postcode contractNumber
  currentCredits { pounds } creditsPaid { pounds } progressPercentage totalReferrals purchasedReferrals isVerified
  refundIssued createdAt milestone33Paid milestone66Paid milestone100Paid statusDisplay stageDisplay segmentDisplay overpaid { pounds }`;

const CUSTOMER_LIST_OPERATION = `query RestAdminCustomers($first: Int!, $after: String, $afterDatabaseId: Int, $filter: CustomerFilter, $orderBy: CustomerOrder) {
  customers(first: $first, after: $after, afterDatabaseId: $afterDatabaseId, filter: $filter, orderBy: $orderBy) {
    edges { node { ${CUSTOMER_LIST_FIELDS} } } pageInfo { hasNextPage endCursor }
  }
}`;

function customerListVariables({ query }: { query: URLSearchParams }) {
  return {
    first: restListLimit(query),
    afterDatabaseId: restListId(query),
    orderBy: restEnum(query, "order", CUSTOMER_ORDERS) ?? "CREATED_AT_DESC",
    filter: {
      status: restEnum(query, "status", ["PENDING", "VERIFIED", "REJECTED"] as const),
      segment: restEnum(query, "segment", [
        "GETTING_STARTED",
        "LOW_PROGRESS",
        "MEDIUM_PROGRESS",
        "HIGH_PROGRESS",
      ] as const),
      stage: restEnum(
        query,
        "stage",
        CUSTOMER_STAGES.map((stage) => stage.key),
      ),
      overpaid: restBoolean(query, "overpaid"),
      search: restSearch(query),
    },
  };
}

/** The fields every REST customer row starts with (pending customers and the customer list). */
const restCustomerBasics = (node: any) => ({
  id: node.databaseId,
  userName: node.userName,
  name: node.name,
  firstName: node.firstName,
  lastName: node.lastName,
  email: node.email,
  emailConfirmed: node.emailConfirmed,
  originalPurchaseAmount: node.originalPurchaseAmount.pounds,
  postcode: node.postcode,
  contractNumber: node.contractNumber,
});

export const adminCustomerListRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/pending-customers",
    docs: {
      summary: "Customers waiting for approval, oldest first",
      query: z.object({ search: z.string().optional() }),
      answer: z.array(z.object({ ...customerBasicsSchema, status: z.literal("pending"), createdAt: timestamp })),
    },
    // The customer list filtered to PENDING, oldest first, is the review queue in the same order as
    // the pendingCustomers connection (createdAt, then id), read by the list's one plain SQL
    // statement instead of a Prisma query per page and a Customer object per row.
    operation: `query RestPendingCustomers($first: Int!, $after: String, $afterDatabaseId: Int, $search: String) {
      customers(first: $first, after: $after, afterDatabaseId: $afterDatabaseId, filter: { status: PENDING }, orderBy: CREATED_AT_ASC, search: $search) { edges { node {
        databaseId userName name firstName lastName email emailConfirmed originalPurchaseAmount { pounds } postcode contractNumber createdAt status
      } } pageInfo { hasNextPage endCursor } }
    }`,
    variables: ({ query }) => ({
      first: restListLimit(query),
      afterDatabaseId: restListId(query),
      search: restSearch(query),
    }),
    pagedList: (data) => data.customers,
    answer: (data) =>
      data.customers.edges.map(({ node }: any) => ({
        ...restCustomerBasics(node),
        status: String(node.status).toLowerCase(),
        createdAt: node.createdAt,
      })),
  },
  {
    method: "GET",
    path: "/api/admin/customers",
    docs: {
      query: customerListQuery,
      answer: z.array(
        z.object({
          ...customerBasicsSchema,
          currentCredits: pounds,
          creditsPaid: pounds,
          progressPercentage: z.number(),
          totalReferrals: z.number().int(),
          purchasedReferrals: z.number().int(),
          isVerified: z.boolean(),
          refundIssued: z.boolean(),
          createdAt: timestamp,
          milestone33Paid: z.boolean(),
          milestone66Paid: z.boolean(),
          milestone100Paid: z.boolean(),
          status: z.string(),
          stage: z.string(),
          segment: z.string(),
          overpaid: pounds,
        }),
      ),
    },
    operation: CUSTOMER_LIST_OPERATION,
    variables: customerListVariables,
    pagedList: (data) => data.customers,
    answer: (data) =>
      data.customers.edges.map(({ node }: any) => ({
        ...restCustomerBasics(node),
        currentCredits: node.currentCredits.pounds,
        creditsPaid: node.creditsPaid.pounds,
        progressPercentage: node.progressPercentage,
        totalReferrals: node.totalReferrals,
        purchasedReferrals: node.purchasedReferrals,
        isVerified: node.isVerified,
        refundIssued: node.refundIssued,
        createdAt: node.createdAt,
        milestone33Paid: node.milestone33Paid,
        milestone66Paid: node.milestone66Paid,
        milestone100Paid: node.milestone100Paid,
        status: node.statusDisplay,
        stage: node.stageDisplay,
        segment: node.segmentDisplay,
        overpaid: node.overpaid.pounds,
      })),
  },
  {
    method: "GET",
    path: "/api/admin/customers-detailed",
    docs: {
      // The same operation as /api/admin/customers, another answer: its own operationId.
      operationId: "RestAdminCustomersDetailed",
      query: customerListQuery,
      answer: z.array(
        z.object({
          id,
          name: z.string(),
          userName: z.string(),
          email: z.string(),
          contractNumber: z.string(),
          originalPurchaseAmount: pounds,
          currentCredits: pounds,
          progressPercentage: z.number(),
          totalReferrals: z.number().int(),
          purchasedReferrals: z.number().int(),
          status: z.string(),
          stage: z.string(),
          segment: z.string(),
          createdAt: timestamp,
        }),
      ),
    },
    operation: CUSTOMER_LIST_OPERATION,
    variables: customerListVariables,
    pagedList: (data) => data.customers,
    answer: (data) =>
      data.customers.edges.map(({ node }: any) => ({
        id: node.databaseId,
        name: node.name,
        userName: node.userName,
        email: node.email,
        contractNumber: node.contractNumber,
        originalPurchaseAmount: node.originalPurchaseAmount.pounds,
        currentCredits: node.currentCredits.pounds,
        progressPercentage: node.progressPercentage,
        totalReferrals: node.totalReferrals,
        purchasedReferrals: node.purchasedReferrals,
        status: node.statusDisplay,
        stage: node.stageDisplay,
        segment: node.segmentDisplay,
        createdAt: node.createdAt,
      })),
  },
];
