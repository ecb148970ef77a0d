// npm run bench [-- --customers 20000 --duration 10]
// Seeds a fresh database, starts the production server on loopback, measures it with autocannon
// (each run bounded in time), prints a table and writes bench/results/latest.json.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { encodeGlobalID } from "@pothos/plugin-relay";
import autocannon from "autocannon";
import pg from "pg";
import { ensureDatabase, startEmbeddedPostgres } from "../api/src/db/embeddedPostgres.ts";
import { findFreePort } from "../api/src/db/freePort.ts";
import { applyMigrations } from "../api/src/db/migrate.ts";
import { routeInitialJavaScript, totalGzip } from "../web/scripts/bundleSize.ts";
import { deepCustomersCursor, MEASURED_REQUESTS, type MeasuredRequest } from "./requests.ts";
import { BENCH_PASSWORD, seedBenchData } from "./seed.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const { values: options } = parseArgs({
  options: {
    customers: { type: "string", default: "20000" },
    duration: { type: "string", default: "10" },
  },
});
const CUSTOMERS = Number(options.customers);
const DURATION = Number(options.duration);
const WARM_UP_SECONDS = 3;
const FIRST_WARM_UP_SECONDS = 8;

interface Measured {
  name: string;
  group?: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU milliseconds per request, read from /proc: steadier than req/s on a shared machine. */
  serverCpuMs?: number;
  postgresCpuMs?: number;
}

const results: { measured: Measured[]; facts: Record<string, number | string> } = { measured: [], facts: {} };

/** Whose CPU time the measurements read: the server once started, PostgreSQL when the bench started it. */
const cpuOf: { serverPid?: number; postgres?: boolean } = {};

const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a process, in milliseconds. */
function processCpuMs(pid: number | string): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") total += processCpuMs(pid);
    } catch {
      // The process ended while we read it.
    }
  }
  return total;
}

/** CPU time so far of the server and of PostgreSQL, for a load on the server. */
function cpuSnapshot(onServer: boolean) {
  return {
    server: onServer && cpuOf.serverPid !== undefined ? processCpuMs(cpuOf.serverPid) : undefined,
    postgres: onServer && cpuOf.postgres ? postgresCpuMs() : undefined,
  };
}

let serverWarmedUp = false;

async function measure(
  name: string,
  request: {
    url: string;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    connections: number;
    setupRequest?: (req: any) => any;
  },
  { onServer = true } = {},
): Promise<Measured> {
  const load = (duration: number) =>
    autocannon({
      url: request.url,
      method: request.method ?? "GET",
      headers: request.headers,
      body: request.body,
      connections: request.connections,
      duration,
      ...(request.setupRequest ? { requests: [{ setupRequest: request.setupRequest }] } : {}),
    });
  // The same load first, not counted: V8 compiles a request's hot code over its first seconds under
  // load. A fresh server answered { __typename } at 420, 790, 1,140, 1,780, then ~2,500 req/s in
  // five consecutive seconds, so an unwarmed ceiling was low, and the dashboard's share high.
  await load(!onServer ? 1 : serverWarmedUp ? WARM_UP_SECONDS : FIRST_WARM_UP_SECONDS);
  serverWarmedUp ||= onServer;
  const before = cpuSnapshot(onServer);
  const result = await load(DURATION);
  const row: Measured = {
    name,
    connections: request.connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  const after = cpuSnapshot(onServer);
  const perRequest = (from?: number, to?: number) =>
    from === undefined || to === undefined || result.requests.total === 0
      ? undefined
      : Math.round(((to - from) / result.requests.total) * 1000) / 1000;
  row.serverCpuMs = perRequest(before.server, after.server);
  row.postgresCpuMs = perRequest(before.postgres, after.postgres);
  results.measured.push(row);
  const cpu =
    row.serverCpuMs === undefined
      ? ""
      : `  CPU/request: server ${row.serverCpuMs.toFixed(2)} ms${row.postgresCpuMs === undefined ? "" : `, PostgreSQL ${row.postgresCpuMs.toFixed(2)} ms`}`;
  console.log(
    `  ${name.padEnd(44)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms${cpu}${row.errors + row.non2xx ? `  (${row.errors} errors, ${row.non2xx} non-2xx)` : ""}`,
  );
  return row;
}

type LoadOptions = Parameters<typeof measure>[1];

function requestOptions(
  baseUrl: string,
  request: MeasuredRequest,
  cookie: string,
  deepCursor: string | null,
): LoadOptions {
  if (request.path) return { url: `${baseUrl}${request.path}`, headers: { cookie }, connections: request.connections };
  const variables = { ...request.graphql?.variables, ...(request.deepPage ? { after: deepCursor } : {}) };
  return {
    url: `${baseUrl}/graphql`,
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ query: request.graphql?.query, variables }),
    connections: request.connections,
  };
}

async function signIn(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status} ${await response.text()}`);
  return (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
}

async function graphql(baseUrl: string, cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown[] };
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** `npm start`'s launcher (api/start.sh execs node on the compiled API), so its pid is the server's. */
async function startServer(env: NodeJS.ProcessEnv, baseUrl: string): Promise<{ child: ChildProcess; startMs: number }> {
  const started = performance.now();
  const child = spawn("sh", ["api/start.sh"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, startMs: Math.round(performance.now() - started) };
    if (performance.now() - started > 120_000) throw new Error("the server did not become healthy in 120 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function pageLoadMs(baseUrl: string, route: string, cookie?: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const context = await browser.newContext();
    if (cookie) {
      const name = cookie.slice(0, cookie.indexOf("="));
      const value = cookie.slice(cookie.indexOf("=") + 1);
      // Chromium takes a `__Host-` cookie (production) only as Secure with a domain and path, not a url.
      await context.addCookies([
        {
          name,
          value,
          domain: new URL(baseUrl).hostname,
          path: "/",
          httpOnly: true,
          sameSite: "Lax",
          secure: name.startsWith("__Host-"),
        },
      ]);
    }
    const page = await context.newPage();
    // Warm once (server caches), then measure a cold page in a fresh context's cache.
    await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
    const fresh = await browser.newContext();
    if (cookie) await fresh.addCookies((await context.cookies()).map((c) => ({ ...c })));
    const measured = await fresh.newPage();
    const started = performance.now();
    await measured.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
    return Math.round(performance.now() - started);
  } finally {
    await browser.close();
  }
}

async function main() {
  console.log(`Benchmark: ${CUSTOMERS} customers, ${DURATION} s per measurement, ${os.cpus().length} cores\n`);
  if (!existsSync(path.join(ROOT, "web/dist/.vite/manifest.json"))) {
    const build = spawnSync("npm", ["run", "build:web"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("the web build failed");
  }
  // The production server runs the compiled API: build it now (nothing to do when it is up to date)
  // rather than inside the measured start-up.
  const apiBuild = spawnSync("npm", ["run", "build:api"], { cwd: ROOT, stdio: "inherit" });
  if (apiBuild.status !== 0) throw new Error("the API build failed");

  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "referrals-bench-"));
  let cluster: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let server: ChildProcess | undefined;
  try {
    let adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      cluster = await startEmbeddedPostgres({ clusterDir: path.join(workDir, "pg"), port: await findFreePort() });
      adminUrl = cluster.adminUrl;
    }
    const databaseUrl = await ensureDatabase(adminUrl, `bench_${Date.now()}`);
    await applyMigrations(databaseUrl);
    const seedStarted = performance.now();
    await seedBenchData(databaseUrl, { customers: CUSTOMERS, referralsPerCustomer: 10, auditEntries: CUSTOMERS * 5 });
    results.facts.seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    console.log(`Seeded in ${results.facts.seedSeconds} s\n`);

    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "bench-session-secret-0123456789abcdef0123456789",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO: "0",
      LOG_LEVEL: "warn",
      DATA_DIR: workDir,
    };
    const started = await startServer(env, baseUrl);
    server = started.child;
    cpuOf.serverPid = server.pid;
    cpuOf.postgres = cluster !== undefined;
    results.facts.startToHealthyMs = started.startMs;
    const customerCookie = await signIn(baseUrl, "bench_customer_1");
    const adminCookie = await signIn(baseUrl, "bench_admin");
    const json = { "content-type": "application/json" };

    console.log("a. Ceiling");
    const plain = http.createServer((_req, res) =>
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
    );
    const plainPort = await findFreePort();
    await new Promise<void>((resolve) => plain.listen(plainPort, "127.0.0.1", resolve));
    await measure("node:http JSON", { url: `http://127.0.0.1:${plainPort}/`, connections: 50 }, { onServer: false });
    plain.close();
    const yoga = await measure("Yoga { __typename }", {
      url: `${baseUrl}/graphql`,
      method: "POST",
      headers: json,
      body: JSON.stringify({ query: "{ __typename }" }),
      connections: 50,
    });
    // Not a budget: what any signed-in request costs here (the session's one-row read), so the
    // dashboard's figures can be read against it.
    await measure("signed in, { viewer { firstName } }", {
      url: `${baseUrl}/graphql`,
      method: "POST",
      headers: { ...json, cookie: customerCookie },
      body: JSON.stringify({ query: "{ viewer { firstName } }" }),
      connections: 50,
    });

    const cookies = { customer: customerCookie, admin: adminCookie };
    const deepCursor = await deepCustomersCursor(
      (after) =>
        graphql(baseUrl, adminCookie, MEASURED_REQUESTS.find((r) => r.deepPage)?.graphql?.query ?? "", { after }),
      CUSTOMERS,
    );
    const titles = {
      b: "b. A customer's dashboard (50 connections)",
      c: "c. Admin lists (10 connections)",
      d: "d. Analytics (10 connections)",
    };
    let dashboard: Measured | undefined;
    let group = "";
    for (const request of MEASURED_REQUESTS) {
      if (request.group !== group) {
        group = request.group;
        console.log(titles[request.group]);
      }
      const row = await measure(
        request.name,
        requestOptions(baseUrl, request, cookies[request.signedInAs], deepCursor),
      );
      results.measured[results.measured.length - 1] = {
        ...row,
        group: request.withoutBudget ? `${request.group} (no budget)` : request.group,
      };
      dashboard ??= request.group === "b" ? row : undefined;
    }
    if (!dashboard) throw new Error("no dashboard request measured");

    console.log("e. verifyPurchase (10 connections, a different pending referral each time)");
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const pending = (
      await db.query<{ id: number }>(`SELECT id FROM "Referral" WHERE status = 'PENDING' ORDER BY id LIMIT 50000`)
    ).rows.map((r) => r.id);
    await db.end();
    let next = 0;
    const verifyQuery = `mutation BenchVerify($input: VerifyPurchaseInput!) { verifyPurchase(input: $input) { __typename } }`;
    await measure("verifyPurchase (GraphQL)", {
      url: `${baseUrl}/graphql`,
      method: "POST",
      headers: { ...json, cookie: adminCookie },
      connections: 10,
      setupRequest: (req: any) => ({
        ...req,
        body: JSON.stringify({
          query: verifyQuery,
          variables: {
            input: { referralId: encodeGlobalID("Referral", pending[next++ % pending.length] ?? 0), amount: "250.00" },
          },
        }),
      }),
    });

    console.log("f. Start-up and memory");
    results.facts.rssAfterLoadMb = rssMegabytes(server.pid ?? 0);
    console.log(
      `  start to healthy ${results.facts.startToHealthyMs} ms; RSS after the load ${results.facts.rssAfterLoadMb} MB`,
    );

    console.log("g. Web app");
    results.facts.landingJsGzipBytes = totalGzip(routeInitialJavaScript("src/pages/landing/LandingPage.tsx"));
    const homeRoute = ["src/pages/home/HomePage.tsx", "src/pages/home/index.tsx"].find((source) => {
      try {
        routeInitialJavaScript(source);
        return true;
      } catch {
        return false;
      }
    });
    if (homeRoute) results.facts.dashboardJsGzipBytes = totalGzip(routeInitialJavaScript(homeRoute));
    results.facts.landingLoadMs = await pageLoadMs(baseUrl, "/");
    results.facts.dashboardLoadMs = await pageLoadMs(baseUrl, "/home", customerCookie);
    console.log(
      `  landing JS ${(Number(results.facts.landingJsGzipBytes) / 1024).toFixed(1)} KB gzip, loads in ${results.facts.landingLoadMs} ms; ` +
        `dashboard JS ${(Number(results.facts.dashboardJsGzipBytes ?? 0) / 1024).toFixed(1)} KB gzip, loads in ${results.facts.dashboardLoadMs} ms`,
    );

    // Compared unrounded: 24.96% is not 25%.
    const share = (dashboard.requestsPerSecond / yoga.requestsPerSecond) * 100;
    results.facts.dashboardShareOfYogaCeilingPercent = Math.floor(share * 10) / 10;
    const p99Budget: Record<string, number> = { b: 50, c: 50, d: 250 };
    const budgets = [
      {
        budget: "dashboard at least 25% of the Yoga ceiling",
        figure: `${results.facts.dashboardShareOfYogaCeilingPercent}%`,
        met: share >= 25,
      },
      ...results.measured
        .filter((row) => row.group && p99Budget[row.group])
        .map((row) => ({
          budget: `${row.group}: ${row.name} p99 under ${p99Budget[row.group ?? ""]} ms`,
          figure: `${row.p99} ms`,
          met: row.p99 < (p99Budget[row.group ?? ""] ?? 0),
        })),
      {
        budget: "RSS under 300 MB after the load",
        figure: `${results.facts.rssAfterLoadMb} MB`,
        met: Number(results.facts.rssAfterLoadMb) < 300,
      },
    ];
    console.log("\nBudgets");
    for (const row of budgets) console.log(`  ${row.met ? "met   " : "MISSED"} ${row.budget}: ${row.figure}`);
    Object.assign(results, { budgets });
    await fs.mkdir(path.join(ROOT, "bench/results"), { recursive: true });
    await fs.writeFile(
      path.join(ROOT, "bench/results/latest.json"),
      `${JSON.stringify({ date: new Date().toISOString(), customers: CUSTOMERS, durationSeconds: DURATION, ...results }, null, 2)}\n`,
    );
    console.log("Wrote bench/results/latest.json");
  } finally {
    if (server && server.exitCode === null) {
      await new Promise((resolve) => {
        server?.once("exit", resolve);
        server?.kill("SIGTERM");
      });
    }
    await cluster?.stop();
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

await main();
