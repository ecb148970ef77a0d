import { customerIdFromGlobalId, mayReadCustomerData } from "../customers/index.ts";
import { CustomerType } from "../customers/types.ts";
import type { CustomerProfile, ShareLink } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import { MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import type { Context } from "../graphql/context.ts";
import { requestSlot } from "../graphql/requestLoaders.ts";
import { actorOf } from "../lib/actor.ts";
import { ForbiddenError } from "../lib/errors.ts";
import { ReferralChannelEnum } from "../referrals/types.ts";
import {
  currentShareLink,
  linkFigures,
  type ReferralChannelRow,
  referralChannelReport,
  renewShareLink,
  setShareLinkPaused,
  shareLinkUrl,
  shareMessage,
} from "./service.ts";

/** Each link's figures once a request: from the viewer's statement, or one read shared by both fields. */
const FIGURES_READ = Symbol("shareLinkFiguresRead");
function figuresOf(
  link: ShareLink,
  context: Context,
): Promise<{ opens: number; signUps: number }> | { opens: number; signUps: number } {
  if (context.viewerShareLink?.link.id === link.id) return context.viewerShareLink;
  const reads = requestSlot(
    context,
    FIGURES_READ,
    () => new Map<number, Promise<{ opens: number; signUps: number }>>(),
  );
  let read = reads.get(link.id);
  if (!read) {
    read = linkFigures(context.prisma, link.id);
    reads.set(link.id, read);
  }
  return read;
}

/** At once when the figures are known (GraphQL stays on its synchronous path), else when read. */
function pick<K extends "opens" | "signUps">(figures: ReturnType<typeof figuresOf>, key: K) {
  return figures instanceof Promise ? figures.then((read) => read[key]) : figures[key];
}

export const ShareLinkType = builder.prismaNode("ShareLink", {
  description:
    "A verified customer's personal link, /r/<code>: a friend opens it and adds their own details, with consent (docs/rules/share-links.md).",
  id: { field: "id" },
  // Its customer (verified) and administrators only.
  authScopes: (link, context) => mayReadCustomerData(context, link),
  fields: (t) => ({
    code: t.exposeString("code", { description: "The short code in /r/<code>." }),
    url: t.string({
      description: "The absolute link: the app's public origin + /r/<code>.",
      resolve: (link, _args, context) => shareLinkUrl(context.app.config.publicUrl, link.code),
    }),
    paused: t.exposeBoolean("paused", {
      description: "An administrator paused it: the friend's page says it is not active.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    opens: t.int({
      description:
        "Times the friend's page was opened through this code (counted per day, no cookies, no personal data).",
      resolve: (link, _args, context) => pick(figuresOf(link, context), "opens"),
    }),
    signUps: t.int({
      description: "Referrals added through this code.",
      resolve: (link, _args, context) => pick(figuresOf(link, context), "signUps"),
    }),
    shareMessage: t.string({
      description: "The prefilled message for WhatsApp, SMS or email, ending with the url.",
      resolve: (link, _args, context) => shareMessage(shareLinkUrl(context.app.config.publicUrl, link.code)),
    }),
  }),
});

builder.prismaObjectFields("CustomerProfile", (t) => ({
  shareLink: t.field({
    type: ShareLinkType,
    nullable: true,
    description:
      "The customer's personal share link (/r/<code>); null while the customer is not verified. The customer themselves and administrators only.",
    // The viewer's own was read with the viewer; any other (an administrator's view) is read here.
    resolve: (customer, _args, context) =>
      context.viewerShareLink?.link.customerId === customer.id
        ? context.viewerShareLink.link
        : currentShareLink(context.prisma, customer),
  }),
}));

const RenewShareLinkPayload = builder.objectRef<{ shareLink: ShareLink }>("RenewShareLinkPayload").implement({
  fields: (t) => ({
    shareLink: t.field({ type: ShareLinkType, description: "The customer's new link.", resolve: (p) => p.shareLink }),
  }),
});

const SetShareLinkPausedPayload = builder
  .objectRef<{ shareLink: ShareLink; customer: CustomerProfile }>("SetShareLinkPausedPayload")
  .implement({
    fields: (t) => ({
      shareLink: t.field({ type: ShareLinkType, resolve: (p) => p.shareLink }),
      customer: t.field({ type: CustomerType, resolve: (p) => p.customer }),
    }),
  });

const SetShareLinkPausedInput = builder.inputType("SetShareLinkPausedInput", {
  fields: (t) => ({
    customerId: t.id({ required: true, description: "The customer's global id." }),
    paused: t.boolean({ required: true }),
  }),
});

builder.mutationFields((t) => ({
  renewShareLink: t.field({
    type: RenewShareLinkPayload,
    description:
      'Gives the signed-in, verified customer a new share link code; the old code then opens a "this link is no longer active" page.',
    errors: { types: [...MUTATION_ERRORS, ForbiddenError] },
    resolve: (_root, _args, context) => renewShareLink(context.prisma, context.viewer, context.ip),
  }),
  setShareLinkPaused: t.field({
    type: SetShareLinkPausedPayload,
    description:
      "Pauses or unpauses a customer's share link (audited): while paused, the friend's page says the link is not active. Administrators only.",
    authScopes: { admin: true },
    errors: { types: [...MUTATION_ERRORS, ForbiddenError] },
    args: { input: t.arg({ type: SetShareLinkPausedInput, required: true }) },
    resolve: (_root, { input }, context) =>
      setShareLinkPaused(
        context.prisma,
        { customerId: customerIdFromGlobalId(input.customerId), paused: input.paused },
        actorOf(context),
      ),
  }),
}));

const ReferralChannelRowType = builder.objectRef<ReferralChannelRow>("ReferralChannelRow").implement({
  description: "One channel's figures over a report's date range.",
  fields: (t) => ({
    channel: t.field({ type: ReferralChannelEnum, resolve: (row) => row.channel }),
    referrals: t.exposeInt("referrals", { description: "Referrals added through this channel in the range." }),
    verifiedPurchases: t.exposeInt("verifiedPurchases", {
      description: "Live (not cancelled) purchases verified in the range, of referrals added through this channel.",
    }),
    linkOpens: t.exposeInt("linkOpens", {
      description:
        "Opens of friends' pages through share links in the range (counted per code and day, no cookies, no personal data); 0 for other channels.",
    }),
  }),
});

const DAY = "YYYY-MM-DD, a day in London time";

builder.queryFields((t) => ({
  referralChannelReport: t.field({
    type: [ReferralChannelRowType],
    description:
      "Referrals, verified purchases and share-link opens per channel from `from` to `to` (both inclusive), every channel present. Administrators only.",
    authScopes: { admin: true },
    args: {
      from: t.arg.string({ required: true, description: DAY }),
      to: t.arg.string({ required: true, description: `${DAY} (inclusive)` }),
    },
    resolve: (_root, args, context) => referralChannelReport(context.prisma, args.from, args.to),
  }),
}));
