// Fault injection: the SMTP server refuses, hangs or drops the connection mid-message while people
// sign up, then behaves. Real sockets on loopback (api/test/misbehavingPeers.ts), the real job runner
// in this process (as WORKER_MODE=inprocess runs it), real sign-ups through the REST API. What an
// operator would check: every email delivered once, each failed attempt on the outbox (attempts, last
// error, next attempt at the documented 1 then 4 minutes, its job waiting until then), and sign-up
// answering while the mail server misbehaves.
//
// The 1- and 4-minute waits are read from the outbox and the job queue; to let them pass without
// waiting minutes, a test moves the email's next attempt and its job to now, as the clock would.
import { beforeEach, describe, expect } from "vitest";
import { fileFixtures, it } from "../../test/fixtures.ts";
import { startTestJobRunner } from "../../test/jobs.ts";
import { type MisbehavingSmtp, type SmtpMode, startMisbehavingSmtp } from "../../test/misbehavingPeers.ts";
import type { TestApp, TestClient } from "../../test/testApp.ts";
import { retryDelaySeconds } from "./sender.ts";

it.override("appOptions", { logs: true, env: { LOG_LEVEL: "info" } });

let app: TestApp;
let admin: TestClient;
fileFixtures((f) => ({ app, admin } = f));
beforeEach(async () => {
  await app.db.email.deleteMany();
});

/** nodemailer's own defaults in sender.ts: a hang is given up after these (production has no override). */
const DEFAULT_GREETING_TIMEOUT_MS = 15_000;
/** A short inactivity timeout through SMTP_URL's parameters, so a hang after the message costs seconds. */
const SHORT_SOCKET_TIMEOUT = { socketTimeout: 1_500 };
/** Generous (five parallel sign-ups hash five passwords): one that waited for its email would take the 15 s greeting timeout. */
const PROMPT_ANSWER_MS = 10_000;
const SIGN_UPS = 5;

interface OutboxEmail {
  id: number;
  to: string;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
}

/** The outbox as an administrator reads it (GET /api/admin/emails), these recipients only. */
async function outbox(recipients: string[]): Promise<OutboxEmail[]> {
  const response = await admin.get("/api/admin/emails?limit=500");
  expect(response.status, response.text).toBe(200);
  return (response.body as OutboxEmail[]).filter((email) => recipients.includes(email.to)).sort((a, b) => a.id - b.id);
}

/** The waiting `send_email` jobs of these emails: when the queue will run each. */
async function waitingJobs(ids: number[]): Promise<Map<number, number>> {
  const rows = await app.db.$queryRaw<{ key: string; run_at: Date }[]>`
    SELECT key, run_at FROM graphile_worker.jobs
    WHERE key = ANY(${ids.map((id) => `email:${id}`)}::text[]) AND locked_at IS NULL`;
  return new Map(rows.map((row) => [Number(row.key.slice("email:".length)), row.run_at.getTime()]));
}

/** What the clock does once the backoff has passed: the emails and their jobs are due now. */
async function letBackoffPass(ids: number[]) {
  await app.db.$executeRaw`UPDATE "Email" SET "nextAttemptAt" = now() WHERE id = ANY(${ids}::int[])`;
  await app.db.$queryRaw`SELECT graphile_worker.reschedule_jobs(
    ARRAY(SELECT id FROM graphile_worker.jobs WHERE key = ANY(${ids.map((id) => `email:${id}`)}::text[])),
    run_at => now())`;
}

/** N people sign up at once (each sign-up queues its confirmation email); how long each answer took. */
async function signUps(prefix: string, count = SIGN_UPS): Promise<{ recipients: string[]; slowestMs: number }> {
  const names = Array.from({ length: count }, (_, n) => `${prefix}${n}`);
  const timings = await Promise.all(
    names.map(async (name) => {
      const startedAt = performance.now();
      await app.client().register(name);
      return performance.now() - startedAt;
    }),
  );
  return { recipients: names.map((name) => `${name.toLowerCase()}@example.com`), slowestMs: Math.max(...timings) };
}

/** Waits until every email has failed `attempts` attempts and is waiting for the next; returns them. */
async function failedAttempts(recipients: string[], attempts: number): Promise<OutboxEmail[]> {
  await expect
    .poll(
      async () =>
        (await outbox(recipients)).filter(
          (email) => email.status === "pending" && email.attempts === attempts && email.lastError !== null,
        ).length,
      { timeout: 30_000, interval: 100 },
    )
    .toBe(recipients.length);
  return outbox(recipients);
}

/** Each email waits the documented backoff after its failed attempt, and its job waits with it. */
async function expectBackoff(emails: OutboxEmail[], attempts: number, attemptAfter: number, seenBy: number) {
  const waitMs = retryDelaySeconds(attempts) * 1000;
  const jobs = await waitingJobs(emails.map((email) => email.id));
  for (const email of emails) {
    const nextAt = Date.parse(email.nextAttemptAt);
    // The attempt failed between `attemptAfter` and `seenBy`; the next one is the wait after that.
    expect(nextAt - waitMs).toBeGreaterThanOrEqual(attemptAfter - 1_000);
    expect(nextAt - waitMs).toBeLessThanOrEqual(seenBy + 1_000);
    // The queue does the waiting: the email's one job runs then, not before.
    expect(Math.abs((jobs.get(email.id) ?? 0) - nextAt)).toBeLessThan(1_000);
  }
}

async function deliveredOnce(smtp: MisbehavingSmtp, recipients: string[], attempts: number) {
  await expect
    .poll(async () => (await outbox(recipients)).filter((email) => email.status === "sent").length, {
      timeout: 20_000,
      interval: 100,
    })
    .toBe(recipients.length);
  for (const email of await outbox(recipients)) {
    expect(email).toMatchObject({ status: "sent", attempts, lastError: null });
  }
  const delivered = smtp.received.map((message) => message.envelopeTo[0]).sort();
  expect(delivered).toEqual([...recipients].sort());
  expect(await waitingJobs((await outbox(recipients)).map((email) => email.id))).toEqual(new Map());
}

/** The runner's "email not sent" warnings for these emails: one per failed attempt. */
function sendWarnings(logs: { parsed(): Array<Record<string, unknown>> }, ids: number[]) {
  return logs.parsed().filter((line) => line.msg === "email not sent" && ids.includes(line.emailId as number));
}

async function withPeer(
  mode: SmtpMode,
  urlOptions: Record<string, number>,
  body: (smtp: MisbehavingSmtp) => Promise<void>,
) {
  const smtp = await startMisbehavingSmtp(mode);
  const stop = await startTestJobRunner(app, {
    deps: { config: { ...app.deps.config, smtpUrl: smtp.url(urlOptions) }, log: app.deps.log },
  });
  try {
    await body(smtp);
  } finally {
    await stop();
    await smtp.close();
  }
}

describe("an SMTP server that misbehaves, then behaves", () => {
  it.for<[SmtpMode, RegExp, Record<string, number>]>([
    ["refuse", /ECONNREFUSED/, {}],
    ["drop-mid-message", /closed|socket|ECONNRESET/i, {}],
    ["hang-after-data", /timeout|timed out|ETIMEDOUT/i, SHORT_SOCKET_TIMEOUT],
  ])(
    "%s: two failed attempts shown on the outbox, retried after 1 then 4 minutes, every email delivered once",
    async ([mode, error, urlOptions], { logs }) => {
      await withPeer(mode, urlOptions, async (smtp) => {
        const startedAt = Date.now();
        const { recipients, slowestMs } = await signUps(`Smtp${mode.replace(/-/g, "")}`);
        expect(slowestMs).toBeLessThan(PROMPT_ANSWER_MS);

        // First attempt failed: pending, counted, why, and the next attempt a minute later.
        const first = await failedAttempts(recipients, 1);
        await expectBackoff(first, 1, startedAt, Date.now());
        for (const email of first) expect(email.lastError).toMatch(error);
        const ids = first.map((email) => email.id);
        expect(sendWarnings(logs, ids)).toHaveLength(SIGN_UPS);

        // The minute passes; the server still misbehaves: the second wait is 4 minutes.
        const secondAfter = Date.now();
        await letBackoffPass(ids);
        const second = await failedAttempts(recipients, 2);
        await expectBackoff(second, 2, secondAfter, Date.now());
        for (const email of second) expect(email.lastError).toMatch(error);
        expect(sendWarnings(logs, ids)).toHaveLength(2 * SIGN_UPS);
        if (mode !== "refuse") expect(smtp.connections.filter((c) => c.mode === mode)).toHaveLength(2 * SIGN_UPS);
        if (mode === "drop-mid-message") expect(smtp.droppedAfterBytes).toHaveLength(2 * SIGN_UPS);

        // The server behaves; once the 4 minutes pass, each email goes out once.
        await smtp.set("behave");
        await letBackoffPass(ids);
        await deliveredOnce(smtp, recipients, 3);
        const stats = await admin.get("/api/admin/email-stats");
        expect(stats.body).toMatchObject({ pending: 0, failed: 0 });
      });
    },
  );

  it("hang-greeting: the default greeting timeout ends the hang, sign-up answers meanwhile, every email delivered once", async ({
    logs,
  }) => {
    await withPeer("hang-greeting", {}, async (smtp) => {
      const startedAt = Date.now();
      // One fewer than the runner's 5 jobs at once, so the late sign-up's email hangs beside them.
      const { recipients: early, slowestMs } = await signUps("SmtpHang", 4);
      // A sign-up that waited for its email would have taken the 15 s greeting timeout.
      expect(slowestMs).toBeLessThan(PROMPT_ANSWER_MS);

      // While the server holds every connection silent, the emails show as being sent (attempt
      // counted, no error yet), and another sign-up still answers at once with its email queued.
      await expect.poll(() => smtp.open(), { timeout: 10_000, interval: 50 }).toBe(early.length);
      for (const email of await outbox(early))
        expect(email).toMatchObject({ status: "pending", attempts: 1, lastError: null, sentAt: null });
      const during = performance.now();
      const { recipients: late } = await signUps("SmtpHangLate", 1);
      expect(performance.now() - during).toBeLessThan(PROMPT_ANSWER_MS);
      expect(smtp.open()).toBeGreaterThanOrEqual(early.length);
      const recipients = [...early, ...late];
      await expect.poll(() => smtp.open(), { timeout: 10_000, interval: 50 }).toBe(recipients.length);

      // The greeting timeout ends each hang: a failed attempt with its reason, retried a minute later.
      const first = await failedAttempts(recipients, 1);
      const failedBy = Date.now();
      expect(failedBy - startedAt).toBeGreaterThanOrEqual(DEFAULT_GREETING_TIMEOUT_MS - 1_000);
      await expectBackoff(first, 1, startedAt, failedBy);
      for (const email of first) expect(email.lastError).toMatch(/greeting/i);
      const ids = first.map((email) => email.id);
      expect(sendWarnings(logs, ids)).toHaveLength(recipients.length);
      // The sender closed each hanging connection.
      await expect.poll(() => smtp.open(), { timeout: 5_000, interval: 50 }).toBe(0);

      await smtp.set("behave");
      await letBackoffPass(ids);
      await deliveredOnce(smtp, recipients, 2);
    });
  });
});
