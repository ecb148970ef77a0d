import { z } from "zod";
import { ANALYTICS_REST_LIST, CANCELLATIONS_REST_LIST } from "../lib/listSizes.ts";
import { id, pounds as money, timestamp } from "../rest/docSchemas.ts";
import { restEnum, restPage, restText } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";

const range = {
  from: z.string().describe("YYYY-MM-DD, a London day, inclusive"),
  to: z.string().describe("YYYY-MM-DD, a London day, inclusive"),
};

const pounds = "pounds";

/** `?from=` and `?to=` (YYYY-MM-DD, inclusive London days); blank when absent, so the operation says which is missing. */
const rangeOf = (query: URLSearchParams) => ({ from: restText(query, "from") ?? "", to: restText(query, "to") ?? "" });

export const analyticsRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/analytics",
    docs: {
      summary: "Programme totals",
      answer: z.object({
        totalCustomers: z.number().int(),
        verifiedCustomers: z.number().int(),
        totalReferrals: z.number().int(),
        purchasedReferrals: z.number().int(),
        conversionRate: z.number(),
        totalCreditsIssued: money,
        totalPurchaseValue: money,
        averagePurchaseValue: money,
      }),
    },
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
    docs: {
      summary: "Top referrers",
      answer: z.object({
        topPerformers: z.array(
          z.object({
            customerName: z.string(),
            customerId: id,
            totalCredits: money,
            purchasedReferrals: z.number().int(),
          }),
        ),
      }),
    },
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
    docs: {
      summary: "Customers per progress segment",
      answer: z
        .object({ segments: z.array(z.object({ segment: z.string(), count: z.number().int() })) })
        .catchall(z.number().int())
        .describe("Also each segment's count by its camel-case key (gettingStarted, lowProgress, ...)"),
    },
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
    docs: {
      summary: "Verified purchases, newest first",
      answer: z.array(z.object({ id, amount: money, date: timestamp, credits: money })),
    },
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
  {
    method: "GET",
    path: "/api/admin/revenue-by-period",
    docs: {
      summary: "Revenue per week or month",
      query: z.object({ period: z.enum(["week", "month"]).optional(), ...range }),
      answer: z.array(
        z.object({
          start: z.string(),
          purchases: z.number().int(),
          revenue: money,
          creditsIssued: money,
          creditsReversed: money,
        }),
      ),
    },
    operation: `query RestRevenueByPeriod($period: ReportPeriod!, $from: String!, $to: String!) {
      revenueByPeriod(period: $period, from: $from, to: $to) {
        start purchases revenue { pounds } creditsIssued { pounds } creditsReversed { pounds }
      }
    }`,
    // `?period=week|month` (week by default), `?from=` and `?to=` both required.
    variables: ({ query }) => ({
      period: restEnum(query, "period", ["WEEK", "MONTH"] as const) ?? "WEEK",
      ...rangeOf(query),
    }),
    answer: (data) =>
      data.revenueByPeriod.map((b: any) => ({
        start: b.start,
        purchases: b.purchases,
        revenue: b.revenue.pounds,
        creditsIssued: b.creditsIssued.pounds,
        creditsReversed: b.creditsReversed.pounds,
      })),
  },
  {
    method: "GET",
    path: "/api/admin/referral-funnel",
    docs: {
      summary: "What became of the referrals added in a range",
      query: z.object(range),
      answer: z.object({
        added: z.number().int(),
        purchased: z.number().int(),
        expired: z.number().int(),
        withdrawn: z.number().int(),
        pending: z.number().int(),
      }),
    },
    operation: `query RestReferralFunnel($from: String!, $to: String!) {
      referralFunnel(from: $from, to: $to) { added purchased expired withdrawn pending }
    }`,
    variables: ({ query }) => rangeOf(query),
    answer: (data) => data.referralFunnel,
  },
  {
    method: "GET",
    path: "/api/admin/purchase-cancellations",
    docs: {
      summary: "Cancelled purchases, newest first",
      query: z.object({ from: range.from.optional(), to: range.to.optional() }),
      answer: z.array(
        z.object({
          purchaseId: id,
          referralId: id,
          customerId: id,
          customerName: z.string(),
          referralName: z.string().nullable(),
          amount: money,
          creditReversed: money,
          cancelledAt: timestamp,
          cancelledBy: z.string().nullable(),
          reason: z.string(),
        }),
      ),
    },
    operation: `query RestPurchaseCancellations($first: Int!, $afterDatabaseId: Int, $from: String, $to: String) {
      purchaseCancellations(first: $first, afterDatabaseId: $afterDatabaseId, from: $from, to: $to) { edges { node {
        purchaseId referralId customerId customerName referralName amount { pounds } creditReversed { pounds }
        cancelledAt cancelledBy reason
      } } pageInfo { hasNextPage endCursor } }
    }`,
    // Newest first; `?limit=` (20 by default, at most 100), `?after=<purchaseId>` for the next page.
    variables: ({ query }) => ({ ...restPage(query, CANCELLATIONS_REST_LIST), ...rangeOf(query) }),
    pagedList: (data) => data.purchaseCancellations,
    pagedItemId: (node) => node.purchaseId,
    answer: (data) =>
      data.purchaseCancellations.edges.map(({ node }: any) => ({
        ...node,
        amount: node.amount.pounds,
        creditReversed: node.creditReversed.pounds,
      })),
  },
];
