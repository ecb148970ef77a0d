// npm run soak [-- --minutes 10 --rate 20 --customers 20000 | --measure-max]
// A bounded soak: the production server (api/start.sh) with its embedded PostgreSQL, seeded like the
// benchmark, takes a fixed offered rate of mixed traffic for --minutes (default 10; SOAK_MINUTES),
// requests started at even intervals (bench/openLoop.ts): the benchmark's measured reads
// (bench/requests.ts) as customers and an administrator, with writes that give the job queue work
// (customers adding referrals, the administrator verifying purchases and paying milestones: emails to
// a loopback SMTP sink, webhooks to a loopback receiver). Prints a row a minute (RSS, PostgreSQL
// connections, queued jobs, latency, errors, requests) and a trend verdict per column.
// --measure-max measures the mix instead: its maximum throughput (autocannon, closed loop, as the
// benchmark measures its maxima), its CPU per request and the ceiling that implies (the default
// rate is 40% of it), and its costliest requests.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { readConfig } from "../api/src/config.ts";
import { openDatabase } from "../api/src/db/database.ts";
import { findFreePort } from "../api/src/db/freePort.ts";
import { applyMigrations } from "../api/src/db/migrate.ts";
import { startSmtpTestServer } from "../api/test/smtpServer.ts";
import { mixSequence, type OpenLoopRequest, type OpenLoopWindow, spawnOpenLoop } from "./openLoop.ts";
import { MEASURED_REQUESTS } from "./requests.ts";
import { seedBenchData } from "./seed.ts";
import {
  ACCEPT_COMPRESSED,
  buildForProduction,
  measuredTargets,
  openLoopRequest,
  postgresCpuMs,
  postmasterPid,
  processCpuMs,
  productionServerEnv,
  raisePayoutApprovalThreshold,
  raiseReferralDailyLimit,
  requestOptions,
  rssMegabytes,
  signIn,
  startServer,
  stopServer,
} from "./stack.ts";
import { trend } from "./trend.ts";

/**
 * Requests started per second by default: 40% of the mix's ceiling from its CPU per request
 * (`npm run soak -- --measure-max`: ~48 req/s on the 2-core machine it was chosen on), well below
 * saturation, so a trend in the table is the server's and not a queue building up.
 */
export const DEFAULT_RATE = 20;

const { values: options } = parseArgs({
  options: {
    minutes: { type: "string" },
    rate: { type: "string" },
    customers: { type: "string", default: "20000" },
    "measure-max": { type: "boolean", default: false },
    /** The length of a row (60: a minute); shorter only to check the harness quickly. */
    "window-seconds": { type: "string", default: "60" },
  },
});
const MINUTES = Number(options.minutes ?? process.env.SOAK_MINUTES ?? 10);
const RATE = Number(options.rate ?? process.env.SOAK_RATE ?? DEFAULT_RATE);
const CUSTOMERS = Number(options.customers);
const WINDOW_SECONDS = Number(options["window-seconds"]);
const MEASURE_MAX = options["measure-max"] ?? false;
if (!(MINUTES > 0) || !(RATE > 0) || !(WINDOW_SECONDS >= 1) || !(Number.isInteger(CUSTOMERS) && CUSTOMERS >= 100)) {
  throw new Error(
    "--minutes and --rate take numbers above 0, --window-seconds at least 1, --customers a whole number of at least 100",
  );
}
const DURATION_SECONDS = Math.round(MINUTES * 60);
/** --measure-max: closed loop, like the benchmark's maxima (50 connections, as for the customer's pages). */
const MAX_CONNECTIONS = 50;
const MAX_WARM_UP_SECONDS = 8;
const MAX_SECONDS = 20;
/**
 * Customers reading their pages, and other customers adding referrals, each signed in once: the
 * readers' lists keep their size, so a trend in the table is not their pages growing.
 */
const SOAK_CUSTOMERS = 10;
/** Seeded customers who are verified (bench/seed.ts: every 12th is pending, every 50th rejected). */
const verifiedCustomers = (from: number, count: number) =>
  Array.from({ length: count * 2 }, (_, i) => from + i)
    .filter((n) => n % 12 !== 0 && n % 50 !== 0)
    .slice(0, count);
/** Gauges (RSS, connections, queue) are sampled this often; a row shows its window's highest sample. */
const SAMPLE_MS = Math.min(5_000, (WINDOW_SECONDS * 1000) / 3);
/** How long the queue may take to drain once the load stops (emails and webhooks to loopback). */
const DRAIN_LIMIT_MS = 120_000;

/**
 * The weights of the mix, in starts per cycle: the customer's pages dominate, as in use; every admin
 * list and report is read; about one request in six writes.
 */
const WEIGHTS = {
  /** Each customer's pages (the benchmark's group b), per customer. */
  customerRead: 1,
  /** Each admin list and report (groups c and d). */
  adminRead: 1,
  /** Each customer adding a referral (an email to them, a webhook). */
  addReferral: 1,
  /** The administrator verifying a purchase (credits; at a milestone an email and webhooks). */
  verifyPurchase: 4,
  /** The administrator paying a ready milestone (an email, a webhook). */
  payMilestone: 2,
  /** Refusals provoked on purpose, counted apart: an invalid phone number (400), a customer on an admin path (403). */
  refusal: 1,
};

interface Sample {
  atEpochMs: number;
  rssMb: number;
  connections: number;
  jobs: number;
  /** The server process's CPU so far (its jobs included). */
  serverCpuMs: number;
  /** Emails and webhook requests received so far. */
  emails: number;
  webhooks: number;
}

interface Row {
  window: OpenLoopWindow;
  /** The server's CPU per request sent in the window: steadier than latency on a shared machine. */
  cpuMsPerRequest: number;
  rssMb: number;
  connections: number;
  jobs: number;
  emails: number;
  webhooks: number;
}

async function main() {
  buildForProduction();
  const workDir = await mkdtemp(path.join(os.tmpdir(), "referrals-soak-"));
  const smtp = await startSmtpTestServer();
  const receiver = await startWebhookReceiver();
  // Kept after the run (its path is printed): the full text of whatever the server logged.
  const serverLog = path.join(os.tmpdir(), `referrals-soak-${new Date().toISOString().replaceAll(":", "-")}.log`);
  let server: Awaited<ReturnType<typeof startServer>>["child"] | undefined;
  let monitor: pg.Client | undefined;
  try {
    // The server starts the embedded cluster itself (DATA_DIR, no DATABASE_URL), as `npm start`
    // does; it is seeded first through the same code, then stopped.
    const databaseEnv = { DATA_DIR: workDir, EMBEDDED_PG_PORT: String(await findFreePort()), DATABASE_URL: "" };
    const database = await openDatabase(readConfig(databaseEnv));
    try {
      await applyMigrations(database.url);
      const seedStarted = performance.now();
      await seedBenchData(database.url, {
        customers: CUSTOMERS,
        referralsPerCustomer: 10,
        auditEntries: CUSTOMERS * 5,
      });
      console.log(`Seeded ${CUSTOMERS} customers in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    } finally {
      await database.close();
    }

    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const started = await startServer(
      productionServerEnv(port, {
        ...databaseEnv,
        PUBLIC_URL: baseUrl,
        SMTP_URL: smtp.url,
        WEBHOOKS_ALLOW_LOOPBACK: "1",
      }),
      baseUrl,
      { outputFile: serverLog },
    );
    server = started.child;
    const serverPid = server.pid ?? 0;
    monitor = new pg.Client({ connectionString: database.url });
    await monitor.connect();

    const adminCookie = await signIn(baseUrl, "bench_admin");
    const approverCookie = await signIn(baseUrl, "bench_admin_2");
    await raiseReferralDailyLimit(baseUrl, adminCookie, approverCookie, 1000);
    // Milestones are paid directly (not through payout requests), whatever their size.
    await raisePayoutApprovalThreshold(baseUrl, adminCookie, approverCookie, "1000000.00");
    await createWebhookEndpoint(baseUrl, adminCookie, receiver.url);
    const signInAll = (numbers: number[]) => Promise.all(numbers.map((n) => signIn(baseUrl, `bench_customer_${n}`)));
    const customerCookies = await signInAll(verifiedCustomers(1, SOAK_CUSTOMERS));
    const adderCookies = await signInAll(verifiedCustomers(101, SOAK_CUSTOMERS));
    const targets = await measuredTargets(baseUrl, adminCookie, MEASURED_REQUESTS, CUSTOMERS);

    const mix = await buildMix({
      baseUrl,
      adminCookie,
      customerCookies,
      adderCookies,
      targets,
      monitor,
      expectedRequests: MEASURE_MAX ? 500 * (MAX_WARM_UP_SECONDS + MAX_SECONDS) : RATE * DURATION_SECONDS,
    });

    if (MEASURE_MAX) {
      const postmaster = postmasterPid(path.join(workDir, "postgres"));
      await measureMax(baseUrl, mix, serverPid, postmaster, () => drain(monitor as pg.Client));
      return;
    }

    console.log(
      `\nSoak: ${MINUTES} min at ${RATE} req/s offered (open loop: starts at even intervals; default ${DEFAULT_RATE}, ` +
        `40% of the mix's CPU ceiling that --measure-max reports), ${CUSTOMERS} customers, ${os.cpus().length} cores; ` +
        `server pid ${serverPid}, started in ${started.startMs} ms`,
    );
    console.log(describeMix(mix));
    console.log(
      `A row per ${WINDOW_SECONDS === 60 ? "minute" : `${WINDOW_SECONDS} s`} of scheduled starts. RSS, connections (pg_stat_activity ` +
        `on the app's database) and jobs (graphile-worker's, not yet done) are the highest of samples every ${(SAMPLE_MS / 1000).toFixed(1)} s; ` +
        `latency counts from each request's scheduled start; CPU ms/req is the server process's CPU (its jobs included) per request sent; errors are answers neither 2xx nor expected, and no answer at all.\n`,
    );

    const samples: Sample[] = [];
    let emailsReceived = 0;
    const sample = async () => {
      const atEpochMs = Date.now();
      const gauges = await readGauges(monitor as pg.Client);
      // Counted and let go: the sink would otherwise keep every message of the run.
      emailsReceived += smtp.received.length;
      smtp.received.length = 0;
      samples.push({
        atEpochMs,
        rssMb: rssMegabytes(serverPid),
        ...gauges,
        serverCpuMs: processCpuMs(serverPid),
        emails: emailsReceived,
        webhooks: receiver.arrivals,
      });
    };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await sample().catch((error) => console.error(`a sample failed: ${error}`));
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
      }
    })();

    const rows: Row[] = [];
    console.log(tableHeader());
    const windowMs = WINDOW_SECONDS * 1000;
    const loop = await spawnOpenLoop(
      {
        requests: mix,
        rate: RATE,
        durationSeconds: DURATION_SECONDS,
        warmUpSeconds: 0,
        timeoutMs: 10_000,
        slowMs: 1_000,
        windowSeconds: WINDOW_SECONDS,
      },
      {
        onWindow: (window) => {
          const within = (at: number) => at >= window.fromEpochMs && at < window.fromEpochMs + windowMs;
          const inWindow = samples.filter((s) => within(s.atEpochMs));
          const highest = (pick: (s: Sample) => number) => Math.max(0, ...inWindow.map(pick));
          // Deliveries between the window's last sample and the one before the window: to a sample's time.
          const before = samples.filter((s) => s.atEpochMs < window.fromEpochMs).at(-1);
          const last = inWindow.at(-1);
          const delivered = (pick: (s: Sample) => number) => (last ? pick(last) - (before ? pick(before) : 0) : 0);
          const row: Row = {
            window,
            cpuMsPerRequest:
              before && last
                ? Math.round(((last.serverCpuMs - before.serverCpuMs) / Math.max(1, window.sent)) * 100) / 100
                : 0,
            rssMb: highest((s) => s.rssMb),
            connections: highest((s) => s.connections),
            jobs: highest((s) => s.jobs),
            emails: delivered((s) => s.emails),
            webhooks: delivered((s) => s.webhooks),
          };
          rows.push(row);
          console.log(tableRow(row));
        },
      },
    );
    sampling = false;
    await sampler;

    console.log(
      `\nSent ${loop.sent}: ${loop.ok} 2xx, ${loop.non2xx} other answers, ${loop.errors} without an answer; ` +
        `p50 ${loop.p50} ms, p99 ${loop.p99} ms, max ${loop.max} ms; at most ${loop.maxInFlight} in flight` +
        `${loop.startLatenessMax > 10 ? `; the generator started requests up to ${loop.startLatenessMax} ms late` : ""}`,
    );
    printRefusals(rows);
    printTrends(rows);

    const drainStarted = performance.now();
    const gauges = await drain(monitor);
    console.log(
      `\nAfter the load: the job queue ${gauges.jobs === 0 ? `drained in ${((performance.now() - drainStarted) / 1000).toFixed(1)} s` : `still held ${gauges.jobs} jobs after ${DRAIN_LIMIT_MS / 1000} s`}; ` +
        `RSS ${rssMegabytes(serverPid)} MB, ${gauges.connections} connections.`,
    );
    await printDeliveries(monitor, emailsReceived + smtp.received.length, receiver.arrivals);
  } finally {
    await monitor?.end().catch(() => undefined);
    const code = await stopServer(server);
    if (server) console.log(`The server stopped on SIGTERM with exit code ${code}.`);
    await printServerLog(serverLog);
    await smtp.close();
    receiver.server.closeAllConnections();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
    await rm(workDir, { recursive: true, force: true });
  }
}

/** A webhook receiver on loopback that answers 200 to every delivery and counts them. */
async function startWebhookReceiver(): Promise<{ server: Server; url: string; arrivals: number }> {
  const state = { server: http.createServer(), url: "", arrivals: 0 };
  state.server.on("request", (request, response) => {
    request.resume();
    request.on("end", () => {
      state.arrivals++;
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => state.server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}/hooks`;
  return state;
}

async function createWebhookEndpoint(baseUrl: string, adminCookie: string, url: string) {
  const response = await fetch(`${baseUrl}/api/admin/webhooks`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: adminCookie },
    body: JSON.stringify({
      url,
      events: ["referral.added", "purchase.verified", "milestone.ready", "milestone.paid"],
      description: "soak",
    }),
  });
  if (!response.ok) throw new Error(`the webhook endpoint: ${response.status} ${await response.text()}`);
}

/** Waits (at most DRAIN_LIMIT_MS) until no job is left to do; the gauges then. */
async function drain(monitor: pg.Client) {
  const started = performance.now();
  let gauges = await readGauges(monitor);
  while (gauges.jobs > 0 && performance.now() - started < DRAIN_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    gauges = await readGauges(monitor);
  }
  return gauges;
}

async function readGauges(monitor: pg.Client): Promise<{ connections: number; jobs: number }> {
  const { rows } = await monitor.query<{ connections: number; jobs: number }>(
    `SELECT (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()) AS connections,
            (SELECT count(*)::int FROM graphile_worker.jobs WHERE attempts < max_attempts) AS jobs`,
  );
  return rows[0] ?? { connections: 0, jobs: 0 };
}

/**
 * The mix: the benchmark's reads (each customer's pages, every admin list and report), each
 * customer's referrals, the administrator's verifications and payments, and two refusals.
 */
async function buildMix(options: {
  baseUrl: string;
  adminCookie: string;
  customerCookies: string[];
  adderCookies: string[];
  targets: Awaited<ReturnType<typeof measuredTargets>>;
  monitor: pg.Client;
  expectedRequests: number;
}): Promise<OpenLoopRequest[]> {
  const { baseUrl, adminCookie, customerCookies, adderCookies, targets, monitor } = options;
  const json = { "content-type": "application/json", ...ACCEPT_COMPRESSED };
  const mix: OpenLoopRequest[] = [];
  for (const request of MEASURED_REQUESTS) {
    const cookies = request.signedInAs === "customer" ? customerCookies : [adminCookie];
    for (const [n, cookie] of cookies.entries())
      mix.push(
        openLoopRequest(requestOptions(baseUrl, request, cookie, targets), {
          name: request.signedInAs === "customer" ? `${request.name} (customer ${n + 1})` : request.name,
          weight: request.signedInAs === "customer" ? WEIGHTS.customerRead : WEIGHTS.adminRead,
        }),
      );
  }
  const cycle = mix.reduce((sum, r) => sum + (r.weight ?? 1), 0) + mixWritesWeight(adderCookies.length);
  const cycles = Math.ceil(options.expectedRequests / cycle) + 1;

  for (const [n, cookie] of adderCookies.entries()) {
    if (cycles * WEIGHTS.addReferral > 950)
      throw new Error(
        `each customer would add ${cycles * WEIGHTS.addReferral} referrals, beyond the daily limit of 1000: fewer minutes or a lower rate`,
      );
    mix.push({
      name: `add a referral (customer ${n + 1})`,
      url: `${baseUrl}/api/referrals`,
      method: "POST",
      headers: { ...json, cookie },
      weight: WEIGHTS.addReferral,
      variants: Array.from({ length: cycles * WEIGHTS.addReferral }, (_, i) => ({
        body: JSON.stringify({
          name: `Soak Friend ${n}-${i}`,
          // Valid UK mobiles the seeded referrals (+447000…) never use, one per add.
          phone: `+447400${n}${String(i).padStart(5, "0")}`,
          email: `soak-friend-${n}-${i}@example.com`,
        }),
      })),
    });
  }

  const verifications = cycles * WEIGHTS.verifyPurchase;
  const pending = await monitor.query<{ id: number }>(
    `SELECT r.id FROM "Referral" r JOIN "CustomerProfile" c ON c.id = r."customerId"
     WHERE r.status = 'PENDING' AND c.status = 'VERIFIED' AND r."expiresAt" > now() + interval '1 day'
     ORDER BY random() LIMIT $1`,
    [verifications],
  );
  if (pending.rows.length < verifications)
    throw new Error(
      `${verifications} pending referrals are needed, the seed has ${pending.rows.length}: more --customers`,
    );
  mix.push({
    name: "verify a purchase (admin)",
    url: `${baseUrl}/api/admin/referrals/0/purchase`,
    method: "POST",
    headers: { ...json, cookie: adminCookie },
    weight: WEIGHTS.verifyPurchase,
    variants: pending.rows.map((row, i) => ({
      path: `/api/admin/referrals/${row.id}/purchase`,
      body: JSON.stringify({ amount: `${1500 + (i % 7) * 500}.00` }),
    })),
  });

  const payments = cycles * WEIGHTS.payMilestone;
  const ready = await readyMilestones(baseUrl, adminCookie, payments);
  if (ready.length < payments)
    throw new Error(`${payments} ready milestones are needed, the seed has ${ready.length}: more --customers`);
  mix.push({
    name: "pay a milestone (admin)",
    url: `${baseUrl}/api/admin/process-milestone`,
    method: "POST",
    headers: { ...json, cookie: adminCookie },
    weight: WEIGHTS.payMilestone,
    variants: ready.slice(0, payments).map((body) => ({ body: JSON.stringify(body) })),
  });

  mix.push(
    {
      name: "add a referral, invalid phone",
      url: `${baseUrl}/api/referrals`,
      method: "POST",
      headers: { ...json, cookie: customerCookies[0] ?? "" },
      body: JSON.stringify({ name: "Soak Invalid", phone: "12" }),
      weight: WEIGHTS.refusal,
      expectedStatuses: [400],
    },
    {
      name: "customer on an admin path",
      url: `${baseUrl}/api/admin/analytics`,
      method: "GET",
      headers: { cookie: customerCookies[0] ?? "", ...ACCEPT_COMPRESSED },
      weight: WEIGHTS.refusal,
      expectedStatuses: [403],
    },
  );
  return mix;
}

function mixWritesWeight(customers: number): number {
  return customers * WEIGHTS.addReferral + WEIGHTS.verifyPurchase + WEIGHTS.payMilestone + 2 * WEIGHTS.refusal;
}

/**
 * Ready milestones as the administrator's queue lists them, each customer's first ones first: a
 * customer's next milestone comes a whole pass later, after the one before it is paid.
 */
async function readyMilestones(
  baseUrl: string,
  adminCookie: string,
  wanted: number,
): Promise<{ customerId: number; milestoneType: string }[]> {
  const passes: { customerId: number; milestoneType: string }[][] = [];
  let after: number | undefined;
  let found = 0;
  for (;;) {
    const response = await fetch(
      `${baseUrl}/api/admin/pending-milestones?limit=500${after === undefined ? "" : `&after=${after}`}`,
      { headers: { cookie: adminCookie } },
    );
    if (!response.ok) throw new Error(`pending milestones: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { customerId: number; pendingMilestones: { type: string }[] }[];
    for (const customer of page) {
      for (const [pass, milestone] of customer.pendingMilestones.entries()) {
        passes[pass] ??= [];
        passes[pass]?.push({ customerId: customer.customerId, milestoneType: milestone.type });
        found++;
      }
    }
    if (page.length < 500 || found >= wanted * 2) break;
    after = page[page.length - 1]?.customerId;
  }
  return passes.flat();
}

function describeMix(mix: OpenLoopRequest[]): string {
  const total = mix.reduce((sum, r) => sum + (r.weight ?? 1), 0);
  const share = (filter: (r: OpenLoopRequest) => boolean) =>
    `${((mix.filter(filter).reduce((sum, r) => sum + (r.weight ?? 1), 0) / total) * 100).toFixed(0)}%`;
  const writes = (r: OpenLoopRequest) => r.method === "POST" && !r.url.endsWith("/graphql") && !r.expectedStatuses;
  return (
    `Mix, per cycle of ${total} starts: reads ${share((r) => !writes(r) && !r.expectedStatuses)} ` +
    `(${MEASURED_REQUESTS.length} benchmark requests, the customer's as ${SOAK_CUSTOMERS} customers; ${SOAK_CUSTOMERS} others add referrals), ` +
    `writes ${share(writes)} (referrals added ${share((r) => r.name?.startsWith("add a referral (") ?? false)}, ` +
    `purchases verified ${share((r) => r.name === "verify a purchase (admin)")}, milestones paid ${share((r) => r.name === "pay a milestone (admin)")}), ` +
    `expected refusals ${share((r) => r.expectedStatuses !== undefined)} (an invalid phone: 400; a customer on an admin path: 403).`
  );
}

/** --measure-max: the same mix, closed loop with autocannon, after a warm-up; prints 40% of it. */
async function measureMax(
  baseUrl: string,
  mix: OpenLoopRequest[],
  serverPid: number,
  postmaster: string | undefined,
  drained: () => Promise<unknown>,
) {
  const sequence = mixSequence(mix.map((request) => request.weight ?? 1));
  const sent = mix.map(() => 0);
  let next = 0;
  const load = (duration: number) =>
    autocannon({
      url: baseUrl,
      connections: MAX_CONNECTIONS,
      duration,
      requests: [
        {
          setupRequest: (req: any) => {
            const kind = sequence[next++ % sequence.length] ?? 0;
            const request = mix[kind] as OpenLoopRequest;
            const target = new URL(request.url);
            const turn = sent[kind] ?? 0;
            sent[kind] = turn + 1;
            const variant = request.variants?.[turn % request.variants.length];
            return {
              ...req,
              method: request.method,
              path: variant?.path ?? `${target.pathname}${target.search}`,
              headers: request.headers,
              body: variant?.body ?? request.body,
            };
          },
        },
      ],
    });
  console.log(
    `\nThe mix's maximum: ${MAX_CONNECTIONS} connections, closed loop, ${MAX_WARM_UP_SECONDS} s warm-up, then ${MAX_SECONDS} s`,
  );
  await load(MAX_WARM_UP_SECONDS);
  const before = { server: processCpuMs(serverPid), postgres: postgresCpuMs(postmaster) };
  const result = await load(MAX_SECONDS);
  const perSecond = Math.round(result.requests.average);
  const perRequest = (from: number, to: number) => (to - from) / Math.max(1, result.requests.total);
  const serverMs = perRequest(before.server, processCpuMs(serverPid));
  const postgresMs = perRequest(before.postgres, postgresCpuMs(postmaster));
  console.log(
    `  ${perSecond} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms ` +
      `(${result.non2xx} non-2xx, of which about ${Math.round((result.requests.total * 2 * WEIGHTS.refusal) / mix.reduce((s, r) => s + (r.weight ?? 1), 0))} are the mix's expected refusals; ${result.errors + result.timeouts} errors)`,
  );
  // The closed loop's emails and webhooks first: their CPU would land on whichever request came next.
  await drained();
  await printCostliest(baseUrl, mix, serverPid);
  // CPU per request is steadier than req/s on a shared machine: what the mix would reach on its own.
  const cores = os.cpus().length;
  const ceiling = Math.round(Math.min(1000 / serverMs, (cores * 1000) / (serverMs + postgresMs)));
  console.log(
    `  CPU per request: server ${serverMs.toFixed(2)} ms, PostgreSQL ${postgresMs.toFixed(2)} ms (jobs included); ` +
      `alone on ${cores} cores that is at most ~${ceiling} req/s (the server's one thread, or all cores)`,
  );
  console.log(
    `  40% of the measured maximum: ${Math.round(perSecond * 0.4)} req/s; of the CPU ceiling: ${Math.round(ceiling * 0.4)} req/s (the default rate is ${DEFAULT_RATE})`,
  );
}

/**
 * The server's CPU per request of each kind in the mix, warm (one customer's, one at a time, 10
 * each; writes take their variants from the end, which the closed loop does not reach), costliest first.
 */
async function printCostliest(baseUrl: string, mix: OpenLoopRequest[], serverPid: number) {
  const SENT = 10;
  const kinds = mix.filter((request) => !/\(customer ([2-9]|\d\d)\)$/.test(request.name ?? ""));
  const costs: { name: string; cpuMs: number; status: number }[] = [];
  for (const request of kinds) {
    const before = processCpuMs(serverPid);
    let status = 0;
    for (let i = 0; i < SENT; i++) {
      const variant = request.variants?.[request.variants.length - 1 - i];
      status = await sendOnce(new URL(variant?.path ?? request.url, baseUrl), request, variant?.body ?? request.body);
    }
    costs.push({ name: request.name ?? request.url, cpuMs: (processCpuMs(serverPid) - before) / SENT, status });
  }
  costs.sort((a, b) => b.cpuMs - a.cpuMs);
  console.log(
    `\nThe server's CPU per request, one at a time (${SENT} of each; jobs they queue included), costliest first:`,
  );
  for (const cost of costs.slice(0, 10))
    console.log(`  ${cost.cpuMs.toFixed(1).padStart(7)} ms  ${cost.name} (last answer ${cost.status})`);
}

/**
 * One request on a connection of its own: after a long closed loop a kept-alive socket may be one
 * the server is just closing ("other side closed"), on a busy machine more so.
 */
function sendOnce(url: URL, request: OpenLoopRequest, body: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      { method: request.method, headers: request.headers, agent: false },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const COLUMNS = [
  ["min", 4],
  ["sent", 6],
  ["p50 ms", 7],
  ["p99 ms", 7],
  ["CPU ms/req", 11],
  ["errors", 7],
  ["exp. 4xx", 9],
  ["RSS MB", 7],
  ["PG conns", 9],
  ["jobs", 6],
  ["emails", 7],
  ["webhooks", 9],
] as const;

function tableHeader(): string {
  return COLUMNS.map(([name, width]) => name.padStart(width)).join(" ");
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, n) => total + n, 0);

function tableRow(row: Row): string {
  const values = [
    row.window.window + 1,
    row.window.sent,
    row.window.p50,
    row.window.p99,
    row.cpuMsPerRequest,
    sum(row.window.failed),
    sum(row.window.expected),
    row.rssMb,
    row.connections,
    row.jobs,
    row.emails,
    row.webhooks,
  ];
  return COLUMNS.map(([, width], i) => String(values[i]).padStart(width)).join(" ");
}

/** The answers behind the errors and expected columns, by request and status. */
function printRefusals(rows: Row[]) {
  const total = (pick: (window: OpenLoopWindow) => Record<string, number>) => {
    const counts: Record<string, number> = {};
    for (const row of rows)
      for (const [key, n] of Object.entries(pick(row.window))) counts[key] = (counts[key] ?? 0) + n;
    return Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .map(([key, n]) => `${key} ×${n}`)
      .join("; ");
  };
  console.log(`Errors: ${total((w) => w.failed) || "none"}`);
  console.log(`Expected refusals: ${total((w) => w.expected) || "none"}`);
}

/**
 * Flat or not, per column: the least-squares slope over the rows after the first (its warm-up),
 * relative to the column's mean (or a floor, for columns that sit near zero), against a tolerance.
 */
const TREND_RULES: { column: string; pick: (row: Row) => number; tolerancePerMinute: number; floor: number }[] = [
  { column: "RSS MB", pick: (r) => r.rssMb, tolerancePerMinute: 0.01, floor: 1 },
  { column: "PG conns", pick: (r) => r.connections, tolerancePerMinute: 0.02, floor: 5 },
  { column: "jobs", pick: (r) => r.jobs, tolerancePerMinute: 0.05, floor: 20 },
  { column: "p50 ms", pick: (r) => r.window.p50, tolerancePerMinute: 0.03, floor: 2 },
  { column: "p99 ms", pick: (r) => r.window.p99, tolerancePerMinute: 0.05, floor: 10 },
  { column: "CPU ms/req", pick: (r) => r.cpuMsPerRequest, tolerancePerMinute: 0.02, floor: 0.5 },
  { column: "errors", pick: (r) => sum(r.window.failed), tolerancePerMinute: 0.05, floor: 10 },
  { column: "sent", pick: (r) => r.window.sent, tolerancePerMinute: 0.01, floor: 1 },
];

function printTrends(rows: Row[]) {
  // Only whole windows: the last may be short when the duration is not a whole number of them.
  const measured = rows.slice(1);
  const perMinute = 60 / WINDOW_SECONDS;
  console.log(
    `\nTrend over rows 2-${rows.length} (row 1 is the warm-up): least-squares slope per minute, as a share of the mean (or of the floor, when the mean is below it)`,
  );
  if (measured.length < 2) {
    console.log("  not enough rows after the warm-up for a slope (at least 3 in all)");
    return;
  }
  if (measured.length === 2) console.log("  (two rows: the slope is their difference, not a trend)");
  for (const rule of TREND_RULES) {
    const values = measured.map(rule.pick);
    const { slope, mean, relative, verdict } = trend(values, rule.tolerancePerMinute / perMinute, rule.floor);
    const shown = rule.column === "errors" && values.every((v) => v === 0) ? "none" : verdict;
    console.log(
      `  ${rule.column.padEnd(9)} mean ${mean.toFixed(1).padStart(8)}  slope ${(slope * perMinute >= 0 ? "+" : "") + (slope * perMinute).toFixed(2)}/min ` +
        `(${(relative * perMinute * 100 >= 0 ? "+" : "") + (relative * perMinute * 100).toFixed(2)}%/min; flat within ±${(rule.tolerancePerMinute * 100).toFixed(0)}%/min, floor ${rule.floor})  ${shown}`,
    );
  }
}

async function printDeliveries(monitor: pg.Client, emailsReceived: number, webhooksReceived: number) {
  const counts = async (table: string) => {
    const { rows } = await monitor.query<{ status: string; count: number }>(
      `SELECT status, count(*)::int AS count FROM "${table}" GROUP BY status ORDER BY status`,
    );
    return rows.map((row) => `${row.status.toLowerCase()} ${row.count}`).join(", ") || "none";
  };
  const failedJobs = await monitor.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM graphile_worker.jobs WHERE attempts >= max_attempts",
  );
  console.log(
    `Emails in the outbox: ${await counts("Email")}; the SMTP sink received ${emailsReceived}. ` +
      `Webhook deliveries: ${await counts("WebhookDelivery")}; the receiver received ${webhooksReceived}. ` +
      `Jobs failed for good: ${failedJobs.rows[0]?.count ?? 0}.`,
  );
}

/** The server logs at warn and above during the soak: how many, and the distinct messages. */
async function printServerLog(file: string) {
  const text = await readFile(file, "utf8").catch(() => "");
  const messages = new Map<string, number>();
  let lines = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    lines++;
    let message = line;
    try {
      const parsed = JSON.parse(line) as { msg?: string; level?: number };
      message = `${parsed.level === 50 ? "error" : parsed.level === 60 ? "fatal" : "warn"}: ${parsed.msg ?? line}`;
    } catch {
      // Not pino's JSON (stderr): shown as it is.
    }
    const shown = message.split("\n")[0]?.slice(0, 160) ?? "";
    messages.set(shown, (messages.get(shown) ?? 0) + 1);
  }
  console.log(`The server's log (warn and above): ${lines} lines, in ${file}`);
  for (const [message, n] of [...messages].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${n} × ${message}`);
}

await main();
