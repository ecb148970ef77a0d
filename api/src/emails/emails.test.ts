import pino from "pino";
import { beforeEach, describe, expect } from "vitest";
import { asOwner } from "../../test/database.ts";
import { ADMIN_USERNAME, it } from "../../test/fixtures.ts";
import { queuedJobs, startTestJobRunner, untilNoRunnerConnected } from "../../test/jobs.ts";
import { customer as pendingCustomer } from "../../test/scenarios.ts";
import { readRawMessage, type SmtpTestServer, startDroppingSmtpServer } from "../../test/smtpServer.ts";
import { signedInAdmin, type TestApp, type TestClient } from "../../test/testApp.ts";
import { createPrismaClient } from "../db/prisma.ts";
import type { EmailType } from "../generated/prisma/client.ts";
import { queueEmail, SEND_EMAIL_TASK } from "./outbox.ts";
import { EMAIL_MAX_ATTEMPTS, type EmailSenderDeps, retryDelaySeconds, sendPendingEmails } from "./sender.ts";
import { EMAIL_SERVICE_NOT_CONFIGURED } from "./service.ts";
import type { EmailData } from "./templates.ts";

const STATS_QUERY = "query { emailStats { pending sent failed configured } }";
const PROCESS_MUTATION = `mutation Process($input: ProcessEmailsInput) {
  processEmails(input: $input) {
    __typename
    ... on MutationProcessEmailsSuccess { data { processed sent failed configured message } }
    ... on Error { code message }
  }
}`;

const silentLog = pino({ level: "silent" });

let smtp: SmtpTestServer;
let app: TestApp;
let admin: TestClient;
let senderDeps: EmailSenderDeps;

it.override("appOptions", { smtp: true, env: { MAIL_FROM: "HNG Referral Scheme <rewards@hng.test>" } });

it.beforeAll(async ({ app: started, smtp: sentTo, admin: signedIn }) => {
  app = started;
  smtp = sentTo;
  admin = signedIn;
  senderDeps = { prisma: app.db, config: app.deps.config, log: silentLog };
});
beforeEach(async () => {
  // Each test starts with an empty outbox and an accepting server.
  await app.db.email.deleteMany();
  smtp.received.length = 0;
  smtp.behaviour = "accept";
  smtp.delayMs = 0;
});

async function queue<K extends EmailType>(type: K, to: string, data: EmailData[K]) {
  // Any type with its template's data as given (the referral emails' name too): the templates' own test.
  await queueEmail(app.db, { type, to, data } as Parameters<typeof queueEmail>[1]);
  return app.db.email.findFirstOrThrow({ where: { toAddress: to }, orderBy: { id: "desc" } });
}

/** What an administrator's POST /api/admin/process-emails answers, once it has answered 200. */
async function processEmails(as: TestClient) {
  const processed = await as.post("/api/admin/process-emails");
  expect(processed.status).toBe(200);
  return processed.body;
}

const resetData = (n: number): EmailData["PASSWORD_RESET"] => ({
  firstName: `Person ${n}`,
  resetUrl: `http://localhost:3000/reset-password?token=token-${n}`,
  expiresInMinutes: 30,
});

/** What a run without the admin button would see once the backoff has passed. */
async function letBackoffPass(id: number) {
  await app.db.email.update({ where: { id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
}

describe("delivery over SMTP", () => {
  it("sends a queued email to the recipient with its subject, a text part and an HTML part", async () => {
    const email = await queue("PASSWORD_RESET", "zoe@example.com", resetData(1));
    const result = await admin.graphql(PROCESS_MUTATION, { input: {} });
    expect(result.data.processEmails.data).toEqual({
      processed: 1,
      sent: 1,
      failed: 0,
      configured: true,
      message: "Sent 1 of 1 email.",
    });

    expect(smtp.received).toHaveLength(1);
    const received = smtp.received[0]!;
    expect(received.envelopeTo).toEqual(["zoe@example.com"]);
    expect(received.envelopeFrom).toBe("rewards@hng.test");
    const message = readRawMessage(received.raw);
    expect(message.header("to")).toBe("zoe@example.com");
    expect(message.header("from")).toBe("HNG Referral Scheme <rewards@hng.test>");
    expect(message.header("subject")).toBe("Choose a new password");
    expect(message.header("content-type")).toMatch(/^multipart\/alternative/);
    expect(message.parts.get("text/plain")).toContain(
      "Choose my new password: http://localhost:3000/reset-password?token=token-1",
    );
    expect(message.parts.get("text/plain")).toContain("within 30 minutes");
    expect(message.parts.get("text/html")).toContain('href="http://localhost:3000/reset-password?token=token-1"');

    const stored = await app.db.email.findUniqueOrThrow({ where: { id: email.id } });
    expect(stored).toMatchObject({ status: "SENT", attempts: 1, lastError: null });
    expect(stored.sentAt).toBeInstanceOf(Date);
    // The link is not kept once sent.
    expect(stored.textBody).not.toContain("token-1");
    expect(stored.htmlBody).not.toContain("token-1");
  });

  it("delivers every one of the nine email types with both parts, personal text escaped in HTML", async () => {
    const name = "Ann <b>O'Neil</b> & co";
    await queue("REGISTRATION_CONFIRMATION", "t1@example.com", { firstName: name });
    await queue("ACCOUNT_VERIFICATION", "t2@example.com", {
      firstName: name,
      signInUrl: "http://localhost:3000/auth",
      creditRatePercent: "11%",
    });
    await queue("ACCOUNT_REJECTION", "t3@example.com", {
      firstName: name,
      reason: "Contract number <not> found",
      correctUrl: "http://localhost:3000/registration",
    });
    await queue("NEW_REFERRAL_ALERT", "t4@example.com", { firstName: name, referralName: "Bob Smith" });
    await queue("CREDITS_EARNED", "t5@example.com", {
      firstName: name,
      referralName: "Bob Smith",
      credit: "£13.20",
      totalCredits: "£40.00",
    });
    await queue("MILESTONE_ACHIEVEMENT", "t6@example.com", { firstName: name, milestone: "33%", amount: "£39.60" });
    await queue("MILESTONE_PAID", "t7@example.com", {
      firstName: name,
      milestone: "100%",
      amount: "£40.80",
      fullRefund: true,
    });
    await queue("PASSWORD_RESET", "t8@example.com", { ...resetData(8), firstName: name });
    await queue("EMAIL_CONFIRMATION", "t9@example.com", {
      firstName: name,
      confirmUrl: "http://localhost:3000/confirm-email?token=token-9",
      expiresInHours: 48,
    });

    const result = await sendPendingEmails(senderDeps);
    expect(result).toEqual({ configured: true, processed: 9, sent: 9, failed: 0, gaveUp: 0 });
    expect(smtp.received).toHaveLength(9);
    const byRecipient = new Map(smtp.received.map((r) => [r.envelopeTo[0], readRawMessage(r.raw)]));
    const expectations: [string, string, string][] = [
      ["t1@example.com", "We have received your registration", "typically within 1-2 business days"],
      ["t2@example.com", "Your account is verified", "you earn 11% of what they spend"],
      ["t3@example.com", "Your registration needs attention", "> Contract number <not> found"],
      ["t4@example.com", "Referral added", "Bob Smith has been added to your referrals"],
      ["t5@example.com", "You have earned credits", "you earned £13.20 in credits"],
      ["t6@example.com", "You have reached the 33% milestone", "£39.60 is ready to be paid to you"],
      ["t7@example.com", "Your 100% milestone has been paid", "refunded in full"],
      ["t8@example.com", "Choose a new password", "token=token-8"],
      ["t9@example.com", "Confirm your email address", "token=token-9"],
    ];
    for (const [to, subject, text] of expectations) {
      const message = byRecipient.get(to)!;
      expect(message.header("subject"), to).toBe(subject);
      expect(message.parts.get("text/plain"), to).toContain(`Hello ${name},`);
      expect(message.parts.get("text/plain"), to).toContain(text);
      const html = message.parts.get("text/html") ?? "";
      expect(html, to).toContain("Hello Ann &lt;b&gt;O&#39;Neil&lt;/b&gt; &amp; co,");
      expect(html, to).not.toContain("<b>O'Neil</b>");
    }
    expect(byRecipient.get("t3@example.com")!.parts.get("text/html")).toContain("Contract number &lt;not&gt; found");
  });

  it("answers the REST calls: email stats, and process-emails with an empty body", async () => {
    await queue("REGISTRATION_CONFIRMATION", "rest@example.com", { firstName: "Rest" });
    const before = await admin.get("/api/admin/email-stats");
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ pending: 1, sent: 0, failed: 0, configured: true });

    const processed = { processed: 1, sent: 1, failed: 0, configured: true, message: "Sent 1 of 1 email." };
    expect(await processEmails(admin)).toEqual(processed);
    expect(smtp.received.map((r) => r.envelopeTo)).toEqual([["rest@example.com"]]);

    const after = await admin.get("/api/admin/email-stats");
    expect(after.body).toEqual({ pending: 0, sent: 1, failed: 0, configured: true });
    const graphqlStats = await admin.graphql(STATS_QUERY);
    expect(graphqlStats.data.emailStats).toEqual({ pending: 0, sent: 1, failed: 0, configured: true });
  });

  it("records who processed the emails in the audit trail", async () => {
    await queue("REGISTRATION_CONFIRMATION", "audited@example.com", { firstName: "Audited" });
    await admin.post("/api/admin/process-emails");
    const entry = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "emails_processed" },
      orderBy: { id: "desc" },
    });
    const adminUser = await app.db.user.findUniqueOrThrow({ where: { username: ADMIN_USERNAME } });
    expect(entry).toMatchObject({
      resourceType: "email",
      actorId: adminUser.id,
      details: "Sent 1 of 1 email.",
      ipAddress: "127.0.0.1",
    });
    expect(entry.after).toMatchObject({ processed: 1, sent: 1, failed: 0 });
  });

  it("says nothing was waiting when the outbox is empty", async () => {
    const processed = await admin.post("/api/admin/process-emails");
    expect(processed.body).toEqual({
      processed: 0,
      sent: 0,
      failed: 0,
      configured: true,
      message: "No emails were waiting to be sent.",
    });
  });

  it("refuses a limit that is not a whole number from 1 to 10000, and sends nothing", async () => {
    await queue("REGISTRATION_CONFIRMATION", "limit@example.com", { firstName: "Limit" });
    for (const limit of [0, -1, 10_001, 2.5, "ten"]) {
      const response = await admin.post("/api/admin/process-emails", { limit });
      expect(response.status, String(limit)).toBe(400);
      expect(response.text).toBe("The limit must be a whole number from 1 to 10000.");
    }
    expect(smtp.received).toHaveLength(0);
    const limited = await admin.post("/api/admin/process-emails", { limit: 1 });
    expect(limited.body).toMatchObject({ processed: 1, sent: 1 });
  });
});

describe("a failing SMTP server", () => {
  it.each([
    ["reject-recipient", /550/],
    ["reject-data", /554/],
    ["defer-data", /451/],
  ] as const)(
    "%s: the attempt is counted, the error kept, the email kept, and a later run delivers it once",
    async (behaviour, code) => {
      const email = await queue("CREDITS_EARNED", "retry@example.com", {
        firstName: "Retry",
        referralName: "Bob",
        credit: "£1.10",
        totalCredits: "£1.10",
      });
      smtp.behaviour = behaviour;
      const startedAt = Date.now();
      const failed = await sendPendingEmails(senderDeps);
      expect(failed).toEqual({ configured: true, processed: 1, sent: 0, failed: 1, gaveUp: 0 });
      expect(smtp.received).toHaveLength(0);

      const afterFailure = await app.db.email.findUniqueOrThrow({ where: { id: email.id } });
      expect(afterFailure.status).toBe("PENDING");
      expect(afterFailure.attempts).toBe(1);
      expect(afterFailure.lastError).toMatch(code);
      // Backoff: the next attempt waits a minute; a run before then leaves the email alone.
      const waitMs = afterFailure.nextAttemptAt.getTime() - startedAt;
      expect(waitMs).toBeGreaterThan(retryDelaySeconds(1) * 1000 - 5_000);
      expect(waitMs).toBeLessThan(retryDelaySeconds(1) * 1000 + 5_000);
      smtp.behaviour = "accept";
      expect(await sendPendingEmails(senderDeps)).toMatchObject({ processed: 0 });
      expect(smtp.received).toHaveLength(0);

      await letBackoffPass(email.id);
      expect(await sendPendingEmails(senderDeps)).toMatchObject({ processed: 1, sent: 1 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.envelopeTo).toEqual(["retry@example.com"]);
      const delivered = await app.db.email.findUniqueOrThrow({ where: { id: email.id } });
      expect(delivered).toMatchObject({ status: "SENT", attempts: 2, lastError: null });
      expect(await sendPendingEmails(senderDeps)).toMatchObject({ processed: 0 });
      expect(smtp.received).toHaveLength(1);
    },
  );

  it("a server that drops the connection mid-message: the attempt is counted and the email is delivered later", async () => {
    const dropping = await startDroppingSmtpServer();
    try {
      const email = await queue("MILESTONE_PAID", "dropped@example.com", {
        firstName: "Drop",
        milestone: "33%",
        amount: "£39.60",
      });
      const result = await sendPendingEmails({
        ...senderDeps,
        config: { ...senderDeps.config, smtpUrl: dropping.url },
      });
      expect(result).toMatchObject({ processed: 1, sent: 0, failed: 1 });
      expect(dropping.connections).toBe(1);
      const afterDrop = await app.db.email.findUniqueOrThrow({ where: { id: email.id } });
      expect(afterDrop).toMatchObject({ status: "PENDING", attempts: 1 });
      expect(afterDrop.lastError).toMatch(/connection|closed|socket/i);

      // The administrator's button does not wait for the backoff.
      const processed = await admin.graphql(PROCESS_MUTATION);
      expect(processed.data.processEmails.data).toMatchObject({ processed: 1, sent: 1, failed: 0 });
      expect(smtp.received.map((r) => r.envelopeTo)).toEqual([["dropped@example.com"]]);
      expect(await app.db.email.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({
        status: "SENT",
        attempts: 2,
      });
    } finally {
      await dropping.close();
    }
  });

  it(`gives up after ${EMAIL_MAX_ATTEMPTS} attempts: FAILED with the last error kept, never retried`, async () => {
    const email = await queue("NEW_REFERRAL_ALERT", "nobody@example.com", { firstName: "No", referralName: "Body" });
    smtp.behaviour = "reject-recipient";
    for (let attempt = 1; attempt < EMAIL_MAX_ATTEMPTS; attempt += 1) {
      const processed = await admin.post("/api/admin/process-emails");
      expect(processed.body).toMatchObject({ processed: 1, sent: 0, failed: 1 });
      expect(processed.body.message).toBe("Sent 0 of 1 email. 1 could not be sent: 1 will be retried later.");
    }
    const last = await admin.post("/api/admin/process-emails");
    expect(last.body.message).toBe(
      `Sent 0 of 1 email. 1 could not be sent: 1 marked failed after ${EMAIL_MAX_ATTEMPTS} attempts.`,
    );
    const failed = await app.db.email.findUniqueOrThrow({ where: { id: email.id } });
    expect(failed).toMatchObject({ status: "FAILED", attempts: EMAIL_MAX_ATTEMPTS });
    expect(failed.lastError).toMatch(/550/);

    smtp.behaviour = "accept";
    expect((await admin.post("/api/admin/process-emails")).body).toMatchObject({ processed: 0 });
    expect(smtp.received).toHaveLength(0);
    expect((await admin.get("/api/admin/email-stats")).body).toEqual({
      pending: 0,
      sent: 0,
      failed: 1,
      configured: true,
    });
  });

  it("the button never sends an email another instance is sending right now, and a stale claim is retried after its lease", async () => {
    const email = await queue("REGISTRATION_CONFIRMATION", "inflight@example.com", { firstName: "In flight" });
    // What a claim by another instance looks like: attempt counted, lease running, no error yet.
    await app.db.email.update({
      where: { id: email.id },
      data: { attempts: 1, nextAttemptAt: new Date(Date.now() + 10 * 60_000) },
    });
    expect((await admin.post("/api/admin/process-emails")).body).toMatchObject({ processed: 0 });
    expect(smtp.received).toHaveLength(0);

    // That instance crashed: once the lease has run out, the email goes out.
    await letBackoffPass(email.id);
    expect(await sendPendingEmails(senderDeps)).toMatchObject({ processed: 1, sent: 1 });
    expect(smtp.received).toHaveLength(1);
  });
});

describe("several app instances", () => {
  it("two instances sending at the same moment deliver each email exactly once", async () => {
    const count = 40;
    for (let n = 0; n < count; n += 1) await queue("PASSWORD_RESET", `person${n}@example.com`, resetData(n));
    smtp.delayMs = 50;
    const otherInstance = createPrismaClient(app.databaseUrl);
    try {
      // Both instances connected before the race starts, so neither finishes before the other begins.
      await otherInstance.$queryRaw`SELECT 1`;
      const [first, second] = await Promise.all([
        sendPendingEmails(senderDeps),
        sendPendingEmails({ ...senderDeps, prisma: otherInstance }),
      ]);
      expect(first.processed + second.processed).toBe(count);
      expect(first.sent + second.sent).toBe(count);
      expect(first.processed).toBeGreaterThan(0);
      expect(second.processed).toBeGreaterThan(0);
    } finally {
      await otherInstance.$disconnect();
    }
    const recipients = smtp.received.map((r) => r.envelopeTo[0]);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    const rows = await app.db.email.findMany();
    expect(rows.every((row) => row.status === "SENT" && row.attempts === 1)).toBe(true);
  });
});

describe("a database whose TimeZone is not UTC", () => {
  it("sends due emails at once and waits the same backoff", async () => {
    const databaseName = new URL(app.databaseUrl).pathname.slice(1);
    await asOwner(app.databaseUrl, `ALTER DATABASE "${databaseName}" SET timezone TO 'Asia/Kolkata'`);
    // New connections take the setting: another instance, in another time zone.
    const otherInstance = createPrismaClient(app.databaseUrl);
    try {
      const [setting] = await otherInstance.$queryRawUnsafe<{ TimeZone: string }[]>("SHOW TimeZone");
      expect(setting?.TimeZone).toBe("Asia/Kolkata");
      const deps = { ...senderDeps, prisma: otherInstance };
      await queueEmail(otherInstance, {
        type: "REGISTRATION_CONFIRMATION",
        to: "kolkata@example.com",
        data: { firstName: "K" },
      });
      smtp.behaviour = "defer-data";
      const startedAt = Date.now();
      expect(await sendPendingEmails(deps)).toMatchObject({ processed: 1, failed: 1 });
      const email = await app.db.email.findFirstOrThrow({ where: { toAddress: "kolkata@example.com" } });
      const waitMs = email.nextAttemptAt.getTime() - startedAt;
      expect(waitMs).toBeGreaterThan(retryDelaySeconds(1) * 1000 - 5_000);
      expect(waitMs).toBeLessThan(retryDelaySeconds(1) * 1000 + 5_000);
      smtp.behaviour = "accept";
      await letBackoffPass(email.id);
      expect(await sendPendingEmails(deps)).toMatchObject({ processed: 1, sent: 1 });
      const sent = await app.db.email.findUniqueOrThrow({ where: { id: email.id } });
      expect(Math.abs(sent.sentAt!.getTime() - Date.now())).toBeLessThan(5_000);
    } finally {
      await otherInstance.$disconnect();
      await asOwner(app.databaseUrl, `ALTER DATABASE "${databaseName}" RESET timezone`);
    }
  });
});

describe("the background worker", () => {
  it("sends on its own, and stops", async () => {
    const stop = await startTestJobRunner(app);
    try {
      await queue("REGISTRATION_CONFIRMATION", "worker@example.com", { firstName: "Worker" });
      await expect.poll(() => smtp.received.length, { timeout: 5_000, interval: 25 }).toBe(1);
    } finally {
      await stop();
    }
    // Stopped: once no runner is connected, nothing can send what is queued next.
    await untilNoRunnerConnected(app.databaseUrl);
    await queue("REGISTRATION_CONFIRMATION", "after-stop@example.com", { firstName: "After" });
    expect(smtp.received.map((r) => r.envelopeTo[0])).toEqual(["worker@example.com"]);
    expect(await app.db.email.findFirstOrThrow({ where: { toAddress: "after-stop@example.com" } })).toMatchObject({
      status: "PENDING",
      attempts: 0,
    });
  });

  it("sends a newly queued email as soon as its transaction commits, not at the next poll", async () => {
    await queue("REGISTRATION_CONFIRMATION", "first-run@example.com", { firstName: "First" });
    const stop = await startTestJobRunner(app, { pollIntervalMs: 60 * 60_000 });
    try {
      // The run at start sends what was queued before; the next regular run is an hour away.
      await expect
        .poll(() => smtp.received.some((r) => r.envelopeTo[0] === "first-run@example.com"), {
          timeout: 5_000,
          interval: 25,
        })
        .toBe(true);
      const before = smtp.received.length;
      await app.db.$transaction((tx) =>
        queueEmail(tx, { type: "REGISTRATION_CONFIRMATION", to: "announced@example.com", data: { firstName: "Now" } }),
      );
      await expect
        .poll(() => smtp.received.slice(before).map((r) => r.envelopeTo[0]), { timeout: 5_000, interval: 25 })
        .toEqual(["announced@example.com"]);
    } finally {
      await stop();
    }
  });
});

describe("without SMTP_URL", () => {
  it("keeps emails queued, says the service is not configured, and the worker leaves them queued", async ({
    secondApp: unconfigured,
  }) => {
    await queueEmail(unconfigured.db, {
      type: "REGISTRATION_CONFIRMATION",
      to: "queued@example.com",
      data: { firstName: "Queued" },
    });
    const unconfiguredAdmin = await signedInAdmin(unconfigured);
    expect((await unconfiguredAdmin.get("/api/admin/email-stats")).body).toEqual({
      pending: 1,
      sent: 0,
      failed: 0,
      configured: false,
    });

    const nothing = { processed: 0, sent: 0, failed: 0, configured: false, message: EMAIL_SERVICE_NOT_CONFIGURED };
    expect(await processEmails(unconfiguredAdmin)).toEqual(nothing);
    const graphql = await unconfiguredAdmin.graphql(PROCESS_MUTATION, { input: {} });
    expect(graphql.data.processEmails.data.message).toBe(EMAIL_SERVICE_NOT_CONFIGURED);

    // The worker takes the email's job and leaves the email as it was (it is sent once SMTP_URL is set).
    expect(await queuedJobs(unconfigured.databaseUrl, SEND_EMAIL_TASK)).toBe(1);
    const stop = await startTestJobRunner(unconfigured);
    await expect.poll(() => queuedJobs(unconfigured.databaseUrl, SEND_EMAIL_TASK), { timeout: 10_000 }).toBe(0);
    await stop();
    const email = await unconfigured.db.email.findFirstOrThrow({ where: { toAddress: "queued@example.com" } });
    expect(email).toMatchObject({ status: "PENDING", attempts: 0, lastError: null });
    expect(smtp.received).toHaveLength(0);
  });
});

describe("access", () => {
  it("refuses every email path to a signed-out caller (401) and to a customer (403), on GraphQL and REST", async () => {
    await queue("REGISTRATION_CONFIRMATION", "guarded@example.com", { firstName: "Guarded" });
    const anonymous = app.client();
    const { client: customer } = await pendingCustomer(app, "emailcustomer", { verified: false });
    for (const [client, status, code] of [
      [anonymous, 401, "UNAUTHENTICATED"],
      [customer, 403, "FORBIDDEN"],
    ] as const) {
      const stats = await client.get("/api/admin/email-stats");
      expect(stats.status).toBe(status);
      const processed = await client.post("/api/admin/process-emails");
      expect(processed.status).toBe(status);

      const statsQuery = await client.graphql(STATS_QUERY);
      expect(statsQuery.data).toBeNull();
      expect(statsQuery.errors?.[0]?.extensions?.code).toBe(code);
      const mutation = await client.graphql(PROCESS_MUTATION, { input: {} });
      expect(mutation.data).toBeNull();
      expect(mutation.errors?.[0]?.extensions?.code).toBe(code);
    }
    expect(smtp.received).toHaveLength(0);
    expect(await app.db.email.findFirstOrThrow({ where: { toAddress: "guarded@example.com" } })).toMatchObject({
      status: "PENDING",
      attempts: 0,
    });
  });
});
