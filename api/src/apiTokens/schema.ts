import type { ApiToken } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import { MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import { actorOf } from "../lib/actor.ts";
import {
  createApiToken,
  DEFAULT_TOKEN_LIFETIME_DAYS,
  MAX_TOKEN_LIFETIME_DAYS,
  MAX_TOKEN_NAME_LENGTH,
  revokeApiToken,
} from "./service.ts";

/** The list shows the newest tokens; an installation keeps a handful, so one page is the whole list. */
export const API_TOKEN_LIST_SIZE = 200;

const ApiTokenScopeEnum = builder.enumType("ApiTokenScope", {
  values: {
    READ: {
      value: "read",
      description:
        "Reads customers, referrals, milestones and analytics (with viewer, node, nodes); not the audit trail, settings, emails or tokens.",
    },
    PURCHASES_WRITE: {
      value: "purchases:write",
      description:
        "verifyPurchase and cancelReferralPurchase, and the two lists they act on (pendingReferrals, purchasedReferrals).",
    },
    ADMIN: { value: "admin", description: "Everything an administrator can do." },
  } as const,
});

const ApiTokenType = builder.objectRef<ApiToken>("ApiToken").implement({
  description:
    "A named API token an integrator sends as `Authorization: Bearer <secret>`. Its secret is never shown again.",
  fields: (t) => ({
    id: t.globalID({ resolve: (token) => ({ type: "ApiToken", id: token.id }) }),
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    name: t.exposeString("name"),
    scopes: t.field({
      type: [ApiTokenScopeEnum],
      resolve: (token) => token.scopes as ("read" | "purchases:write" | "admin")[],
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", {
      type: "DateTime",
      nullable: true,
      description: `When it stops working (${DEFAULT_TOKEN_LIFETIME_DAYS} days after it was made unless another expiry was chosen).`,
    }),
    revokedAt: t.expose("revokedAt", { type: "DateTime", nullable: true }),
    lastUsedAt: t.expose("lastUsedAt", {
      type: "DateTime",
      nullable: true,
      description: "When it was last used, to the minute (written at most once a minute).",
    }),
    lastUsedIp: t.exposeString("lastUsedIp", { nullable: true, description: "The address it was last used from." }),
  }),
});

const CreateApiTokenInput = builder.inputType("CreateApiTokenInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: `1 to ${MAX_TOKEN_NAME_LENGTH} characters.` }),
    scopes: t.field({ type: [ApiTokenScopeEnum], required: true }),
    expiresAt: t.field({
      type: "DateTime",
      description: `Optional: ${DEFAULT_TOKEN_LIFETIME_DAYS} days from now when left out; in the future and at most ${MAX_TOKEN_LIFETIME_DAYS} days away.`,
    }),
  }),
});

const CreateApiTokenPayload = builder
  .objectRef<{ token: ApiToken; secret: string }>("CreateApiTokenPayload")
  .implement({
    fields: (t) => ({
      token: t.field({ type: ApiTokenType, resolve: (payload) => payload.token }),
      secret: t.exposeString("secret", {
        description: "The token's secret (`hng_...`), shown this once: only its hash is kept.",
      }),
    }),
  });

const RevokeApiTokenInput = builder.inputType("RevokeApiTokenInput", {
  fields: (t) => ({ tokenId: t.int({ required: true, description: "The token's databaseId." }) }),
});

const RevokeApiTokenPayload = builder.objectRef<{ token: ApiToken }>("RevokeApiTokenPayload").implement({
  fields: (t) => ({ token: t.field({ type: ApiTokenType, resolve: (payload) => payload.token }) }),
});

builder.queryFields((t) => ({
  apiTokens: t.field({
    type: [ApiTokenType],
    description: `API tokens, newest first (the newest ${API_TOKEN_LIST_SIZE}), revoked ones included. Administrators only.`,
    authScopes: { admin: true },
    resolve: (_root, _args, context) =>
      context.prisma.apiToken.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: API_TOKEN_LIST_SIZE }),
  }),
}));

builder.mutationFields((t) => ({
  createApiToken: t.field({
    type: CreateApiTokenPayload,
    description: `Creates a named API token with scopes and an expiry (${DEFAULT_TOKEN_LIFETIME_DAYS} days unless chosen, at most ${MAX_TOKEN_LIFETIME_DAYS}); the secret is in the answer only. Administrators only.`,
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CreateApiTokenInput, required: true }) },
    resolve: (_root, { input }, context) =>
      createApiToken(
        context.prisma,
        { name: input.name, scopes: input.scopes, expiresAt: input.expiresAt ?? null },
        actorOf(context),
      ),
  }),
  revokeApiToken: t.field({
    type: RevokeApiTokenPayload,
    description: "Revokes an API token at once: its next request is refused (401). Administrators only.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: RevokeApiTokenInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const token = await revokeApiToken(context.prisma, input.tokenId, actorOf(context));
      // At once here; other instances stop accepting it within TOKEN_READ_CACHE_MS (gate.ts).
      context.app.apiTokens.forget(token.id);
      return { token };
    },
  }),
}));
