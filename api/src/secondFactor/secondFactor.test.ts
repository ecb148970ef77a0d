import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { generate } from "otplib";
import pino from "pino";
import { describe, expect } from "vitest";
import { adminPaths } from "../../test/adminPaths.ts";
import { it } from "../../test/fixtures.ts";
import { readRawMessage } from "../../test/smtpServer.ts";
import { signedInAdmin, signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { WRONG_CURRENT_PASSWORD } from "../auth/index.ts";
import { PROJECT_ROOT } from "../db/prismaCli.ts";
import { sendPendingEmails } from "../emails/sender.ts";
import { ENROL_FIRST_MESSAGE } from "./adminGate.ts";

const run = promisify(execFile);

/** The code an authenticator shows `steps` periods from now (a code is accepted once, so the next sign-in uses the next step). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** signedInAdmin's password, asked again before every change to the factor. */
const PASSWORD = "admin-password";

async function enrol(client: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await client.post("/api/account/second-factor", { currentPassword: PASSWORD });
  expect(started.status, started.text).toBe(200);
  const secret = started.body.secret as string;
  const confirmed = await client.post("/api/account/second-factor/confirm", {
    code: await codeAt(secret),
    currentPassword: PASSWORD,
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes };
}

/** The notices about second factors queued for an address, oldest first. */
const notices = (app: TestApp, to: string) =>
  app.db.email.findMany({ where: { type: "SECOND_FACTOR_CHANGED", toAddress: to }, orderBy: { id: "asc" } });

// The first server sends its emails to a real SMTP server on loopback; the second requires every
// administrator to have a second factor.
it.override("appOptions", { smtp: true });
it.override("secondAppOptions", { env: { REQUIRE_ADMIN_MFA: "1" } });

describe("administrator second factor", () => {
  it("enrols with a QR code and a first code, then sign-in asks for a code on REST and GraphQL", async ({ app }) => {
    const admin = await signedInAdmin(app, "totp-admin");
    const started = await admin.post("/api/account/second-factor", { currentPassword: PASSWORD });
    expect(started.status).toBe(200);
    expect(started.body.secret).toMatch(/^[A-Z2-7]{26,}$/);
    expect(started.body.otpauthUri).toContain("otpauth://totp/");
    expect(started.body.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(started.body.qrCodeDataUrl.split(",")[1], "base64").toString()).toContain("<svg");

    const wrong = await admin.post("/api/account/second-factor/confirm", { code: "000000", currentPassword: PASSWORD });
    expect(wrong.status).toBe(400);
    expect((await admin.get("/api/account/second-factor")).body.enabled).toBe(false);

    const secret = started.body.secret as string;
    const confirmed = await admin.post("/api/account/second-factor/confirm", {
      code: await codeAt(secret),
      currentPassword: PASSWORD,
    });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    // Stored encrypted and hashed: neither the secret nor a recovery code is in the database as text.
    const user = await app.db.user.findUniqueOrThrow({
      where: { username: "totp-admin" },
      include: { secondFactor: true, recoveryCodes: true },
    });
    expect(user.secondFactorEnabled).toBe(true);
    expect(user.secondFactor?.secretCiphertext).not.toContain(secret);
    expect(user.recoveryCodes.map((row) => row.codeHash)).not.toContain(codes[0]);
    const status = await admin.get("/api/account/second-factor");
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.body)).not.toContain(secret);
    expect((await admin.post("/api/account/second-factor", { currentPassword: PASSWORD })).status).toBe(409);
    expect(
      await app.db.auditEntry.count({ where: { action: "second_factor_enrolled", resourceId: String(user.id) } }),
    ).toBe(1);

    const browser = app.client();
    const noCode = await browser.post("/api/login", { username: "totp-admin", password: "admin-password" });
    expect(noCode.status).toBe(401);
    expect(noCode.text).toBe("A verification code is needed.");
    expect(browser.cookies.size).toBe(0);

    const gqlNoCode = await app
      .client()
      .graphql(
        `mutation { signIn(input: { username: "totp-admin", password: "admin-password" }) { __typename ... on Error { code message } } }`,
      );
    expect(gqlNoCode.data?.signIn).toEqual({
      __typename: "SecondFactorRequiredError",
      code: "UNAUTHENTICATED",
      message: "A verification code is needed.",
    });

    const wrongCode = await browser.post("/api/login", {
      username: "totp-admin",
      password: "admin-password",
      code: "123456",
    });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.text).toBe("Invalid verification code");

    // A wrong password with a right code is still a wrong password.
    const nextCode = await codeAt(secret, 1);
    const wrongPassword = await browser.post("/api/login", {
      username: "totp-admin",
      password: "not-it",
      code: nextCode,
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.text).toBe("Invalid username or password");

    const signedIn = await browser.post("/api/login", {
      username: "totp-admin",
      password: "admin-password",
      code: nextCode,
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await browser.get("/api/user")).body.username).toBe("totp-admin");

    // The same code a second time is refused (replay), on GraphQL too.
    const replay = await app
      .client()
      .graphql(
        `mutation($code: String) { signIn(input: { username: "totp-admin", password: "admin-password", code: $code }) { __typename ... on Error { message } } }`,
        { code: nextCode },
      );
    expect(replay.data?.signIn).toEqual({ __typename: "NotAuthenticatedError", message: "Invalid verification code" });
  });

  it("a recovery code signs in once, then never again", async ({ app }) => {
    const admin = await signedInAdmin(app, "recovery-admin");
    const { recoveryCodes } = await enrol(admin);
    const code = recoveryCodes[3] as string;
    const first = await app
      .client()
      .post("/api/login", { username: "recovery-admin", password: "admin-password", code: code.toUpperCase() });
    expect(first.status, first.text).toBe(200);
    const again = await app
      .client()
      .post("/api/login", { username: "recovery-admin", password: "admin-password", code });
    expect(again.status).toBe(401);
    expect(again.text).toBe("Invalid verification code");
    expect((await admin.get("/api/account/second-factor")).body.recoveryCodesLeft).toBe(9);
    expect(await app.db.auditEntry.count({ where: { action: "recovery_code_used" } })).toBe(1);
  });

  it("20 simultaneous sign-ins with one recovery code: one gets in", async ({ app }) => {
    const admin = await signedInAdmin(app, "race-admin");
    const { recoveryCodes } = await enrol(admin);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app
          .client()
          .post("/api/login", { username: "race-admin", password: "admin-password", code: recoveryCodes[0] })
          .then((r) => ({ i, status: r.status })),
      ),
    );
    expect(attempts.filter((a) => a.status === 200)).toHaveLength(1);
  });

  it("wrong codes are throttled like wrong passwords", async ({ app }) => {
    const admin = await signedInAdmin(app, "guessed-admin");
    const { secret } = await enrol(admin);
    for (let i = 0; i < 5; i++) {
      const guess = await app
        .client()
        .post("/api/login", { username: "guessed-admin", password: "admin-password", code: String(100000 + i) });
      expect(guess.status).toBe(401);
    }
    const blocked = await app
      .client()
      .post("/api/login", { username: "guessed-admin", password: "admin-password", code: await codeAt(secret, 1) });
    expect(blocked.status).toBe(429);
    expect(
      await app.db.auditEntry.count({
        where: {
          action: "sign_in_failed",
          details: "Wrong verification code",
          resourceId: String((await app.db.user.findUniqueOrThrow({ where: { username: "guessed-admin" } })).id),
        },
      }),
    ).toBe(5);
  });

  it("turning it off needs a current code and is audited; customers cannot enrol", async ({ app }) => {
    const admin = await signedInAdmin(app, "off-admin");
    const { secret } = await enrol(admin);
    const wrong = await admin.post("/api/account/second-factor/disable", { code: "654321", currentPassword: PASSWORD });
    expect(wrong.status).toBe(400);
    const off = await admin.post("/api/account/second-factor/disable", {
      code: await codeAt(secret, 1),
      currentPassword: PASSWORD,
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body.enabled).toBe(false);
    expect(await app.db.recoveryCode.count({ where: { user: { username: "off-admin" } } })).toBe(0);
    const audit = await app.db.auditEntry.findFirstOrThrow({ where: { action: "second_factor_disabled" } });
    // The entry names the administrator by id, never by username.
    const offAdmin = await app.db.user.findUniqueOrThrow({ where: { username: "off-admin" } });
    expect(audit.details).toContain(`user #${offAdmin.id}`);
    expect(audit.details).not.toContain("off-admin");
    const login = await app.client().post("/api/login", { username: "off-admin", password: "admin-password" });
    expect(login.status).toBe(200);

    const { client: customer } = await signedInCustomer(app, "no-totp-customer");
    const refused = await customer.post("/api/account/second-factor", { currentPassword: "referral-tester-9" });
    expect(refused.status).toBe(403);
    expect((await app.client().post("/api/account/second-factor", { currentPassword: PASSWORD })).status).toBe(401);
  });

  it("admin:mfa-reset removes a locked-out administrator's factor, ends their sessions and is audited", async ({
    app,
  }) => {
    const admin = await signedInAdmin(app, "lost-phone");
    await enrol(admin);
    const { stdout } = await run("npx", ["tsx", "api/src/cli/adminMfaReset.ts", "lost-phone"], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: app.databaseUrl },
    });
    expect(stdout).toContain('Two-step verification of "lost-phone" was removed');
    expect((await admin.get("/api/user")).status).toBe(401);
    const login = await app.client().post("/api/login", { username: "lost-phone", password: "admin-password" });
    expect(login.status).toBe(200);
    const audit = await app.db.auditEntry.findFirstOrThrow({ where: { action: "second_factor_reset" } });
    expect(audit.after).toEqual({ secondFactorEnabled: false });
  });
});

describe("changing the second factor needs the password, and the account's address is told", () => {
  const START = `mutation($input: StartSecondFactorEnrolmentInput!) { startSecondFactorEnrolment(input: $input) {
    __typename ... on ValidationError { field } ... on Error { message } ... on MutationStartSecondFactorEnrolmentSuccess { data { secret } } } }`;
  const CONFIRM = `mutation($input: SecondFactorCodeInput!) { confirmSecondFactorEnrolment(input: $input) {
    __typename ... on ValidationError { field } ... on Error { message } } }`;
  const DISABLE = `mutation($input: SecondFactorCodeInput!) { disableSecondFactor(input: $input) {
    __typename ... on ValidationError { field } ... on Error { message } } }`;

  it("a session without the password cannot start or confirm an enrolment, on REST or GraphQL", async ({ app }) => {
    const admin = await signedInAdmin(app, "stolen-session");
    const userId = (await app.db.user.findUniqueOrThrow({ where: { username: "stolen-session" } })).id;

    const noPassword = await admin.post("/api/account/second-factor");
    expect(noPassword.status).toBe(400);
    expect(noPassword.text).toBe("Please enter your current password.");
    const wrongRest = await admin.post("/api/account/second-factor", { currentPassword: "a-guess-1234" });
    expect(wrongRest.status).toBe(400);
    expect(wrongRest.text).toBe(WRONG_CURRENT_PASSWORD);
    const bare = await admin.graphql("mutation { startSecondFactorEnrolment { __typename } }");
    expect(bare.errors?.[0]?.message).toContain("input");
    const wrongGql = await admin.graphql(START, { input: { currentPassword: "a-guess-1234" } });
    expect(wrongGql.data?.startSecondFactorEnrolment).toEqual({
      __typename: "ValidationError",
      field: "currentPassword",
      message: WRONG_CURRENT_PASSWORD,
    });
    expect(await app.db.secondFactor.count({ where: { userId } })).toBe(0);

    // A set-up started with the password still needs it to be confirmed; a refusal uses up nothing.
    const started = await admin.graphql(START, { input: { currentPassword: PASSWORD } });
    const secret = started.data?.startSecondFactorEnrolment.data.secret as string;
    const code = await codeAt(secret);
    const confirmRest = await admin.post("/api/account/second-factor/confirm", { code });
    expect(confirmRest.status).toBe(400);
    expect(confirmRest.text).toBe("Please enter your current password.");
    const confirmGql = await admin.graphql(CONFIRM, { input: { code, currentPassword: "a-guess-1234" } });
    expect(confirmGql.data?.confirmSecondFactorEnrolment).toEqual({
      __typename: "ValidationError",
      field: "currentPassword",
      message: WRONG_CURRENT_PASSWORD,
    });
    const factor = await app.db.secondFactor.findUniqueOrThrow({ where: { userId } });
    expect(factor.confirmedAt).toBeNull();
    expect((await app.db.user.findUniqueOrThrow({ where: { id: userId } })).secondFactorEnabled).toBe(false);
    expect(await notices(app, "stolen-session@example.com")).toEqual([]);
    expect(
      await app.db.auditEntry.count({ where: { action: "current_password_refused", resourceId: String(userId) } }),
    ).toBe(3);

    // With the password, the same code confirms it.
    const confirmed = await admin.graphql(CONFIRM, { input: { code, currentPassword: PASSWORD } });
    expect(confirmed.data?.confirmSecondFactorEnrolment).toEqual({
      __typename: "MutationConfirmSecondFactorEnrolmentSuccess",
    });
  });

  it("a wrong password given here counts as a failed sign-in: the sixth try is throttled, even with the right one", async ({
    app,
  }) => {
    const admin = await signedInAdmin(app, "guessing-thief");
    for (let i = 0; i < 5; i++) {
      const guess = await admin.post("/api/account/second-factor", { currentPassword: `guess-number-${i}` });
      expect(guess.status).toBe(400);
    }
    const blocked = await admin.post("/api/account/second-factor", { currentPassword: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(await app.db.secondFactor.count({ where: { user: { username: "guessing-thief" } } })).toBe(0);
    // The same counter as this browser's sign-in form (auth/throttle.ts: its device cookie's).
    const signIn = await admin.post("/api/login", { username: "guessing-thief", password: PASSWORD });
    expect(signIn.status).toBe(429);
    // One guess per operation: aliases cannot try many passwords in one request.
    const batch = await admin.graphql(
      `mutation { a: startSecondFactorEnrolment(input: { currentPassword: "x1234567" }) { __typename }
                  b: startSecondFactorEnrolment(input: { currentPassword: "y1234567" }) { __typename } }`,
    );
    expect(batch.errors?.length).toBeGreaterThan(0);
  });

  it("enrolling with the password emails the account over SMTP, saying what happened and when, with no secret", async ({
    app,
    smtp,
  }) => {
    const admin = await signedInAdmin(app, "told-admin");
    const { secret, recoveryCodes } = await enrol(admin);
    const [queued, ...others] = await notices(app, "told-admin@example.com");
    expect(others).toEqual([]);
    expect(queued?.subject).toBe("Two-step verification was turned on");

    smtp.received.length = 0;
    await sendPendingEmails({ prisma: app.db, config: app.deps.config, log: pino({ level: "silent" }) });
    const delivered = smtp.received
      .filter((message) => message.envelopeTo.includes("told-admin@example.com"))
      .map((message) => readRawMessage(message.raw));
    expect(delivered.map((message) => message.header("subject"))).toEqual(["Two-step verification was turned on"]);
    const text = delivered[0]?.parts.get("text/plain") ?? "";
    expect(text).toContain("Two-step verification was turned on for your account on ");
    const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "long" }).format(new Date());
    expect(text).toContain(today);
    expect(text).toContain("If this was not you");
    expect(text).toContain("Forgot your password?");
    for (const secretText of [secret, ...recoveryCodes, PASSWORD]) {
      expect(text).not.toContain(secretText);
      expect(delivered[0]?.parts.get("text/html")).not.toContain(secretText);
    }
    expect(text).not.toMatch(/https?:\/\//);
  });

  it("turning it off needs the password too (REST and GraphQL); with it, the account is told", async ({ app }) => {
    const admin = await signedInAdmin(app, "disabling-admin");
    const { secret, recoveryCodes } = await enrol(admin);
    const noPassword = await admin.post("/api/account/second-factor/disable", { code: recoveryCodes[0] });
    expect(noPassword.status).toBe(400);
    expect(noPassword.text).toBe("Please enter your current password.");
    const wrong = await admin.graphql(DISABLE, {
      input: { code: await codeAt(secret, 1), currentPassword: "a-guess-1234" },
    });
    expect(wrong.data?.disableSecondFactor).toEqual({
      __typename: "ValidationError",
      field: "currentPassword",
      message: WRONG_CURRENT_PASSWORD,
    });
    // Nothing changed and nothing was used up: the factor is on with every recovery code, and the same app code works below.
    const status = await admin.get("/api/account/second-factor");
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await notices(app, "disabling-admin@example.com")).map((email) => email.subject)).toEqual([
      "Two-step verification was turned on",
    ]);

    const off = await admin.graphql(DISABLE, { input: { code: await codeAt(secret, 1), currentPassword: PASSWORD } });
    expect(off.data?.disableSecondFactor).toEqual({ __typename: "MutationDisableSecondFactorSuccess" });
    const told = await notices(app, "disabling-admin@example.com");
    expect(told.map((email) => email.subject)).toEqual([
      "Two-step verification was turned on",
      "Two-step verification was turned off",
    ]);
    expect(told[1]?.textBody).toContain("Two-step verification was turned off for your account on ");
    expect(told[1]?.textBody).toContain("If this was not you");
  });

  it("admin:mfa-reset queues the notice to the administrator's address", async ({ app }) => {
    const admin = await signedInAdmin(app, "reset-told");
    await enrol(admin);
    await run("npx", ["tsx", "api/src/cli/adminMfaReset.ts", "reset-told"], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: app.databaseUrl },
    });
    const told = await notices(app, "reset-told@example.com");
    expect(told.map((email) => [email.subject, email.status])).toEqual([
      ["Two-step verification was turned on", "PENDING"],
      ["Two-step verification was reset", "PENDING"],
    ]);
    expect(told[1]?.textBody).toContain("reset the two-step verification of your account on ");
    expect(told[1]?.textBody).toContain("every session was signed out");
    expect(told[1]?.textBody).toContain("If you did not ask for this");
  });
});

describe("REQUIRE_ADMIN_MFA=1", () => {
  it("an administrator without a second factor can only enrol; once enrolled, everything opens", async ({
    secondApp: app,
  }) => {
    const admin = await signedInAdmin(app, "must-enrol");
    const auditBefore = await app.db.auditEntry.count();
    for (const { method, path, options } of adminPaths) {
      const refused = await admin.request(method, path, options);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.text, `${method} ${path}`).toBe(ENROL_FIRST_MESSAGE);
    }
    expect(await app.db.auditEntry.count()).toBe(auditBefore);
    const own = await admin.graphql("{ viewer { mustEnrolSecondFactor } secondFactor { required mustEnrol } }");
    expect(own.data?.viewer).toEqual({ mustEnrolSecondFactor: true });
    expect(own.data?.secondFactor).toEqual({ required: true, mustEnrol: true });
    const gql = await admin.graphql("{ auditLogs(first: 1) { __typename } }");
    expect(gql.errors?.[0]?.message).toBe(ENROL_FIRST_MESSAGE);
    expect(gql.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    await enrol(admin);
    expect((await admin.get("/api/admin/customers")).status).toBe(200);
    expect((await admin.get("/api/admin/reports/customers")).status).toBe(200);
    expect((await admin.graphql("{ viewer { mustEnrolSecondFactor } }")).data?.viewer).toEqual({
      mustEnrolSecondFactor: false,
    });
  });

  it("customers are not affected", async ({ secondApp: app }) => {
    const { client } = await signedInCustomer(app, "plain-customer");
    expect((await client.get("/api/customer/profile")).status).toBe(200);
    expect((await client.graphql("{ viewer { mustEnrolSecondFactor } }")).data?.viewer).toEqual({
      mustEnrolSecondFactor: false,
    });
  });
});
