import { SEGMENTS } from "../customers/index.ts";
import { CustomerSegmentEnum } from "../customers/types.ts";
import { builder } from "../graphql/builder.ts";
import { keysetConnection } from "../graphql/pager.ts";
import { afterDatabaseIdArg, moneyField } from "../graphql/sharedFields.ts";
import {
  type AnalyticsFigures,
  countCustomerSegments,
  getAnalyticsFigures,
  listRevenueTrends,
  listTopPerformers,
  REVENUE_TRENDS_ORDER,
  type RevenueTrendItem,
  revenueTrendPosition,
  TOP_PERFORMERS_ORDER,
  type TopPerformer,
  topPerformerPosition,
} from "./service.ts";
// The figures over a date range and the cancellation history: parts of this domain's schema.
import "./periodsSchema.ts";
import "./cancellationsSchema.ts";

const AnalyticsSummary = builder.objectRef<AnalyticsFigures>("AnalyticsSummary").implement({
  description: "Programme-wide figures, computed by the database on each request.",
  fields: (t) => ({
    totalCustomers: t.exposeInt("totalCustomers"),
    verifiedCustomers: t.exposeInt("verifiedCustomers"),
    totalReferrals: t.exposeInt("totalReferrals"),
    purchasedReferrals: t.exposeInt("purchasedReferrals"),
    conversionRate: t.exposeFloat("conversionRate", {
      description: "Purchased referrals per 100 referrals, one decimal place.",
    }),
    totalCreditsIssued: moneyField(t, (a) => a.totalCreditsIssuedPence, "Credits given, net of reversals."),
    totalPurchaseValue: moneyField(t, (a) => a.totalPurchaseValuePence, "What referrals spent (live purchases)."),
    averagePurchaseValue: moneyField(t, (a) => a.averagePurchaseValuePence),
  }),
});

const TopPerformerType = builder.objectRef<TopPerformer>("TopPerformer").implement({
  fields: (t) => ({
    customerId: t.exposeInt("customerId", { description: "The customer's numeric id." }),
    customerName: t.exposeString("customerName"),
    totalCredits: moneyField(t, (p) => p.totalCreditsPence),
    purchasedReferrals: t.exposeInt("purchasedReferrals"),
  }),
});

const RevenueTrend = builder.objectRef<RevenueTrendItem>("RevenueTrend").implement({
  description: "One verified (not cancelled) purchase.",
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The purchase's numeric id (the REST `?after=`)." }),
    amount: moneyField(t, (r) => r.amountPence),
    credits: moneyField(t, (r) => r.creditPence, "The credit it earned the referrer."),
    date: t.expose("date", { type: "DateTime" }),
  }),
});

const SegmentCount = builder
  .objectRef<{ segment: (typeof SEGMENTS)[number]; customers: number }>("SegmentCount")
  .implement({
    fields: (t) => ({
      segment: t.field({ type: CustomerSegmentEnum, resolve: (s) => s.segment.key }),
      name: t.string({ resolve: (s) => s.segment.name }),
      customers: t.exposeInt("customers"),
    }),
  });

builder.queryFields((t) => ({
  analytics: t.field({
    type: AnalyticsSummary,
    authScopes: { admin: true },
    resolve: (_root, _args, context) => getAnalyticsFigures(context.sql),
  }),
  topPerformers: t.connection({
    type: TopPerformerType,
    description: "Customers by credits earned, highest first (10 by default).",
    authScopes: { admin: true },
    args: { afterDatabaseId: afterDatabaseIdArg(t, "customer") },
    resolve: async (_root, args, context) =>
      keysetConnection(
        args,
        TOP_PERFORMERS_ORDER,
        { defaultSize: 10 },
        (request) => listTopPerformers(context.sql, request),
        (row) => row,
        args.afterDatabaseId == null ? null : await topPerformerPosition(context.sql, args.afterDatabaseId),
      ),
  }),
  customerSegments: t.field({
    type: [SegmentCount],
    authScopes: { admin: true },
    resolve: async (_root, _args, context) => {
      const counts = await countCustomerSegments(context.sql);
      return SEGMENTS.map((segment) => ({ segment, customers: counts[segment.key] }));
    },
  }),
  revenueTrends: t.connection({
    type: RevenueTrend,
    description: "Verified purchases, newest first (10 by default).",
    authScopes: { admin: true },
    args: { afterDatabaseId: afterDatabaseIdArg(t, "purchase") },
    resolve: async (_root, args, context) =>
      keysetConnection(
        args,
        REVENUE_TRENDS_ORDER,
        { defaultSize: 10 },
        (request) => listRevenueTrends(context.sql, request),
        (row) => row,
        args.afterDatabaseId == null ? null : await revenueTrendPosition(context.sql, args.afterDatabaseId),
      ),
  }),
}));
