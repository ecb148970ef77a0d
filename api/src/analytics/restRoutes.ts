import { ANALYTICS_REST_LIST } from "../lib/listSizes.ts";
import { restPage } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";

const pounds = "pounds";

export const analyticsRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/analytics",
    operation: `query RestAnalytics { analytics {
      totalCustomers verifiedCustomers totalReferrals purchasedReferrals conversionRate
      totalCreditsIssued { ${pounds} } totalPurchaseValue { ${pounds} } averagePurchaseValue { ${pounds} }
    } }`,
    answer: ({ analytics: a }) => ({
      totalCustomers: a.totalCustomers,
      verifiedCustomers: a.verifiedCustomers,
      totalReferrals: a.totalReferrals,
      purchasedReferrals: a.purchasedReferrals,
      conversionRate: a.conversionRate,
      totalCreditsIssued: a.totalCreditsIssued.pounds,
      totalPurchaseValue: a.totalPurchaseValue.pounds,
      averagePurchaseValue: a.averagePurchaseValue.pounds,
    }),
  },
  {
    method: "GET",
    path: "/api/admin/referral-metrics",
    operation: `query RestReferralMetrics($first: Int!, $after: String, $afterDatabaseId: Int) {
      topPerformers(first: $first, after: $after, afterDatabaseId: $afterDatabaseId) { edges { node {
        customerId customerName totalCredits { pounds } purchasedReferrals
      } } pageInfo { hasNextPage endCursor } }
    }`,
    variables: ({ query }) => restPage(query, ANALYTICS_REST_LIST),
    pagedList: (data) => data.topPerformers,
    pagedItemId: (node) => node.customerId,
    answer: (data) => ({
      topPerformers: data.topPerformers.edges.map(({ node }: any) => ({
        customerName: node.customerName,
        customerId: node.customerId,
        totalCredits: node.totalCredits.pounds,
        purchasedReferrals: node.purchasedReferrals,
      })),
    }),
  },
  {
    method: "GET",
    path: "/api/admin/customer-segments",
    operation: `query RestCustomerSegments { customerSegments { segment name customers } }`,
    answer: (data) => {
      const counts = Object.fromEntries(
        data.customerSegments.map((s: { segment: string; customers: number }) => [
          s.segment.toLowerCase().replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()),
          s.customers,
        ]),
      );
      return { ...counts, segments: data.customerSegments.map((s: any) => ({ segment: s.name, count: s.customers })) };
    },
  },
  {
    method: "GET",
    path: "/api/admin/revenue-trends",
    operation: `query RestRevenueTrends($first: Int!, $after: String, $afterDatabaseId: Int) {
      revenueTrends(first: $first, after: $after, afterDatabaseId: $afterDatabaseId) { edges { node {
        databaseId amount { pounds } credits { pounds } date
      } } pageInfo { hasNextPage endCursor } }
    }`,
    variables: ({ query }) => restPage(query, ANALYTICS_REST_LIST),
    pagedList: (data) => data.revenueTrends,
    answer: (data) =>
      data.revenueTrends.edges.map(({ node }: any) => ({
        id: node.databaseId,
        amount: node.amount.pounds,
        date: node.date,
        credits: node.credits.pounds,
      })),
  },
];
