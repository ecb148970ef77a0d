import { z } from "zod";
import { optionalBodyText } from "../rest/bodyFields.ts";
import { pounds, textOrNumber } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";
import { AWAITING_FIELDS, awaitingAnswer, awaitingDocs } from "./changeRequestRestRoutes.ts";

const creditRateSchema = { creditRateBasisPoints: z.number().int(), creditRatePercent: z.string() };
const contactSchema = {
  contactEmail: z.string().describe("Always set: the installation's default until an administrator sets another"),
  contactEmailIsDefault: z.boolean(),
  contactPhone: z.string().nullable(),
  contactHours: z.string().nullable(),
};
const contactChangeSchema = z.object({
  contactEmail: z.string().nullable().optional(),
  contactPhone: z.string().nullable().optional(),
  contactHours: z.string().nullable().optional(),
});
const thresholdSchema = z.object({ payoutApprovalThreshold: pounds });
const dailyLimitSchema = z.object({ referralDailyLimit: z.number().int() });
const burstSchema = z.object({ signalBurstPerHour: z.number().int() });
const amountFactorSchema = z.object({ signalAmountFactorPercent: z.number().int() });
const flaggedApprovalSchema = z.object({ flaggedVerificationApproval: pounds });

/** The contact parts in the body: one left out stays as it is; null or "" clears it. */
function contactChange(body: Record<string, unknown>) {
  const parts = { email: "contactEmail", phone: "contactPhone", hours: "contactHours" } as const;
  return Object.fromEntries(
    Object.entries(parts)
      .filter(([, name]) => name in body)
      .map(([part, name]) => [part, optionalBodyText(body, name)]),
  );
}

const ERROR_FIELDS = "... on Error { code message }";
const SETTINGS_FIELDS = "creditRateBasisPoints creditRatePercent";
const CONTACT_FIELDS = "contactEmail contactEmailIsDefault contactPhone contactHours";

/**
 * Accepts 1100 or "1100". Anything else becomes 0, which the service refuses with its own message:
 * the rule lives there, and the caller's rights are checked before the input is.
 */
function wholeNumberFrom(value: unknown): number {
  const parsed = typeof value === "string" && /^ *-?\d+ *$/.test(value) ? Number(value) : value;
  return typeof parsed === "number" && Number.isSafeInteger(parsed) && Math.abs(parsed) < 2 ** 31 ? parsed : 0;
}

export const settingsRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/settings",
    docs: {
      summary: "The programme's credit rate and contact",
      answer: z.object({ ...creditRateSchema, ...contactSchema }),
    },
    operation: `query RestSettings { programme { ${SETTINGS_FIELDS} ${CONTACT_FIELDS} } }`,
    answer: (data) => data.programme,
  },
  {
    method: "POST",
    path: "/api/admin/settings/contact",
    docs: {
      summary:
        "Set the programme contact (a part left out stays; null or blank clears it; a cleared email is the installation's default)",
      body: contactChangeSchema,
      answer: z.object(contactSchema),
    },
    operation: `mutation RestSetProgrammeContact($input: SetProgrammeContactInput!) {
      setProgrammeContact(input: $input) { ... on MutationSetProgrammeContactSuccess { data { ${CONTACT_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({ input: contactChange(body) }),
    answer: (data) => data.setProgrammeContact.data,
  },
  {
    method: "POST",
    path: "/api/admin/settings/credit-rate",
    docs: {
      summary: "Set the credit rate for purchases verified from now on (a raise waits for a second administrator: 202)",
      body: z.object({ basisPoints: z.union([z.number().int(), z.string()]).describe("1100 is 11%") }),
      answer: z.object(creditRateSchema),
      accepted: awaitingDocs("A raise of the credit rate"),
    },
    operation: `mutation RestSetCreditRate($input: SetCreditRateInput!) {
      setCreditRate(input: $input) { ... on MutationSetCreditRateSuccess { data { ${SETTINGS_FIELDS} } } ${AWAITING_FIELDS} ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({ input: { basisPoints: wholeNumberFrom(body.basisPoints) } }),
    accepted: (data) => awaitingAnswer(data.setCreditRate),
    answer: (data) => data.setCreditRate.data,
  },
  {
    method: "GET",
    path: "/api/admin/settings/payout-approval-threshold",
    docs: { answer: thresholdSchema },
    operation: "query RestPayoutApprovalThreshold { programme { payoutApprovalThreshold { pounds } } }",
    answer: (data) => ({ payoutApprovalThreshold: data.programme.payoutApprovalThreshold.pounds }),
  },
  {
    method: "POST",
    path: "/api/admin/settings/payout-approval-threshold",
    docs: {
      summary: "Set the payout approval threshold (a raise waits for a second administrator: 202)",
      body: z.object({ amount: textOrNumber }),
      answer: thresholdSchema,
      accepted: awaitingDocs("A raise of the payout approval threshold"),
    },
    operation: `mutation RestSetPayoutApprovalThreshold($input: SetPayoutApprovalThresholdInput!) {
      setPayoutApprovalThreshold(input: $input) { ... on MutationSetPayoutApprovalThresholdSuccess { data { payoutApprovalThreshold { pounds } } } ${AWAITING_FIELDS} ${ERROR_FIELDS} }
    }`,
    accepted: (data) => awaitingAnswer(data.setPayoutApprovalThreshold),
    // Pounds as text or a number; anything else becomes "", which the service refuses with its own message.
    variables: ({ body }) => ({
      input: { amount: typeof body.amount === "string" || typeof body.amount === "number" ? String(body.amount) : "" },
    }),
    answer: (data) => ({
      payoutApprovalThreshold: data.setPayoutApprovalThreshold.data.payoutApprovalThreshold.pounds,
    }),
  },
  {
    method: "GET",
    path: "/api/admin/settings/flagged-verification-approval",
    docs: { answer: flaggedApprovalSchema },
    operation: "query RestFlaggedVerificationApproval { programme { flaggedVerificationApproval { pounds } } }",
    answer: (data) => ({ flaggedVerificationApproval: data.programme.flaggedVerificationApproval.pounds }),
  },
  {
    method: "POST",
    path: "/api/admin/settings/flagged-verification-approval",
    docs: {
      summary: "Set the flagged verification approval (a raise waits for a second administrator: 202)",
      body: z.object({ amount: textOrNumber }),
      answer: flaggedApprovalSchema,
      accepted: awaitingDocs("A raise of the flagged verification approval"),
    },
    operation: `mutation RestSetFlaggedVerificationApproval($input: SetFlaggedVerificationApprovalInput!) {
      setFlaggedVerificationApproval(input: $input) { ... on MutationSetFlaggedVerificationApprovalSuccess { data { flaggedVerificationApproval { pounds } } } ${AWAITING_FIELDS} ${ERROR_FIELDS} }
    }`,
    accepted: (data) => awaitingAnswer(data.setFlaggedVerificationApproval),
    variables: ({ body }) => ({
      input: { amount: typeof body.amount === "string" || typeof body.amount === "number" ? String(body.amount) : "" },
    }),
    answer: (data) => ({
      flaggedVerificationApproval: data.setFlaggedVerificationApproval.data.flaggedVerificationApproval.pounds,
    }),
  },
  {
    method: "GET",
    path: "/api/admin/settings/referral-daily-limit",
    docs: { answer: dailyLimitSchema },
    operation: "query RestReferralDailyLimit { programme { referralDailyLimit } }",
    answer: (data) => ({ referralDailyLimit: data.programme.referralDailyLimit }),
  },
  {
    method: "POST",
    path: "/api/admin/settings/referral-daily-limit",
    docs: {
      summary: "Set the daily referral limit (a raise waits for a second administrator: 202)",
      body: z.object({ limit: z.union([z.number().int(), z.string()]) }),
      answer: dailyLimitSchema,
      accepted: awaitingDocs("A raise of the daily referral limit"),
    },
    operation: `mutation RestSetReferralDailyLimit($input: SetReferralDailyLimitInput!) {
      setReferralDailyLimit(input: $input) { ... on MutationSetReferralDailyLimitSuccess { data { referralDailyLimit } } ${AWAITING_FIELDS} ${ERROR_FIELDS} }
    }`,
    accepted: (data) => awaitingAnswer(data.setReferralDailyLimit),
    variables: ({ body }) => ({ input: { limit: wholeNumberFrom(body.limit) } }),
    answer: (data) => ({ referralDailyLimit: data.setReferralDailyLimit.data.referralDailyLimit }),
  },
  {
    method: "GET",
    path: "/api/admin/settings/signal-burst-per-hour",
    docs: { answer: burstSchema },
    operation: "query RestSignalBurstPerHour { programme { signalBurstPerHour } }",
    answer: (data) => ({ signalBurstPerHour: data.programme.signalBurstPerHour }),
  },
  {
    method: "POST",
    path: "/api/admin/settings/signal-burst-per-hour",
    docs: {
      summary: "Set the BURST fraud signal's limit (a raise waits for a second administrator: 202)",
      body: z.object({ perHour: z.union([z.number().int(), z.string()]) }),
      answer: burstSchema,
      accepted: awaitingDocs("A raise of the burst signal's limit"),
    },
    operation: `mutation RestSetSignalBurstPerHour($input: SetSignalBurstPerHourInput!) {
      setSignalBurstPerHour(input: $input) { ... on MutationSetSignalBurstPerHourSuccess { data { signalBurstPerHour } } ${AWAITING_FIELDS} ${ERROR_FIELDS} }
    }`,
    accepted: (data) => awaitingAnswer(data.setSignalBurstPerHour),
    variables: ({ body }) => ({ input: { perHour: wholeNumberFrom(body.perHour) } }),
    answer: (data) => ({ signalBurstPerHour: data.setSignalBurstPerHour.data.signalBurstPerHour }),
  },
  {
    method: "GET",
    path: "/api/admin/settings/signal-amount-factor",
    docs: { answer: amountFactorSchema },
    operation: "query RestSignalAmountFactor { programme { signalAmountFactorPercent } }",
    answer: (data) => ({ signalAmountFactorPercent: data.programme.signalAmountFactorPercent }),
  },
  {
    method: "POST",
    path: "/api/admin/settings/signal-amount-factor",
    docs: {
      summary:
        "Set the AMOUNT_UNUSUAL fraud signal's factor in percent (a raise waits for a second administrator: 202)",
      body: z.object({
        percent: z.union([z.number().int(), z.string()]).describe("300 is 3× the referrer's own purchase"),
      }),
      answer: amountFactorSchema,
      accepted: awaitingDocs("A raise of the amount signal's factor"),
    },
    operation: `mutation RestSetSignalAmountFactor($input: SetSignalAmountFactorInput!) {
      setSignalAmountFactor(input: $input) { ... on MutationSetSignalAmountFactorSuccess { data { signalAmountFactorPercent } } ${AWAITING_FIELDS} ${ERROR_FIELDS} }
    }`,
    accepted: (data) => awaitingAnswer(data.setSignalAmountFactor),
    variables: ({ body }) => ({ input: { percent: wholeNumberFrom(body.percent) } }),
    answer: (data) => ({ signalAmountFactorPercent: data.setSignalAmountFactor.data.signalAmountFactorPercent }),
  },
];
