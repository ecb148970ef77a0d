import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { clientFromAddress, TEST_PASSWORD, type TestApp } from "../../test/testApp.ts";
import { LOGIN_LIMITS } from "../auth/throttle.ts";
import { hashToken } from "../auth/tokens.ts";
import { COMMON_PASSWORD_MESSAGE } from "../auth/validation.ts";
import { WRONG_CURRENT_PASSWORD } from "./service.ts";

// Each client names its own address, so the sign-in throttle's per-address counters stay apart.
it.override("appOptions", { env: { TRUST_PROXY: "1" } });

let addressCounter = 0;
const clientFrom = (app: TestApp, address = `198.51.100.${++addressCounter}`) => clientFromAddress(app, address);

/** A confirmed customer with a profile, signed in on its own client (and address). */
async function customerAccount(app: TestApp, username: string) {
  const client = clientFrom(app);
  const user = await client.register(username);
  const profile = await client.post("/api/customer/register", {
    originalPurchaseAmount: "1000.00",
    postcode: "SW1A 1AA",
    contractNumber: `HNG-${username}`,
  });
  expect(profile.status).toBe(200);
  await app.db.user.update({ where: { id: user.id }, data: { emailConfirmedAt: new Date() } });
  return {
    client,
    userId: user.id,
    customerId: profile.body.id as number,
    email: `${username.toLowerCase()}@example.com`,
  };
}

async function signIn(app: TestApp, username: string, password: string) {
  const client = clientFrom(app);
  return { client, response: await client.post("/api/login", { username, password }) };
}

/** The link's token inside the newest email of this type to this address. */
async function linkToken(
  app: TestApp,
  type: "EMAIL_CHANGE_CONFIRMATION" | "PASSWORD_CHANGED" | "EMAIL_CHANGE_NOTICE",
  to: string,
) {
  const email = await app.db.email.findFirstOrThrow({ where: { type, toAddress: to }, orderBy: { id: "desc" } });
  const token = /token=([\w-]+)/.exec(email.textBody)?.[1];
  if (!token) throw new Error(`no link in the ${type} email to ${to}`);
  return token;
}

const activities = (app: TestApp, customerId: number) =>
  app.db.activity.findMany({ where: { customerId, type: "ACCOUNT_UPDATED" }, orderBy: { id: "asc" } });

describe("changing the password", () => {
  it("ends every other session, keeps this one, emails a reset link, audits and adds an activity", async ({
    app,
    uniqueName,
  }) => {
    const username = uniqueName("Pat");
    const { client, userId, customerId, email } = await customerAccount(app, username);
    const { client: otherBrowser } = await signIn(app, username, TEST_PASSWORD);
    expect((await otherBrowser.get("/api/user")).status).toBe(200);

    const changed = await client.post("/api/account/password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "a-brand-new-secret-7",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: userId, username });

    // This browser stays signed in (its cookie was re-issued); the other one is signed out.
    expect((await client.get("/api/user")).status).toBe(200);
    expect((await otherBrowser.get("/api/user")).status).toBe(401);
    expect((await signIn(app, username, TEST_PASSWORD)).response.status).toBe(401);
    expect((await signIn(app, username, "a-brand-new-secret-7")).response.status).toBe(200);

    const notice = await app.db.email.findFirstOrThrow({ where: { type: "PASSWORD_CHANGED", toAddress: email } });
    expect(notice.textBody).toContain("every other session was signed out");
    // The link is a working reset link, stored hashed.
    const token = await linkToken(app, "PASSWORD_CHANGED", email);
    expect(await app.db.passwordResetToken.findUnique({ where: { tokenHash: hashToken(token) } })).toMatchObject({
      userId,
      usedAt: null,
    });
    expect(
      await app.db.auditEntry.findFirst({ where: { action: "password_changed", resourceId: String(userId) } }),
    ).toMatchObject({ actorId: userId });
    const [activity] = await activities(app, customerId);
    expect(activity?.description).toBe("Password changed: every other session was signed out");
  });

  it("refuses a wrong current password and changes nothing; repeated guesses are throttled like sign-in", async ({
    app,
    uniqueName,
  }) => {
    const username = uniqueName("Quinn");
    const { client, userId, customerId } = await customerAccount(app, username);
    const wrong = await client.post("/api/account/password", {
      currentPassword: "not-it-at-all",
      newPassword: "another-secret-8",
    });
    expect(wrong).toMatchObject({ status: 400, text: WRONG_CURRENT_PASSWORD });
    expect((await client.get("/api/user")).status).toBe(200);
    expect((await signIn(app, username, TEST_PASSWORD)).response.status).toBe(200);
    expect(await activities(app, customerId)).toEqual([]);
    expect(await app.db.email.count({ where: { userId, type: "PASSWORD_CHANGED" } })).toBe(0);
    expect(
      await app.db.auditEntry.count({ where: { action: "current_password_refused", resourceId: String(userId) } }),
    ).toBe(1);

    // The per-account-and-address counter (5) already holds one failure: four more, then refused.
    const limit = LOGIN_LIMITS.perAccountAndAddress.points;
    const answers = [];
    for (let i = 0; i < limit; i++)
      answers.push(
        await client.post("/api/account/password", {
          currentPassword: `guess-number-${i}`,
          newPassword: "another-secret-8",
        }),
      );
    expect(answers.slice(0, limit - 1).map((answer) => answer.status)).toEqual(Array(limit - 1).fill(400));
    expect(answers.at(-1)?.status).toBe(429);
    // Even the right password waits now, from this address.
    const right = await client.post("/api/account/password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "another-secret-8",
    });
    expect(right.status).toBe(429);
    expect(right.text).toMatch(/^Too many failed sign-in attempts\./);
  });

  it("refuses another site's request carrying the user's cookie, as every cookie mutation", async ({
    app,
    uniqueName,
  }) => {
    const username = uniqueName("Xan");
    const { client } = await customerAccount(app, username);
    const forged = await client.request("POST", "/api/account/password", {
      headers: { origin: "https://evil.example" },
      json: { currentPassword: TEST_PASSWORD, newPassword: "attacker-chosen-9" },
    });
    expect(forged.status).toBe(403);
    const forgedEmail = await client.request("POST", "/graphql", {
      headers: { origin: "https://evil.example" },
      json: {
        query: `mutation { requestEmailChange(input: { newEmail: "x@evil.example", currentPassword: "${TEST_PASSWORD}" }) { __typename } }`,
      },
    });
    expect(forgedEmail.status).toBe(403);
    expect((await signIn(app, username, TEST_PASSWORD)).response.status).toBe(200);
    expect(await app.db.emailConfirmationToken.count({ where: { newEmail: "x@evil.example" } })).toBe(0);
  });

  it("applies the new-password rules and refuses the current one again", async ({ app, uniqueName }) => {
    const { client } = await customerAccount(app, uniqueName("Rory"));
    const attempt = (newPassword: string) =>
      client.post("/api/account/password", { currentPassword: TEST_PASSWORD, newPassword });
    expect((await attempt("short1")).text).toBe("Password must be at least 8 characters");
    expect((await attempt("password123")).text).toBe(COMMON_PASSWORD_MESSAGE);
    expect((await attempt("x".repeat(129))).status).toBe(400);
    expect((await attempt(TEST_PASSWORD)).text).toBe("Choose a new password that differs from your current one.");
    expect((await client.get("/api/user")).status).toBe(200);
  });

  it("works for an administrator through GraphQL, without an activity, and refuses the signed-out", async ({
    app,
    admin,
  }) => {
    const mutation = `mutation($input: ChangePasswordInput!) { changePassword(input: $input) {
      __typename ... on MutationChangePasswordSuccess { data { username } } ... on Error { code message } } }`;
    const signedOut = await clientFrom(app).graphql(mutation, {
      input: { currentPassword: "admin-password", newPassword: "admin-password-2" },
    });
    expect(signedOut.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const result = await admin.graphql(mutation, {
      input: { currentPassword: "admin-password", newPassword: "admin-password-2" },
    });
    expect(result.data.changePassword).toEqual({
      __typename: "MutationChangePasswordSuccess",
      data: { username: "test-admin" },
    });
    expect((await admin.get("/api/admin/analytics")).status).toBe(200);
    // Put back for the other tests of the file.
    await admin.post("/api/account/password", { currentPassword: "admin-password-2", newPassword: "admin-password" });
  });
});

describe("editing the name", () => {
  it("follows registration's rules, keeps a field left out, audits without the names and adds an activity", async ({
    app,
    uniqueName,
  }) => {
    const { client, userId, customerId } = await customerAccount(app, uniqueName("Sam"));
    const renamed = await client.graphql(
      `mutation($input: UpdateNameInput!) { updateName(input: $input) {
        __typename ... on MutationUpdateNameSuccess { data { firstName lastName } } ... on Error { code message } } }`,
      { input: { firstName: "  Samantha ", lastName: "O'Neill" } },
    );
    expect(renamed.data.updateName.data).toEqual({ firstName: "Samantha", lastName: "O'Neill" });
    // REST: only the field sent changes.
    expect((await client.post("/api/account/name", { lastName: "Smith-Jones" })).body).toMatchObject({
      firstName: "Samantha",
      lastName: "Smith-Jones",
    });
    expect((await client.post("/api/account/name", { firstName: "Sam\u202Eevil" })).status).toBe(400);
    expect((await client.post("/api/account/name", { firstName: "x".repeat(101) })).text).toBe(
      "First name must be at most 100 characters",
    );
    expect((await client.post("/api/account/name", { firstName: ["Sam"] })).text).toBe("firstName must be text");
    // Blank clears.
    expect((await client.post("/api/account/name", { lastName: "" })).body).toMatchObject({ lastName: null });

    const audits = await app.db.auditEntry.findMany({ where: { action: "name_changed", resourceId: String(userId) } });
    expect(audits.map((entry) => entry.details)).toEqual([
      "Changed the first name and the last name from account settings",
      "Changed the last name from account settings",
      "Changed the last name from account settings",
    ]);
    expect(JSON.stringify(audits)).not.toMatch(/Samantha|Smith-Jones/);
    expect((await activities(app, customerId)).map((activity) => activity.description)).toEqual(
      Array(3).fill("Name updated"),
    );
    // The same names again change (and record) nothing.
    await client.post("/api/account/name", { firstName: "Samantha" });
    expect(await app.db.auditEntry.count({ where: { action: "name_changed", resourceId: String(userId) } })).toBe(3);
  });
});

describe("changing the email address", () => {
  const confirm = (app: TestApp, token: string) => clientFrom(app).post("/api/confirm-email", { token });

  it("sends a link to the new address, tells the old one, and changes the address only when the link is opened", async ({
    app,
    uniqueName,
  }) => {
    const username = uniqueName("Tess");
    const { client, userId, customerId, email } = await customerAccount(app, username);
    const newEmail = `${username.toLowerCase()}.new@example.org`;

    expect((await client.post("/api/account/email", { newEmail, currentPassword: "wrong-password" })).text).toBe(
      WRONG_CURRENT_PASSWORD,
    );
    expect(
      (await client.post("/api/account/email", { newEmail: email.toUpperCase(), currentPassword: TEST_PASSWORD })).text,
    ).toBe("This is already your email address.");
    expect(
      (await client.post("/api/account/email", { newEmail: "not-an-email", currentPassword: TEST_PASSWORD })).text,
    ).toBe("Please enter a valid email address");
    const asked = await client.post("/api/account/email", { newEmail, currentPassword: TEST_PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toContain(newEmail);

    // Nothing changed yet; a hashed link for the new address waits.
    expect((await client.get("/api/user")).body.email).toBe(email);
    const token = await linkToken(app, "EMAIL_CHANGE_CONFIRMATION", newEmail);
    const row = await app.db.emailConfirmationToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(row).toMatchObject({ userId, newEmail, usedAt: null });
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);
    const notice = await app.db.email.findFirstOrThrow({ where: { type: "EMAIL_CHANGE_NOTICE", toAddress: email } });
    expect(notice.textBody).toContain(newEmail);
    expect(notice.textBody).toContain("/reset-password?token=");

    const opened = await confirm(app, token);
    expect(opened).toMatchObject({ status: 200 });
    expect(opened.body.message).toBe("Your new email address is confirmed: your account uses it from now on.");
    expect((await client.get("/api/user")).body).toMatchObject({ email: newEmail, emailConfirmed: true });
    // Opening it again says the same; the old address no longer names the account.
    expect((await confirm(app, token)).status).toBe(200);
    expect(await app.db.user.count({ where: { email } })).toBe(0);
    expect(
      await app.db.auditEntry.count({ where: { action: "email_change_requested", resourceId: String(userId) } }),
    ).toBe(1);
    expect(await app.db.auditEntry.count({ where: { action: "email_changed", resourceId: String(userId) } })).toBe(1);
    expect((await activities(app, customerId)).map((activity) => activity.description)).toEqual([
      "Email address changed",
    ]);
  });

  it("lets a newer request replace an older one's link", async ({ app, uniqueName }) => {
    const username = uniqueName("Uma");
    const { client } = await customerAccount(app, username);
    const first = `${username.toLowerCase()}.first@example.org`;
    const second = `${username.toLowerCase()}.second@example.org`;
    await client.post("/api/account/email", { newEmail: first, currentPassword: TEST_PASSWORD });
    await client.post("/api/account/email", { newEmail: second, currentPassword: TEST_PASSWORD });
    const stale = await confirm(app, await linkToken(app, "EMAIL_CHANGE_CONFIRMATION", first));
    expect(stale.status).toBe(400);
    expect(stale.text).toMatch(/expired or was replaced by a newer one/);
    expect((await confirm(app, await linkToken(app, "EMAIL_CHANGE_CONFIRMATION", second))).status).toBe(200);
    expect((await client.get("/api/user")).body.email).toBe(second);
  });

  it("refuses an address another account uses, when asked and when the link is opened (race)", async ({
    app,
    uniqueName,
  }) => {
    const username = uniqueName("Vic");
    const { client, email, customerId } = await customerAccount(app, username);
    const taken = await client.post("/api/account/email", {
      newEmail: "test-admin@EXAMPLE.com",
      currentPassword: TEST_PASSWORD,
    });
    expect(taken).toMatchObject({ status: 409, text: "An account with this email already exists" });

    const wanted = `${username.toLowerCase()}.wanted@example.org`;
    await client.post("/api/account/email", { newEmail: wanted, currentPassword: TEST_PASSWORD });
    // Someone registers with that address before the link is opened.
    await clientFrom(app).register(uniqueName("Other"), { email: wanted });
    const opened = await confirm(app, await linkToken(app, "EMAIL_CHANGE_CONFIRMATION", wanted));
    expect(opened.status).toBe(409);
    expect(opened.text).toBe("An account with this email already exists: your address was not changed.");
    expect((await client.get("/api/user")).body.email).toBe(email);
    expect(await activities(app, customerId)).toEqual([]);
  });

  it("lets an unconfirmed account fix its address: the link is sent, the never-confirmed old address is not told", async ({
    app,
    uniqueName,
  }) => {
    const username = uniqueName("Wyn");
    const client = clientFrom(app);
    const user = await client.register(username, { email: `${username.toLowerCase()}@exmaple.com` });
    const fixed = `${username.toLowerCase()}@example.com`;
    expect((await client.post("/api/account/email", { newEmail: fixed, currentPassword: TEST_PASSWORD })).status).toBe(
      200,
    );
    expect(await app.db.email.count({ where: { userId: user.id, type: "EMAIL_CHANGE_NOTICE" } })).toBe(0);
    expect((await confirm(app, await linkToken(app, "EMAIL_CHANGE_CONFIRMATION", fixed))).status).toBe(200);
    expect((await client.get("/api/user")).body).toMatchObject({ email: fixed, emailConfirmed: true });
    // The registration's held emails now go to the address the holder proved.
    expect(await app.db.email.count({ where: { userId: user.id, status: "PENDING", toAddress: { not: fixed } } })).toBe(
      0,
    );
  });
});
