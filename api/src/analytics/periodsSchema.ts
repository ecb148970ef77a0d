import { builder } from "../graphql/builder.ts";
import { moneyField } from "../graphql/sharedFields.ts";
import { type ReferralFunnel, type RevenueBucket, referralFunnel, revenueByPeriod } from "./periods.ts";

export const ReportPeriodEnum = builder.enumType("ReportPeriod", {
  description: "A bucket of the figures over time: calendar weeks (Monday to Sunday) or months, in London time.",
  values: { WEEK: {}, MONTH: {} } as const,
});

const RevenueBucketType = builder.objectRef<RevenueBucket>("RevenueBucket").implement({
  description: "One week or month of the range: purchases, revenue and credits in it, zero when nothing happened.",
  fields: (t) => ({
    start: t.exposeString("start", {
      description:
        "The bucket's first day in London (a Monday, or the 1st), YYYY-MM-DD. The first and last buckets count only the range's days.",
    }),
    purchases: t.exposeInt("purchases", { description: "Live (not cancelled) purchases verified in the bucket." }),
    revenue: moneyField(t, (b) => b.revenuePence, "Their purchase value."),
    creditsIssued: moneyField(t, (b) => b.creditsIssuedPence, "Credits given in the bucket."),
    creditsReversed: moneyField(
      t,
      (b) => b.creditsReversedPence,
      "Credits taken back in the bucket by cancellations (a positive amount).",
    ),
  }),
});

const ReferralFunnelType = builder.objectRef<ReferralFunnel>("ReferralFunnel").implement({
  description: "Referrals added in the range, and where they are now.",
  fields: (t) => ({
    added: t.exposeInt("added"),
    purchased: t.exposeInt("purchased"),
    expired: t.exposeInt("expired", { description: "Expired, or pending past their 90 days." }),
    withdrawn: t.exposeInt("withdrawn", { description: "Withdrawn by their customer while pending." }),
    pending: t.exposeInt("pending", { description: "Still pending within their 90 days." }),
  }),
});

const DAY = "YYYY-MM-DD, a day in London time";

builder.queryFields((t) => ({
  revenueByPeriod: t.field({
    type: [RevenueBucketType],
    description:
      "Revenue and credits per week or month from `from` to `to` (both inclusive), every bucket present, empty ones zero.",
    authScopes: { admin: true },
    args: {
      period: t.arg({ type: ReportPeriodEnum, required: true }),
      from: t.arg.string({ required: true, description: DAY }),
      to: t.arg.string({ required: true, description: `${DAY} (inclusive)` }),
    },
    resolve: (_root, args, context) => revenueByPeriod(context.sql, args.period, args.from, args.to),
  }),
  referralFunnel: t.field({
    type: ReferralFunnelType,
    description:
      "Referrals added from `from` to `to` (both inclusive), then purchased, expired, withdrawn and still pending: the four add up to added.",
    authScopes: { admin: true },
    args: {
      from: t.arg.string({ required: true, description: DAY }),
      to: t.arg.string({ required: true, description: `${DAY} (inclusive)` }),
    },
    resolve: (_root, args, context) => referralFunnel(context.sql, args.from, args.to),
  }),
}));
