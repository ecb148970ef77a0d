import { encodeGlobalID } from "@pothos/plugin-relay";
import { customerIdFromGlobalId } from "../customers/index.ts";
import { builder } from "../graphql/builder.ts";
import { Money } from "../graphql/commonTypes.ts";
import { keysetConnection } from "../graphql/pager.ts";
import { MAX_PAGE_SIZE } from "../graphql/requestLimits.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";
import { formatPhone, PHONE_DISPLAY_DESCRIPTION } from "../lib/phoneDisplay.ts";
import {
  countReferralDetails,
  listReferralDetails,
  REFERRAL_DETAIL_ORDERS,
  type ReferralDetailFilter,
  type ReferralDetailRow,
  referralDetailPosition,
  referralListKeyset,
} from "./adminLists.ts";
import { ReferralStatusEnum } from "./schema.ts";

export const ReferralDetailOrderEnum = builder.enumType("ReferralDetailOrder", {
  description:
    "The detailed referral list's order; ties are broken by id. EXPIRES_AT_ASC puts the pending referrals closest to expiry first " +
    "(with status PENDING); PURCHASE_AMOUNT counts a referral without a live purchase as 0.",
  values: REFERRAL_DETAIL_ORDERS,
});

const ReferralDetailFilterInput = builder.inputType("ReferralDetailFilter", {
  fields: (t) => ({
    status: t.field({ type: ReferralStatusEnum }),
    customerId: t.id({ description: "Only this customer's referrals (the Customer's global id)." }),
    search: t.string({
      description:
        "Part of the referral's name or email, their phone number, or part of the customer's name or username.",
    }),
  }),
});

export const ReferralDetailType = builder.objectRef<ReferralDetailRow>("ReferralDetail").implement({
  description:
    "A referral with its customer and purchase, as administrators see it. Personal data is null once the referral has expired.",
  fields: (t) => ({
    referralId: t.id({
      description: "The Referral's global id, for node(id) and the referral mutations.",
      resolve: (row) => encodeGlobalID("Referral", row.id),
    }),
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    customerId: t.id({
      description: "The Customer's global id.",
      resolve: (row) => encodeGlobalID("Customer", row.customerId),
    }),
    customerDatabaseId: t.exposeInt("customerId"),
    customerName: t.exposeString("customerName", {
      description: "First and last name, or the username when neither is known.",
    }),
    customerUserName: t.exposeString("customerUserName"),
    referralName: t.exposeString("referralName", { nullable: true }),
    referralEmail: t.exposeString("referralEmail", { nullable: true }),
    referralPhone: t.exposeString("referralPhone", { nullable: true }),
    referralPhoneDisplay: t.string({
      nullable: true,
      description: PHONE_DISPLAY_DESCRIPTION,
      resolve: (row) => (row.referralPhone ? formatPhone(row.referralPhone) : null),
    }),
    referralAddress: t.exposeString("referralAddress", { nullable: true }),
    status: t.field({ type: ReferralStatusEnum, resolve: (row) => row.status }),
    statusDisplay: t.exposeString("statusDisplay", { description: "Pending, Purchased, Expired or Withdrawn." }),
    daysRemaining: t.int({
      nullable: true,
      description: "Whole days until a pending referral expires, 0 once expired, null once purchased.",
      resolve: (row) => row.daysRemaining,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
    erasedAt: t.expose("erasedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the personal data was erased (on expiry or withdrawal).",
    }),
    purchaseAmount: t.field({ type: Money, nullable: true, resolve: (row) => row.purchaseAmountPence }),
    purchaseDate: t.expose("purchaseDate", { type: "DateTime", nullable: true }),
    creditEarned: t.field({ type: Money, nullable: true, resolve: (row) => row.creditEarnedPence }),
    creditRateBasisPoints: t.int({
      nullable: true,
      description: "The rate the credit was computed with (1100 = 11%).",
      resolve: (row) => row.creditRateBasisPoints,
    }),
    notes: t.exposeString("notes", { nullable: true, description: "The administrator's notes on the purchase." }),
  }),
});

builder.queryFields((t) => ({
  referralDetails: t.connection(
    {
      type: ReferralDetailType,
      description:
        `Every referral with its customer and purchase, filtered and ordered (newest first by default); ${ADMIN_LIST_DEFAULT_SIZE} a page unless ` +
        `\`first\` says, at most ${MAX_PAGE_SIZE}. Keyset-paginated: a deep page costs what the first does. Administrators only.`,
      authScopes: { admin: true },
      args: {
        filter: t.arg({ type: ReferralDetailFilterInput }),
        orderBy: t.arg({ type: ReferralDetailOrderEnum, defaultValue: "CREATED_AT_DESC" }),
        afterDatabaseId: t.arg.int({
          description: "Continue after the referral with this databaseId, in this order (the REST `?after=`).",
        }),
      },
      resolve: async (_root, args, context) => {
        const order = args.orderBy ?? "CREATED_AT_DESC";
        const filter: ReferralDetailFilter = {
          status: args.filter?.status,
          customerId: args.filter?.customerId != null ? customerIdFromGlobalId(args.filter.customerId) : null,
          search: args.filter?.search,
        };
        const startAfter =
          args.afterDatabaseId == null ? null : await referralDetailPosition(context.sql, order, args.afterDatabaseId);
        const connection = await keysetConnection(
          args,
          referralListKeyset(order),
          { defaultSize: ADMIN_LIST_DEFAULT_SIZE },
          (request) => listReferralDetails(context.sql, { filter, order, request }),
          (row) => row,
          startAfter,
        );
        return { ...connection, filter };
      },
    },
    {
      fields: (t) => ({
        totalCount: t.int({
          description: "How many referrals match the filter, over every page.",
          resolve: (connection, _args, context) => countReferralDetails(context.sql, connection.filter),
        }),
      }),
    },
  ),
}));
