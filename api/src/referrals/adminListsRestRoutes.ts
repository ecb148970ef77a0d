import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { restSignalFields, SIGNAL_FIELDS, toRestSignals } from "../fraud/types.ts";
import { ValidationError } from "../lib/errors.ts";
import { id, pounds, timestamp } from "../rest/docSchemas.ts";
import { restEnum, restListId, restListLimit } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";
import { REFERRAL_DETAIL_ORDERS } from "./adminLists.ts";
import { PHONE_DISPLAY_DOC } from "./restRoutes.ts";

// GET /api/admin/referrals-detailed: an array, newest first, with the query parameters the admin
// customer lists take (rest/listParams.ts and customers/adminListRestRoutes.ts): ?limit= ?after= ?status= ?search=
// ?order=, and ?customerId= for one customer's referrals.

function customerFilter(query: URLSearchParams): string | null {
  const raw = query.get("customerId");
  if (raw === null || raw === "") return null;
  if (!/^\d{1,10}$/.test(raw)) throw new ValidationError("customerId must be a customer's id", "customerId");
  return encodeGlobalID("Customer", raw);
}

export const adminReferralListRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/referrals-detailed",
    docs: {
      query: z.object({
        status: z.enum(["pending", "purchased", "expired", "withdrawn"]).optional(),
        customerId: z.number().int().optional(),
        search: z.string().optional(),
        order: z.string().optional(),
      }),
      answer: z.array(
        z.object({
          id,
          customerId: id,
          customerName: z.string(),
          referralName: z.string().nullable(),
          referralEmail: z.string().nullable(),
          referralPhone: z.string().nullable(),
          referralPhoneDisplay: z.string().nullable().describe(PHONE_DISPLAY_DOC),
          address: z.string().nullable(),
          purchaseAmount: pounds.nullable(),
          creditEarned: pounds.nullable(),
          status: z.string(),
          statusDisplay: z.string(),
          daysRemaining: z.number().int().nullable(),
          createdAt: timestamp,
          purchaseDate: timestamp.nullable(),
          ...restSignalFields,
        }),
      ),
    },
    operation: `query RestReferralsDetailed($first: Int!, $after: String, $afterDatabaseId: Int, $filter: ReferralDetailFilter, $orderBy: ReferralDetailOrder) {
      referralDetails(first: $first, after: $after, afterDatabaseId: $afterDatabaseId, filter: $filter, orderBy: $orderBy) { edges { node {
        databaseId customerDatabaseId customerName referralName referralEmail referralPhone referralPhoneDisplay referralAddress
        purchaseAmount { pounds } creditEarned { pounds } status statusDisplay daysRemaining createdAt purchaseDate
        ${SIGNAL_FIELDS}
      } } pageInfo { hasNextPage endCursor } }
    }`,
    pagedList: (data) => data.referralDetails,
    variables: ({ query }) => ({
      first: restListLimit(query),
      afterDatabaseId: restListId(query),
      orderBy: restEnum(query, "order", REFERRAL_DETAIL_ORDERS) ?? "CREATED_AT_DESC",
      filter: {
        status: restEnum(query, "status", ["PENDING", "PURCHASED", "EXPIRED", "WITHDRAWN"] as const),
        customerId: customerFilter(query),
        search: query.get("search"),
      },
    }),
    answer: (data) =>
      data.referralDetails.edges.map(({ node }: any) => ({
        id: node.databaseId,
        customerId: node.customerDatabaseId,
        customerName: node.customerName,
        referralName: node.referralName,
        referralEmail: node.referralEmail,
        referralPhone: node.referralPhone,
        referralPhoneDisplay: node.referralPhoneDisplay,
        address: node.referralAddress,
        purchaseAmount: node.purchaseAmount?.pounds ?? null,
        creditEarned: node.creditEarned?.pounds ?? null,
        status: String(node.status).toLowerCase(),
        statusDisplay: node.statusDisplay,
        daysRemaining: node.daysRemaining,
        createdAt: node.createdAt,
        purchaseDate: node.purchaseDate,
        ...toRestSignals(node),
      })),
  },
];
