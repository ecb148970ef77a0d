import { encodeGlobalID } from "@pothos/plugin-relay";
import { UserType } from "../auth/types.ts";
import { creditsLoader, milestonePaymentsNow } from "../customers/index.ts";
import { CustomerStatusEnum } from "../customers/types.ts";
import { queryBuilder, run, sql } from "../db/query.ts";
import type { Referral } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import { MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import type { Context } from "../graphql/context.ts";
import { databaseIdOf } from "../graphql/globalIds.ts";
import { BatchLoader, mapMaybe, requestLoader } from "../graphql/requestLoaders.ts";
import { rowById } from "../graphql/rowLoaders.ts";
import { actorOf } from "../lib/actor.ts";
import { displayName, ERASED_NAME } from "../lib/displayName.ts";
import { ForbiddenError } from "../lib/errors.ts";
import { MILESTONE_TITLES, milestoneOverview, progressPercentage } from "../milestones/index.ts";
import { STATUS_DISPLAY } from "../referrals/index.ts";
import { ReferralChannelEnum, ReferralStatusEnum, ReferralType } from "../referrals/types.ts";
import {
  CARD_REFERRALS_MAX,
  customerCard,
  RECORDED_LIST_MAX,
  recordedReferrals,
  recorderName,
  recordReferralForCustomer,
  STAFF_CONSENT_WORDING,
  STAFF_SEARCH_SIZE,
  type StaffAttributionRow,
  type StaffCard,
  type StaffRecordedReferral,
  type StaffReferralRow,
  searchCustomers,
  staffAttributionReport,
  staffTotals,
} from "./service.ts";

const STAFF_OR_ADMIN = { staff: true, admin: true } as const;

/**
 * A card is read by staffCustomer(id) with the customer's own id, never by node(id): an id of this
 * type names nothing (NOT_FOUND), as the relay plugin's loader option says.
 */
const NOT_BY_NODE_ID = { loadOne: () => null };

/** The customer a card's id, or a Customer's, names; null for any other id. */
const cardCustomerId = (id: unknown) => databaseIdOf(id, "StaffCustomerCard") ?? databaseIdOf(id, "Customer");

const StaffMilestoneStateType = builder
  .objectRef<{ key: string; title: string; state: string }>("StaffMilestoneState")
  .implement({
    description: "One of a customer's milestones as staff see it: where it stands, no amounts.",
    fields: (t) => ({
      key: t.exposeString("key", { description: "M33, M66 or M100, as Milestone.key." }),
      title: t.exposeString("title", { description: 'As Milestone.title: "33% Milestone".' }),
      state: t.exposeString("state", { description: "LOCKED, READY or PAID, as Milestone.state." }),
    }),
  });

const StaffReferralRowType = builder.objectRef<StaffReferralRow>("StaffReferralRow").implement({
  description: "One of a customer's referrals on the staff card: the friend's name, its status and channel.",
  fields: (t) => ({
    id: t.id({ description: "The Referral's global id.", resolve: (row) => encodeGlobalID("Referral", row.id) }),
    name: t.string({
      description: `The friend's name; "${ERASED_NAME}" once their details were erased.`,
      resolve: (row) => row.name ?? ERASED_NAME,
    }),
    status: t.field({ type: ReferralStatusEnum, resolve: (row) => row.status }),
    statusDisplay: t.string({ resolve: (row) => STATUS_DISPLAY[row.status] }),
    createdAt: t.field({ type: "DateTime", resolve: (row) => row.createdAt }),
    channel: t.field({ type: ReferralChannelEnum, resolve: (row) => row.channel }),
  }),
});

/** Each card's referrals in one statement for the whole answer: the newest `first` of each customer. */
function cardReferralsLoader(context: Context, first: number) {
  return requestLoader(
    context,
    `staffCardReferrals:${first}`,
    () =>
      new BatchLoader<number, StaffReferralRow[]>(async (customerIds) => {
        const rows = await run(
          context.sql,
          queryBuilder
            .selectFrom(
              queryBuilder
                .selectFrom("Referral")
                .select([
                  "id",
                  "customerId",
                  "name",
                  "status",
                  "createdAt",
                  "channel",
                  sql<number>`row_number() over (partition by "customerId" order by "createdAt" desc, id desc)`.as(
                    "position",
                  ),
                ])
                .where("customerId", "in", customerIds)
                .as("ranked"),
            )
            .selectAll()
            .where("position", "<=", first)
            .orderBy("customerId")
            .orderBy("position"),
        );
        const byCustomer = new Map<number, StaffReferralRow[]>(customerIds.map((id) => [id, []]));
        for (const row of rows) byCustomer.get(row.customerId)?.push(row);
        return byCustomer;
      }, []),
  );
}

const StaffCustomerCardType = builder.objectRef<StaffCard>("StaffCustomerCard").implement({
  description:
    "What staff may see of a customer (read-only): the search result and the card. Staff and administrators (docs/rules/roles.md).",
  interfaces: [builder.nodeInterfaceRef()],
  authScopes: STAFF_OR_ADMIN,
  ...NOT_BY_NODE_ID,
  fields: (t) => ({
    id: t.id({
      // Its own type's id: under the Customer's, a browser's store would merge the card into an administrator's Customer record.
      description:
        "The card's global id (its own type's, over the customer's databaseId). staffCustomer and recordReferralForCustomer take it, or the Customer's id.",
      resolve: (card) => encodeGlobalID("StaffCustomerCard", card.id),
    }),
    firstName: t.string({ resolve: (card) => card.firstName ?? "" }),
    lastName: t.string({ resolve: (card) => card.lastName ?? "" }),
    postcode: t.string({ nullable: true, resolve: (card) => card.postcode }),
    contractNumber: t.string({ nullable: true, resolve: (card) => card.contractNumber }),
    phoneDisplay: t.string({
      nullable: true,
      description:
        "The customer's phone as the pages show it. Customers have no phone on record yet, so it is null; a phone number searched finds the customers who referred it.",
      resolve: () => null,
    }),
    status: t.field({ type: CustomerStatusEnum, resolve: (card) => card.status }),
    progressPercentage: t.float({
      description: "Current credits as a whole percentage of the original purchase, capped at 100 (no amounts).",
      resolve: (card, _args, context) =>
        mapMaybe(creditsLoader(context).loadNow(card.id), (credits) =>
          progressPercentage(card.originalPurchaseAmountPence, credits),
        ),
    }),
    milestones: t.field({
      type: [StaffMilestoneStateType],
      description: "The 33%, 66% and 100% milestones, in that order: their state only.",
      resolve: async (card, _args, context) => {
        const [credits, payments] = await Promise.all([
          creditsLoader(context).loadNow(card.id),
          milestonePaymentsNow(context, { id: card.id }),
        ]);
        return milestoneOverview(card.originalPurchaseAmountPence, credits, payments).map((milestone) => ({
          key: milestone.key,
          title: MILESTONE_TITLES[milestone.key],
          state: milestone.state,
        }));
      },
    }),
    referrals: t.field({
      type: [StaffReferralRowType],
      description: `The customer's referrals, newest first (at most ${CARD_REFERRALS_MAX}).`,
      args: { first: t.arg.int({ defaultValue: 20 }) },
      resolve: (card, args, context) => {
        const first = Math.min(CARD_REFERRALS_MAX, Math.max(1, args.first ?? 20));
        return cardReferralsLoader(context, first).load(card.id);
      },
    }),
  }),
});

const StaffRecordedReferralType = builder.objectRef<StaffRecordedReferral>("StaffRecordedReferral").implement({
  description: "A referral a staff member recorded, as their own list shows it.",
  authScopes: STAFF_OR_ADMIN,
  fields: (t) => ({
    id: t.id({ description: "The Referral's global id.", resolve: (row) => encodeGlobalID("Referral", row.id) }),
    name: t.string({
      description: `The friend's name; "${ERASED_NAME}" once their details were erased.`,
      resolve: (row) => row.name ?? ERASED_NAME,
    }),
    referrerName: t.string({
      description: 'The referring customer: "Sarah Jones".',
      resolve: (row) => displayName(row.referrerFirstName, row.referrerLastName, row.referrerUsername),
    }),
    status: t.field({ type: ReferralStatusEnum, resolve: (row) => row.status }),
    statusDisplay: t.string({ resolve: (row) => STATUS_DISPLAY[row.status] }),
    verified: t.boolean({
      description: "A purchase was verified on it (and not cancelled).",
      resolve: (row) => row.verified,
    }),
    createdAt: t.field({ type: "DateTime", resolve: (row) => row.createdAt }),
  }),
});

const StaffAttributionRowType = builder.objectRef<StaffAttributionRow>("StaffAttributionRow").implement({
  description: "One staff member's figures over a report's date range.",
  fields: (t) => ({
    staffUserId: t.exposeInt("staffUserId", { description: "The staff member's User databaseId." }),
    name: t.exposeString("name", { description: "The staff member's name." }),
    referrals: t.exposeInt("referrals", { description: "Referrals they recorded in the range." }),
    verifiedPurchases: t.exposeInt("verifiedPurchases", {
      description: "Live (not cancelled) purchases verified in the range, of referrals they recorded.",
    }),
  }),
});

const DAY = "YYYY-MM-DD, a day in London time";

builder.queryFields((t) => ({
  staffCustomerSearch: t.field({
    type: [StaffCustomerCardType],
    description: `Customers whose name, phone (any format: 07..., +44 7..., spaces), postcode or contract number matches (the admin search; a phone finds the customers who referred it); at most ${STAFF_SEARCH_SIZE}. Staff and administrators.`,
    authScopes: STAFF_OR_ADMIN,
    args: { query: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => searchCustomers(context.sql, args.query),
  }),
  staffCustomer: t.field({
    type: StaffCustomerCardType,
    nullable: true,
    description:
      "One customer's read-only card, by the customer's global id; null when there is none. Staff and administrators.",
    authScopes: STAFF_OR_ADMIN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => customerCard(context.sql, cardCustomerId(args.id)),
  }),
  myRecordedReferrals: t.field({
    type: [StaffRecordedReferralType],
    description: `The signed-in staff member's own recorded referrals, newest first (at most ${RECORDED_LIST_MAX}). Staff and administrators.`,
    authScopes: STAFF_OR_ADMIN,
    args: { first: t.arg.int({ defaultValue: 50 }) },
    resolve: (_root, args, context) => recordedReferrals(context.sql, context.viewer!.id, args.first),
  }),
  staffAttributionReport: t.field({
    type: [StaffAttributionRowType],
    description:
      "Per staff member: referrals recorded and verified purchases in the range (London days, inclusive). Administrators only.",
    authScopes: { admin: true },
    args: {
      from: t.arg.string({ required: true, description: DAY }),
      to: t.arg.string({ required: true, description: `${DAY} (inclusive)` }),
    },
    resolve: (_root, args, context) => staffAttributionReport(context.sql, args.from, args.to),
  }),
}));

const RecordReferralForCustomerInput = builder.inputType("RecordReferralForCustomerInput", {
  fields: (t) => ({
    customerId: t.id({ required: true, description: "The referrer: StaffCustomerCard.id (the customer's global id)." }),
    name: t.string({ required: true, description: "The friend's full name." }),
    phone: t.string({ required: true, description: "As in AddReferralInput." }),
    email: t.string({ description: "Optional; must be a valid address when given." }),
    postcode: t.string({ description: "Optional: the friend's postcode." }),
    consentConfirmed: t.boolean({
      required: true,
      description: `Must be true: "${STAFF_CONSENT_WORDING}" (stored with the referral, with the time).`,
    }),
  }),
});

const RecordReferralForCustomerPayload = builder
  .objectRef<{ referral: StaffRecordedReferral }>("RecordReferralForCustomerPayload")
  .implement({
    fields: (t) => ({ referral: t.field({ type: StaffRecordedReferralType, resolve: (payload) => payload.referral }) }),
  });

builder.mutationFields((t) => ({
  recordReferralForCustomer: t.field({
    type: RecordReferralForCustomerPayload,
    description:
      "Staff (and administrators): records a referral on a verified customer's behalf, channel STAFF, with the consent wording and time stored. The rules of addReferral apply (duplicates, the referrer's daily limit, validation).",
    authScopes: STAFF_OR_ADMIN,
    errors: { types: [...MUTATION_ERRORS, ForbiddenError] },
    args: { input: t.arg({ type: RecordReferralForCustomerInput, required: true }) },
    resolve: async (_root, { input }, context) => ({
      referral: await recordReferralForCustomer(
        context.prisma,
        context.viewer!,
        { ...input, customerId: cardCustomerId(input.customerId) },
        actorOf(context),
      ),
    }),
  }),
}));

builder.objectField(ReferralType, "recordedByName", (t) =>
  t.string({
    nullable: true,
    description:
      'Who recorded it when a member of staff did: their first name and last initial ("Sam K."); null otherwise.',
    resolve: async (referral, _args, context) => {
      // The admin lists read a few columns of the row: the recorder then comes from one batched read.
      const recordedById =
        (referral as Partial<Referral>).recordedById !== undefined
          ? referral.recordedById
          : (await rowById(context, "Referral", referral.id))?.recordedById;
      if (!recordedById) return null;
      const user = await rowById(context, "User", recordedById);
      return user ? recorderName(user) : null;
    },
  }),
);

/** The staff list's all-time figures, read once for the whole answer. */
const totalsLoader = (context: Context) =>
  requestLoader(
    context,
    "staffTotals",
    () => new BatchLoader<number, StaffAttributionRow | null>(async () => staffTotals(context.sql), null),
  );

builder.objectFields(UserType, (t) => ({
  recordedReferrals: t.int({
    description: "Referrals this user recorded as staff, all time. Administrators only (the staff list).",
    authScopes: { admin: true },
    resolve: (user, _args, context) => mapMaybe(totalsLoader(context).loadNow(user.id), (row) => row?.referrals ?? 0),
  }),
  verifiedPurchases: t.int({
    description:
      "Live purchases verified on referrals this user recorded, all time. Administrators only (the staff list).",
    authScopes: { admin: true },
    resolve: (user, _args, context) =>
      mapMaybe(totalsLoader(context).loadNow(user.id), (row) => row?.verifiedPurchases ?? 0),
  }),
}));
