import { z } from "zod";
import { ValidationError } from "../lib/errors.ts";
import { bodyText, optionalBodyTextOrBlank } from "../rest/bodyFields.ts";
import { id, timestamp } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";
import { API_TOKEN_SCOPES } from "./scopes.ts";

const TOKEN_FIELDS = "databaseId name scopes createdAt expiresAt revokedAt lastUsedAt lastUsedIp";
const ERROR_FIELDS = "... on Error { code message }";

const SCOPE_NAMES: Record<string, string> = { READ: "read", PURCHASES_WRITE: "purchases:write", ADMIN: "admin" };
const SCOPE_ENUMS = Object.fromEntries(Object.entries(SCOPE_NAMES).map(([e, n]) => [n, e]));

function toRestToken(token: any) {
  const { databaseId, scopes, ...rest } = token;
  return { id: databaseId, scopes: scopes.map((scope: string) => SCOPE_NAMES[scope] ?? scope), ...rest };
}

/** The REST names ("purchases:write") as the operation's enum; absent is none, which the rule refuses. */
function restScopes(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((scope) => typeof scope !== "string"))
    throw new ValidationError("scopes must be a list of scope names", "scopes");
  // An unknown name stays as sent: the operation refuses it as bad input.
  return value.map((scope: string) => SCOPE_ENUMS[scope] ?? scope);
}

/** A token as the REST paths answer it: never its secret (that is shown once, by the create path). */
const restTokenSchema = z.object({
  id,
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  createdAt: timestamp,
  expiresAt: timestamp.nullable().describe("When it stops working (90 days after it was made unless chosen)"),
  revokedAt: timestamp.nullable(),
  lastUsedAt: timestamp.nullable().describe("To the minute"),
  lastUsedIp: z.string().nullable(),
});

export const apiTokenRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/api-tokens",
    docs: {
      summary: "The API tokens, newest first (the newest 200, revoked ones included; never their secrets)",
      answer: z.array(restTokenSchema),
    },
    operation: `query RestApiTokens { apiTokens { ${TOKEN_FIELDS} } }`,
    answer: (data) => data.apiTokens.map(toRestToken),
  },
  {
    method: "POST",
    path: "/api/admin/api-tokens",
    docs: {
      summary: "Create an API token (its secret is in this answer only)",
      body: z.object({
        name: z.string().describe("1 to 100 characters"),
        scopes: z.array(z.enum(API_TOKEN_SCOPES)).min(1),
        expiresAt: timestamp.optional().describe("Optional: 90 days from now when left out; at most 365 days away"),
      }),
      answer: restTokenSchema.extend({
        secret: z.string().describe("Send as `Authorization: Bearer <secret>`; stored hashed, never shown again"),
      }),
    },
    operation: `mutation RestCreateApiToken($input: CreateApiTokenInput!) {
      createApiToken(input: $input) { __typename ${ERROR_FIELDS} ... on MutationCreateApiTokenSuccess { data { secret token { ${TOKEN_FIELDS} } } } }
    }`,
    variables: ({ body }) => ({
      input: {
        name: bodyText(body, "name"),
        scopes: restScopes(body.scopes),
        expiresAt: optionalBodyTextOrBlank(body, "expiresAt"),
      },
    }),
    answer: (data) => ({ ...toRestToken(data.createApiToken.data.token), secret: data.createApiToken.data.secret }),
  },
  {
    method: "POST",
    path: "/api/admin/api-tokens/:id/revoke",
    docs: { summary: "Revoke an API token at once", answer: restTokenSchema },
    operation: `mutation RestRevokeApiToken($input: RevokeApiTokenInput!) {
      revokeApiToken(input: $input) { __typename ${ERROR_FIELDS} ... on MutationRevokeApiTokenSuccess { data { token { ${TOKEN_FIELDS} } } } }
    }`,
    variables: ({ params }) => ({ input: { tokenId: /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0 } }),
    answer: (data) => toRestToken(data.revokeApiToken.data.token),
  },
];
