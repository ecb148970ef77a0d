import { spawn } from "node:child_process";
import { describe, expect } from "vitest";
import { emailFixtures, it } from "../../test/fixtures.ts";
import { startTestJobRunner } from "../../test/jobs.ts";
import { insertReferral } from "../../test/rows.ts";
import type { SmtpTestServer } from "../../test/smtpServer.ts";
import { signedInCustomer, type TestApp } from "../../test/testApp.ts";
import { createPrismaClient } from "../db/prisma.ts";
import { PROJECT_ROOT } from "../db/prismaCli.ts";
import { queueEmail } from "../emails/outbox.ts";
import { retryDelaySeconds } from "../emails/sender.ts";

let smtp: SmtpTestServer;
let app: TestApp;

emailFixtures((started) => ({ app, smtp } = started));

const confirmation = (to: string) => ({ type: "REGISTRATION_CONFIRMATION", to, data: { firstName: "Jobs" } }) as const;
const recipients = () => smtp.received.map((message) => message.envelopeTo[0]);
const jobsKeyed = async (key: string) =>
  Number(
    (
      await app.db.$queryRawUnsafe<{ count: bigint }[]>(
        "SELECT count(*) AS count FROM graphile_worker.jobs WHERE key = $1",
        key,
      )
    )[0]?.count,
  );

describe("jobs are part of the transaction that adds them", () => {
  it("a job added in a rolled-back transaction never runs", async () => {
    await expect(
      app.db.$transaction(async (tx) => {
        await queueEmail(tx, confirmation("rolled-back@example.com"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await queueEmail(app.db, confirmation("committed@example.com"));
    const stop = await startTestJobRunner(app);
    try {
      await expect.poll(recipients, { timeout: 5_000, interval: 25 }).toEqual(["committed@example.com"]);
      // The queue is empty: nothing of the rolled-back change is left to run later.
      await expect.poll(() => app.db.$queryRaw`SELECT id FROM graphile_worker.jobs`, { timeout: 5_000 }).toEqual([]);
    } finally {
      await stop();
    }
    expect(recipients()).toEqual(["committed@example.com"]);
    expect(await app.db.email.count({ where: { toAddress: "rolled-back@example.com" } })).toBe(0);
  });
});

describe("several runners on one database", () => {
  it("two instances run each email job once", async () => {
    const count = 30;
    for (let n = 0; n < count; n += 1) await queueEmail(app.db, confirmation(`person${n}@example.com`));
    smtp.delayMs = 30;
    const otherInstance = createPrismaClient(app.databaseUrl, 2);
    const stops = await Promise.all([
      startTestJobRunner(app),
      startTestJobRunner(app, { deps: { prisma: otherInstance } }),
    ]);
    try {
      await expect
        .poll(() => app.db.email.count({ where: { status: "SENT" } }), { timeout: 15_000, interval: 50 })
        .toBe(count);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await otherInstance.$disconnect();
    }
    expect(recipients().sort()).toEqual(Array.from({ length: count }, (_, n) => `person${n}@example.com`).sort());
    expect(await app.db.email.count({ where: { attempts: { not: 1 } } })).toBe(0);
  });
});

describe("a failed send", () => {
  it("is retried with backoff: the error and the next attempt recorded, its job waiting until then", async () => {
    smtp.behaviour = "reject-recipient";
    await queueEmail(app.db, confirmation("refused@example.com"));
    const email = await app.db.email.findFirstOrThrow({ where: { toAddress: "refused@example.com" } });
    const stop = await startTestJobRunner(app);
    try {
      await expect
        .poll(async () => (await app.db.email.findUniqueOrThrow({ where: { id: email.id } })).lastError, {
          timeout: 5_000,
          interval: 25,
        })
        .toContain("550");
      const failed = await app.db.email.findUniqueOrThrow({ where: { id: email.id } });
      expect(failed).toMatchObject({ status: "PENDING", attempts: 1 });
      const waitMs = failed.nextAttemptAt.getTime() - Date.now();
      expect(waitMs).toBeGreaterThan((retryDelaySeconds(1) - 5) * 1000);
      expect(waitMs).toBeLessThanOrEqual(retryDelaySeconds(1) * 1000);
      const [job] = await app.db.$queryRaw<{ run_at: Date }[]>`
        SELECT run_at FROM graphile_worker.jobs WHERE key = ${`email:${email.id}`}`;
      expect(Math.abs((job?.run_at.getTime() ?? 0) - failed.nextAttemptAt.getTime())).toBeLessThan(1000);

      // The wait is over (moved, not waited for): the next attempt delivers it.
      smtp.behaviour = "accept";
      await app.db.email.update({ where: { id: email.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
      await app.db
        .$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${`email:${email.id}`}`;
      await expect.poll(recipients, { timeout: 5_000, interval: 25 }).toEqual(["refused@example.com"]);
      await expect
        .poll(async () => app.db.email.findUniqueOrThrow({ where: { id: email.id } }), { timeout: 5_000 })
        .toMatchObject({ status: "SENT", attempts: 2, lastError: null });
      // The job is removed once it completes, just after the row says SENT: nothing is left to run again.
      await expect.poll(() => jobsKeyed(`email:${email.id}`), { timeout: 5_000, interval: 25 }).toBe(0);
    } finally {
      await stop();
    }
  });
});

describe("the crontab", () => {
  it("runs the expiry on its schedule, catching up on a run missed while stopped", async () => {
    const { customerId } = await signedInCustomer(app, "cronowner");
    const due = await insertReferral(app.db, customerId, { createdAt: new Date(Date.now() - 91 * 86_400_000) });
    // The schedule last ran two minutes ago; the runs due since then are backfilled at start.
    await app.db
      .$executeRaw`INSERT INTO graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
      VALUES ('referral_expiry', now() - interval '1 day', now() - interval '2 minutes')
      ON CONFLICT (identifier) DO UPDATE SET last_execution = excluded.last_execution`;
    const stop = await startTestJobRunner(app, { crontab: "* * * * * referral_expiry ?fill=5m&max=3" });
    try {
      await expect
        .poll(async () => (await app.db.referral.findUniqueOrThrow({ where: { id: due.id } })).status, {
          timeout: 10_000,
          interval: 50,
        })
        .toBe("EXPIRED");
    } finally {
      await stop();
    }
  });
});

describe("workers in their own processes (WORKER_MODE=none servers, `npm run worker`)", () => {
  it("a worker process sends what a server queued, and stops cleanly on SIGTERM", async () => {
    await queueEmail(app.db, confirmation("worker-process@example.com"));
    const { DATA_DIR: _data, EMBEDDED_PG_PORT: _port, ...rest } = process.env;
    // node itself (not npm) so the signal reaches the worker, as npm run forwards it.
    const worker = spawn(process.execPath, ["--import", "tsx", "api/src/cli/worker.ts"], {
      cwd: PROJECT_ROOT,
      env: { ...rest, NODE_ENV: "development", DATABASE_URL: app.databaseUrl, SMTP_URL: smtp.url, LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => worker.once("exit", (code) => resolve(code)));
    try {
      await expect.poll(recipients, { timeout: 90_000, interval: 100 }).toEqual(["worker-process@example.com"]);
      // The row is marked once the SMTP server has answered, a moment after it holds the message.
      await expect
        .poll(
          async () =>
            (await app.db.email.findFirstOrThrow({ where: { toAddress: "worker-process@example.com" } })).status,
        )
        .toBe("SENT");
    } finally {
      worker.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
