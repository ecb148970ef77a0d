import { UserType } from "../auth/types.ts";
import { ADMIN_ACTION_ERRORS } from "../customers/types.ts";
import type { Referral } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import { databaseIdOf } from "../graphql/globalIds.ts";
import { rowById } from "../graphql/rowLoaders.ts";
import { actorOf } from "../lib/actor.ts";
import { ReferralType } from "../referrals/types.ts";
import { holdReferral, releaseReferral } from "./holds.ts";

interface ReferralHold {
  heldAt: Date;
  note: string;
  heldById: number | null;
}

const ReferralHoldType = builder.objectRef<ReferralHold>("ReferralHold").implement({
  description:
    "A pending referral an administrator holds for review: it sinks below the others in the pending queue, does not expire and cannot be verified until released. Administrators only; customers never see it.",
  authScopes: { admin: true },
  fields: (t) => ({
    heldAt: t.expose("heldAt", { type: "DateTime" }),
    note: t.exposeString("note", { description: "Why it was held, as the administrator wrote it." }),
    heldBy: t.field({
      type: UserType,
      nullable: true,
      description: "The administrator who held it; null if their account was deleted.",
      resolve: (hold, _args, context) => (hold.heldById == null ? null : rowById(context, "User", hold.heldById)),
    }),
  }),
});

builder.objectField(ReferralType, "hold", (t) =>
  t.field({
    type: ReferralHoldType,
    nullable: true,
    description:
      'Set while an administrator holds the referral for review ("Under review"); null otherwise. Administrators only.',
    authScopes: { admin: true },
    resolve: async (referral, _args, context) => {
      // A list that read a few columns of the row: the hold then comes from one batched read.
      const row =
        (referral as Partial<Referral>).heldAt !== undefined
          ? referral
          : await rowById(context, "Referral", referral.id);
      if (!row?.heldAt) return null;
      return { heldAt: row.heldAt, note: row.heldNote ?? "", heldById: row.heldById };
    },
  }),
);

const HoldReferralInput = builder.inputType("HoldReferralInput", {
  fields: (t) => ({
    referralId: t.id({ required: true, description: "The pending referral's global id." }),
    note: t.string({ required: true, description: "Why it is held; required (at most 1000 characters)." }),
  }),
});

const ReleaseReferralInput = builder.inputType("ReleaseReferralInput", {
  fields: (t) => ({
    referralId: t.id({ required: true, description: "The held referral's global id." }),
    note: t.string({ description: "Optional note, kept in the audit trail (at most 1000 characters)." }),
  }),
});

const referralPayload = (name: string, description: string) =>
  builder.objectRef<{ referralId: number }>(name).implement({
    fields: (t) => ({
      referral: t.prismaField({
        type: "Referral",
        description,
        resolve: (query, result, _args, context) =>
          context.prisma.referral.findUniqueOrThrow({ ...query, where: { id: result.referralId } }),
      }),
    }),
  });

const HoldReferralPayload = referralPayload(
  "HoldReferralPayload",
  "The referral, now held (`hold` says by whom and why).",
);
const ReleaseReferralPayload = referralPayload(
  "ReleaseReferralPayload",
  "The referral, no longer held, its expiry later by the time it was held.",
);

builder.mutationFields((t) => ({
  holdReferral: t.field({
    type: HoldReferralPayload,
    description:
      "Holds a pending referral for review with a note: it sinks below the others in the pending queue, does not expire and cannot be verified until released. Only a pending referral not already held (CONFLICT otherwise). Administrators only.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: HoldReferralInput, required: true }) },
    resolve: (_root, { input }, context) =>
      holdReferral(
        context.prisma,
        { referralId: databaseIdOf(input.referralId, "Referral"), note: input.note },
        actorOf(context),
      ),
  }),
  releaseReferral: t.field({
    type: ReleaseReferralPayload,
    description:
      "Ends a hold: the referral is back among the unheld in the pending queue, its expiry moved later by the time it was held. A referral not held is refused (CONFLICT). Administrators only.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: ReleaseReferralInput, required: true }) },
    resolve: (_root, { input }, context) =>
      releaseReferral(
        context.prisma,
        { referralId: databaseIdOf(input.referralId, "Referral"), note: input.note },
        actorOf(context),
      ),
  }),
}));
