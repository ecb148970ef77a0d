import { getOperationAST, Kind, parse, validate } from "graphql";
import pg from "pg";
import { describe, expect } from "vitest";
import { databaseState } from "../../test/databaseState.ts";
import { it } from "../../test/fixtures.ts";
import type { TestApp } from "../../test/testApp.ts";
import { hashToken } from "../auth/index.ts";
import { restRoutes } from "../compose/restRoutes.ts";
import { schema } from "../compose/schema.ts";
import { API_TOKEN_LIMIT, BAD_TOKEN_MESSAGE, createApiTokenGate, TOKEN_READ_CACHE_MS } from "./gate.ts";
import { tokenMayRun, tokenMayRunOperation } from "./scopes.ts";

const CREATE = `mutation Create($input: CreateApiTokenInput!) {
  createApiToken(input: $input) {
    __typename
    ... on Error { code message }
    ... on MutationCreateApiTokenSuccess { data { secret token { databaseId name scopes expiresAt revokedAt } } }
  }
}`;
const AUDIT_READ = "query { auditLogs(first: 1) { edges { node { databaseId } } } }";
const CUSTOMERS_READ = "query { customers(first: 1) { edges { node { databaseId } } } }";

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

    expect((await bearer(app, secret).graphql(CUSTOMERS_READ)).status).toBe(200);
    const revoked = await admin.post(`/api/admin/api-tokens/${token.databaseId}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    expect((await bearer(app, secret).graphql(CUSTOMERS_READ)).status).toBe(401);
    expect(
      await app.db.auditEntry.count({ where: { action: "api_token_revoked", resourceId: String(token.databaseId) } }),
    ).toBe(1);
  });

  it("refuses bad input and changes nothing", async ({ app, admin }) => {
    const before = await databaseState(app);
    for (const body of [
      { name: " ", scopes: ["read"] },
      { name: "x", scopes: [] },
      { name: "x", scopes: ["write-everything"] },
      { name: "x", scopes: ["read"], expiresAt: "2000-01-01T00:00:00.000Z" },
      { name: "x", scopes: ["read"], expiresAt: "next tuesday-ish" },
      // A bidi override would make the name read differently in the list and the audit trail.
      { name: "Bidi \u202eevil", scopes: ["read"] },
      { name: "x".repeat(101), scopes: ["read"] },
    ]) {
      const response = await admin.post("/api/admin/api-tokens", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.post("/api/admin/api-tokens", { name: "Bidi \u202eevil", scopes: ["read"] })).text).toContain(
      "Name contains characters that are not allowed",
    );
    // Not a date on GraphQL either: a clear variable error (the fuzz test found a server error here).
    const graphql = await admin.request("POST", "/graphql", {
      json: {
        query: "mutation ($input: CreateApiTokenInput!) { createApiToken(input: $input) { __typename } }",
        variables: { input: { name: "x", scopes: ["READ"], expiresAt: "next tuesday-ish" } },
      },
    });
    expect(graphql.body.errors[0].message).toContain("Expected type DateTime");
    // Typed as bad input, as the REST path answers it 400 (and counted so in the metrics).
    expect(graphql.body.errors.map((error: any) => error.extensions?.code)).toEqual(["BAD_USER_INPUT"]);
    expect(await databaseState(app)).toEqual(before);
    expect((await admin.post("/api/admin/api-tokens/999999/revoke", {})).status).toBe(404);
  });

  it("is for administrators only", async ({ customer: { client: customer } }) => {
    expect((await customer.get("/api/admin/api-tokens")).status).toBe(403);
    expect((await customer.post("/api/admin/api-tokens", { name: "x", scopes: ["admin"] })).status).toBe(403);
  });
});

describe("a bearer token", () => {
  it("that is unknown, revoked or expired is 401 on /graphql and /api", async ({ app, admin, adminId }) => {
    const { secret, token } = await createToken(admin, "Soon revoked", ["ADMIN"]);
    expect((await bearer(app, secret).get("/api/admin/audit-logs")).status).toBe(200);
    // Revoked here: refused at once, although this instance had just read the token.
    expect((await admin.post(`/api/admin/api-tokens/${token.databaseId}/revoke`, {})).status).toBe(200);
    const expired = "hng_expired-a-second-ago";
    await app.db.apiToken.create({
      data: {
        name: "Expired",
        scopes: ["admin"],
        secretHash: hashToken(expired),
        createdById: adminId,
        expiresAt: new Date(Date.now() - 1000),
      },
    });
    for (const key of [secret, expired, "hng_unknown", "not-even-a-token"]) {
      const rest = await bearer(app, key).get("/api/admin/audit-logs");
      expect(rest.status).toBe(401);
      expect(rest.headers.get("www-authenticate")).toContain("Bearer");
      expect((await bearer(app, key).graphql(AUDIT_READ)).status).toBe(401);
    }
  });

  it(`is read once per ${TOKEN_READ_CACHE_MS / 1000} s per instance: a revocation elsewhere, or an expiry, takes effect within that`, async ({
    app,
    admin,
  }) => {
    const expiresAt = new Date(Date.now() + 60_000);
    const { secret, token } = await createToken(admin, "Remembered", ["READ"], expiresAt.toISOString());
    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    let nowMs = Date.now();
    // Another instance: its own memory, on its own clock.
    const other = createApiTokenGate(app.db, pool, { now: () => new Date(nowMs) });
    try {
      expect(await other.authenticate(secret, "127.0.0.1")).toMatchObject({ id: token.databaseId, name: "Remembered" });
      await admin.post(`/api/admin/api-tokens/${token.databaseId}/revoke`, {});
      nowMs += TOKEN_READ_CACHE_MS - 1000;
      expect(await other.authenticate(secret, "127.0.0.1")).toMatchObject({ id: token.databaseId });
      nowMs += 1000;
      await expect(other.authenticate(secret, "127.0.0.1")).rejects.toThrow(BAD_TOKEN_MESSAGE);

      const soon = await createToken(admin, "Expiring", ["READ"], new Date(Date.now() + 2000).toISOString());
      nowMs = Date.now();
      await other.authenticate(soon.secret, "127.0.0.1");
      nowMs += 2000;
      await expect(other.authenticate(soon.secret, "127.0.0.1")).rejects.toThrow(BAD_TOKEN_MESSAGE);
    } finally {
      await pool.end();
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
    const response = await bearer(app, secret).get("/api/admin/customers?limit=1");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("notes its last use, at most once a minute", async ({ app, admin }) => {
    const { secret, token } = await createToken(admin, "Last use", ["READ"]);
    await bearer(app, secret).graphql(CUSTOMERS_READ);
    const first = await app.db.apiToken.findUniqueOrThrow({ where: { id: token.databaseId } });
    expect(first.lastUsedAt).not.toBeNull();
    expect(first.lastUsedIp).toMatch(/127\.0\.0\.1/);
    await bearer(app, secret).graphql(CUSTOMERS_READ);
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
    const refused = await bearer(app, secret).graphql(CUSTOMERS_READ);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await bearer(app, other.secret).graphql(CUSTOMERS_READ)).status).toBe(200);
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
    const rest = await admin.get("/api/admin/audit-logs?action=api_token_created&limit=5");
    expect(rest.body.find((e: any) => e.id === entry.id)).toMatchObject({ actor: "token Provisioner" });
    const byPerson = rest.body.find((e: any) => e.resourceId === String(token.databaseId));
    expect(byPerson).toMatchObject({ actor: null });
  });
});

describe("scopes", () => {
  const fieldsOf = (type: "Query" | "Mutation" | "Subscription") =>
    Object.keys(schema.getType(type) ? (schema.getType(type) as any).getFields() : {});
  const LOOKUPS = ["viewer", "node", "nodes"];
  /** The exact grants, written out: customers, referrals, milestones, analytics and the lookups. */
  const READ_QUERIES = [
    ...["customers", "customer", "pendingCustomers", "customerSegments"],
    ...["referralDetails", "pendingReferrals", "purchasedReferrals", "purchaseCancellations", "referralFunnel"],
    ...["pendingMilestonePayments", "pendingPayoutRequests", "payoutRequest", "openPaymentRequestCount"],
    "pendingPurchaseVerificationRequests",
    ...["analytics", "revenueByPeriod", "revenueTrends", "topPerformers", "referralChannelReport"],
    ...["staffAttributionReport", "fraudSignalReport"],
    ...LOOKUPS,
  ];
  const EXPECTED: Record<"read" | "purchases:write", Record<"query" | "mutation" | "subscription", string[]>> = {
    read: { query: READ_QUERIES, mutation: [], subscription: [] },
    // Not `viewer`: the creator's own account (User) is read whole only by `read` (graphql/access.ts).
    "purchases:write": {
      query: ["pendingReferrals", "purchasedReferrals", "pendingPurchaseVerificationRequests", "node", "nodes"],
      // A flagged verification's second administrator decides with the same scope (docs/rules/fraud.md).
      mutation: [
        "verifyPurchase",
        "cancelReferralPurchase",
        "approvePurchaseVerificationRequest",
        "declinePurchaseVerificationRequest",
        "withdrawPurchaseVerificationRequest",
      ],
      subscription: [],
    },
  };
  const ROOTS = { query: "Query", mutation: "Mutation", subscription: "Subscription" } as const;
  const ADMIN_REFUSED: Record<keyof typeof ROOTS, string[]> = {
    // The showroom's work is a person's (docs/rules/roles.md, "What staff do"), never a token's.
    query: ["secondFactor", "staffCustomerSearch", "staffCustomer", "myRecordedReferrals"],
    mutation: [
      ...["register", "signIn", "signOut", "confirmEmail", "completeRegistration", "requestPasswordReset"],
      ...["completePasswordReset", "changePassword", "updateName", "requestEmailChange", "resendEmailConfirmation"],
      ...["deleteMyAccount", "startSecondFactorEnrolment", "confirmSecondFactorEnrolment", "disableSecondFactor"],
      ...["addReferral", "updateReferral", "withdrawReferral", "requestMilestonePayment", "renewShareLink"],
      // Roles are a person's decision (graphql/access.ts); recording for a customer is a person's act.
      ...["setUserRole", "deactivateUser", "inviteStaff", "recordReferralForCustomer"],
    ],
    subscription: [],
  };

  it("each scope runs exactly its root fields; admin runs every one", () => {
    for (const [operation, type] of Object.entries(ROOTS) as [
      keyof typeof ROOTS,
      (typeof ROOTS)[keyof typeof ROOTS],
    ][]) {
      const fields = fieldsOf(type);
      for (const [scope, expected] of Object.entries(EXPECTED) as [
        keyof typeof EXPECTED,
        (typeof EXPECTED)["read"],
      ][]) {
        expect(
          expected[operation].filter((field) => !fields.includes(field)),
          `${scope} names no missing field`,
        ).toEqual([]);
        const allowed = fields.filter((field) => tokenMayRun([scope], schema, operation, field));
        expect(allowed.sort(), `${scope} ${operation}`).toEqual([...expected[operation]].sort());
      }
      // admin: every one but a signed-in person's own (their password, second factor, referrals).
      expect(fields.filter((field) => !tokenMayRun(["admin"], schema, operation, field)).sort()).toEqual(
        [...ADMIN_REFUSED[operation]].sort(),
      );
    }
    // Scopes add up.
    expect(tokenMayRun(["read", "purchases:write"], schema, "query", "analytics")).toBe(true);
    expect(tokenMayRun(["read", "purchases:write"], schema, "mutation", "verifyPurchase")).toBe(true);
    expect(tokenMayRun(["read", "purchases:write"], schema, "query", "auditLogs")).toBe(false);
  });

  it("keeps the audit trail, emails, tokens and the creator's data download from non-admin tokens, at any depth", () => {
    const documents = [
      "{ customer(databaseId: 1) { auditEntries { edges { cursor } } } }",
      "{ customer(databaseId: 1) { emails { edges { cursor } } } }",
      '{ node(id: "x") { ... on AuditEntry { action } } }',
      "{ viewer { myData } }",
      "query { customer(databaseId: 1) { ...Trail } } fragment Trail on Customer { auditEntries { edges { cursor } } }",
      "query { ...Root } fragment Root on Query { auditLogs { edges { cursor } } }",
    ];
    for (const text of documents) {
      expect(validate(schema, parse(text)), text).toEqual([]);
      for (const scope of ["read", "purchases:write"] as const)
        expect(tokenMayRunOperation([scope], schema, parse(text)), `${scope}: ${text}`).toBe(false);
      expect(tokenMayRunOperation(["admin"], schema, parse(text)), text).toBe(true);
    }
    const fine =
      "query { customer(databaseId: 1) { ...Card } } fragment Card on Customer { databaseId contractNumber }";
    expect(tokenMayRunOperation(["read"], schema, parse(fine))).toBe(true);
    expect(tokenMayRunOperation(["purchases:write"], schema, parse(fine))).toBe(false);
  });

  // The customer's own paths (`viewer`) pass the decision but a token is never a customer: their guards refuse it.
  const VIEWER_PATHS = [
    "/api/user",
    "/api/customer/profile",
    "/api/activities",
    "/api/referrals",
    "/api/customer/milestones",
    "/api/referrals/share-link",
  ];
  const EXPECTED_REST: Record<"read" | "purchases:write", string[]> = {
    read: [
      ...VIEWER_PATHS.map((path) => `GET ${path}`),
      ...[
        "/api/admin/analytics",
        "/api/admin/referral-metrics",
        "/api/admin/customer-segments",
        "/api/admin/revenue-trends",
        "/api/admin/revenue-by-period",
        "/api/admin/referral-funnel",
        "/api/admin/purchase-cancellations",
        "/api/admin/referrals/pending",
        "/api/admin/purchased-referrals",
        "/api/admin/pending-milestones",
        "/api/admin/payout-requests",
        "/api/admin/payout-requests/:id",
        "/api/admin/verification-requests",
        "/api/admin/payment-requests/count",
        "/api/admin/pending-customers",
        "/api/admin/customers",
        "/api/admin/customers-detailed",
        "/api/admin/referrals-detailed",
      ].map((path) => `GET ${path}`),
    ],
    "purchases:write": [
      "GET /api/admin/referrals/pending",
      "GET /api/admin/purchased-referrals",
      "POST /api/admin/referrals/:id/purchase",
      "POST /api/admin/cancel-referral/:id",
      "GET /api/admin/verification-requests",
      "POST /api/admin/verification-requests/:id/approve",
      "POST /api/admin/verification-requests/:id/decline",
      "POST /api/admin/verification-requests/:id/withdraw",
    ],
  };

  it("decides each REST path as its operation: exactly these per scope, every one for admin", () => {
    const names = restRoutes.map((route) => `${route.method} ${route.path}`);
    for (const [scope, expected] of Object.entries(EXPECTED_REST) as [keyof typeof EXPECTED_REST, string[]][]) {
      expect(
        expected.filter((name) => !names.includes(name)),
        `${scope} names no missing path`,
      ).toEqual([]);
      const allowed = restRoutes.filter((route) => tokenMayRunOperation([scope], schema, route.document));
      expect(allowed.map((route) => `${route.method} ${route.path}`).sort(), scope).toEqual([...expected].sort());
    }
    // admin: every path but those of a signed-in person's own operations.
    const own = new Set([...ADMIN_REFUSED.query, ...ADMIN_REFUSED.mutation]);
    const rootsOf = (route: (typeof restRoutes)[number]) =>
      (getOperationAST(route.document)?.selectionSet.selections ?? []).flatMap((s) =>
        s.kind === Kind.FIELD ? [s.name.value] : [],
      );
    const label = (route: (typeof restRoutes)[number]) => `${route.method} ${route.path}`;
    expect(restRoutes.filter((route) => !tokenMayRunOperation(["admin"], schema, route.document)).map(label)).toEqual(
      restRoutes.filter((route) => rootsOf(route).some((field) => own.has(field))).map(label),
    );
  });

  it("a read token reads customers, referrals, milestones and analytics on /api and /graphql", async ({
    app,
    admin,
  }) => {
    const { secret } = await createToken(admin, "Reader", ["READ"]);
    const client = bearer(app, secret);
    for (const path of [
      "/api/admin/customers?limit=1",
      "/api/admin/referrals-detailed?limit=1",
      "/api/admin/pending-milestones?limit=1",
      "/api/admin/analytics",
    ]) {
      const response = await client.get(path);
      expect(response.status, `${path}: ${response.text}`).toBe(200);
    }
    const read = await client.graphql(
      `query { customers(first: 1) { totalCount } referralDetails(first: 1) { edges { cursor } }
        pendingMilestonePayments(first: 1) { edges { cursor } } analytics { totalCustomers } }`,
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.analytics.totalCustomers).toBeGreaterThanOrEqual(0);
  });

  it("a read token is refused the audit trail, the token list and every write, on /api and /graphql", async ({
    app,
    admin,
  }) => {
    const { secret } = await createToken(admin, "Reader", ["READ"]);
    const client = bearer(app, secret);
    for (const path of ["/api/admin/audit-logs", "/api/admin/api-tokens", "/api/admin/emails", "/api/me/data"]) {
      expect((await client.get(path)).status, path).toBe(403);
    }
    // The viewer's own paths pass the scopes, but a token is never a customer: there is none to read.
    expect((await client.get("/api/referrals")).status).toBe(404);
    expect((await client.post("/api/admin/api-tokens", { name: "escalate", scopes: ["admin"] })).status).toBe(403);
    for (const query of [
      AUDIT_READ,
      "query { apiTokens { name } }",
      "query { customer(databaseId: 1) { auditEntries(first: 1) { edges { cursor } } } }",
      "mutation { revokeApiToken(input: { tokenId: 1 }) { __typename } }",
      // The viewer is the token's creator; the token still cannot use the signed-in user's own operations.
      `mutation { changePassword(input: { currentPassword: "x", newPassword: "y" }) { __typename } }`,
    ]) {
      const refused = await client.graphql(query);
      expect(refused.body.errors?.[0]?.extensions?.code, query).toBe("FORBIDDEN");
      expect(JSON.stringify(refused.body.data ?? null), query).not.toMatch(/databaseId|name|cursor/);
    }
  });

  it("a purchases:write token reaches the purchase mutations and their lists, nothing else", async ({ app, admin }) => {
    const { secret } = await createToken(admin, "Till", ["PURCHASES_WRITE"]);
    const client = bearer(app, secret);
    const cancel = await client.post("/api/admin/cancel-referral/999999", { reason: "Returned" });
    expect(cancel.status).toBe(404);
    expect((await client.get("/api/admin/referrals/pending?limit=1")).status).toBe(200);
    for (const path of ["/api/admin/audit-logs?limit=1", "/api/admin/customers?limit=1", "/api/admin/analytics"])
      expect((await client.get(path)).status, path).toBe(403);
    const write = await client.post("/api/admin/api-tokens", { name: "escalate", scopes: ["admin"] });
    expect(write.status).toBe(403);
  });
});
