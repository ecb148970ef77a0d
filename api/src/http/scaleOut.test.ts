// Two production app instances (separate processes, as behind a load balancer) on one PostgreSQL:
// the database is the only thing they share, and these checks show it is enough.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import viewerSessionQuery from "../../../web/src/__generated__/viewerSessionQuery.graphql.ts";
import { type AppProcess, spawnAppProcess } from "../../test/appProcess.ts";
import { createEmptyDatabase } from "../../test/database.ts";
import { insertActor, insertPurchase, insertReferral } from "../../test/rows.ts";
import { readRawMessage, type SmtpTestServer, startSmtpTestServer } from "../../test/smtpServer.ts";
import { TEST_PASSWORD, type TestClient } from "../../test/testApp.ts";
import { waitFor } from "../../test/waitFor.ts";
import { createAdministrator } from "../auth/service.ts";
import { readMigrations } from "../db/migrate.ts";
import { createPrismaClient, type Db } from "../db/prisma.ts";
import { queueEmail } from "../emails/outbox.ts";

const SESSION_SECRET = "scale-out-shared-session-secret-0123456789abcdef";
const ALREADY_PAID = "The 33% milestone has already been paid to this customer.";

let databaseUrl: string;
let db: Db;
let smtp: SmtpTestServer;
let a: AppProcess;
let b: AppProcess;
/** Most instances waiting at the migrations at one moment while they started. */
let mostWaitingAtMigrations = 0;

beforeAll(async () => {
  databaseUrl = await createEmptyDatabase();
  smtp = await startSmtpTestServer();
  // Both processes must reach the migrations before either has finished them, whichever loads its
  // modules faster. A table of the bookkeeping table's name, created in a transaction left open,
  // makes whoever tries to create that table wait; it is rolled back once both instances wait.
  const gate = new pg.Client({ connectionString: databaseUrl });
  // Another session: inside the gate's transaction pg_stat_activity would stay one snapshot.
  const observer = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([gate.connect(), observer.connect()]);
  try {
    await gate.query("BEGIN");
    await gate.query(`CREATE TABLE "_app_migrations" (gate int)`);
    const env = { DATABASE_URL: databaseUrl, SESSION_SECRET, SMTP_URL: smtp.url };
    [a, b] = await Promise.all([spawnAppProcess("A", env), spawnAppProcess("B", env)]);
    const instances = [a, b];
    await waitFor(
      "both instances to wait at the migrations",
      async () => {
        const { rows } = await observer.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        mostWaitingAtMigrations = Math.max(mostWaitingAtMigrations, rows[0]?.waiting ?? 0);
        return (
          mostWaitingAtMigrations >= 2 ||
          instances.some((i) => i.child.exitCode !== null || i.logged("database ready").length > 0)
        );
      },
      40_000,
    );
  } finally {
    await gate.query("ROLLBACK").catch(() => undefined);
    await Promise.all([gate.end(), observer.end()]);
  }
  await Promise.all([a.waitUntilHealthy(), b.waitUntilHealthy()]);
  db = createPrismaClient(databaseUrl, 4);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.$disconnect();
  await smtp?.close();
}, 30_000);

describe("two app instances on one PostgreSQL", () => {
  it("apply the migrations once when both start together on an empty database", async () => {
    expect(mostWaitingAtMigrations, "both instances were waiting at the migrations at once").toBe(2);
    const migrationNames = (await readMigrations()).map((migration) => migration.name);
    const recorded = await db.$queryRaw<{ name: string; times: number }[]>`
      SELECT name, count(*)::int AS times FROM "_app_migrations" GROUP BY name ORDER BY name`;
    expect(recorded).toEqual(migrationNames.map((name) => ({ name, times: 1 })));

    const appliedLogs = [a, b].map((instance) => instance.logged("migrations applied"));
    expect(appliedLogs.map((lines) => lines.length).sort()).toEqual([0, 1]);
    expect(appliedLogs.flat()[0]?.applied).toEqual(migrationNames);
    for (const instance of [a, b]) expect(instance.logged("database ready")).toHaveLength(1);
  });

  it("send each queued email once, both instances' workers taking part", async () => {
    for (const instance of [a, b]) expect(instance.logged("job runner started")).toHaveLength(1);
    const sentAccordingToLogs = (instance: AppProcess) =>
      instance.logged("email job run").filter((line) => line.outcome === "sent").length;
    const allLogged = () => sentAccordingToLogs(a) + sentAccordingToLogs(b) === smtp.received.length;
    // Any earlier email out of the way, and every delivery so far logged.
    await waitFor(
      "earlier emails to be sent",
      async () => (await db.email.count({ where: { status: "PENDING" } })) === 0 && allLogged(),
      15_000,
    );
    const sentBefore = [a, b].map(sentAccordingToLogs);

    // A slow server stretches one worker's run (5 batches of 10, 1.5 s each) past the 5 s
    // interval, so the other instance's worker is sure to run while it is still sending.
    smtp.delayMs = 1_500;
    const recipients = Array.from({ length: 60 }, (_, i) => `outbox-${i}@example.com`);
    await db.$transaction(
      async (tx) => {
        for (const [i, to] of recipients.entries()) {
          await queueEmail(tx, {
            type: "REGISTRATION_CONFIRMATION",
            to,
            data: { firstName: `Ola ${i}` },
          });
        }
        // 60 emails queued at once; a busy machine takes longer than Prisma's default 5 s.
      },
      { timeout: 30_000 },
    );
    try {
      await waitFor(
        "the 60 emails to be sent",
        async () =>
          (await db.email.count({ where: { toAddress: { in: recipients }, status: "SENT" } })) === recipients.length &&
          allLogged(),
        30_000,
      );
    } finally {
      smtp.delayMs = 0;
    }

    const received = smtp.received.filter((message) => message.envelopeTo.some((to) => recipients.includes(to)));
    const timesReceived = new Map<string, number>();
    for (const message of received) {
      const key = `${message.envelopeTo.join(",")} | ${readRawMessage(message.raw).header("subject")}`;
      timesReceived.set(key, (timesReceived.get(key) ?? 0) + 1);
    }
    expect([...timesReceived].sort()).toEqual(
      recipients.map((to) => [`${to} | We have received your registration`, 1]).sort(),
    );

    const sentInThisCheck = [a, b].map((instance, i) => sentAccordingToLogs(instance) - (sentBefore[i] ?? 0));
    expect(sentInThisCheck[0]! + sentInThisCheck[1]!).toBe(recipients.length);
    expect(sentInThisCheck[0], "emails sent by instance A").toBeGreaterThan(0);
    expect(sentInThisCheck[1], "emails sent by instance B").toBeGreaterThan(0);
  }, 50_000);

  it("accept a session made on one instance on the other, and end it on both when signing out on either", async () => {
    await a.client().register("roaming");
    const onA = a.client();
    const login = await onA.post("/api/login", { username: "roaming", password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    // Production cookies are Secure; a browser behind TLS sends them back, as this client does.
    expect(login.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-hng_session="))).toMatch(/; Secure/);

    const onB = b.client();
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const userOnB = await onB.get("/api/user");
    expect(userOnB.status).toBe(200);
    expect(userOnB.body).toMatchObject({ username: "roaming", role: "CUSTOMER" });
    expect((await onB.persisted(viewerSessionQuery)).data).toMatchObject({ viewer: { username: "roaming" } });
    // A has now read this cookie too (and remembers its unsealed content): sign-out must still reach it.
    expect((await onA.get("/api/user")).status).toBe(200);

    expect((await onB.post("/api/logout")).status).toBe(200);
    const afterSignOut = await onA.get("/api/user");
    expect(afterSignOut.status).toBe(401);
    expect((await onA.persisted(viewerSessionQuery)).data).toEqual({ viewer: null });
  });

  it("pay a tranche once when 20 requests for it arrive together, spread over both instances", async () => {
    await createAdministrator(db, {
      username: "scaleadmin",
      email: "scaleadmin@example.com",
      password: "admin-password",
    });
    const signInAdmin = async (instance: AppProcess): Promise<TestClient> => {
      const client = instance.client();
      const response = await client.post("/api/login", { username: "scaleadmin", password: "admin-password" });
      expect(response.status).toBe(200);
      return client;
    };
    const admins = [await signInAdmin(a), await signInAdmin(b)];

    // A verified customer with a £100 purchase and £40 of credits: the £33 first tranche is READY.
    const customer = b.client();
    const { id: userId } = await customer.register("payee");
    const completed = await customer.post("/api/customer/register", {
      originalPurchaseAmount: "100.00",
      postcode: "SW1A 1AA",
      contractNumber: "HNG-SCALE-1",
    });
    expect(completed.status).toBe(200);
    const customerId = completed.body.id as number;
    await db.customerProfile.update({
      where: { id: customerId },
      data: { status: "VERIFIED", verifiedAt: new Date() },
    });
    const actorId = await insertActor(db, "scale-actor");
    const referral = await insertReferral(db, customerId);
    await insertPurchase(db, { referralId: referral.id, customerId, amountPence: 40_000, creditPence: 4_000, actorId });

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admins[i % 2]!.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((r) => r.status === 409)) expect(response.text).toBe(ALREADY_PAID);
    expect(responses.find((r) => r.status === 200)?.body).toMatchObject({
      customerId,
      milestoneType: "milestone_33",
      amount: "33.00",
      milestone33Paid: true,
    });

    // Each instance answered its half, as its own request log says (log lines reach the pipe a little after the answer).
    const answeredBy = (instance: AppProcess) =>
      instance.logged("request").filter((line) => line.url === "/api/admin/process-milestone").length;
    await waitFor("both request logs", () => answeredBy(a) + answeredBy(b) >= 20, 5_000);
    expect([answeredBy(a), answeredBy(b)]).toEqual([10, 10]);
    expect(await db.milestonePayment.count({ where: { customerId, milestone: "M33" } })).toBe(1);
    expect(await db.milestonePayment.count({ where: { customerId } })).toBe(1);
    expect(await db.email.count({ where: { userId, type: "MILESTONE_PAID" } })).toBe(1);
  });
});
