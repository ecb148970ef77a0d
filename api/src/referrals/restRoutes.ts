import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { viewerCustomer } from "../customers/types.ts";
import { CancellationCategory, ReferralStatus } from "../generated/prisma/client.ts";
import { CUSTOMER_REST_LIST } from "../lib/listSizes.ts";
import { bodyText, optionalBodyTextOrBlank } from "../rest/bodyFields.ts";
import { id, pounds, textOrNumber, timestamp } from "../rest/docSchemas.ts";
import { restEnum, restPage } from "../rest/listParams.ts";
import type { RestRequest, RestRoute } from "../rest/route.ts";

/** The REST description of every `phoneDisplay` key beside an E.164 phone. */
export const PHONE_DISPLAY_DOC =
  'The phone as people read it, as the pages and emails show it: "07400 123456" in the UK, "+33 6 12 34 56 78" elsewhere';
const referralStatus = z.enum(["pending", "purchased", "expired", "withdrawn"]);
/** CancellationCategory in lower case, as REST speaks enums. */
export const cancellationCategory = z.enum(
  Object.values(CancellationCategory).map((category) => category.toLowerCase()) as [string, ...string[]],
);

/** The REST referral (toRestReferral's answer). */
export const restReferralSchema = z.object({
  id,
  // A withdrawn or erased referral keeps no personal data.
  name: z.string().nullable(),
  phone: z.string().nullable(),
  phoneDisplay: z.string().nullable().describe(PHONE_DISPLAY_DOC),
  email: z.string().nullable(),
  address: z.string().nullable(),
  customerId: id,
  status: referralStatus,
  statusDisplay: z.string(),
  channel: z
    .enum(["typed", "share_link", "staff"])
    .describe("How it was added: typed by the customer, through their share link (the friend), or by staff"),
  recordedByName: z
    .string()
    .nullable()
    .describe('Who recorded it when a member of staff did: first name and last initial ("Sam K."); null otherwise'),
  createdAt: timestamp,
  purchaseDate: timestamp.nullable(),
  purchaseAmount: pounds.nullable(),
  creditEarned: pounds.nullable(),
  daysRemaining: z.number().int().nullable(),
  expiryDisplay: z.string().nullable(),
  cancellation: z
    .object({
      cancelledAt: timestamp,
      category: cancellationCategory,
      categoryDisplay: z.string(),
      creditReversed: pounds,
    })
    .nullable()
    .describe(
      "While pending again after its purchase was cancelled: when, why (the category) and the credit taken back",
    ),
});
const referralFields = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string().optional(),
  address: z.string().optional(),
});

const REFERRAL_FIELDS = `
  databaseId name phone phoneDisplay email address customerDatabaseId status statusDisplay channel recordedByName createdAt
  purchaseDate purchaseAmount { pounds } creditEarned { pounds } daysRemaining expiryDisplay
  cancellation { cancelledAt category categoryDisplay creditReversed { pounds } }`;
const ERROR_FIELDS = "... on Error { code message }";

/** The REST referral's numeric id and the referred person, first in every REST referral answer. */
export function toRestReferralPerson(referral: any) {
  return {
    id: referral.databaseId,
    name: referral.name,
    phone: referral.phone,
    phoneDisplay: referral.phoneDisplay,
    email: referral.email,
    address: referral.address,
  };
}

/** The REST referral: numeric ids, status in lower case, money as pounds. */
export function toRestReferral(referral: any) {
  return {
    ...toRestReferralPerson(referral),
    customerId: referral.customerDatabaseId,
    status: String(referral.status).toLowerCase(),
    statusDisplay: referral.statusDisplay,
    channel: String(referral.channel).toLowerCase(),
    recordedByName: referral.recordedByName,
    createdAt: referral.createdAt,
    purchaseDate: referral.purchaseDate,
    purchaseAmount: referral.purchaseAmount?.pounds ?? null,
    creditEarned: referral.creditEarned?.pounds ?? null,
    daysRemaining: referral.daysRemaining,
    expiryDisplay: referral.expiryDisplay,
    cancellation: referral.cancellation
      ? {
          cancelledAt: referral.cancellation.cancelledAt,
          category: String(referral.cancellation.category).toLowerCase(),
          categoryDisplay: referral.cancellation.categoryDisplay,
          creditReversed: referral.cancellation.creditReversed.pounds,
        }
      : null,
  };
}

/** The path's numeric id as the global id the mutations take; anything else is simply not found. */
const referralGlobalId = ({ params }: RestRequest) => encodeGlobalID("Referral", params.id ?? "");

export const referralRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/referrals",
    docs: {
      summary: "The signed-in customer's referrals",
      query: z.object({ status: referralStatus.optional() }),
      answer: z.array(restReferralSchema),
    },
    operation: `query RestReferrals($first: Int!, $after: String, $afterDatabaseId: Int, $status: ReferralStatus) {
      viewer { customer { referrals(first: $first, after: $after, afterDatabaseId: $afterDatabaseId, status: $status) { edges { node { ${REFERRAL_FIELDS} } } pageInfo { hasNextPage endCursor } } } }
    }`,
    variables: ({ query }) => ({
      ...restPage(query, CUSTOMER_REST_LIST),
      status: restEnum(query, "status", Object.values(ReferralStatus)),
    }),
    pagedList: (data) => data.viewer?.customer?.referrals,
    answer: (data) => viewerCustomer(data).referrals.edges.map(({ node }: any) => toRestReferral(node)),
  },
  {
    method: "POST",
    path: "/api/referrals",
    idempotent: true,
    docs: {
      summary: "Refer a friend",
      body: referralFields.extend({
        customerId: textOrNumber.optional().describe("Administrators: the customer to add it for"),
      }),
      answer: restReferralSchema,
    },
    operation: `mutation RestAddReferral($input: AddReferralInput!) {
      addReferral(input: $input) { ... on MutationAddReferralSuccess { data { referral { ${REFERRAL_FIELDS} } } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body, idempotencyKey }) => {
      // REST speaks numeric customer ids; the mutation compares global ids.
      const customerId = optionalBodyTextOrBlank(body, "customerId");
      return {
        input: {
          name: bodyText(body, "name"),
          phone: bodyText(body, "phone"),
          email: optionalBodyTextOrBlank(body, "email"),
          address: optionalBodyTextOrBlank(body, "address"),
          customerId: customerId === null ? null : encodeGlobalID("Customer", customerId),
          idempotencyKey,
        },
      };
    },
    answer: (data) => toRestReferral(data.addReferral.data.referral),
  },
  {
    method: "POST",
    path: "/api/referrals/:id/update",
    docs: { summary: "Correct a pending referral", body: referralFields, answer: restReferralSchema },
    operation: `mutation RestUpdateReferral($input: UpdateReferralInput!) {
      updateReferral(input: $input) { ... on MutationUpdateReferralSuccess { data { referral { ${REFERRAL_FIELDS} } } } ${ERROR_FIELDS} }
    }`,
    variables: (request) => ({
      input: {
        referralId: referralGlobalId(request),
        name: bodyText(request.body, "name"),
        phone: bodyText(request.body, "phone"),
        email: optionalBodyTextOrBlank(request.body, "email"),
        address: optionalBodyTextOrBlank(request.body, "address"),
      },
    }),
    answer: (data) => toRestReferral(data.updateReferral.data.referral),
  },
  {
    method: "POST",
    path: "/api/referrals/:id/withdraw",
    docs: { summary: "Withdraw a pending referral", answer: restReferralSchema },
    operation: `mutation RestWithdrawReferral($input: WithdrawReferralInput!) {
      withdrawReferral(input: $input) { ... on MutationWithdrawReferralSuccess { data { referral { ${REFERRAL_FIELDS} } } } ${ERROR_FIELDS} }
    }`,
    variables: (request) => ({ input: { referralId: referralGlobalId(request) } }),
    answer: (data) => toRestReferral(data.withdrawReferral.data.referral),
  },
];
