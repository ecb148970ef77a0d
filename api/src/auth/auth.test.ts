import { describe, expect } from "vitest";
import { databaseState } from "../../test/databaseState.ts";
import { it } from "../../test/fixtures.ts";
import { signedInAdmin } from "../../test/testApp.ts";
import { setUserRole } from "../roles/service.ts";
import { LOGIN_LIMITS } from "./throttle.ts";

describe("sign-up", () => {
  it("creates the account, signs it in, and GET /api/user shows it", async ({ app }) => {
    const client = app.client();
    const alice = { username: "Alice", email: "alice@example.com", firstName: "Alice", lastName: "Smith" };
    const created = await client.post("/api/register", { ...alice, password: "referral-secret-1" });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...alice, role: "CUSTOMER" });
    expect(typeof created.body.id).toBe("number");
    const cookie = created.headers.getSetCookie()[0] ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await client.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body.username).toBe("Alice");
    const stored = await app.db.user.findUniqueOrThrow({ where: { username: "Alice" } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.for<[Record<string, string>, string]>([
    [{ password: "1234567" }, "Password must be at least 8 characters"],
    [
      { password: "password123" },
      "This password is one of the most common ones. Please choose a less guessable password.",
    ],
    [
      { password: "Qwertyuiop" },
      "This password is one of the most common ones. Please choose a less guessable password.",
    ],
    [{ password: "x".repeat(129) }, "Password must be at most 128 characters"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ email: "" }, "Email is required"],
    [{ username: "" }, "Username is required"],
  ])("refuses %o with 400 and changes nothing", async ([override, message], { app }) => {
    const before = await databaseState(app);
    const response = await app.client().post("/api/register", {
      username: "Validation",
      password: "referral-secret-1",
      email: "validation@example.com",
      ...override,
    });
    expect(response.status).toBe(400);
    expect(response.text).toBe(message);
    expect(await databaseState(app)).toEqual(before);
  });

  it("accepts an 8-character and a 128-character password, never truncated", async ({ app }) => {
    const long = `${"y".repeat(127)}z`;
    const client = app.client();
    expect(
      (await client.post("/api/register", { username: "longpass", password: long, email: "long@example.com" })).status,
    ).toBe(200);
    expect((await app.client().post("/api/login", { username: "longpass", password: long })).status).toBe(200);
    expect(
      (await app.client().post("/api/login", { username: "longpass", password: `${"y".repeat(127)}q` })).status,
    ).toBe(401);
    expect(
      (
        await app
          .client()
          .post("/api/register", { username: "shortpass", password: "kq7-vb2x", email: "short@example.com" })
      ).status,
    ).toBe(200);
  });

  it("refuses a username taken in another case, and a taken email", async ({ app }) => {
    await app.client().register("Charlie");
    const sameName = await app
      .client()
      .post("/api/register", { username: "CHARLIE", password: "referral-secret-1", email: "other@example.com" });
    expect(sameName.status).toBe(409);
    expect(sameName.text).toBe("Username already exists");
    const sameEmail = await app
      .client()
      .post("/api/register", { username: "charlie2", password: "referral-secret-1", email: "CHARLIE@example.com" });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.text).toBe("An account with this email already exists");
  });

  it("answers the same through GraphQL with a typed error", async ({ app }) => {
    const result = await app
      .client()
      .graphql(
        `mutation($input: RegisterInput!) { register(input: $input) { __typename ... on Error { code message } } }`,
        { input: { username: "gql", password: "123", email: "gql@example.com" } },
      );
    expect(result.data.register).toEqual({
      __typename: "ValidationError",
      code: "BAD_INPUT",
      message: "Password must be at least 8 characters",
    });
  });
});

describe("sign-in and sign-out", () => {
  it("signs in ignoring the username's case, refuses a wrong password", async ({ app }) => {
    await app.client().register("Dora", { password: "dora-pass" });
    const ok = await app.client().post("/api/login", { username: "dora", password: "dora-pass" });
    expect(ok.status).toBe(200);
    expect(ok.body.username).toBe("Dora");
    const wrong = await app.client().post("/api/login", { username: "Dora", password: "wrong-pass" });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toBe("Invalid username or password");
    const unknown = await app.client().post("/api/login", { username: "nobody-here", password: "wrong-pass" });
    expect(unknown.status).toBe(401);
    expect(unknown.text).toBe("Invalid username or password");
    const audit = await app.db.auditEntry.findMany({ where: { action: "sign_in_failed" } });
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it("refuses the old cookie after sign-out, even when replayed", async ({ app }) => {
    const client = app.client();
    await client.register("Eve");
    const oldCookie = client.cookieHeader;
    expect((await client.post("/api/logout")).status).toBe(200);
    expect((await client.get("/api/user")).status).toBe(401);
    const replay = await app.client().request("GET", "/api/user", { headers: { cookie: oldCookie } });
    expect(replay.status).toBe(401);
    const viewer = await app.client().request("POST", "/graphql", {
      headers: { cookie: oldCookie },
      json: { query: "{ viewer { username } }" },
    });
    expect(viewer.body.data.viewer).toBeNull();
  });

  it("ends the sessions of a demoted administrator", async ({ app }) => {
    const admin = await signedInAdmin(app, "demoted-admin");
    // Another stays: the last active administrator cannot be demoted (docs/rules/roles.md).
    await signedInAdmin(app, "remaining-admin");
    const user = await admin.get("/api/user");
    expect(user.body.role).toBe("ADMIN");
    await setUserRole(app.db, { userId: user.body.id, role: "CUSTOMER" }, null);
    expect((await admin.get("/api/user")).status).toBe(401);
  });

  it("throttles one account from one address without locking out the real user elsewhere", async ({ app }) => {
    await app.client().register("Frank", { password: "frank-pass" });
    const attacker = app.client();
    const attackerHeaders = { "content-type": "application/json" };
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress.points; i++) {
      const attempt = await attacker.request("POST", "/api/login", {
        headers: attackerHeaders,
        json: { username: "Frank", password: `guess-${i}` },
      });
      expect(attempt.status).toBe(401);
    }
    const blocked = await attacker.post("/api/login", { username: "Frank", password: "frank-pass" });
    expect(blocked.status).toBe(429);
    expect(blocked.text).toMatch(/Too many failed sign-in attempts/);
    // The same account from another address still signs in (the throttle is per account and address).
    await (await app.deps.loginThrottle.begin("Frank", "203.0.113.7")).succeeded();
    const rows = await app.db.rateLimit.findMany();
    // The attacker's counter stays, kept under a keyed hash of the username, never the name as typed.
    expect(rows.some((row) => row.key.includes("hmac:") && row.key.includes("127.0.0.1"))).toBe(true);
    expect(rows.some((row) => row.key.toLowerCase().includes("frank"))).toBe(false);
  });
});
