import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { restSignalFields, SIGNAL_FIELDS, toRestSignals } from "../fraud/types.ts";
import { displayName } from "../lib/displayName.ts";
import { bodyText, optionalBodyTextOrBlank } from "../rest/bodyFields.ts";
import { id, pounds, textOrNumber, timestamp } from "../rest/docSchemas.ts";
import { restEnum, restListId, restListLimit, restPage, restSearch } from "../rest/listParams.ts";
import type { RestRequest, RestRoute } from "../rest/route.ts";
import { parseCancellationCategory } from "./cancellation.ts";
import { cancellationCategory, PHONE_DISPLAY_DOC, toRestReferralPerson } from "./restRoutes.ts";
import {
  AWAITING_VERIFICATION_FIELDS,
  awaitingVerificationAnswer,
  awaitingVerificationDocs,
} from "./verificationRequestRestRoutes.ts";

const purchaseSchema = {
  purchaseId: id,
  customerId: id,
  customerName: z.string(),
  purchaseAmount: pounds,
  creditEarned: pounds,
  creditRateBasisPoints: z.number().int(),
  creditRate: z.string(),
  purchaseDate: timestamp,
  notes: z.string().nullable(),
  verifiedBy: z.string(),
};
const friend = {
  name: z.string().nullable(),
  phone: z.string().nullable(),
  phoneDisplay: z.string().nullable().describe(PHONE_DISPLAY_DOC),
  email: z.string().nullable(),
  address: z.string().nullable(),
};

const ERROR_FIELDS = "... on Error { code message }";
const CUSTOMER_FIELDS = "customer { databaseId user { username firstName lastName email } }";
const PURCHASE_FIELDS = `
  databaseId referralDatabaseId customerDatabaseId customerName amount { pounds } creditEarned { pounds }
  creditRateBasisPoints creditRatePercent notes verifiedAt verifiedBy { username }
  cancelledAt cancelledBy { username } cancellationReason cancellationCategory`;

/** Text fields arrive as the client typed them; a number (120.5) is read as its decimal text. */
/** The path's numeric id as the global id the mutation takes; anything else is simply not found. */
const referralGlobalId = ({ params }: RestRequest) => encodeGlobalID("Referral", params.id ?? "");

const customerName = (user: { firstName: string | null; lastName: string | null; username: string }) =>
  displayName(user.firstName, user.lastName, user.username);
const fullName = (user: { firstName: string | null; lastName: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(" ") || null;

/**
 * The body's `category` (goods_returned, any case) as the mutation's enum; absent, left out (the
 * operation takes OTHER), so a retry's input is the same on both transports; anything else a 400 naming the values.
 */
function restCancellationCategory(body: Record<string, unknown>) {
  const text = optionalBodyTextOrBlank(body, "category");
  return text === null ? undefined : parseCancellationCategory(text);
}

/** A purchase as the REST paths give it: the referral's id is the `id` the cancel path takes. */
function toRestPurchase(purchase: any) {
  return {
    purchaseId: purchase.databaseId,
    customerId: purchase.customerDatabaseId,
    customerName: purchase.customerName,
    purchaseAmount: purchase.amount.pounds,
    creditEarned: purchase.creditEarned.pounds,
    creditRateBasisPoints: purchase.creditRateBasisPoints,
    creditRate: purchase.creditRatePercent,
    purchaseDate: purchase.verifiedAt,
    notes: purchase.notes,
    verifiedBy: purchase.verifiedBy.username,
  };
}

export const purchaseRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/referrals/pending",
    docs: {
      summary: "Referrals waiting for a purchase, oldest first, those held for review last",
      query: z.object({ order: z.enum(["oldest", "newest"]).optional(), search: z.string().optional() }),
      answer: z.array(
        z.object({
          id,
          ...friend,
          customerId: id,
          customerName: z.string(),
          customerFullName: z.string().nullable(),
          customerEmail: z.string(),
          status: z.literal("pending"),
          createdAt: timestamp,
          expiresAt: timestamp,
          daysRemaining: z.number().int().nullable(),
          ...restSignalFields,
          hold: z
            .object({ heldAt: timestamp, note: z.string(), heldBy: z.string().nullable() })
            .nullable()
            .describe('Set while an administrator holds it for review ("Under review"); held ones come last'),
        }),
      ),
    },
    operation: `query RestPendingReferrals($first: Int!, $after: String, $afterDatabaseId: Int, $order: ReferralQueueOrder, $search: String) {
      pendingReferrals(first: $first, after: $after, afterDatabaseId: $afterDatabaseId, order: $order, search: $search) {
        edges { node { databaseId name phone phoneDisplay email address createdAt expiresAt daysRemaining ${CUSTOMER_FIELDS} ${SIGNAL_FIELDS}
          hold { heldAt note heldBy { username } } } }
        pageInfo { hasNextPage endCursor }
      }
    }`,
    pagedList: (data) => data.pendingReferrals,
    // Oldest first (closest to expiry); `?order=newest` turns it round. `?limit=` and `?after=` as
    // on the other admin lists (rest/listParams.ts).
    variables: ({ query }) => ({
      first: restListLimit(query),
      afterDatabaseId: restListId(query),
      order: restEnum(query, "order", ["OLDEST", "NEWEST"]) === "NEWEST" ? "NEWEST_FIRST" : "OLDEST_FIRST",
      search: restSearch(query),
    }),
    answer: (data) =>
      data.pendingReferrals.edges.map(({ node }: any) => ({
        id: node.databaseId,
        name: node.name,
        phone: node.phone,
        phoneDisplay: node.phoneDisplay,
        email: node.email,
        address: node.address,
        customerId: node.customer.databaseId,
        customerName: customerName(node.customer.user),
        customerFullName: fullName(node.customer.user),
        customerEmail: node.customer.user.email,
        status: "pending",
        createdAt: node.createdAt,
        expiresAt: node.expiresAt,
        daysRemaining: node.daysRemaining,
        ...toRestSignals(node),
        hold: node.hold
          ? { heldAt: node.hold.heldAt, note: node.hold.note, heldBy: node.hold.heldBy?.username ?? null }
          : null,
      })),
  },
  {
    method: "POST",
    path: "/api/admin/referrals/:id/purchase",
    idempotent: true,
    docs: {
      summary:
        "Verify a referral's purchase: credits the customer (a flagged one above the approval waits for a second administrator: 202)",
      body: z.object({
        amount: textOrNumber.describe('Pounds, e.g. "4000.00"'),
        notes: z.string().optional().describe("Required when the referral has signals"),
      }),
      accepted: awaitingVerificationDocs,
      answer: z.object({
        id,
        ...friend,
        status: z.string(),
        ...purchaseSchema,
        currentCredits: pounds,
        milestonesReached: z.array(z.enum(["milestone_33", "milestone_66", "milestone_100"])),
      }),
    },
    operation: `mutation RestVerifyPurchase($input: VerifyPurchaseInput!) {
      verifyPurchase(input: $input) {
        ... on MutationVerifyPurchaseSuccess { data {
          purchase { ${PURCHASE_FIELDS} }
          referral { databaseId name phone phoneDisplay email address status }
          customer { currentCredits { pounds } }
          milestonesReached
        } }
        ${AWAITING_VERIFICATION_FIELDS}
        ${ERROR_FIELDS}
      }
    }`,
    accepted: (data) => awaitingVerificationAnswer(data.verifyPurchase),
    variables: (request) => ({
      input: {
        referralId: referralGlobalId(request),
        amount: bodyText(request.body, "amount"),
        notes: optionalBodyTextOrBlank(request.body, "notes"),
        idempotencyKey: request.idempotencyKey,
      },
    }),
    answer: (data) => {
      const { purchase, referral, customer, milestonesReached } = data.verifyPurchase.data;
      return {
        ...toRestReferralPerson(referral),
        status: String(referral.status).toLowerCase(),
        ...toRestPurchase(purchase),
        currentCredits: customer.currentCredits.pounds,
        milestonesReached: milestonesReached.map((key: string) => `milestone_${key.slice(1)}`),
      };
    },
  },
  {
    method: "GET",
    path: "/api/admin/purchased-referrals",
    docs: {
      query: z.object({ search: z.string().optional() }),
      answer: z.array(
        z.object({
          id,
          ...friend,
          status: z.literal("purchased"),
          createdAt: timestamp,
          customerFullName: z.string().nullable(),
          customerEmail: z.string(),
          ...purchaseSchema,
          ...restSignalFields,
        }),
      ),
    },
    operation: `query RestPurchasedReferrals($first: Int!, $after: String, $afterDatabaseId: Int, $search: String) {
      purchasedReferrals(first: $first, after: $after, afterReferralId: $afterDatabaseId, search: $search) {
        edges { node { ${PURCHASE_FIELDS} referral { name phone phoneDisplay email address createdAt customer { user { firstName lastName email } } ${SIGNAL_FIELDS} } } }
        pageInfo { hasNextPage endCursor }
      }
    }`,
    pagedList: (data) => data.purchasedReferrals,
    pagedItemId: (node) => node.referralDatabaseId,
    variables: ({ query }) => ({ ...restPage(query), search: restSearch(query) }),
    answer: (data) =>
      data.purchasedReferrals.edges.map(({ node }: any) => ({
        id: node.referralDatabaseId,
        name: node.referral.name,
        phone: node.referral.phone,
        phoneDisplay: node.referral.phoneDisplay,
        email: node.referral.email,
        address: node.referral.address,
        status: "purchased",
        createdAt: node.referral.createdAt,
        customerFullName: fullName(node.referral.customer.user),
        customerEmail: node.referral.customer.user.email,
        ...toRestPurchase(node),
        ...toRestSignals(node.referral),
      })),
  },
  {
    method: "POST",
    path: "/api/admin/cancel-referral/:id",
    idempotent: true,
    docs: {
      summary: "Cancel a verified purchase: reverses its credit",
      body: z.object({
        reason: z.string(),
        category: cancellationCategory
          .optional()
          .describe("The reason's category, what the referring customer is shown; other when left out"),
      }),
      answer: z.object({
        id,
        status: z.string(),
        expiresAt: timestamp.nullable(),
        daysRemaining: z.number().int().nullable(),
        ...purchaseSchema,
        cancelledAt: timestamp.nullable(),
        cancelledBy: z.string().nullable(),
        cancellationReason: z.string().nullable(),
        cancellationCategory: cancellationCategory.nullable(),
        creditReversed: pounds,
        currentCredits: pounds,
        creditsPaid: pounds,
        overpaidAmount: pounds,
      }),
    },
    operation: `mutation RestCancelReferralPurchase($input: CancelReferralPurchaseInput!) {
      cancelReferralPurchase(input: $input) {
        ... on MutationCancelReferralPurchaseSuccess { data {
          purchase { ${PURCHASE_FIELDS} }
          referral { databaseId status expiresAt daysRemaining }
          customer { currentCredits { pounds } creditsPaid { pounds } }
          creditReversed { pounds }
          overpaid { pounds }
        } }
        ${ERROR_FIELDS}
      }
    }`,
    variables: (request) => ({
      input: {
        referralId: referralGlobalId(request),
        reason: bodyText(request.body, "reason"),
        category: restCancellationCategory(request.body),
        idempotencyKey: request.idempotencyKey,
      },
    }),
    answer: (data) => {
      const { purchase, referral, customer, creditReversed, overpaid } = data.cancelReferralPurchase.data;
      return {
        id: referral.databaseId,
        status: String(referral.status).toLowerCase(),
        expiresAt: referral.expiresAt,
        daysRemaining: referral.daysRemaining,
        ...toRestPurchase(purchase),
        cancelledAt: purchase.cancelledAt,
        cancelledBy: purchase.cancelledBy?.username ?? null,
        cancellationReason: purchase.cancellationReason,
        cancellationCategory: purchase.cancellationCategory?.toLowerCase() ?? null,
        creditReversed: creditReversed.pounds,
        currentCredits: customer.currentCredits.pounds,
        creditsPaid: customer.creditsPaid.pounds,
        overpaidAmount: overpaid.pounds,
      };
    },
  },
];
