// An instance SIGKILLed in the middle of its work, as a crashed host or an OOM kill would leave it:
// the production server (a child process, as `npm start` runs it) on one PostgreSQL, killed with
// payouts and purchase verifications in flight (two instances, the client retrying at the other and
// then at the restarted one), mid-email-send (the SMTP server holding the message) and
// mid-webhook-delivery (the receiver holding the request). Money moves exactly once (docs/api.md,
// "Idempotent writes"); emails and webhook events arrive at least once (docs/rules/emails.md, "Email outbox",
// "Webhooks"), a repeat carrying the same webhook-id. Starting a production process costs most of
// each test's time (about 3 s idle, 10-17 s on a 2-core machine at load 12): the limits allow for that.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { type AppProcess, spawnAppProcess } from "../../test/appProcess.ts";
import { createTestDatabase } from "../../test/database.ts";
import { insertActor, insertPurchase, insertReferral, uniqueMobile } from "../../test/rows.ts";
import { readRawMessage, type SmtpTestServer, startSmtpTestServer } from "../../test/smtpServer.ts";
import { type JsonResponse, signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { waitFor } from "../../test/waitFor.ts";
import { createAdministrator } from "../auth/service.ts";
import { createPrismaClient, type Db } from "../db/prisma.ts";
import { queueEmail } from "../emails/outbox.ts";
import { PURCHASE_MESSAGES } from "../referrals/purchases.ts";

const SESSION_SECRET = "instance-kill-session-secret-0123456789abcdef01";
const ALREADY_PAID = "The 33% milestone has already been paid to this customer.";
/** How long a send holds its email (emails/sender.ts; docs/rules/emails.md, "Email outbox": 10 minutes). */
const EMAIL_LEASE = "10 minutes";
/** How long an attempt holds its webhook delivery (webhooks/delivery.ts). */
const WEBHOOK_LEASE = "60 seconds";

const cleanups: (() => Promise<unknown>)[] = [];
const instances: AppProcess[] = [];
afterEach(async () => {
  await Promise.all(instances.splice(0).map((app) => app.stop().catch(() => undefined)));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** A fresh migrated database and a Prisma client on it for the checks. */
async function database(): Promise<{ url: string; db: Db }> {
  const url = await createTestDatabase();
  const db = createPrismaClient(url, 3);
  cleanups.push(() => db.$disconnect());
  return { url, db };
}

async function instance(name: string, env: Record<string, string>): Promise<AppProcess> {
  const app = await spawnAppProcess(name, { SESSION_SECRET, ...env });
  instances.push(app);
  await app.waitUntilHealthy();
  return app;
}

/** kill -9: no shutdown handler runs, its connections (PostgreSQL, SMTP, HTTP) just drop. */
async function sigkill(app: AppProcess): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) throw new Error(`${app.name} had already exited`);
  const exited = new Promise((resolve) => app.child.once("exit", resolve));
  app.child.kill("SIGKILL");
  await exited;
}

/** A client of `app` carrying the cookies of `from` (sessions are valid on every instance). */
function sameSession(from: TestClient, app: AppProcess): TestClient {
  const client = app.client();
  for (const [name, value] of from.cookies) client.cookies.set(name, value);
  return client;
}

async function signedInAdministrator(db: Db, app: AppProcess): Promise<{ client: TestClient; userId: number }> {
  const user = await createAdministrator(db, {
    username: "killadmin",
    email: "killadmin@example.com",
    password: "admin-password",
  });
  const client = app.client();
  const login = await client.post("/api/login", { username: "killadmin", password: "admin-password" });
  expect(login.status, login.text).toBe(200);
  return { client, userId: user.id };
}

/** Sessions of the app's database waiting for a lock (a row lock, or another transaction's unique key). */
async function lockWaiters(observer: pg.Client): Promise<number> {
  const { rows } = await observer.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]?.waiting ?? 0;
}

/** A customer whose registration was approved (£1,000 original purchase). */
async function insertVerifiedCustomer(db: Db, username: string): Promise<{ customerId: number; userId: number }> {
  const now = new Date();
  const user = await db.user.create({
    data: {
      username,
      email: `${username}@example.com`,
      passwordHash: "unused",
      firstName: username,
      emailConfirmedAt: now,
    },
  });
  const profile = await db.customerProfile.create({
    data: {
      userId: user.id,
      originalPurchaseAmountPence: 100_000,
      postcode: "SW1A 1AA",
      contractNumber: `HNG-${username}`,
      status: "VERIFIED",
      termsAcceptedAt: now,
      verifiedAt: now,
    },
  });
  return { customerId: profile.id, userId: user.id };
}

describe("an instance SIGKILLed mid-work", () => {
  it("mid-payout and mid-verification: each write stored at most once, each acknowledged one exactly once, retries at the other instance and after the restart replayed", async () => {
    const { url, db } = await database();
    const env = { DATABASE_URL: url };
    const [a, b] = await Promise.all([instance("kill-A", env), instance("kill-B", env)]);
    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    cleanups.push(() => observer.end());

    // Five verified customers of a £1,000 purchase, each with £440 of credits (the 33% tranche,
    // £330, ready to pay) and three referrals waiting for their purchase. Only the administrator
    // signs in: the customers are rows, as registration and approval leave them.
    const admin = await signedInAdministrator(db, a);
    const actorId = await insertActor(db);
    type Op = {
      kind: "verify" | "pay";
      key: string;
      customerId: number;
      referralId?: number;
      path: string;
      json: object;
    };
    const ops: Op[] = [];
    const customers: { customerId: number; userId: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const { customerId, userId } = await insertVerifiedCustomer(db, `killed${i}`);
      customers.push({ customerId, userId });
      const bought = await insertReferral(db, customerId);
      await insertPurchase(db, {
        referralId: bought.id,
        customerId,
        amountPence: 400_000,
        creditPence: 44_000,
        actorId,
      });
      ops.push({
        kind: "pay",
        key: `kill-pay-${customerId}`,
        customerId,
        path: "/api/admin/process-milestone",
        json: { customerId, milestoneType: "milestone_33" },
      });
      for (let j = 0; j < 3; j++) {
        const referral = await insertReferral(db, customerId);
        ops.push({
          kind: "verify",
          key: `kill-verify-${referral.id}`,
          customerId,
          referralId: referral.id,
          path: `/api/admin/referrals/${referral.id}/purchase`,
          json: { amount: "1000.00" },
        });
      }
    }
    const send = (client: TestClient, op: Op, key = op.key) =>
      client.request("POST", op.path, { json: op.json, headers: { "Idempotency-Key": key } });
    // What stays the same in a replay (a replay reads the customer's current figures afresh).
    const firstAnswer = (op: Op, body: any) =>
      op.kind === "verify"
        ? {
            id: body.id,
            purchaseId: body.purchaseId,
            customerId: body.customerId,
            purchaseAmount: body.purchaseAmount,
            creditEarned: body.creditEarned,
            purchaseDate: body.purchaseDate,
            milestonesReached: body.milestonesReached,
          }
        : {
            id: body.id,
            customerId: body.customerId,
            milestoneType: body.milestoneType,
            amount: body.amount,
            paidAt: body.paidAt,
            paidBy: body.paidBy,
          };

    // One caller's keyed writes run one at a time (each holds the caller's key lock in its
    // transaction), so once a few are answered the others wait inside their transactions.

    // 1. All 20 at A at once; A is killed once some are answered and four or more wait.
    const atA = new Map<string, JsonResponse | Error>();
    const firstRound = Promise.all(
      ops.map((op) =>
        send(admin.client, op).then(
          (answer) => atA.set(op.key, answer),
          (error: Error) => atA.set(op.key, error),
        ),
      ),
    );
    const answeredAtA = () => [...atA.values()].filter((answer) => !(answer instanceof Error)).length;
    await waitFor(
      "some operations answered and others waiting in their transactions",
      async () => answeredAtA() >= 3 && (await lockWaiters(observer)) >= 4,
      30_000,
    ).catch((error: Error) => {
      const answers = [...atA.values()].map((a) =>
        a instanceof Error ? a.message : `${a.status} ${a.text.slice(0, 120)}`,
      );
      throw new Error(`${error.message}; answers so far: ${answers.slice(0, 3).join(" | ")}`);
    });
    await sigkill(a);
    await firstRound;
    // A process manager starts A again at once; meanwhile the client retries at B.
    const restartingA = instance("kill-A-restarted", env);
    restartingA.catch(() => undefined);
    const acknowledged = ops.filter((op) => !(atA.get(op.key) instanceof Error));
    const unanswered = ops.filter((op) => atA.get(op.key) instanceof Error);
    for (const op of acknowledged) expect((atA.get(op.key) as JsonResponse).status, op.key).toBe(200);
    expect(acknowledged.length).toBeGreaterThanOrEqual(3);
    expect(unanswered.length, "operations in flight when A was killed").toBeGreaterThanOrEqual(4);

    // Every acknowledged operation is stored, once, before anyone retries (a retry must not be what stores it).
    const storedOnce = async (op: Op, answer: any) => {
      if (op.kind === "verify") {
        const purchases = await db.referralPurchase.findMany({ where: { referralId: op.referralId } });
        expect(
          purchases.map((p) => p.id),
          op.key,
        ).toEqual([answer.purchaseId]);
      } else {
        const payments = await db.milestonePayment.findMany({ where: { customerId: op.customerId, milestone: "M33" } });
        expect(
          payments.map((p) => p.id),
          op.key,
        ).toEqual([answer.id]);
      }
    };
    for (const op of acknowledged) await storedOnce(op, (atA.get(op.key) as JsonResponse).body);
    for (const op of unanswered) {
      const times =
        op.kind === "verify"
          ? await db.referralPurchase.count({ where: { referralId: op.referralId } })
          : await db.milestonePayment.count({ where: { customerId: op.customerId, milestone: "M33" } });
      expect(times, `${op.key}, unanswered, stored at most once`).toBeLessThanOrEqual(1);
    }

    // 2. The client retries everything at B with the same keys (the acknowledged ones too: replayed).
    //    Operations A's dead transactions still hold wait until PostgreSQL has ended them (client gone).
    const adminAtB = sameSession(admin.client, b);
    const atB = await Promise.all(ops.map((op) => send(adminAtB, op)));
    for (const [i, op] of ops.entries()) {
      const answer = atB[i]!;
      expect(answer.status, `${op.key} at B: ${answer.text}`).toBe(200);
      const atFirst = atA.get(op.key);
      if (!(atFirst instanceof Error))
        expect(firstAnswer(op, answer.body), op.key).toEqual(firstAnswer(op, atFirst?.body));
    }
    // The same operation under a new key is the documented duplicate.
    for (const op of ops.filter((o) => o.customerId === customers[1]!.customerId)) {
      const duplicate = await send(adminAtB, op, `${op.key}-new`);
      expect(duplicate.status, op.key).toBe(409);
      expect(duplicate.text).toBe(op.kind === "verify" ? PURCHASE_MESSAGES.alreadyPurchased : ALREADY_PAID);
    }

    // 3. A is back (a new process on the same database): every retry there replays B's answer.
    const a2 = await restartingA;
    const atA2 = await Promise.all(ops.map((op) => send(sameSession(admin.client, a2), op)));
    for (const [i, op] of ops.entries()) {
      expect(atA2[i]!.status, `${op.key} at the restarted A: ${atA2[i]!.text}`).toBe(200);
      expect(firstAnswer(op, atA2[i]!.body), op.key).toEqual(firstAnswer(op, atB[i]!.body));
    }

    // Every operation stored exactly once; nothing else stored; ledgers match purchases at 11%.
    for (const [i, op] of ops.entries()) await storedOnce(op, atB[i]!.body);
    const customerIds = customers.map((c) => c.customerId);
    const payments = await db.milestonePayment.findMany({ where: { customerId: { in: customerIds } } });
    expect(payments.map((p) => `${p.customerId}:${p.milestone}`).sort()).toEqual(
      customerIds.map((id) => `${id}:M33`).sort(),
    );
    const purchases = await db.referralPurchase.findMany({ include: { referral: true } });
    expect(purchases).toHaveLength(customers.length * 4);
    const credits = await db.creditLedgerEntry.findMany({ where: { customerId: { in: customerIds } } });
    expect(credits.map((c) => c.purchaseId).sort()).toEqual(purchases.map((p) => p.id).sort());
    for (const customerId of customerIds) {
      const theirs = purchases.filter((p) => p.referral.customerId === customerId);
      const ledger = credits.filter((c) => c.customerId === customerId).reduce((sum, c) => sum + c.amountPence, 0);
      expect(ledger, `customer ${customerId}'s credits`).toBe(
        theirs.reduce((sum, p) => sum + Math.round((p.amountPence * 1100) / 10_000), 0),
      );
    }
    // One recorded answer per key, and the emails the writes queue, once each.
    const keys = await db.idempotencyKey.findMany({ where: { key: { in: ops.map((op) => op.key) } } });
    expect(keys.map((k) => `${k.key}:${k.status}`).sort()).toEqual(ops.map((op) => `${op.key}:200`).sort());
    for (const { userId } of customers) {
      expect(await db.email.count({ where: { userId, type: "CREDITS_EARNED" } })).toBe(3);
      expect(await db.email.count({ where: { userId, type: "MILESTONE_PAID" } })).toBe(1);
    }
  }, 120_000);

  it("mid-email-send: after a restart every queued email arrives, at least once (a send the SMTP server had accepted is repeated)", async () => {
    const { url, db } = await database();
    const smtp: SmtpTestServer = await startSmtpTestServer();
    cleanups.push(() => smtp.close());
    smtp.behaviour = "hold";
    const env = { DATABASE_URL: url, SMTP_URL: smtp.url };
    const a = await instance("kill-email", env);

    const recipients = Array.from({ length: 8 }, (_, i) => `killed-send-${i}@example.com`);
    await db.$transaction(async (tx) => {
      for (const [i, to] of recipients.entries())
        await queueEmail(tx, { type: "REGISTRATION_CONFIRMATION", to, data: { firstName: `Ola ${i}` } });
    });
    // The runner works 5 jobs at once: 5 emails are in the SMTP conversation, their bodies sent, unanswered.
    await waitFor("5 emails held by the SMTP server", () => smtp.held.length >= 5, 30_000);
    await sigkill(a);
    await waitFor("the SMTP server to see its senders go", () => smtp.held.every((email) => email.clientGone), 10_000);
    const inFlight = smtp.held.map((email) => email.envelopeTo[0]!);
    expect(inFlight).toHaveLength(5);
    // Every other message it had accepted before answering (as a server that had queued it), the others lost with their sender.
    const accepted = inFlight.filter((_, i) => i % 2 === 0);
    smtp.behaviour = "accept";
    smtp.releaseHeld((email) => accepted.includes(email.envelopeTo[0]!));

    // The killed sends hold their emails for the lease; no one may take them meanwhile.
    const leased = await db.email.findMany({
      where: { toAddress: { in: inFlight } },
      select: { status: true, attempts: true, nextAttemptAt: true },
    });
    for (const email of leased) {
      expect(email).toMatchObject({ status: "PENDING", attempts: 1 });
      expect(email.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    }
    // The lease runs out (moved back by its length rather than waited for), and A is started again.
    await db.$executeRawUnsafe(
      `UPDATE "Email" SET "nextAttemptAt" = "nextAttemptAt" - interval '${EMAIL_LEASE}' WHERE status = 'PENDING'`,
    );
    await instance("kill-email-restarted", env);
    await waitFor(
      "every email sent",
      async () => (await db.email.count({ where: { toAddress: { in: recipients }, status: "SENT" } })) === 8,
      30_000,
    );

    const times = new Map<string, number>();
    for (const message of smtp.received) {
      const to = message.envelopeTo.join(",");
      expect(readRawMessage(message.raw).header("subject")).toBe("We have received your registration");
      times.set(to, (times.get(to) ?? 0) + 1);
    }
    // At least once: the ones the server had accepted arrive a second time, every other exactly once.
    expect(Object.fromEntries([...times].sort())).toEqual(
      Object.fromEntries(recipients.map((to) => [to, accepted.includes(to) ? 2 : 1]).sort()),
    );
    const rows = await db.email.findMany({ where: { toAddress: { in: recipients } } });
    for (const row of rows) expect(row.attempts, row.toAddress).toBe(inFlight.includes(row.toAddress) ? 2 : 1);
  }, 90_000);

  it("mid-webhook-delivery: after a restart every event is delivered, at least once, a repeat with the same webhook-id", async () => {
    const { url, db } = await database();
    const receiver = await startHoldingReceiver();
    cleanups.push(() => receiver.close());
    const env = { DATABASE_URL: url, WEBHOOKS_ALLOW_LOOPBACK: "1", WEBHOOK_RETRY_SCHEDULE_MS: "500,1000,2000" };
    const a = await instance("kill-webhook", env);
    const admin = await signedInAdministrator(db, a);
    const hook = await admin.client.post("/api/admin/webhooks", { url: receiver.url, events: ["referral.added"] });
    expect(hook.status, hook.text).toBe(200);
    const secret = hook.body.secret as string;

    const { client: customer } = await signedInCustomer(
      { db, client: () => a.client() } as unknown as TestApp,
      "hooked",
    );
    for (let i = 0; i < 7; i++) {
      const added = await customer.post("/api/referrals", { name: `Friend ${i}`, phone: uniqueMobile() });
      expect(added.status, added.text).toBe(200);
    }
    // The runner works 5 jobs at once: 5 deliveries are in flight, their requests sent, unanswered.
    await waitFor("5 deliveries held by the receiver", () => receiver.held.length >= 5, 30_000);
    await sigkill(a);
    await waitFor("the receiver to see its sender go", () => receiver.held.every((r) => r.clientGone), 10_000);
    const inFlight = receiver.held.map((r) => r.id);
    expect(new Set(inFlight).size).toBe(5);
    receiver.answerFromNow();

    // The lease of the killed attempts runs out (moved back by its length rather than waited for); A starts again.
    await db.$executeRawUnsafe(
      `UPDATE "WebhookDelivery" SET "nextAttemptAt" = "nextAttemptAt" - interval '${WEBHOOK_LEASE}' WHERE status = 'PENDING'`,
    );
    await instance("kill-webhook-restarted", env);
    const events = await db.webhookEvent.findMany({ select: { id: true } });
    expect(events).toHaveLength(7);
    await waitFor(
      "every event delivered",
      async () => (await db.webhookDelivery.count({ where: { status: "SUCCEEDED" } })) === 7,
      30_000,
    );

    // Each event arrived and was answered 2xx; the ones in flight at the kill came again, same id, same body.
    for (const { id } of events) {
      const arrivals = receiver.arrivals.filter((r) => r.id === id);
      expect(arrivals.length, id).toBe(inFlight.includes(id) ? 2 : 1);
      expect(arrivals.at(-1)?.answered, id).toBe(true);
      expect(new Set(arrivals.map((r) => r.body)).size, id).toBe(1);
      for (const arrival of arrivals) {
        const event = new Webhook(secret).verify(arrival.body, arrival.headers as Record<string, string>);
        expect(event).toMatchObject({ type: "referral.added" });
      }
    }
  }, 90_000);
});

interface Arrival {
  id: string;
  body: string;
  headers: IncomingHttpHeaders;
  /** Answered 200 (not held, or held and its sender still there). */
  answered: boolean;
  clientGone: boolean;
}

/** A webhook receiver on loopback that holds every request unanswered until `answerFromNow`, then answers 200. */
async function startHoldingReceiver() {
  const arrivals: Arrival[] = [];
  const held: Arrival[] = [];
  let holding = true;
  const waiting: { arrival: Arrival; response: ServerResponse }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const arrival: Arrival = {
        id: String(request.headers["webhook-id"]),
        body: Buffer.concat(chunks).toString("utf8"),
        headers: request.headers,
        answered: false,
        clientGone: false,
      };
      arrivals.push(arrival);
      response.on("close", () => {
        if (!response.writableFinished) arrival.clientGone = true;
      });
      if (holding) {
        held.push(arrival);
        waiting.push({ arrival, response });
        return;
      }
      response.writeHead(200).end("ok");
      arrival.answered = true;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    held,
    answerFromNow() {
      holding = false;
      for (const { arrival, response } of waiting.splice(0)) {
        if (arrival.clientGone) continue;
        response.writeHead(200).end("ok");
        arrival.answered = true;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
