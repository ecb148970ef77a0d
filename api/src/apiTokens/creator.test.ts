// API tokens follow their creator (docs/api.md, "API tokens"): a token stops when the administrator who
// made it stops acting as one, and tokens expire after 90 days unless another expiry is chosen.
import pg from "pg";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import type { TestApp } from "../../test/testApp.ts";
import { createAdministrator, newPasswordResetLink } from "../auth/service.ts";
import { setUserRole } from "../roles/service.ts";
import { resetSecondFactor } from "../secondFactor/service.ts";
import { BAD_TOKEN_MESSAGE, createApiTokenGate, TOKEN_READ_CACHE_MS } from "./gate.ts";
import { createApiToken } from "./service.ts";

it.override("appOptions", { env: { NODE_ENV: "production" } });
it.override("secondAppOptions", { env: { NODE_ENV: "production", REQUIRE_ADMIN_MFA: "1" } });

const CUSTOMERS_READ = "query { customers(first: 1) { totalCount } }";
const DAY_MS = 24 * 60 * 60 * 1000;

/** An administrator of its own, with a confirmed second factor when `factor` (as enrolment would leave it). */
async function newAdmin(app: TestApp, username: string, { factor = false } = {}) {
  const user = await createAdministrator(app.db, {
    username,
    email: `${username}@example.com`,
    password: "admin-password",
  });
  if (factor) {
    await app.db.secondFactor.create({
      data: { userId: user.id, secretCiphertext: "sealed", confirmedAt: new Date() },
    });
    await app.db.user.update({ where: { id: user.id }, data: { secondFactorEnabled: true } });
  }
  return user;
}

/** Two tokens the administrator made: one to use before a change, one used only after it (no instance remembers it). */
async function twoTokens(app: TestApp, userId: number) {
  const made = async (name: string) =>
    (await createApiToken(app.db, { name, scopes: ["read"] }, { id: userId })).secret;
  return { before: await made("used before"), after: await made("used after") };
}

async function status(app: TestApp, secret: string, query = CUSTOMERS_READ): Promise<number> {
  const response = await app
    .client()
    .request("POST", "/graphql", { json: { query }, headers: { authorization: `Bearer ${secret}` } });
  return response.status;
}

describe("a token stops working (401, like a revoked one) when its creator", () => {
  it("is demoted, and stays stopped when promoted again", async ({ app, uniqueName }) => {
    const user = await newAdmin(app, uniqueName("demoted"));
    // Another stays: the last active administrator cannot be demoted (docs/rules/roles.md).
    await newAdmin(app, uniqueName("kept"));
    const tokens = await twoTokens(app, user.id);
    expect(await status(app, tokens.before)).toBe(200);
    await setUserRole(app.db, { userId: user.id, role: "CUSTOMER" }, null);
    expect(await status(app, tokens.after)).toBe(401);
    await setUserRole(app.db, { userId: user.id, role: "ADMIN" }, null);
    expect(await status(app, tokens.after)).toBe(401);
  });

  it("is erased", async ({ app, uniqueName }) => {
    const user = await newAdmin(app, uniqueName("erased"));
    const tokens = await twoTokens(app, user.id);
    expect(await status(app, tokens.before)).toBe(200);
    await app.db.user.update({ where: { id: user.id }, data: { erasedAt: new Date() } });
    expect(await status(app, tokens.after)).toBe(401);
  });

  it("has their second factor reset", async ({ app, uniqueName }) => {
    const user = await newAdmin(app, uniqueName("reset"), { factor: true });
    const tokens = await twoTokens(app, user.id);
    expect(await status(app, tokens.before)).toBe(200);
    await resetSecondFactor(app.db, { username: user.username });
    expect(await status(app, tokens.after)).toBe(401);
  });

  it("resets their password through the emailed link", async ({ app, uniqueName }) => {
    const user = await newAdmin(app, uniqueName("forgot"));
    const tokens = await twoTokens(app, user.id);
    expect(await status(app, tokens.before)).toBe(200);
    const link = new URL(await newPasswordResetLink(app.db, user.id, app.baseUrl));
    const reset = await app.client().post("/api/reset-password/confirm", {
      token: link.searchParams.get("token"),
      newPassword: "a-new-admin-password",
    });
    expect(reset.status, reset.text).toBe(200);
    expect(await status(app, tokens.after)).toBe(401);
  });

  it("changes their password", async ({ app, uniqueName }) => {
    const user = await newAdmin(app, uniqueName("changer"));
    const tokens = await twoTokens(app, user.id);
    expect(await status(app, tokens.before)).toBe(200);
    const session = app.client();
    expect((await session.post("/api/login", { username: user.username, password: "admin-password" })).status).toBe(
      200,
    );
    const changed = await session.post("/api/account/password", {
      currentPassword: "admin-password",
      newPassword: "another-admin-password",
    });
    expect(changed.status, changed.text).toBe(200);
    expect(await status(app, tokens.after)).toBe(401);
  });

  it(`changes, on another instance, within ${TOKEN_READ_CACHE_MS / 1000} s (read with the token)`, async ({
    app,
    uniqueName,
  }) => {
    const user = await newAdmin(app, uniqueName("elsewhere"));
    await newAdmin(app, uniqueName("kept"));
    const { secret } = await createApiToken(app.db, { name: "remembered", scopes: ["read"] }, { id: user.id });
    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    let nowMs = Date.now();
    const other = createApiTokenGate(app.db, pool, { now: () => new Date(nowMs) });
    try {
      await other.authenticate(secret, "127.0.0.1");
      await setUserRole(app.db, { userId: user.id, role: "CUSTOMER" }, null);
      nowMs += TOKEN_READ_CACHE_MS - 1;
      await other.authenticate(secret, "127.0.0.1");
      nowMs += 1;
      await expect(other.authenticate(secret, "127.0.0.1")).rejects.toThrow(BAD_TOKEN_MESSAGE);
    } finally {
      await pool.end();
    }
  });
});

describe("under REQUIRE_ADMIN_MFA", () => {
  it("a token works only while its creator has a confirmed second factor", async ({ secondApp, uniqueName }) => {
    const without = await newAdmin(secondApp, uniqueName("unenrolled"));
    const withFactor = await newAdmin(secondApp, uniqueName("enrolled"), { factor: true });
    const refused = await createApiToken(secondApp.db, { name: "x", scopes: ["read"] }, { id: without.id });
    const allowed = await createApiToken(secondApp.db, { name: "y", scopes: ["read"] }, { id: withFactor.id });
    expect(await status(secondApp, refused.secret)).toBe(401);
    expect(await status(secondApp, allowed.secret)).toBe(200);
    // Introspection and a document's text: for those who act as administrator (a token of one here).
    expect(await status(secondApp, allowed.secret, "{ __schema { queryType { name } } }")).toBe(200);
  });

  it("an administrator who must still enrol may not send documents' text or introspect", async ({
    secondApp,
    uniqueName,
  }) => {
    const user = await newAdmin(secondApp, uniqueName("heldback"));
    const session = secondApp.client();
    const signIn = await session.post("/api/login", { username: user.username, password: "admin-password" });
    expect(signIn.status).toBe(200);
    for (const query of ["{ __schema { queryType { name } } }", "{ viewer { username } }"]) {
      const response = await session.request("POST", "/graphql", { json: { query } });
      expect(response.status, query).toBe(400);
      expect(response.body.errors[0].extensions.code, query).toBe("PERSISTED_QUERY_ONLY");
    }
  });
});

describe("expiry", () => {
  it("is 90 days when none is chosen; a longer one up to 365 days may be chosen, not more", async ({ admin, app }) => {
    const create = (expiresAt?: string) =>
      admin.post("/api/admin/api-tokens", { name: "expiring", scopes: ["read"], expiresAt });
    const before = Date.now();
    const byDefault = await create();
    expect(byDefault.status).toBe(200);
    const expiry = new Date(byDefault.body.expiresAt).getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + 90 * DAY_MS);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 90 * DAY_MS);
    const chosen = new Date(Date.now() + 300 * DAY_MS).toISOString();
    expect((await create(chosen)).body.expiresAt).toBe(chosen);
    const tooFar = await create(new Date(Date.now() + 366 * DAY_MS).toISOString());
    expect(tooFar.status).toBe(400);
    expect(tooFar.text).toContain("365 days");
    expect(await app.db.apiToken.count({ where: { expiresAt: null } })).toBe(0);
  });
});
