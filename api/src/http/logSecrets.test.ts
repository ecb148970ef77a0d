// No secret reaches a log line. Every line the server logs (requests, GraphQL, the REST shim, the
// email worker and its SMTP errors) is captured at trace level during a whole account journey over
// REST and GraphQL, and searched for every secret the journey used or was sent.
import { GraphQLError } from "graphql";
import { generate } from "otplib";
import { afterAll, describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { startTestJobRunner } from "../../test/jobs.ts";
import type { LogCapture } from "../../test/logCapture.ts";
import { readRawMessage, type SmtpTestServer } from "../../test/smtpServer.ts";
import type { TestApp, TestClient } from "../../test/testApp.ts";
import { createAdministrator } from "../auth/service.ts";

let smtp: SmtpTestServer;
let app: TestApp;
let logs: LogCapture;
let stopWorker: () => Promise<void>;

/** Everything that must never be logged, collected as the journey goes. */
const secrets = new Set<string>();
const secret = <T extends string>(value: T): T => {
  secrets.add(value);
  return value;
};

it.override("appOptions", { smtp: true, logs: true, env: { LOG_LEVEL: "trace" } });

it.beforeAll(async ({ app: started, smtp: sentTo, logs: logged }) => {
  app = started;
  smtp = sentTo;
  logs = logged;
  // The job runner as main.ts starts it: jobs are announced at commit, so links arrive within the test.
  stopWorker = await startTestJobRunner(app, { deps: { log: app.deps.log } });
});
afterAll(async () => {
  await stopWorker?.();
});

/** The newest link with this path emailed to this address (waits for the worker to send it). */
async function emailedLink(address: string, path: string, after: number): Promise<URL> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const message of smtp.received.slice(after).filter((m) => m.envelopeTo.includes(address))) {
      const text = readRawMessage(message.raw).parts.get("text/plain") ?? "";
      const link = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`).exec(text)?.[0];
      if (link) return new URL(link);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${path} link emailed to ${address}`);
}

/** A link's page as a browser opens it, then its token posted as the page does. */
async function followLink(client: TestClient, link: URL): Promise<string> {
  secret(link.href);
  const token = secret(link.searchParams.get("token") ?? "");
  await client.get(`${link.pathname}${link.search}`);
  return token;
}

const rememberCookies = (client: TestClient) => {
  for (const value of client.cookies.values()) secret(value);
};

describe("logs", () => {
  it("carry no password, token, link, second-factor secret, recovery code or cookie through a whole journey", async () => {
    const customer = app.client();
    const address = "logan@example.com";

    // Sign-up over REST, then the emailed confirmation link.
    let mark = smtp.received.length;
    await customer.register("Logan", { password: secret("first-Pa55word-logan"), email: address });
    rememberCookies(customer);
    const confirmationLink = await emailedLink(address, "/confirm-email", mark);
    const confirmationToken = await followLink(customer, confirmationLink);
    expect((await customer.post("/api/confirm-email", { token: confirmationToken })).status).toBe(200);

    // A wrong password, then the right one, on both transports.
    const browser = app.client();
    expect(
      (await browser.post("/api/login", { username: "Logan", password: secret("wrong-Pa55word-logan") })).status,
    ).toBe(401);
    const signInQuery = "mutation SignIn($input: SignInInput!) { signIn(input: $input) { __typename } }";
    const wrongOverGraphql = await browser.graphql(signInQuery, {
      input: { username: "Logan", password: secret("wrong-again-Pa55word") },
    });
    expect(wrongOverGraphql.data?.signIn.__typename).toBe("NotAuthenticatedError");
    expect((await browser.post("/api/login", { username: "Logan", password: "first-Pa55word-logan" })).status).toBe(
      200,
    );
    rememberCookies(browser);

    // A password reset over REST (its ignored newPassword too), completed from the emailed link.
    mark = smtp.received.length;
    expect(
      (
        await app
          .client()
          .post("/api/reset-password", { username: "Logan", newPassword: secret("ignored-Pa55word-logan") })
      ).status,
    ).toBe(200);
    const resetLink = await emailedLink(address, "/reset-password", mark);
    const resetToken = await followLink(app.client(), resetLink);
    const completed = await app
      .client()
      .post("/api/reset-password/confirm", { token: resetToken, newPassword: secret("second-Pa55word-logan") });
    expect(completed.status, completed.text).toBe(200);
    // The used link again: a refusal that must not log it either.
    expect(
      (
        await app
          .client()
          .post("/api/reset-password/confirm", { token: resetToken, newPassword: "second-Pa55word-logan" })
      ).status,
    ).toBe(409);

    // The password changed again, over GraphQL with variables, and used to sign in.
    mark = smtp.received.length;
    const requested = await app
      .client()
      .graphql(
        "mutation Ask($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { __typename } }",
        {
          input: { username: "Logan" },
        },
      );
    expect(requested.data?.requestPasswordReset.__typename).toBe("MutationRequestPasswordResetSuccess");
    const graphqlResetToken = await followLink(app.client(), await emailedLink(address, "/reset-password", mark));
    const changed = await app
      .client()
      .graphql(
        "mutation Complete($input: CompletePasswordResetInput!) { completePasswordReset(input: $input) { __typename } }",
        { input: { token: graphqlResetToken, newPassword: secret("third-Pa55word-logan") } },
      );
    expect(changed.data?.completePasswordReset.__typename).toBe("MutationCompletePasswordResetSuccess");
    const signedIn = app.client();
    expect(
      (await signedIn.graphql(signInQuery, { input: { username: "Logan", password: "third-Pa55word-logan" } })).data
        ?.signIn.__typename,
    ).toBe("MutationSignInSuccess");
    rememberCookies(signedIn);

    // An administrator enrols a second factor and signs in with a code, then with a recovery code.
    await createAdministrator(app.db, {
      username: "log-admin",
      email: "log-admin@example.com",
      password: secret("admin-Pa55word-logs"),
    });
    const admin = app.client();
    expect((await admin.post("/api/login", { username: "log-admin", password: "admin-Pa55word-logs" })).status).toBe(
      200,
    );
    rememberCookies(admin);
    const enrolment = await admin.post("/api/account/second-factor", { currentPassword: "admin-Pa55word-logs" });
    const totpSecret = secret(enrolment.body.secret as string);
    secret(enrolment.body.otpauthUri as string);
    secret(enrolment.body.qrCodeDataUrl as string);
    const confirmed = await admin.post("/api/account/second-factor/confirm", {
      code: await generate({ secret: totpSecret }),
      currentPassword: "admin-Pa55word-logs",
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const recoveryCodes = (confirmed.body.recoveryCodes as string[]).map(secret);
    const nextStep = Math.floor(Date.now() / 1000) + 30;
    const withCode = app.client();
    const codeSignIn = await withCode.post("/api/login", {
      username: "log-admin",
      password: "admin-Pa55word-logs",
      code: await generate({ secret: totpSecret, epoch: nextStep }),
    });
    expect(codeSignIn.status, codeSignIn.text).toBe(200);
    rememberCookies(withCode);
    const withRecovery = app.client();
    const recoverySignIn = await withRecovery.graphql(signInQuery, {
      input: { username: "log-admin", password: "admin-Pa55word-logs", code: recoveryCodes[0] },
    });
    expect(recoverySignIn.data?.signIn.__typename).toBe("MutationSignInSuccess");
    rememberCookies(withRecovery);

    // Error paths that log: a mail server refusing a reset email, and a mutation sent by GET.
    smtp.behaviour = "reject-data";
    mark = logs.lines.length;
    await app.client().post("/api/reset-password", { username: "log-admin" });
    const deadline = Date.now() + 15_000;
    while (!logs.parsed().some((line) => line.msg === "email not sent") && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    smtp.behaviour = "accept";
    const getMutation = `mutation { signIn(input: { username: "log-admin", password: "${secret("typed-in-url-Pa55word")}" }) { __typename } }`;
    expect((await app.client().get(`/graphql?query=${encodeURIComponent(getMutation)}`)).status).toBe(405);

    // Oversize and malformed input that has made the server log errors: whatever it logs, not the password.
    await app
      .client()
      .post("/api/login", { username: "x".repeat(200_000), password: secret("huge-username-Pa55word") });
    await app
      .client()
      .graphql(signInQuery, { input: { username: "y".repeat(200_000), password: secret("huge-username-Pa55word-2") } });
    await app.client().graphql(`{ node(id: "garbage") { id } }`);

    // The capture saw the journey: requests, the worker's sends, and its SMTP failure.
    const parsed = logs.parsed();
    expect(parsed.filter((line) => line.msg === "request").length).toBeGreaterThan(20);
    expect(parsed.some((line) => line.msg === "email job run")).toBe(true);
    expect(parsed.some((line) => line.msg === "email not sent")).toBe(true);
    expect(logs.lines.some((line) => line.includes("token=[redacted]"))).toBe(true);

    const text = logs.lines.join("\n");
    const found = [...secrets].filter(
      (value) => value.length >= 8 && (text.includes(value) || text.includes(encodeURIComponent(value))),
    );
    expect(found).toEqual([]);
    expect(secrets.size).toBeGreaterThan(25);
  });

  it("keep no search term or other personal query value: only the allow-listed parameters' values", async ({
    admin,
  }) => {
    const start = logs.lines.length;
    const terms = ["someone@example.com", "+447700900461", "Prudence Searchable", "SW1A 1AA"];
    for (const term of terms) {
      const search = encodeURIComponent(term);
      expect((await admin.get(`/api/admin/customers?search=${search}&limit=5`)).status).toBe(200);
      await admin.get(`/api/admin/purchased-referrals?order=newest&search=${search}`);
      // The admin pages keep the search in ?q=; an unknown parameter and an address typed as a name too.
      await admin.get(`/admin?tab=customers&q=${search}`);
      await admin.get(`/api/admin/customers?email=${search}&${search}`);
    }
    const requestLines = logs
      .parsed()
      .slice(start)
      .filter((line) => line.msg === "request");
    expect(requestLines.length).toBeGreaterThanOrEqual(terms.length * 4);
    // The path and the non-personal parameters stay readable for operators.
    expect(requestLines.map((line) => line.url)).toContain("/api/admin/customers?search=[redacted]&limit=5");
    expect(requestLines.map((line) => line.url)).toContain("/admin?tab=customers&q=[redacted]");
    const text = logs.lines.slice(start).join("\n");
    for (const term of terms) {
      for (const form of [
        term,
        encodeURIComponent(term),
        term.replace(/ /g, "+"),
        term.slice(1),
        term.split(/[@ ]/)[0] as string,
      ])
        expect(text, form).not.toContain(form);
    }
  });

  it("keep an unexpected database error's explanation, never the arguments Prisma prints into it", async () => {
    const hash = "argon2id-hash-that-must-not-be-logged";
    const error = await app.db.user.create({ data: { username: "no-email", passwordHash: hash } as never }).then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.message).toContain(hash);
    const start = logs.lines.length;
    // As yoga.ts's masking and the REST shim log it: the resolver's error inside a GraphQLError.
    app.deps.log.error(
      { err: new GraphQLError(error?.message ?? "", { originalError: error }) },
      "unexpected GraphQL error",
    );
    const logged = logs.lines.slice(start).join("\n");
    expect(logged).toMatch(
      /Invalid `[^`]*create\(\)` invocation \(arguments not logged\): Argument `email` is missing\./,
    );
    expect(logged).not.toContain(hash);
  });
});
