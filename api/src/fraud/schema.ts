import { ReferralSignalKind } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import type { Context } from "../graphql/context.ts";
import { BatchLoader, mapMaybe, requestLoader } from "../graphql/requestLoaders.ts";
import { ReferralDetailType, ReferralType } from "../referrals/types.ts";
import { type FraudSignalCustomerRow, type FraudSignalKindRow, fraudSignalReport } from "./report.ts";
import { type ReferralSignalRow, SIGNAL_WORDS, signalsOfReferrals } from "./service.ts";

export const ReferralSignalKindEnum = builder.enumType(ReferralSignalKind, {
  name: "ReferralSignalKind",
  description: `Why a referral looks wrong (docs/rules/fraud.md, "Signals"): ${Object.entries(SIGNAL_WORDS)
    .map(([kind, words]) => `${kind}: ${words}`)
    .join(" ")} REST gives it in lower case.`,
});

export const ReferralSignalType = builder.objectRef<ReferralSignalRow>("ReferralSignal").implement({
  description:
    "One reason a referral looks wrong, in words, with what matched. Administrators only: customers and staff never see signals.",
  authScopes: { admin: true },
  fields: (t) => ({
    kind: t.field({ type: ReferralSignalKindEnum, resolve: (signal) => signal.kind }),
    words: t.exposeString("words", { description: "What it means, in plain words." }),
    evidence: t.exposeString("evidence", {
      nullable: true,
      description:
        "What matched (\"postcode LS1 4AP = referrer's\"). Null once the referral's details were erased: the evidence goes with them.",
    }),
    noticedAt: t.expose("noticedAt", {
      type: "DateTime",
      description: "When it was first noticed: when the referral was added, or at its verification.",
    }),
  }),
});

/** Every referral's signals a response asks for, in one statement. */
const signalsLoader = (context: Context) =>
  requestLoader(
    context,
    "referralSignals",
    () =>
      new BatchLoader<number, ReferralSignalRow[]>(
        async (referralIds) => signalsOfReferrals(context.sql, referralIds),
        [],
      ),
  );

builder.objectFields(ReferralType, (t) => ({
  signals: t.field({
    type: [ReferralSignalType],
    description:
      "Why the referral looks wrong, in words with what matched: noticed when it was added and again at verification. Empty when nothing was noticed. Administrators only.",
    authScopes: { admin: true },
    resolve: (referral, _args, context) => signalsLoader(context).loadNow(referral.id),
  }),
  signalCount: t.int({
    description: 'How many signals the referral has (the pending list\'s flag: "2 signals"). Administrators only.',
    authScopes: { admin: true },
    resolve: (referral, _args, context) => {
      // The pending queue's statement counts them with the row; anything else asks the loader.
      const counted = (referral as { signalCount?: number }).signalCount;
      if (typeof counted === "number") return counted;
      return mapMaybe(signalsLoader(context).loadNow(referral.id), (signals) => signals.length);
    },
  }),
}));

builder.objectFields(ReferralDetailType, (t) => ({
  signals: t.field({
    type: [ReferralSignalType],
    description: "The referral's signals, as Referral.signals. Administrators only.",
    authScopes: { admin: true },
    resolve: (row, _args, context) => signalsLoader(context).loadNow(row.id),
  }),
  signalCount: t.int({
    description: "How many signals the referral has. Administrators only.",
    authScopes: { admin: true },
    resolve: (row, _args, context) => mapMaybe(signalsLoader(context).loadNow(row.id), (signals) => signals.length),
  }),
}));

const FraudSignalKindRowType = builder.objectRef<FraudSignalKindRow>("FraudSignalKindRow").implement({
  description:
    "One kind of signal over the report's range: the referrals added then that carry it, and what became of them.",
  fields: (t) => ({
    kind: t.field({ type: ReferralSignalKindEnum, resolve: (row) => row.kind }),
    words: t.exposeString("words"),
    flagged: t.exposeInt("flagged", { description: "Referrals added in the range with this signal." }),
    verified: t.exposeInt("verified", { description: "Of those, purchased (their purchase verified)." }),
    withdrawn: t.exposeInt("withdrawn", { description: "Of those, withdrawn by their customer or erased on request." }),
    held: t.exposeInt("held", { description: "Of those, pending and held for review." }),
    expired: t.exposeInt("expired", { description: "Of those, expired (or pending past their 90 days)." }),
    pending: t.exposeInt("pending", { description: "Of those, still pending (held ones included)." }),
  }),
});

const FraudSignalCustomerRowType = builder.objectRef<FraudSignalCustomerRow>("FraudSignalCustomerRow").implement({
  description: "One customer's flagged referrals over the report's range.",
  fields: (t) => ({
    customerDatabaseId: t.exposeInt("customerId"),
    customerName: t.exposeString("customerName", {
      description: 'First and last name, or the username; "erased" once erased.',
    }),
    flagged: t.exposeInt("flagged", { description: "Their referrals added in the range with at least one signal." }),
    signals: t.exposeInt("signals", { description: "Signals on those referrals, all kinds." }),
    verified: t.exposeInt("verified"),
    withdrawn: t.exposeInt("withdrawn"),
    held: t.exposeInt("held"),
    expired: t.exposeInt("expired"),
    pending: t.exposeInt("pending"),
  }),
});

const FraudSignalReportType = builder
  .objectRef<{ kinds: FraudSignalKindRow[]; customers: FraudSignalCustomerRow[] }>("FraudSignalReport")
  .implement({
    description: "The fraud report over a range of London days: by kind (every kind present) and by customer.",
    fields: (t) => ({
      kinds: t.field({ type: [FraudSignalKindRowType], resolve: (report) => report.kinds }),
      customers: t.field({
        type: [FraudSignalCustomerRowType],
        description: "Customers with flagged referrals in the range, most flagged first (at most 500).",
        resolve: (report) => report.customers,
      }),
    }),
  });

const DAY = "YYYY-MM-DD, a day in London time";

builder.queryFields((t) => ({
  fraudSignalReport: t.field({
    type: FraudSignalReportType,
    description:
      "Referrals added from `from` to `to` (both inclusive) that carry signals, by kind and by customer, with what became of them. Administrators only.",
    authScopes: { admin: true },
    args: {
      from: t.arg.string({ required: true, description: DAY }),
      to: t.arg.string({ required: true, description: `${DAY} (inclusive)` }),
    },
    resolve: (_root, args, context) => fraudSignalReport(context.prisma, args.from, args.to),
  }),
}));
