import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import type { TestApp } from "../../test/testApp.ts";
import { hashToken } from "../auth/index.ts";
import { schema } from "../graphql/schema.ts";
import { restRoutes } from "../rest/routes.ts";
import { API_TOKEN_LIMIT } from "./gate.ts";
import { PURCHASE_WRITE_MUTATIONS, tokenMayRun, tokenMayRunOperation } from "./scopes.ts";

const CREATE = `mutation Create($input: CreateApiTokenInput!) {
  createApiToken(input: $input) {
    __typename
    ... on Error { code message }
    ... on MutationCreateApiTokenSuccess { data { secret token { databaseId name scopes expiresAt revokedAt } } }
  }
}`;
const AUDIT_READ = "query { auditLogs(first: 1) { edges { node { databaseId } } } }";

async function createToken(admin: any, name: string, scopes: string[], expiresAt?: string) {
  const result = await admin.graphql(CREATE, { input: { name, scopes, expiresAt } });
  return result.data.createApiToken.data as { secret: string; token: { databaseId: number } };
}

function bearer(app: TestApp, secret: string) {
  const client = app.client();
  const headers = { authorization: `Bearer ${secret}` };
  return {
    graphql: async (query: string, variables?: Record<string, unknown>) => {
      const response = await client.request("POST", "/graphql", { json: { query, variables }, headers });
      return response;
    },
    get: (path: string) => client.request("GET", path, { headers }),
    post: (path: string, json: unknown) => client.request("POST", path, { json, headers }),
  };
}

describe("creating, listing and revoking", () => {
  it("shows the secret once and stores only its hash; the list and the audit trail name it", async ({ app, admin }) => {
    const { secret, token } = await createToken(admin, "Accounts system", ["READ"]);
    expect(secret).toMatch(/^hng_[A-Za-z0-9_-]{43}$/);
    const row = await app.db.apiToken.findUniqueOrThrow({ where: { id: token.databaseId } });
    expect(row.secretHash).not.toContain(secret.slice(4));
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await admin.get("/api/admin/api-tokens");
    expect(listed.status).toBe(200);
    const mine = listed.body.find((t: any) => t.id === token.databaseId);
    expect(mine).toMatchObject({ name: "Accounts system", scopes: ["read"], revokedAt: null, lastUsedAt: null });
    expect(mine).not.toHaveProperty("secret");

    const audit = await app.db.auditEntry.findFirst({
      where: { action: "api_token_created", resourceId: String(token.databaseId) },
    });
    expect(audit?.details).toBe('API token "Accounts system" created');

    expect((await bearer(app, secret).graphql(AUDIT_READ)).status).toBe(200);
    const revoked = await admin.post(`/api/admin/api-tokens/${token.databaseId}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    expect((await bearer(app, secret).graphql(AUDIT_READ)).status).toBe(401);
    expect(
      await app.db.auditEntry.count({ where: { action: "api_token_revoked", resourceId: String(token.databaseId) } }),
    ).toBe(1);
  });

  it("refuses bad input and changes nothing", async ({ app, admin }) => {
    const before = await app.db.apiToken.count();
    for (const body of [
      { name: " ", scopes: ["read"] },
      { name: "x", scopes: [] },
      { name: "x", scopes: ["write-everything"] },
      { name: "x", scopes: ["read"], expiresAt: "2000-01-01T00:00:00.000Z" },
    ]) {
      const response = await admin.post("/api/admin/api-tokens", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await app.db.apiToken.count()).toBe(before);
    expect((await admin.post("/api/admin/api-tokens/999999/revoke", {})).status).toBe(404);
  });

  it("is for administrators only", async ({ customer: { client: customer } }) => {
    expect((await customer.get("/api/admin/api-tokens")).status).toBe(403);
    expect((await customer.post("/api/admin/api-tokens", { name: "x", scopes: ["admin"] })).status).toBe(403);
  });
});

describe("a bearer token", () => {
  it("that is unknown, revoked or expired is 401 on /graphql and /api", async ({ app, admin }) => {
    const { secret, token } = await createToken(
      admin,
      "Soon expired",
      ["ADMIN"],
      new Date(Date.now() + 60_000).toISOString(),
    );
    expect((await bearer(app, secret).get("/api/admin/audit-logs")).status).toBe(200);
    await app.db.apiToken.update({ where: { id: token.databaseId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const key of [secret, "hng_unknown", "not-even-a-token"]) {
      const rest = await bearer(app, key).get("/api/admin/audit-logs");
      expect(rest.status).toBe(401);
      expect(rest.headers.get("www-authenticate")).toContain("Bearer");
      expect((await bearer(app, key).graphql(AUDIT_READ)).status).toBe(401);
    }
  });

  it("made by a user who is no longer an administrator is 401", async ({ app, customer }) => {
    const secret = "hng_made-by-someone-who-is-no-admin";
    await app.db.apiToken.create({
      data: { name: "Orphan", scopes: ["admin"], secretHash: hashToken(secret), createdById: customer.userId },
    });
    expect((await bearer(app, secret).get("/api/admin/audit-logs")).status).toBe(401);
  });

  it("needs no CSRF token or cookie, and sets no cookie", async ({ app, admin }) => {
    const { secret } = await createToken(admin, "No cookie", ["READ"]);
    const response = await bearer(app, secret).get("/api/admin/audit-logs?limit=1");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("notes its last use, at most once a minute", async ({ app, admin }) => {
    const { secret, token } = await createToken(admin, "Last use", ["READ"]);
    await bearer(app, secret).graphql(AUDIT_READ);
    const first = await app.db.apiToken.findUniqueOrThrow({ where: { id: token.databaseId } });
    expect(first.lastUsedAt).not.toBeNull();
    expect(first.lastUsedIp).toMatch(/127\.0\.0\.1/);
    await bearer(app, secret).graphql(AUDIT_READ);
    const second = await app.db.apiToken.findUniqueOrThrow({ where: { id: token.databaseId } });
    expect(second.lastUsedAt).toEqual(first.lastUsedAt);
  });

  it(`is limited to ${API_TOKEN_LIMIT.points} requests a minute, answered 429 with Retry-After`, async ({
    app,
    admin,
  }) => {
    const { secret, token } = await createToken(admin, "Busy", ["READ"]);
    const other = await createToken(admin, "Quiet", ["READ"]);
    // The counter as 600 requests would leave it (rate-limiter-flexible's row in rate_limits).
    await app.db.$executeRawUnsafe(
      `INSERT INTO rate_limits (key, points, expire) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET points = EXCLUDED.points, expire = EXCLUDED.expire`,
      `api_token:${token.databaseId}`,
      API_TOKEN_LIMIT.points,
      Date.now() + 30_000,
    );
    const refused = await bearer(app, secret).graphql(AUDIT_READ);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await bearer(app, other.secret).graphql(AUDIT_READ)).status).toBe(200);
  });

  it("is named in the audit trail as the actor of what it changes", async ({ app, admin }) => {
    const { secret, token } = await createToken(admin, "Provisioner", ["ADMIN"]);
    const made = await bearer(app, secret).post("/api/admin/api-tokens", { name: "Made by a token", scopes: ["read"] });
    expect(made.status).toBe(200);
    const entry = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "api_token_created", resourceId: String(made.body.id) },
      include: { actorToken: true },
    });
    expect(entry.actorTokenId).toBe(token.databaseId);
    expect(entry.actorToken?.name).toBe("Provisioner");
    const trail = await admin.graphql(
      `query { auditLogs(first: 5, action: "api_token_created") { edges { node { databaseId actorToken } } } }`,
    );
    const listed = trail.data.auditLogs.edges.find((e: any) => e.node.databaseId === entry.id);
    expect(listed.node.actorToken).toBe("token Provisioner");
  });
});

describe("scopes", () => {
  const queries = Object.keys(schema.getQueryType()?.getFields() ?? {});
  const mutations = Object.keys(schema.getMutationType()?.getFields() ?? {});

  it("read runs every query and no mutation; purchases:write adds the two purchase mutations; admin runs all", () => {
    for (const field of queries) {
      expect(tokenMayRun(["read"], "query", field)).toBe(true);
      expect(tokenMayRun(["purchases:write"], "query", field)).toBe(true);
      expect(tokenMayRun(["admin"], "query", field)).toBe(true);
    }
    for (const field of mutations) {
      expect(tokenMayRun(["read"], "mutation", field), field).toBe(false);
      expect(tokenMayRun(["purchases:write"], "mutation", field), field).toBe(PURCHASE_WRITE_MUTATIONS.has(field));
      expect(tokenMayRun(["admin"], "mutation", field)).toBe(true);
    }
    expect(mutations).toEqual(expect.arrayContaining([...PURCHASE_WRITE_MUTATIONS]));
    expect(tokenMayRun(["read"], "subscription", "adminQueues")).toBe(false);
  });

  it("decide each REST path as its operation", () => {
    for (const route of restRoutes) {
      const isMutation = route.operation.trimStart().startsWith("mutation");
      const purchase = /verifyPurchase|cancelReferralPurchase/.test(route.operation);
      const name = `${route.method} ${route.path}`;
      expect(tokenMayRunOperation(["read"], route.document), name).toBe(!isMutation);
      expect(tokenMayRunOperation(["purchases:write"], route.document), name).toBe(!isMutation || purchase);
      expect(tokenMayRunOperation(["admin"], route.document), name).toBe(true);
    }
  });

  it("a read token reads but may not write, nor act as a signed-in user", async ({ app, admin }) => {
    const { secret } = await createToken(admin, "Reader", ["READ"]);
    const client = bearer(app, secret);
    const read = await client.graphql(AUDIT_READ);
    expect(read.body.errors).toBeUndefined();
    const write = await client.post("/api/admin/api-tokens", { name: "escalate", scopes: ["admin"] });
    expect(write.status).toBe(403);
    const sneaky = await client.graphql(`mutation { revokeApiToken(input: { tokenId: 1 }) { __typename } }`);
    expect(sneaky.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    // The viewer is the token's creator; the token still cannot use the signed-in user's own operations.
    const own = await client.graphql(
      `mutation { changePassword(input: { currentPassword: "x", newPassword: "y" }) { __typename } }`,
    );
    expect(own.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("a purchases:write token reaches the purchase mutations and nothing else that writes", async ({ app, admin }) => {
    const { secret } = await createToken(admin, "Till", ["PURCHASES_WRITE"]);
    const client = bearer(app, secret);
    const cancel = await client.post("/api/admin/cancel-referral/999999", { reason: "Returned" });
    expect(cancel.status).toBe(404);
    const write = await client.post("/api/admin/api-tokens", { name: "escalate", scopes: ["admin"] });
    expect(write.status).toBe(403);
    expect((await client.get("/api/admin/audit-logs?limit=1")).status).toBe(200);
  });
});
