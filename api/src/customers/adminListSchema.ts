import { encodeGlobalID } from "@pothos/plugin-relay";
import { SEARCH_DESCRIPTION } from "../db/search.ts";
import { builder } from "../graphql/builder.ts";
import { keysetConnection } from "../graphql/pager.ts";
import { MAX_PAGE_SIZE } from "../graphql/requestLimits.ts";
import { afterDatabaseIdArg, moneyField } from "../graphql/sharedFields.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";
import {
  type AdminCustomerRow,
  CUSTOMER_ORDERS,
  CUSTOMER_STATUS_DISPLAY,
  type CustomerListFilter,
  countAdminCustomers,
  customerListKeyset,
  customerListPosition,
  listAdminCustomers,
  PENDING_REVIEW_ORDER,
  pendingCustomerPosition,
  pendingCustomersPage,
} from "./adminList.ts";
import { CustomerStatusEnum, CustomerType } from "./schema.ts";
import { SEGMENT_NAMES, SEGMENTS } from "./segments.ts";
import { CUSTOMER_STAGES } from "./stages.ts";

export const CustomerSegmentEnum = builder.enumType("CustomerSegment", {
  description:
    "Progress towards the refund: Getting Started (no credits), Low (under 33%), Medium (33% to under 66%), High (66% or more).",
  values: Object.fromEntries(SEGMENTS.map((s) => [s.key, { description: s.name }])) as Record<
    (typeof SEGMENTS)[number]["key"],
    { description: string }
  >,
});

export const CustomerStageEnum = builder.enumType("CustomerStage", {
  description:
    "Where a customer stands: PENDING_REVIEW and REJECTED follow the registration; a verified customer is GETTING_STARTED (no referrals yet), " +
    "REFERRING (referrals, no credits yet), EARNING (holds credits) or FULL_REFUND (the 100% milestone has been paid).",
  values: Object.fromEntries(CUSTOMER_STAGES.map((s) => [s.key, { description: s.name }])) as Record<
    (typeof CUSTOMER_STAGES)[number]["key"],
    { description: string }
  >,
});

const STAGE_NAMES = Object.fromEntries(CUSTOMER_STAGES.map((s) => [s.key, s.name])) as Record<
  AdminCustomerRow["stage"],
  string
>;

export const CustomerOrderEnum = builder.enumType("CustomerOrder", {
  description:
    "The customer list's order. Ties are broken by id, so every order is total and pages never overlap. " +
    "NAME sorts by first and last name (the username when neither is known), ignoring case; PROGRESS by credits ÷ original purchase, uncapped.",
  values: CUSTOMER_ORDERS,
});

const CustomerFilterInput = builder.inputType("CustomerFilter", {
  fields: (t) => ({
    status: t.field({ type: CustomerStatusEnum }),
    segment: t.field({ type: CustomerSegmentEnum }),
    stage: t.field({ type: CustomerStageEnum }),
    overpaid: t.boolean({
      description:
        "True: only customers whose paid milestones exceed their current credits (after a cancellation); false: only the others.",
    }),
    search: t.string({
      description: `${SEARCH_DESCRIPTION} The field's \`search\` argument, when given, is used instead.`,
    }),
  }),
});

export const AdminCustomerType = builder.objectRef<AdminCustomerRow>("AdminCustomer").implement({
  description:
    "A customer as administrators see them in the customer lists, with their figures (spec section 3, admin views).",
  fields: (t) => ({
    customerId: t.id({
      description: "The Customer's global id: for node(id) and the customer mutations.",
      resolve: (row) => encodeGlobalID("Customer", row.id),
    }),
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    userName: t.exposeString("username"),
    name: t.exposeString("name", { description: "First and last name, or the username when neither is known." }),
    firstName: t.exposeString("firstName", { nullable: true }),
    lastName: t.exposeString("lastName", { nullable: true }),
    email: t.exposeString("email"),
    emailConfirmed: t.exposeBoolean("emailConfirmed", {
      description: "False until the customer opens the emailed confirmation link.",
    }),
    status: t.field({ type: CustomerStatusEnum, resolve: (row) => row.status }),
    statusDisplay: t.string({
      description: "Verified, Pending or Rejected.",
      resolve: (row) => CUSTOMER_STATUS_DISPLAY[row.status],
    }),
    isVerified: t.boolean({ resolve: (row) => row.status === "VERIFIED" }),
    rejectionReason: t.exposeString("rejectionReason", { nullable: true }),
    stage: t.field({ type: CustomerStageEnum, resolve: (row) => row.stage }),
    overpaid: moneyField(
      t,
      (row) => row.overpaidPence,
      "How far milestones already paid exceed the current credits (after a cancellation); zero when they do not.",
    ),
    stageDisplay: t.string({ resolve: (row) => STAGE_NAMES[row.stage] }),
    segment: t.field({ type: CustomerSegmentEnum, resolve: (row) => row.segment }),
    segmentDisplay: t.string({
      description: "Getting Started, Low Progress, Medium Progress or High Progress.",
      resolve: (row) => SEGMENT_NAMES[row.segment],
    }),
    originalPurchaseAmount: moneyField(t, (row) => row.originalPurchaseAmountPence),
    postcode: t.exposeString("postcode"),
    contractNumber: t.exposeString("contractNumber"),
    currentCredits: moneyField(t, (row) => row.currentCreditsPence, "The sum of the customer's credit ledger."),
    creditsPaid: moneyField(t, (row) => row.creditsPaidPence, "Milestone tranches paid so far."),
    remainingToTarget: moneyField(t, (row) => row.remainingToTargetPence),
    progressPercentage: t.exposeInt("progressPercentage", { description: "Whole percent, capped at 100." }),
    totalReferrals: t.exposeInt("totalReferrals"),
    purchasedReferrals: t.exposeInt("purchasedReferrals"),
    milestone33Paid: t.exposeBoolean("milestone33Paid"),
    milestone66Paid: t.exposeBoolean("milestone66Paid"),
    milestone100Paid: t.exposeBoolean("milestone100Paid"),
    refundIssued: t.exposeBoolean("refundIssued"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    verifiedAt: t.expose("verifiedAt", { type: "DateTime", nullable: true }),
  }),
});

builder.queryFields((t) => ({
  pendingCustomers: t.connection({
    type: CustomerType,
    description:
      "Registrations waiting for review, oldest first (the order they should be reviewed in). Administrators only.",
    authScopes: { admin: true },
    args: {
      afterDatabaseId: afterDatabaseIdArg(t, "customer"),
      search: t.arg.string({ description: SEARCH_DESCRIPTION }),
    },
    resolve: async (_root, args, context) => {
      const startAfter =
        args.afterDatabaseId == null ? null : await pendingCustomerPosition(context.sql, args.afterDatabaseId);
      return keysetConnection(
        args,
        PENDING_REVIEW_ORDER,
        { defaultSize: ADMIN_LIST_DEFAULT_SIZE },
        (request) => pendingCustomersPage(context.sql, request, args.search),
        (row) => row,
        startAfter,
      );
    },
  }),
  customers: t.connection(
    {
      type: AdminCustomerType,
      description:
        `Every customer with their figures, filtered and ordered (newest first by default); ${ADMIN_LIST_DEFAULT_SIZE} a page unless \`first\` says, ` +
        `at most ${MAX_PAGE_SIZE}. Keyset-paginated: a deep page costs what the first does. Administrators only.`,
      authScopes: { admin: true },
      args: {
        filter: t.arg({ type: CustomerFilterInput }),
        orderBy: t.arg({ type: CustomerOrderEnum, defaultValue: "CREATED_AT_DESC" }),
        afterDatabaseId: afterDatabaseIdArg(t, "customer", "in this order"),
        search: t.arg.string({ description: SEARCH_DESCRIPTION }),
      },
      resolve: async (_root, args, context) => {
        const order = args.orderBy ?? "CREATED_AT_DESC";
        const filter: CustomerListFilter = {
          status: args.filter?.status,
          segment: args.filter?.segment,
          stage: args.filter?.stage,
          overpaid: args.filter?.overpaid,
          search: args.search ?? args.filter?.search,
        };
        const startAfter =
          args.afterDatabaseId == null ? null : await customerListPosition(context.sql, order, args.afterDatabaseId);
        const connection = await keysetConnection(
          args,
          customerListKeyset(order),
          { defaultSize: ADMIN_LIST_DEFAULT_SIZE },
          (request) => listAdminCustomers(context.sql, { filter, order, request }),
          (row) => row,
          startAfter,
        );
        return { ...connection, filter };
      },
    },
    {
      fields: (t) => ({
        totalCount: t.int({
          description: "How many customers match the filter, over every page.",
          resolve: (connection, _args, context) => countAdminCustomers(context.sql, connection.filter),
        }),
      }),
    },
  ),
}));
