// The server outlives its database. The production server (a child process, as `npm start` runs it)
// takes a loop of mixed writes (customers adding referrals, an administrator verifying purchases and
// paying milestones, about 8 a second) with webhook deliveries to a real receiver in flight, while
// PostgreSQL is restarted (`pg_ctl restart -m fast`) and then stopped for a moment, on the embedded
// default and on an external PostgreSQL 15. The process must never exit; requests meanwhile answer
// 503 with Retry-After (never 500); it serves again within seconds; every acknowledged write is
// stored exactly once (ledgers match purchases); every webhook event arrives; SIGTERM exits 0.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { type AppProcess, spawnAppProcess } from "../../test/appProcess.ts";
import {
  type ControlledCluster,
  controlCluster,
  embeddedPostgresBin,
  startThrowawayServer,
  type ThrowawayServer,
} from "../../test/postgresCluster.ts";
import { type Answer, type LoadOp, RetryingLoad } from "../../test/retryingLoad.ts";
import { signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { waitFor as waitUntil } from "../../test/waitFor.ts";
import { createAdministrator } from "../auth/service.ts";
import { EMBEDDED_DATABASE_NAME } from "../db/database.ts";
import { embeddedAdminUrl } from "../db/embeddedPostgres.ts";
import { findFreePort } from "../db/freePort.ts";
import { createPrismaClient, type Db } from "../db/prisma.ts";

const SESSION_SECRET = "database-restart-session-secret-0123456789abcdef";
const CUSTOMERS = 8;
const REFERRALS_EACH = 7;
const VERIFIED_EACH = 4;
/** At 11% a £3,000 purchase credits £330: each verification reaches the next milestone of a £1,000 purchase. */
const PURCHASE = "3000.00";
const TICK_MS = 125;
const MAX_IN_FLIGHT = 12;
const ENV = {
  SESSION_SECRET,
  WEBHOOKS_ALLOW_LOOPBACK: "1",
  WEBHOOK_RETRY_SCHEDULE_MS: "300,600,1200,2400,4800",
};

let debugDump: (() => Promise<void>) | undefined;
const waitFor = (what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) =>
  waitUntil(what, condition, timeoutMs, () => debugDump?.());

/** A real webhook receiver on loopback: answers 200 after a moment (so deliveries are in flight), keeps each webhook-id. */
async function startReceiver() {
  const received = new Map<string, number>();
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const id = String(request.headers["webhook-id"]);
      received.set(id, (received.get(id) ?? 0) + 1);
      setTimeout(() => response.writeHead(200).end("ok"), 40);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Milestone = "milestone_33" | "milestone_66" | "milestone_100";
interface Customer {
  client: TestClient;
  customerId: number;
  added: number;
}
interface Op extends LoadOp {
  kind: "add" | "verify" | "pay" | "read";
}

/** The client side: mixed writes and reads started every TICK_MS, retried on 503 (test/retryingLoad.ts). */
class Load extends RetryingLoad<Op> {
  readonly referrals = new Map<string, number>(); // phone → referral id, acknowledged adds
  readonly verified = new Set<number>(); // referral ids whose purchase was acknowledged
  readonly paid = new Set<string>(); // `${customerId}:${milestone}` acknowledged payments
  readonly reached: { customerId: number; milestone: Milestone }[] = [];
  acknowledgedWrites = 0;
  private busy = new Set<string>();
  private rotation = 0;
  private counter = 0;
  private readonly verifiedBy = new Map<number, number>(); // customer id → verifications acknowledged or running

  constructor(
    private readonly admin: TestClient,
    private readonly customers: Customer[],
  ) {
    super(TICK_MS, MAX_IN_FLIGHT, 250);
  }

  protected nextOp(): Op {
    const kinds = ["pay", "verify", "add", "read", "verify", "add", "pay", "read"] as const;
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[(this.rotation + i) % kinds.length];
      const op =
        kind === "pay" ? this.payOp() : kind === "verify" ? this.verifyOp() : kind === "add" ? this.addOp() : undefined;
      if (op || kind === "read") {
        this.rotation = (this.rotation + i + 1) % kinds.length;
        return op ?? this.readOp();
      }
    }
    return this.readOp();
  }

  private op(kind: Op["kind"], send: (key: string) => Promise<Answer>, done: (body: any) => void): Op {
    const key = `fault-${kind}-${++this.counter}-${Math.random().toString(36).slice(2, 8)}`;
    const via = kind === "read" ? "graphql" : "rest";
    return {
      kind,
      key,
      via,
      send: () => send(key),
      done: (answer) => {
        done(answer.body);
        if (kind !== "read") this.acknowledgedWrites++;
        return undefined;
      },
      dueAt: 0,
    };
  }

  private addOp(): Op | undefined {
    const customer = this.customers.find((c) => c.added < REFERRALS_EACH);
    if (!customer) return undefined;
    customer.added++;
    // Multiples of 11 apart: no two of a customer's friends a digit apart (the REFERRER_PHONE signal).
    const phone = `+4474009${String(10000 + 11 * this.counter).slice(-5)}`;
    return this.op(
      "add",
      (key) =>
        customer.client.request("POST", "/api/referrals", {
          json: { name: `Friend ${phone.slice(-4)}`, phone },
          headers: { "Idempotency-Key": key },
        }),
      (body) => this.referrals.set(phone, body.id),
    );
  }

  private verifyOp(): Op | undefined {
    for (const customer of this.customers) {
      if ((this.verifiedBy.get(customer.customerId) ?? 0) >= VERIFIED_EACH) continue;
      const referralId = [...this.referralsOf(customer)].find(
        (id) => !this.verified.has(id) && !this.busy.has(`v${id}`),
      );
      if (referralId === undefined) continue;
      this.busy.add(`v${referralId}`);
      this.verifiedBy.set(customer.customerId, (this.verifiedBy.get(customer.customerId) ?? 0) + 1);
      return this.op(
        "verify",
        (key) =>
          this.admin.request("POST", `/api/admin/referrals/${referralId}/purchase`, {
            json: { amount: PURCHASE },
            headers: { "Idempotency-Key": key },
          }),
        (body) => {
          this.verified.add(referralId);
          for (const milestone of body.milestonesReached as Milestone[])
            this.reached.push({ customerId: customer.customerId, milestone });
        },
      );
    }
    return undefined;
  }

  private customerIds = new Map<number, number>(); // referral id → customer id
  private referralsOf(customer: Customer): number[] {
    return [...this.customerIds].filter(([, customerId]) => customerId === customer.customerId).map(([id]) => id);
  }

  private payOp(): Op | undefined {
    const next = this.reached.find(({ customerId, milestone }) => !this.busy.has(`p${customerId}:${milestone}`));
    if (!next) return undefined;
    const id = `${next.customerId}:${next.milestone}`;
    this.busy.add(`p${id}`);
    return this.op(
      "pay",
      (key) =>
        this.admin.request("POST", "/api/admin/process-milestone", {
          json: { customerId: next.customerId, milestoneType: next.milestone },
          headers: { "Idempotency-Key": key },
        }),
      () => this.paid.add(id),
    );
  }

  private readOp(): Op {
    return this.op(
      "read",
      () => this.admin.request("POST", "/graphql", { json: { query: "query FaultRead { emailStats { pending } }" } }),
      () => undefined,
    );
  }

  /** Records which customer an acknowledged referral belongs to (read from its answer). */
  remember(referralId: number, customerId: number) {
    this.customerIds.set(referralId, customerId);
  }
}

interface Setup {
  app: AppProcess;
  /** The cluster as an operator controls it (pg_ctl). */
  cluster: ControlledCluster;
  /** The owner's connection to the app's database, for the checks. */
  databaseUrl: string;
  /** After a stop: start it again (an external server), or nothing (the app restarts its embedded cluster). */
  startAfterStop(): Promise<void>;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function restartUnderLoad(setup: Setup, receiverUrl: string, received: Map<string, number>) {
  const { app, cluster } = setup;
  let exited: string | undefined;
  app.child.once("exit", (code, signal) => {
    exited = `the server process exited (code ${code}, signal ${signal}) while PostgreSQL restarted`;
  });
  const db: Db = createPrismaClient(setup.databaseUrl, 3);
  cleanups.push(() => db.$disconnect());
  let load: Load | undefined;
  const alive = () => {
    if (exited)
      throw new Error(
        `${exited}:\n${app.otherOutput.join("").slice(-3000)}\n${app.logs
          .filter((line) => (line.level ?? 0) >= 50)
          .slice(-5)
          .map((line) => JSON.stringify(line).slice(0, 3000))
          .join("\n")}`,
      );
    if (load && load.unexpected.length > 0)
      throw new Error(
        `unexpected answers: ${load.unexpected.slice(0, 5).join("\n")}\nserver errors:\n${app.logs
          .filter((line) => (line.level ?? 0) >= 50)
          .slice(0, 5)
          .map((line) => JSON.stringify(line).slice(0, 1500))
          .join("\n")}`,
      );
  };

  await createAdministrator(db, { username: "ops", email: "ops@example.com", password: "ops-password-1" });
  const admin = app.client();
  expect((await admin.post("/api/login", { username: "ops", password: "ops-password-1" })).status).toBe(200);
  const hook = await admin.post("/api/admin/webhooks", {
    url: receiverUrl,
    events: ["referral.added", "purchase.verified", "milestone.ready", "milestone.paid"],
  });
  expect(hook.status, hook.text).toBe(200);
  const asApp = { db, client: () => app.client() } as unknown as TestApp;
  const customers: Customer[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const { client, customerId } = await signedInCustomer(asApp, `fault${i}`);
    customers.push({ client, customerId, added: 0 });
  }

  load = new Load(admin, customers);
  // On a timeout: what the client was waiting for, deliveries not received, jobs left, the server's last lines.
  debugDump = async () => {
    const { admin: _a, customers: _c, timer: _t, ...state } = load as unknown as Record<string, unknown>;
    const jobs =
      await db.$queryRaw`SELECT id, task_identifier, attempts, run_at, locked_at, locked_by FROM graphile_worker.jobs`.catch(
        String,
      );
    const missing = await db.webhookDelivery
      .findMany({ where: { eventId: { notIn: [...received.keys()] } } })
      .catch(String);
    console.log(
      "load:",
      JSON.stringify(state, (_k, v) => (v instanceof Map || v instanceof Set ? [...v].length : v)).slice(0, 2000),
      "\ndeliveries not received:",
      JSON.stringify(missing).slice(0, 2000),
      "\njobs:",
      JSON.stringify(jobs, (_k, v) => (typeof v === "bigint" ? Number(v) : v)).slice(0, 2000),
      "\nserver:",
      app.logs
        .slice(-30)
        .map((line) => JSON.stringify(line).slice(0, 300))
        .join("\n"),
    );
  };
  // Which customer each acknowledged referral belongs to: read back as the answers arrive.
  const remembered = new Set<number>();
  const rememberReferrals = async () => {
    const fresh = [...load.referrals.values()].filter((id) => !remembered.has(id));
    if (fresh.length === 0) return;
    const rows = await db.referral.findMany({ where: { id: { in: fresh } }, select: { id: true, customerId: true } });
    for (const row of rows) {
      load.remember(row.id, row.customerId);
      remembered.add(row.id);
    }
  };
  const rememberer = setInterval(() => void rememberReferrals().catch(() => undefined), 100);
  cleanups.push(async () => clearInterval(rememberer));
  load.start();
  cleanups.push(async () => load.stop());

  // 1. pg_ctl restart -m fast once writes are flowing and webhook deliveries are in flight.
  await waitFor(
    "writes acknowledged and webhooks delivered before the restart",
    () => {
      alive();
      return load.acknowledgedWrites >= 20 && load.verified.size >= 3 && received.size >= 3;
    },
    40_000,
  );
  await cluster.restart();
  const restarted = Date.now();
  const ackedAtRestart = load.succeeded;
  await waitFor(
    "requests served again after the restart",
    () => {
      alive();
      return load.succeeded >= ackedAtRestart + 5;
    },
    20_000,
  );
  const servingAgainAfterRestartMs = Date.now() - restarted;

  // 2. Stopped for a while: requests meanwhile answer 503; then it is started again.
  const before = { ...load.unavailable };
  await cluster.stop();
  const stopped = Date.now();
  await waitFor(
    "503 answers while PostgreSQL is stopped",
    () => {
      alive();
      return (
        load.unavailable.rest >= before.rest + 2 ||
        app.logged("embedded PostgreSQL started again").length > 0 ||
        app.logged("embedded PostgreSQL is running again (started outside the app)").length > 0
      );
    },
    20_000,
  );
  await setup.startAfterStop();
  const ackedAtStop = load.succeeded;
  await waitFor(
    "requests served again after the stop",
    () => {
      alive();
      return load.succeeded >= ackedAtStop + 5;
    },
    30_000,
  );
  const servingAgainAfterStopMs = Date.now() - stopped;
  await load.drain(30_000);
  clearInterval(rememberer);
  alive();

  expect(load.unexpected, "answers other than 200 and 503").toEqual([]);
  expect(load.unavailable.rest + load.unavailable.graphql, "requests answered 503 during the outages").toBeGreaterThan(
    0,
  );
  expect(servingAgainAfterRestartMs, "serving again within seconds of the restart").toBeLessThan(15_000);
  expect(servingAgainAfterStopMs).toBeLessThan(25_000);

  // Every acknowledged write is stored exactly once, and nothing else was stored.
  const phones = [...load.referrals.keys()];
  const referrals = await db.referral.findMany({ where: { customerId: { in: customers.map((c) => c.customerId) } } });
  expect(referrals.map((r) => r.phone).sort()).toEqual(phones.sort());
  const purchases = await db.referralPurchase.findMany({ where: { referralId: { in: referrals.map((r) => r.id) } } });
  expect(purchases.map((p) => p.referralId).sort()).toEqual([...load.verified].sort());
  const credits = await db.creditLedgerEntry.findMany({ where: { purchaseId: { in: purchases.map((p) => p.id) } } });
  expect(credits.map((c) => c.purchaseId).sort()).toEqual(purchases.map((p) => p.id).sort());
  // No money doubled: each customer's credits are their purchases at 11%, their payments one per milestone reached.
  for (const customer of customers) {
    const theirPurchases = purchases.filter(
      (p) => referrals.find((r) => r.id === p.referralId)?.customerId === customer.customerId,
    );
    const ledger = credits
      .filter((c) => c.customerId === customer.customerId)
      .reduce((sum, c) => sum + c.amountPence, 0);
    expect(ledger).toBe(theirPurchases.reduce((sum, p) => sum + Math.round((p.amountPence * 1100) / 10_000), 0));
  }
  const payments = await db.milestonePayment.findMany({
    where: { customerId: { in: customers.map((c) => c.customerId) } },
  });
  const paymentKeys = payments.map((p) => `${p.customerId}:milestone_${p.milestone.slice(1)}`);
  expect(paymentKeys.sort()).toEqual([...load.paid].sort());
  // Milestones reached while the loop drained are left unpaid; none was paid that was not reached.
  for (const paid of load.paid) expect(load.reached.map((r) => `${r.customerId}:${r.milestone}`)).toContain(paid);

  // Every webhook event reaches the receiver (at least once, as documented), jobs in flight included.
  const events = await db.webhookEvent.findMany({ select: { id: true } });
  expect(events.length).toBeGreaterThan(load.acknowledgedWrites);
  await waitFor(
    "every webhook event to reach the receiver",
    () => {
      alive();
      return events.every((event) => received.has(event.id));
    },
    // A delivery whose attempt the outage cut short is tried again once its 60 s lease has passed.
    90_000,
  );

  // Each outage is logged once per part of the app, not once per failure or retry: two outages here,
  // each of which may be seen back up once too early (a job finishing in the moment between).
  const outageWarnings = app.logs.filter((line) =>
    String(line.msg).endsWith("database unavailable; retrying until it is back"),
  );
  const byPart = new Map<string, number>();
  for (const line of outageWarnings) byPart.set(String(line.part), (byPart.get(String(line.part)) ?? 0) + 1);
  for (const [part, times] of byPart) expect(times, `outage warnings of ${part}`).toBeLessThanOrEqual(4);

  // SIGTERM after all that: stops cleanly.
  expect(await app.stop()).toBe(0);
}

describe("the server survives its database restarting under load", () => {
  it("on the embedded default: pg_ctl restart, then a stop the app recovers from itself", async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const port = await findFreePort();
    const app = await spawnAppProcess("embedded-restart", { ...ENV, EMBEDDED_PG_PORT: String(port) });
    cleanups.push(() => app.stop());
    await app.waitUntilHealthy();
    const clusterDir = path.join(app.dataDir, "postgres");
    const logFile = path.join(os.tmpdir(), `embedded-restart-${port}.log`);
    const cluster = controlCluster(embeddedPostgresBin(), clusterDir, logFile);
    // Whatever happens, no PostgreSQL is left running.
    cleanups.push(async () => {
      if (await cluster.running()) await cluster.stop();
    });
    const url = new URL(embeddedAdminUrl(clusterDir, port));
    url.pathname = `/${EMBEDDED_DATABASE_NAME}`;
    await restartUnderLoad(
      { app, cluster, databaseUrl: url.toString(), startAfterStop: async () => {} },
      receiver.url,
      receiver.received,
    );
    // The app stopped the cluster it runs, even the one pg_ctl started.
    expect(await cluster.running()).toBe(false);
  }, 200_000);

  it("on an external PostgreSQL 15 server: pg_ctl restart, then stopped and started", async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const server: ThrowawayServer = await startThrowawayServer();
    cleanups.push(() => server.destroy());
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    await admin.query("CREATE DATABASE referrals");
    await admin.end();
    const databaseUrl = server.adminUrl.replace(/\/postgres$/, "/referrals");
    const app = await spawnAppProcess("external-restart", { ...ENV, DATABASE_URL: databaseUrl });
    cleanups.push(() => app.stop());
    await app.waitUntilHealthy();
    await restartUnderLoad(
      { app, cluster: server, databaseUrl, startAfterStop: () => server.start() },
      receiver.url,
      receiver.received,
    );
  }, 200_000);
});
