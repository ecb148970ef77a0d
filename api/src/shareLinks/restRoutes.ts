import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { viewerCustomer } from "../customers/types.ts";
import { ValidationError } from "../lib/errors.ts";
import { id, timestamp } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";

const SHARE_LINK_FIELDS = "code url paused createdAt opens signUps shareMessage";
const ERROR_FIELDS = "... on Error { code message }";

/** The REST share link: what the GraphQL ShareLink says, its dates as ISO text. */
const restShareLinkSchema = z.object({
  code: z.string().describe("The short code in /r/<code>"),
  url: z.string().describe("The absolute link"),
  paused: z.boolean().describe("Paused by an administrator: the friend's page says it is not active"),
  createdAt: timestamp,
  opens: z.number().int().describe("Opens of the friend's page through this code (no cookies, no personal data)"),
  signUps: z.number().int().describe("Referrals added through this code"),
  shareMessage: z.string().describe("The prefilled message for WhatsApp, SMS or email, ending with the url"),
});

const toRestShareLink = (link: any) => ({
  code: link.code,
  url: link.url,
  paused: link.paused,
  createdAt: link.createdAt,
  opens: link.opens,
  signUps: link.signUps,
  shareMessage: link.shareMessage,
});

function pausedOf(body: Record<string, unknown>): boolean {
  const value = body.paused;
  if (typeof value !== "boolean") throw new ValidationError("paused must be true or false", "paused");
  return value;
}

export const shareLinkRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/referrals/share-link",
    docs: {
      summary: "The signed-in customer's share link, with its opens and sign-ups (null while not verified)",
      answer: restShareLinkSchema.nullable(),
    },
    operation: `query RestShareLink { viewer { customer { shareLink { ${SHARE_LINK_FIELDS} } } } }`,
    answer: (data) => {
      const link = viewerCustomer(data).shareLink;
      return link ? toRestShareLink(link) : null;
    },
  },
  {
    method: "POST",
    path: "/api/referrals/share-link/renew",
    docs: {
      summary: 'Make a new share link: the old one then opens a "this link is no longer active" page',
      answer: restShareLinkSchema,
    },
    operation: `mutation RestRenewShareLink {
      renewShareLink { ... on MutationRenewShareLinkSuccess { data { shareLink { ${SHARE_LINK_FIELDS} } } } ${ERROR_FIELDS} }
    }`,
    answer: (data) => toRestShareLink(data.renewShareLink.data.shareLink),
  },
  {
    method: "POST",
    path: "/api/admin/customers/:id/share-link/pause",
    docs: {
      summary: "Pause or unpause a customer's share link (audited)",
      body: z.object({ paused: z.boolean() }),
      answer: restShareLinkSchema.extend({ customerId: id }),
    },
    operation: `mutation RestSetShareLinkPaused($input: SetShareLinkPausedInput!) {
      setShareLinkPaused(input: $input) { ... on MutationSetShareLinkPausedSuccess { data { customer { databaseId } shareLink { ${SHARE_LINK_FIELDS} } } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params, body }) => ({
      input: { customerId: encodeGlobalID("Customer", params.id ?? ""), paused: pausedOf(body) },
    }),
    answer: (data) => ({
      customerId: data.setShareLinkPaused.data.customer.databaseId,
      ...toRestShareLink(data.setShareLinkPaused.data.shareLink),
    }),
  },
];
