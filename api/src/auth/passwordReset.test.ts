import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect } from "vitest";
import { databaseState } from "../../test/databaseState.ts";
import { it } from "../../test/fixtures.ts";
import { clientFromAddress, TEST_PASSWORD, type TestApp } from "../../test/testApp.ts";
import { PASSWORD_RESET_ANSWER } from "./service.ts";
import { ANONYMOUS_LIMITS } from "./throttle.ts";
import { hashToken } from "./tokens.ts";

// Each test names its own client address, so the per-address limits of one do not reach another.
it.override("appOptions", { env: { TRUST_PROXY: "1" } });

let addressCounter = 0;
/** A client whose requests come from their own address (through the trusted proxy). */
const clientFrom = (app: TestApp, address = `198.51.100.${++addressCounter}`) => clientFromAddress(app, address);

/** The token inside the newest password-reset email queued for this address. */
async function tokenFromResetEmail(app: TestApp, to: string): Promise<string> {
  const email = await app.db.email.findFirst({
    where: { toAddress: to, type: "PASSWORD_RESET" },
    orderBy: { id: "desc" },
  });
  const token = /token=([\w-]+)/.exec(email?.textBody ?? "")?.[1];
  if (!token) throw new Error(`no reset email for ${to}`);
  return token;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

describe("asking for a reset", () => {
  it("answers identically for known and unknown usernames, emails only the real one, and ignores the password sent along", async ({
    app,
  }) => {
    await clientFrom(app).register("Grace", { email: "grace@example.com" });
    const emailsBefore = await app.db.email.count({ where: { type: "PASSWORD_RESET" } });
    const [known, knownMs] = await timed(() =>
      clientFrom(app).post("/api/reset-password", { username: "Grace", newPassword: "attacker-choice-1" }),
    );
    const [unknown, unknownMs] = await timed(() =>
      clientFrom(app).post("/api/reset-password", { username: "no-such-user", newPassword: "attacker-choice-1" }),
    );
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect(known.body).toEqual({ message: PASSWORD_RESET_ANSWER });
    // Both wait for the same floor, so neither is measurably quicker.
    expect(knownMs).toBeGreaterThanOrEqual(240);
    expect(unknownMs).toBeGreaterThanOrEqual(240);
    expect(await app.db.email.count({ where: { type: "PASSWORD_RESET" } })).toBe(emailsBefore + 1);
    // Nothing changed: the old password works, the asker's choice does not.
    expect((await clientFrom(app).post("/api/login", { username: "Grace", password: TEST_PASSWORD })).status).toBe(200);
    expect(
      (await clientFrom(app).post("/api/login", { username: "Grace", password: "attacker-choice-1" })).status,
    ).toBe(401);
    const stored = await app.db.passwordResetToken.findFirstOrThrow({ where: { user: { username: "Grace" } } });
    expect(Object.keys(stored)).not.toContain("newPasswordHash");
  });

  it("accepts the documented payload without a password, and a short one, with the same answer", async ({ app }) => {
    for (const body of [{ username: "Grace" }, { username: "Grace", newPassword: "123" }]) {
      const response = await clientFrom(app).post("/api/reset-password", body);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: PASSWORD_RESET_ANSWER });
    }
    const graphql = await clientFrom(app).graphql(
      `mutation($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { __typename ... on MutationRequestPasswordResetSuccess { data { message } } } }`,
      { input: { username: "Grace" } },
    );
    expect(graphql.data.requestPasswordReset.data.message).toBe(PASSWORD_RESET_ANSWER);
  });

  it("throttles one username text, known or not, with a refusal that says nothing about the account", async ({
    app,
  }) => {
    await clientFrom(app).register("Hazel");
    const limit = ANONYMOUS_LIMITS.passwordResetPerUsername.points;
    for (const username of ["Hazel", "nobody-called-this"]) {
      // From different addresses: only the per-username counter adds up.
      const answers = await Promise.all(
        Array.from({ length: limit + 3 }, () => clientFrom(app).post("/api/reset-password", { username })),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(limit);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(3);
      expect(refused[0]?.text).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes?\.$/);
    }
    expect(await app.db.email.count({ where: { type: "PASSWORD_RESET", toAddress: "hazel@example.com" } })).toBe(limit);
    // The username's case and surrounding spaces do not make a new counter.
    expect((await clientFrom(app).post("/api/reset-password", { username: " HAZEL " })).status).toBe(429);
    // A username text no account can have is refused as bad input, and counts nothing.
    const long = "x".repeat(5_000);
    const longAnswers = await Promise.all(
      Array.from({ length: limit + 1 }, () => clientFrom(app).post("/api/reset-password", { username: long })),
    );
    expect(longAnswers.map((answer) => [answer.status, answer.text])).toEqual(
      Array(limit + 1).fill([400, "Username must be at most 50 characters"]),
    );
  });

  it("throttles one address, whatever the usernames, counting parallel requests exactly", async ({ app }) => {
    const limit = ANONYMOUS_LIMITS.passwordReset.points;
    const address = "203.0.113.50";
    const answers = await Promise.all(
      Array.from({ length: limit + 5 }, (_, i) =>
        clientFrom(app, address).post("/api/reset-password", { username: `someone-${i}` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(limit);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
    // Another address is not held back.
    expect((await clientFrom(app).post("/api/reset-password", { username: "someone-else" })).status).toBe(200);
  });
});

describe("the emailed link", () => {
  it("sets the password its holder chooses, once, ends every session and confirms the address", async ({ app }) => {
    const session = clientFrom(app);
    await session.register("Henry", { email: "henry@example.com" });
    expect((await session.get("/api/user")).body.emailConfirmed).toBe(false);
    await clientFrom(app).post("/api/reset-password", { username: "Henry", newPassword: "attacker-choice-1" });
    const token = await tokenFromResetEmail(app, "henry@example.com");

    // A bad choice is refused and leaves the link usable.
    for (const [newPassword, message] of [
      ["short-1", "Password must be at least 8 characters"],
      ["iloveyou1", "This password is one of the most common ones. Please choose a less guessable password."],
    ]) {
      const refused = await clientFrom(app).post("/api/reset-password/confirm", { token, newPassword });
      expect(refused.status).toBe(400);
      expect(refused.text).toBe(message);
    }
    expect(
      (await app.db.passwordResetToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } })).usedAt,
    ).toBeNull();

    const confirm = await clientFrom(app).post("/api/reset-password/confirm", {
      token,
      newPassword: "henry-chose-this",
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ message: "Your password has been updated. Please sign in with your new password." });
    expect((await session.get("/api/user")).status).toBe(401);
    expect((await clientFrom(app).post("/api/login", { username: "Henry", password: TEST_PASSWORD })).status).toBe(401);
    expect(
      (await clientFrom(app).post("/api/login", { username: "Henry", password: "attacker-choice-1" })).status,
    ).toBe(401);
    const signedIn = clientFrom(app);
    expect((await signedIn.post("/api/login", { username: "Henry", password: "henry-chose-this" })).status).toBe(200);
    expect((await signedIn.get("/api/user")).body.emailConfirmed).toBe(true);

    const again = await clientFrom(app).post("/api/reset-password/confirm", { token, newPassword: "another-choice-2" });
    expect(again.status).toBe(409);
    expect(again.text).toBe("This password reset link has already been used.");
    const audit = await app.db.auditEntry.findFirstOrThrow({ where: { action: "password_reset_completed" } });
    expect(audit.details).toContain("confirmed the email address");
  });

  it("uses up the user's other pending links too", async ({ app }) => {
    await clientFrom(app).register("Iris", { email: "iris@example.com" });
    await clientFrom(app).post("/api/reset-password", { username: "Iris" });
    const first = await tokenFromResetEmail(app, "iris@example.com");
    await clientFrom(app).post("/api/reset-password", { username: "Iris" });
    const second = await tokenFromResetEmail(app, "iris@example.com");
    expect(
      (await clientFrom(app).post("/api/reset-password/confirm", { token: second, newPassword: "iris-chose-this" }))
        .status,
    ).toBe(200);
    expect(
      (await clientFrom(app).post("/api/reset-password/confirm", { token: first, newPassword: "iris-chose-that" }))
        .status,
    ).toBe(409);
  });

  it("works through GraphQL", async ({ app }) => {
    await clientFrom(app).register("Jude", { email: "jude@example.com" });
    await clientFrom(app).post("/api/reset-password", { username: "Jude" });
    const token = await tokenFromResetEmail(app, "jude@example.com");
    const result = await clientFrom(app).graphql(
      `mutation($input: CompletePasswordResetInput!) { completePasswordReset(input: $input) { __typename ... on Error { message } } }`,
      { input: { token, newPassword: "jude-chose-this" } },
    );
    expect(result.data.completePasswordReset.__typename).toBe("MutationCompletePasswordResetSuccess");
    expect((await clientFrom(app).post("/api/login", { username: "Jude", password: "jude-chose-this" })).status).toBe(
      200,
    );
  });

  it("refuses an expired or unknown link and changes nothing", async ({ app }) => {
    await clientFrom(app).register("Ivy", { email: "ivy@example.com" });
    await clientFrom(app).post("/api/reset-password", { username: "Ivy" });
    const token = await tokenFromResetEmail(app, "ivy@example.com");
    await app.db.passwordResetToken.update({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const before = await databaseState(app);
    const expired = await clientFrom(app).post("/api/reset-password/confirm", { token, newPassword: "ivy-new-pass" });
    expect(expired.status).toBe(400);
    expect(expired.text).toBe("This password reset link has expired. Please ask for a new one.");
    const unknown = await clientFrom(app).post("/api/reset-password/confirm", {
      token: "not-a-real-token",
      newPassword: "ivy-new-pass",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toBe("This password reset link is invalid.");
    expect(await databaseState(app)).toEqual(before);
    expect((await clientFrom(app).post("/api/login", { username: "Ivy", password: TEST_PASSWORD })).status).toBe(200);
  });

  it("never writes the token to the request log", async ({ app }) => {
    const lines: string[] = [];
    const original = app.deps.log;
    app.deps.log = pino(
      { level: "info" },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    try {
      await clientFrom(app).get("/reset-password?token=secret-token-value-1");
      await clientFrom(app).get("/confirm-email?token=secret-token-value-2&x=1");
      await clientFrom(app).post("/api/reset-password/confirm", {
        token: "secret-token-value-3",
        newPassword: "whatever-pass",
      });
    } finally {
      app.deps.log = original;
    }
    const requests = lines.filter((line) => line.includes('"msg":"request"'));
    expect(requests.length).toBe(3);
    expect(requests.join("\n")).not.toMatch(/secret-token-value/);
    expect(requests.join("\n")).toContain("token=[redacted]");
  });
});
