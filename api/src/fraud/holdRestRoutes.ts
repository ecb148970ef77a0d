// Holds over REST (docs/rules/fraud.md, "Holds"): the same operations as GraphQL's holdReferral and releaseReferral.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { bodyText, optionalBodyTextOrBlank } from "../rest/bodyFields.ts";
import { id, timestamp } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";

/** A referral's hold as REST gives it: null unless held. */
export const restHoldSchema = z
  .object({ heldAt: timestamp, note: z.string(), heldBy: z.string().nullable() })
  .nullable()
  .describe('Set while an administrator holds it for review ("Under review"); null otherwise');

/** What an operation selects of a referral's hold for restHold. */
export const HOLD_FIELDS = "hold { heldAt note heldBy { username } }";

export function restHold(hold: any) {
  return hold ? { heldAt: hold.heldAt, note: hold.note, heldBy: hold.heldBy?.username ?? null } : null;
}

const heldReferralSchema = z.object({
  id,
  status: z.string(),
  expiresAt: timestamp,
  daysRemaining: z.number().int().nullable(),
  hold: restHoldSchema,
});

const ERROR_FIELDS = "... on Error { code message }";
const REFERRAL_FIELDS = `databaseId status expiresAt daysRemaining ${HOLD_FIELDS}`;

function restHeldReferral(referral: any) {
  return {
    id: referral.databaseId,
    status: String(referral.status).toLowerCase(),
    expiresAt: referral.expiresAt,
    daysRemaining: referral.daysRemaining,
    hold: restHold(referral.hold),
  };
}

export const holdRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/admin/referrals/:id/hold",
    docs: {
      summary: "Hold a pending referral for review, with a note: it does not expire and is not verified until released",
      body: z.object({ note: z.string() }),
      answer: heldReferralSchema,
    },
    operation: `mutation RestHoldReferral($input: HoldReferralInput!) {
      holdReferral(input: $input) { ... on MutationHoldReferralSuccess { data { referral { ${REFERRAL_FIELDS} } } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params, body }) => ({
      input: { referralId: encodeGlobalID("Referral", params.id ?? ""), note: bodyText(body, "note") },
    }),
    answer: (data) => restHeldReferral(data.holdReferral.data.referral),
  },
  {
    method: "POST",
    path: "/api/admin/referrals/:id/release",
    docs: {
      summary: "Release a held referral: its expiry moves later by the time it was held",
      body: z.object({ note: z.string().optional() }),
      answer: heldReferralSchema,
    },
    operation: `mutation RestReleaseReferral($input: ReleaseReferralInput!) {
      releaseReferral(input: $input) { ... on MutationReleaseReferralSuccess { data { referral { ${REFERRAL_FIELDS} } } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params, body }) => ({
      input: { referralId: encodeGlobalID("Referral", params.id ?? ""), note: optionalBodyTextOrBlank(body, "note") },
    }),
    answer: (data) => restHeldReferral(data.releaseReferral.data.referral),
  },
];
