import type { RestRoute } from "../rest/route.ts";

const TOKEN_FIELDS = "databaseId name scopes createdAt expiresAt revokedAt lastUsedAt lastUsedIp";
const ERROR_FIELDS = "... on Error { code message }";

const SCOPE_NAMES: Record<string, string> = { READ: "read", PURCHASES_WRITE: "purchases:write", ADMIN: "admin" };
const SCOPE_ENUMS = Object.fromEntries(Object.entries(SCOPE_NAMES).map(([e, n]) => [n, e]));

function toRestToken(token: any) {
  const { databaseId, scopes, ...rest } = token;
  return { id: databaseId, scopes: scopes.map((scope: string) => SCOPE_NAMES[scope] ?? scope), ...rest };
}

export const apiTokenRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/api-tokens",
    operation: `query RestApiTokens { apiTokens { ${TOKEN_FIELDS} } }`,
    answer: (data) => data.apiTokens.map(toRestToken),
  },
  {
    method: "POST",
    path: "/api/admin/api-tokens",
    operation: `mutation RestCreateApiToken($input: CreateApiTokenInput!) {
      createApiToken(input: $input) { __typename ${ERROR_FIELDS} ... on MutationCreateApiTokenSuccess { data { secret token { ${TOKEN_FIELDS} } } } }
    }`,
    variables: ({ body }) => ({
      input: {
        name: body.name,
        // A scope not in the list stays as sent: the operation refuses it as bad input.
        scopes: Array.isArray(body.scopes) ? body.scopes.map((s) => SCOPE_ENUMS[String(s)] ?? s) : body.scopes,
        expiresAt: body.expiresAt ?? null,
      },
    }),
    answer: (data) => ({ ...toRestToken(data.createApiToken.data.token), secret: data.createApiToken.data.secret }),
  },
  {
    method: "POST",
    path: "/api/admin/api-tokens/:id/revoke",
    operation: `mutation RestRevokeApiToken($input: RevokeApiTokenInput!) {
      revokeApiToken(input: $input) { __typename ${ERROR_FIELDS} ... on MutationRevokeApiTokenSuccess { data { token { ${TOKEN_FIELDS} } } } }
    }`,
    variables: ({ params }) => ({ input: { tokenId: /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0 } }),
    answer: (data) => toRestToken(data.revokeApiToken.data.token),
  },
];
