import { DEMO_ACCOUNTS } from "../demo/index.ts";
import { builder } from "../graphql/builder.ts";
import { Money, MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import type { Context } from "../graphql/context.ts";
import { actorOf } from "../lib/actor.ts";
import { formatPhone } from "../lib/phoneDisplay.ts";
import { appliedOrAwaiting, SETTING_MUTATION_ERRORS } from "./changeRequestSchema.ts";
import {
  formatBasisPointsAsPercent,
  formatCreditPerPound,
  getCreditRate,
  getFlaggedVerificationApproval,
  getPayoutApprovalThreshold,
  getProgrammeContact,
  getReferralDailyLimit,
  getSignalAmountFactor,
  getSignalBurstPerHour,
  MAX_CREDIT_RATE_BASIS_POINTS,
  MAX_REFERRAL_DAILY_LIMIT,
  MAX_SIGNAL_AMOUNT_FACTOR_PERCENT,
  MAX_SIGNAL_BURST_PER_HOUR,
  MIN_CREDIT_RATE_BASIS_POINTS,
  MIN_REFERRAL_DAILY_LIMIT,
  MIN_SIGNAL_AMOUNT_FACTOR_PERCENT,
  MIN_SIGNAL_BURST_PER_HOUR,
  type ProgrammeContact,
  type ProgrammeContactChange,
  setCreditRate,
  setFlaggedVerificationApproval,
  setPayoutApprovalThreshold,
  setProgrammeContact,
  setReferralDailyLimit,
  setSignalAmountFactor,
  setSignalBurstPerHour,
} from "./service.ts";

type DemoAccountShape = (typeof DEMO_ACCOUNTS)[number];

interface ProgrammeShape {
  demoMode: boolean;
  demoAccounts: DemoAccountShape[];
  /** Read once per request, and only when a rate field is asked for. */
  creditRateBasisPoints: () => Promise<number>;
  /** Read once per request, and only when a contact field is asked for: what administrators set (null parts unset). */
  contact: () => Promise<ProgrammeContact>;
  /** The contact email while none is set: customers always have one (docs/rules/settings.md, "Programme contact"). */
  defaultContactEmail: string;
}

const DemoAccount = builder.objectRef<DemoAccountShape>("DemoAccount").implement({
  fields: (t) => ({
    role: t.exposeString("role"),
    username: t.exposeString("username"),
    password: t.exposeString("password"),
  }),
});

const Programme = builder.objectRef<ProgrammeShape>("Programme").implement({
  description: "Facts about the programme that anyone, signed in or not, may read.",
  fields: (t) => ({
    demoMode: t.exposeBoolean("demoMode", {
      description: "True on a demo installation: the landing page then shows the demo accounts.",
    }),
    demoAccounts: t.field({
      type: [DemoAccount],
      description: "Empty unless demoMode is true.",
      resolve: (programme) => programme.demoAccounts,
    }),
    creditRateBasisPoints: t.int({
      description:
        "The credit rate in force, in basis points: a customer earns this share of what each referral spends (1100 = 11%).",
      resolve: (programme) => programme.creditRateBasisPoints(),
    }),
    creditRatePercent: t.string({
      description: 'The same rate for display, e.g. "11%" or "12.5%".',
      resolve: async (programme) => formatBasisPointsAsPercent(await programme.creditRateBasisPoints()),
    }),
    creditPerPound: t.string({
      description:
        'What each £1.00 a referral spends earns at that rate, for display: "£0.11" at 11%, "£0.125" at 12.5%.',
      resolve: async (programme) => formatCreditPerPound(await programme.creditRateBasisPoints()),
    }),
    contactEmail: t.string({
      nullable: true,
      description:
        "The programme's contact email address (a mailto: link on the pages). Always set: the installation's default (CONTACT_EMAIL, else MAIL_FROM's address) until an administrator sets another, and again once one clears it.",
      resolve: async (programme) => (await programme.contact()).email ?? programme.defaultContactEmail,
    }),
    contactEmailIsDefault: t.boolean({
      description:
        "True while the contact email is the installation's default (no administrator has set one, or it was cleared).",
      resolve: async (programme) => (await programme.contact()).email === null,
    }),
    contactPhone: t.string({
      nullable: true,
      description: 'The programme\'s contact phone in E.164 ("+443001234567"), for tel: links; null while not set.',
      resolve: async (programme) => (await programme.contact()).phone,
    }),
    contactPhoneDisplay: t.string({
      nullable: true,
      description:
        'The same phone as people read it: UK numbers in national form ("0300 123 4567"), others international.',
      resolve: async (programme) => {
        const { phone } = await programme.contact();
        return phone ? formatPhone(phone) : null;
      },
    }),
    contactHours: t.string({
      nullable: true,
      description:
        'When the programme answers, as the administrators wrote it ("Monday to Friday, 9am to 5pm"); null while not set.',
      resolve: async (programme) => (await programme.contact()).hours,
    }),
    payoutApprovalThreshold: t.field({
      type: Money,
      description: "Milestone payments above this amount need a second administrator's approval. Administrators only.",
      authScopes: { admin: true },
      resolve: (_programme, _args, context) => getPayoutApprovalThreshold(context.prisma),
    }),
    flaggedVerificationApproval: t.field({
      type: Money,
      description:
        "A referral with signals whose purchase is above this amount is verified only with a second administrator's approval. Administrators only.",
      authScopes: { admin: true },
      resolve: (_programme, _args, context) => getFlaggedVerificationApproval(context.prisma),
    }),
    referralDailyLimit: t.int({
      description:
        "The most referrals one customer may add in any 24 hours (a rolling window); one more is refused with RATE_LIMITED. Administrators only.",
      authScopes: { admin: true },
      resolve: (_programme, _args, context) => getReferralDailyLimit(context.prisma),
    }),
    signalBurstPerHour: t.int({
      description:
        "The BURST fraud signal: a customer's referral is flagged when they added more than this many within an hour (docs/rules/fraud.md). Administrators only.",
      authScopes: { admin: true },
      resolve: (_programme, _args, context) => getSignalBurstPerHour(context.prisma),
    }),
    signalAmountFactorPercent: t.int({
      description:
        "The AMOUNT_UNUSUAL fraud signal: a purchase above this percent of the referrer's own purchase is flagged at verification (300 = 3×). Administrators only.",
      authScopes: { admin: true },
      resolve: (_programme, _args, context) => getSignalAmountFactor(context.prisma),
    }),
  }),
});

function programmeFor(context: Context): ProgrammeShape {
  let creditRate: Promise<number> | undefined;
  let contact: Promise<ProgrammeContact> | undefined;
  return {
    demoMode: context.app.config.demoMode,
    defaultContactEmail: context.app.config.contactEmail,
    demoAccounts: context.app.config.demoMode ? DEMO_ACCOUNTS : [],
    creditRateBasisPoints: () => {
      creditRate ??= getCreditRate(context.prisma);
      return creditRate;
    },
    contact: () => {
      contact ??= context.programmeContact
        ? Promise.resolve(context.programmeContact)
        : getProgrammeContact(context.prisma);
      return contact;
    },
  };
}

const SetCreditRateInput = builder.inputType("SetCreditRateInput", {
  fields: (t) => ({
    basisPoints: t.int({
      required: true,
      description: `From ${MIN_CREDIT_RATE_BASIS_POINTS} (0.01%) to ${MAX_CREDIT_RATE_BASIS_POINTS} (100%); 1100 = 11%.`,
    }),
  }),
});

const SetPayoutApprovalThresholdInput = builder.inputType("SetPayoutApprovalThresholdInput", {
  fields: (t) => ({
    amount: t.string({ required: true, description: 'In pounds, e.g. "500.00"; from £0.01 to £10,000,000.' }),
  }),
});

const SetFlaggedVerificationApprovalInput = builder.inputType("SetFlaggedVerificationApprovalInput", {
  fields: (t) => ({
    amount: t.string({ required: true, description: 'In pounds, e.g. "1000.00"; from £0.01 to £10,000,000.' }),
  }),
});

const SetReferralDailyLimitInput = builder.inputType("SetReferralDailyLimitInput", {
  fields: (t) => ({
    limit: t.int({
      required: true,
      description: `Referrals per customer in any 24 hours, from ${MIN_REFERRAL_DAILY_LIMIT} to ${MAX_REFERRAL_DAILY_LIMIT}.`,
    }),
  }),
});

const SetSignalBurstPerHourInput = builder.inputType("SetSignalBurstPerHourInput", {
  fields: (t) => ({
    perHour: t.int({
      required: true,
      description: `Referrals by one customer within an hour above which the BURST signal is raised, from ${MIN_SIGNAL_BURST_PER_HOUR} to ${MAX_SIGNAL_BURST_PER_HOUR}.`,
    }),
  }),
});

const SetSignalAmountFactorInput = builder.inputType("SetSignalAmountFactorInput", {
  fields: (t) => ({
    percent: t.int({
      required: true,
      description: `Percent of the referrer's own purchase above which a verified amount raises AMOUNT_UNUSUAL, from ${MIN_SIGNAL_AMOUNT_FACTOR_PERCENT} to ${MAX_SIGNAL_AMOUNT_FACTOR_PERCENT}; 300 = 3×.`,
    }),
  }),
});

const SetProgrammeContactInput = builder.inputType("SetProgrammeContactInput", {
  description:
    "Each part given is set; null or blank clears it (a cleared email is the installation's default again); a part left out stays as it is.",
  fields: (t) => ({
    email: t.string({ description: "A valid email address, at most 254 characters." }),
    phone: t.string({
      description:
        'A UK number as typed ("0300 123 4567") or any number in international form ("+33 1 23 45 67 89"); stored in E.164.',
    }),
    hours: t.string({ description: "Opening hours as free text, one line, at most 200 characters." }),
  }),
});

builder.queryFields((t) => ({
  programme: t.field({
    type: Programme,
    resolve: (_root, _args, context) => programmeFor(context),
  }),
}));

builder.mutationFields((t) => ({
  setCreditRate: t.field({
    type: Programme,
    description:
      "Changes the credit rate for purchases verified from now on; credits already given keep the rate they were computed with. Lowering it applies at once; raising it answers SettingChangeAwaitingApproval (AWAITING_APPROVAL): another administrator must approve it. Administrators only.",
    authScopes: { admin: true },
    errors: { types: SETTING_MUTATION_ERRORS },
    args: { input: t.arg({ type: SetCreditRateInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      appliedOrAwaiting(await setCreditRate(context.prisma, input, actorOf(context)));
      return programmeFor(context);
    },
  }),
  setPayoutApprovalThreshold: t.field({
    type: Programme,
    description:
      "Changes the amount above which a milestone payment needs a second administrator's approval (audited). Lowering it applies at once; raising it answers SettingChangeAwaitingApproval (AWAITING_APPROVAL): another administrator must approve it. Administrators only.",
    authScopes: { admin: true },
    errors: { types: SETTING_MUTATION_ERRORS },
    args: { input: t.arg({ type: SetPayoutApprovalThresholdInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      appliedOrAwaiting(await setPayoutApprovalThreshold(context.prisma, input, actorOf(context)));
      return programmeFor(context);
    },
  }),
  setFlaggedVerificationApproval: t.field({
    type: Programme,
    description:
      "Changes the amount above which a flagged referral's purchase needs a second administrator's approval (audited). Lowering it applies at once; raising it answers SettingChangeAwaitingApproval (AWAITING_APPROVAL): another administrator must approve it. Administrators only.",
    authScopes: { admin: true },
    errors: { types: SETTING_MUTATION_ERRORS },
    args: { input: t.arg({ type: SetFlaggedVerificationApprovalInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      appliedOrAwaiting(await setFlaggedVerificationApproval(context.prisma, input, actorOf(context)));
      return programmeFor(context);
    },
  }),
  setProgrammeContact: t.field({
    type: Programme,
    description:
      "Sets how customers reach the programme: contact email, phone and opening hours, shown on the milestones page, in the footer and in the terms (audited). Administrators only.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: SetProgrammeContactInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      await setProgrammeContact(context.prisma, input as ProgrammeContactChange, actorOf(context));
      return programmeFor(context);
    },
  }),
  setReferralDailyLimit: t.field({
    type: Programme,
    description:
      "Changes how many referrals one customer may add in any 24 hours (audited). Lowering it applies at once; raising it answers SettingChangeAwaitingApproval (AWAITING_APPROVAL): another administrator must approve it. Administrators only.",
    authScopes: { admin: true },
    errors: { types: SETTING_MUTATION_ERRORS },
    args: { input: t.arg({ type: SetReferralDailyLimitInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      appliedOrAwaiting(await setReferralDailyLimit(context.prisma, input, actorOf(context)));
      return programmeFor(context);
    },
  }),
  setSignalBurstPerHour: t.field({
    type: Programme,
    description:
      "Changes the BURST fraud signal's limit (audited). Lowering it (more signals) applies at once; raising it answers SettingChangeAwaitingApproval (AWAITING_APPROVAL): another administrator must approve it. Administrators only.",
    authScopes: { admin: true },
    errors: { types: SETTING_MUTATION_ERRORS },
    args: { input: t.arg({ type: SetSignalBurstPerHourInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      appliedOrAwaiting(await setSignalBurstPerHour(context.prisma, input, actorOf(context)));
      return programmeFor(context);
    },
  }),
  setSignalAmountFactor: t.field({
    type: Programme,
    description:
      "Changes the AMOUNT_UNUSUAL fraud signal's factor (audited). Lowering it (more signals) applies at once; raising it answers SettingChangeAwaitingApproval (AWAITING_APPROVAL): another administrator must approve it. Administrators only.",
    authScopes: { admin: true },
    errors: { types: SETTING_MUTATION_ERRORS },
    args: { input: t.arg({ type: SetSignalAmountFactorInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      appliedOrAwaiting(await setSignalAmountFactor(context.prisma, input, actorOf(context)));
      return programmeFor(context);
    },
  }),
}));
