// npm run bench [-- --customers 20000 --duration 10 --only a,b,h,i,lighthouse --trace DIR]
// Seeds a fresh database, starts the production server on loopback, measures its maximum
// throughput with autocannon and its latency at half that rate with an open-loop generator (each
// run bounded in time), times a live admin update across two instances (h, bench/liveQueues.ts),
// compares one admin read sent with a cookie and with a Bearer token (i), runs Lighthouse on the
// first pages, prints a table and writes bench/results/latest.json.
import type { ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { encodeGlobalID } from "@pothos/plugin-relay";
import autocannon from "autocannon";
import pg from "pg";
import { ensureDatabase, startEmbeddedPostgres } from "../api/src/db/embeddedPostgres.ts";
import { findFreePort } from "../api/src/db/freePort.ts";
import { applyMigrations } from "../api/src/db/migrate.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/support/chromium.ts";
import { routeInitialJavaScript, totalGzip } from "../web/scripts/bundleSize.ts";
import viewerSessionQuery from "../web/src/__generated__/viewerSessionQuery.graphql.ts";
import { type LighthouseFigures, type LighthousePage, runLighthouse, SHARED_BUDGET } from "./lighthouse.ts";
import { LIVE_QUEUE_BUDGET_MS, type LiveQueueDelay, measureLiveQueueDelay } from "./liveQueues.ts";
import { describeMachine, MachineSampler } from "./machine.ts";
import { type OpenLoopResult, spawnOpenLoop } from "./openLoop.ts";
import { MEASURED_REQUESTS } from "./requests.ts";
import { seedBenchData } from "./seed.ts";
import {
  ACCEPT_COMPRESSED,
  buildForProduction,
  ceilingRequest,
  graphql,
  type LoadOptions,
  measuredTargets,
  openLoopRequest,
  persistedBody,
  postgresCpuMs,
  processCpuMs,
  productionServerEnv,
  ROOT,
  raiseReferralDailyLimit,
  requestOptions,
  rssMegabytes,
  signIn,
  startServer,
  stopServer,
  waitForDueJobs,
} from "./stack.ts";

const { values: options } = parseArgs({
  options: {
    customers: { type: "string", default: "20000" },
    duration: { type: "string", default: "10" },
    only: { type: "string" },
    trace: { type: "string" },
  },
});
const CUSTOMERS = Number(options.customers);
const DURATION = Number(options.duration);
if (!(Number.isInteger(CUSTOMERS) && CUSTOMERS >= 100) || !(DURATION > 0)) {
  throw new Error("--customers takes a whole number of at least 100, --duration a number of seconds above 0");
}
const SECTIONS = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "lighthouse"] as const;
type Section = (typeof SECTIONS)[number];
const only = options.only?.split(",").map((name) => name.trim());
const unknownSection = only?.find((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknownSection !== undefined) {
  throw new Error(`--only takes sections among ${SECTIONS.join(", ")} (comma-separated); not "${unknownSection}"`);
}
const runs = (section: Section) => only === undefined || only.includes(section);
/**
 * --trace DIR: the server runs with bench/trace.mjs (GC, a blocked event loop, slow timer callbacks), and
 * PostgreSQL logs checkpoints, autovacuum, lock waits and statements over 20 ms; both logs go to DIR.
 */
const TRACE_DIR = options.trace === undefined ? undefined : path.resolve(options.trace);
/** With --trace: the whole machine sampled, to tell a stall of the server from one of the machine. */
let machine: MachineSampler | undefined;
const WARM_UP_SECONDS = 3;
/** Section h: referrals timed from one instance to a subscriber on another (at 400 ms apart, about 25 s). */
const LIVE_QUEUE_SAMPLES = 60;
const FIRST_WARM_UP_SECONDS = 8;
const MAX_WARM_UP_SECONDS = 25;

/** The dashboard against the ceiling in the same run: its share of the throughput, its CPU per request. */
const DASHBOARD_SHARE_PERCENT = 30;
const DASHBOARD_CPU_TIMES = 3;

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
  /** Latency with requests started at evenly spaced times, at half of requestsPerSecond. */
  openLoop?: OpenLoopResult;
}

const results: {
  measured: Measured[];
  facts: Record<string, number | string>;
  lighthouse?: LighthouseFigures[];
  liveQueues?: LiveQueueDelay;
  bearerVsCookie?: BearerVsCookie;
} = { measured: [], facts: {} };

/** Section i: one admin read, with a cookie and with a Bearer token, at the same offered rate. */
interface BearerVsCookie {
  path: string;
  offeredRate: number;
  cookie: Credential;
  bearer: Credential;
  /** Bearer's server + PostgreSQL CPU per request over cookie's, open loop. */
  cpuRatio: number;
  p50Ratio: number;
  withinTenPercent: boolean;
}

interface Credential {
  maxRequestsPerSecond: number;
  p50: number;
  p99: number;
  serverCpuMs: number;
  postgresCpuMs: number;
  failed: number;
}

/** When the server was started: the open loop's stalls are printed as seconds since, as --trace-gc prints its times. */
let serverStartedEpochMs = 0;

/** Whose CPU time the measurements read: the server once started, PostgreSQL when the bench started it. */
const cpuOf: { serverPid?: number; postgres?: boolean; postmasterPid?: string } = {};

/** CPU time so far of the server and of PostgreSQL, for a load on the server. */
function cpuSnapshot(onServer: boolean) {
  return {
    server: onServer && cpuOf.serverPid !== undefined ? processCpuMs(cpuOf.serverPid) : undefined,
    postgres: onServer && cpuOf.postgres ? postgresCpuMs(cpuOf.postmasterPid) : undefined,
  };
}

let serverWarmedUp = false;

async function measure(name: string, request: LoadOptions, { onServer = true } = {}): Promise<Measured> {
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
  // five consecutive seconds, so an unwarmed ceiling was low; the dashboard's server CPU a request
  // still fell by a fifth between its 5th and 15th second. A live server runs warm: the warm-up
  // goes on, a second at a time, until a second's CPU per request is within 5% of the one before.
  if (onServer) await warmUntilSteady(load, serverWarmedUp ? WARM_UP_SECONDS : FIRST_WARM_UP_SECONDS);
  else await load(1);
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

/** Loads for `seconds`, then a second at a time until the server's CPU per request settles (at most MAX_WARM_UP_SECONDS). */
async function warmUntilSteady(load: (seconds: number) => Promise<autocannon.Result>, seconds: number) {
  await load(seconds);
  let previous: number | undefined;
  for (let second = seconds; second < MAX_WARM_UP_SECONDS; second++) {
    // The server's CPU only: PostgreSQL's is read by walking /proc, work not worth doing each second here.
    if (cpuOf.serverPid === undefined) return;
    const before = processCpuMs(cpuOf.serverPid);
    const result = await load(1);
    const after = processCpuMs(cpuOf.serverPid);
    if (result.requests.total === 0) return;
    const perRequest = (after - before) / result.requests.total;
    if (previous !== undefined && Math.abs(perRequest - previous) <= previous * 0.05) return;
    previous = perRequest;
  }
}

const OPEN_LOOP_WARM_UP_SECONDS = 2;

/** The open-loop generator in a process of its own (bench/openLoop.ts), so its work does not delay its own starts. */
function openLoop(request: LoadOptions, rate: number, slowMs: number): Promise<OpenLoopResult> {
  return spawnOpenLoop({
    requests: [openLoopRequest(request)],
    rate,
    durationSeconds: DURATION,
    warmUpSeconds: OPEN_LOOP_WARM_UP_SECONDS,
    timeoutMs: 10_000,
    slowMs,
  });
}

function printOpenLoop(result: OpenLoopResult, slowMs: number) {
  const failed = result.errors + result.non2xx;
  console.log(
    `    open loop at half: offered ${result.offeredRate} req/s, achieved ${result.achievedRate}  p50 ${result.p50} ms  p99 ${result.p99} ms  max ${result.max} ms` +
      `${failed ? `  (${result.errors} errors, ${result.non2xx} non-2xx)` : ""}${result.startLatenessMax > 10 ? `  (the generator started requests up to ${result.startLatenessMax} ms late)` : ""}`,
  );
  if (failed) {
    const reasons = Object.entries(result.failures ?? {}).sort((a, b) => b[1] - a[1]);
    console.log(`    failed: ${reasons.map(([reason, count]) => `${count} ${reason}`).join(", ")}`);
  }
  const sinceStart = (epochMs: number) => epochMs - serverStartedEpochMs;
  const pauses = TRACE_DIR ? gcPauses(path.join(TRACE_DIR, "server.log")) : undefined;
  const worst = result.stalls[0];
  if (worst && worst.requests > 1) {
    // A pause delays the requests due during it and the ones queued behind them.
    const during = pauses?.filter(
      (pause) =>
        pause.atMs + pause.pauseMs >= sinceStart(worst.fromEpochMs) && pause.atMs <= sinceStart(worst.toEpochMs),
    );
    console.log(
      `    largest stall: ${worst.requests} requests over ${slowMs} ms due within ${worst.toEpochMs - worst.fromEpochMs} ms, ` +
        `${(sinceStart(worst.fromEpochMs) / 1000).toFixed(2)} s after the server started (worst ${worst.worstMs} ms)` +
        `${during ? `; GC then: ${longest(during)}` : ""}`,
    );
    if (machine) {
      console.log(
        `      the machine then: ${describeMachine(machine.during(worst.fromEpochMs, worst.toEpochMs + worst.worstMs))}`,
      );
      console.log(
        `      the machine over the loop: ${describeMachine(machine.during(result.fromEpochMs, result.toEpochMs))}`,
      );
    }
    if (TRACE_DIR) {
      // What else the server and PostgreSQL logged from just before the stall to the end of its worst request.
      const from = worst.fromEpochMs - 100;
      const to = worst.toEpochMs + worst.worstMs;
      const server = traceEvents(path.join(TRACE_DIR, "server.log")).filter(
        (event) => event.atMs >= sinceStart(from) && event.atMs <= sinceStart(to),
      );
      const postgres = postgresEvents(path.join(TRACE_DIR, "postgres.log")).filter(
        (event) => event.epochMs >= from && event.epochMs <= to,
      );
      for (const event of server) console.log(`      server at ${(event.atMs / 1000).toFixed(2)} s: ${event.text}`);
      for (const event of postgres)
        console.log(`      PostgreSQL at ${(sinceStart(event.epochMs) / 1000).toFixed(2)} s: ${event.text}`);
      if (server.length + postgres.length === 0)
        console.log("      nothing else traced then (no blocked event loop, slow callback or slow statement)");
    }
  }
  if (pauses) {
    const inLoop = pauses.filter(
      (pause) => pause.atMs >= sinceStart(result.fromEpochMs) && pause.atMs <= sinceStart(result.toEpochMs),
    );
    const major = inLoop.filter((pause) => pause.kind.startsWith("Mark"));
    const longestMinor = Math.max(0, ...inLoop.filter((pause) => !pause.kind.startsWith("Mark")).map((p) => p.pauseMs));
    console.log(
      `    GC meanwhile: ${inLoop.length - major.length} scavenges (longest ${longestMinor} ms), ` +
        `${major.length} major${major.length ? ` (${longest(major)})` : ""}`,
    );
  }
}

interface GcPause {
  /** Milliseconds since the server's V8 started, as --trace-gc prints them. */
  atMs: number;
  kind: string;
  pauseMs: number;
}

/** The pauses --trace-gc printed: `[pid:0x…]  17253 ms: Mark-Compact 93.5 (124.3) -> 49.2 (98.1) MB, 113.50 / 9.54 ms …`. */
function gcPauses(file: string): GcPause[] {
  if (!existsSync(file)) return [];
  return [...readFileSync(file, "utf8").matchAll(/\s(\d+) ms: ([A-Za-z-]+(?: \(reduce\))?) .*? MB, ([\d.]+) \//g)].map(
    (match) => ({ atMs: Number(match[1]), kind: match[2] ?? "", pauseMs: Number(match[3]) }),
  );
}

/** bench/trace.mjs's lines: `[trace] 17253 ms: event loop blocked 48.2 ms`, `… slow callback …`. */
function traceEvents(file: string): { atMs: number; text: string }[] {
  if (!existsSync(file)) return [];
  return [...readFileSync(file, "utf8").matchAll(/^\[trace\] (\d+) ms: (.*)$/gm)].map((match) => ({
    atMs: Number(match[1]),
    text: match[2] ?? "",
  }));
}

/** PostgreSQL's log lines that say what it did (checkpoints, autovacuum, statements over 20 ms), with their time. */
function postgresEvents(file: string): { epochMs: number; text: string }[] {
  if (!existsSync(file)) return [];
  return [
    ...readFileSync(file, "utf8").matchAll(
      /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) (UTC|GMT) \[\d+\] LOG: +((?:duration|checkpoint|automatic).*)$/gm,
    ),
  ].map((match) => ({ epochMs: Date.parse(`${match[1]?.replace(" ", "T")}Z`), text: (match[3] ?? "").slice(0, 200) }));
}

/** The three longest pauses, for a line of its own. */
function longest(pauses: GcPause[]): string {
  if (pauses.length === 0) return "none";
  const shown = [...pauses].sort((a, b) => b.pauseMs - a.pauseMs).slice(0, 3);
  return `${shown.map(describePause).join(", ")}${pauses.length > 3 ? ` and ${pauses.length - 3} shorter` : ""}`;
}

function describePause(pause: GcPause): string {
  return `${pause.kind} ${pause.pauseMs} ms at ${(pause.atMs / 1000).toFixed(2)} s`;
}

/** The server's start, traced: its output (--trace-gc's lines, the warnings) goes to a file for reading beside the stalls. */
async function startTracedServer(env: NodeJS.ProcessEnv, baseUrl: string) {
  const started = await startServer(env, baseUrl, {
    outputFile: TRACE_DIR ? path.join(TRACE_DIR, "server.log") : undefined,
  });
  serverStartedEpochMs = started.startedEpochMs;
  return started;
}

async function pageLoadMs(baseUrl: string, route: string, cookie?: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
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

/** Lighthouse's pages and their budgets (docs/performance.md, "Figures"): the landing page is held to more. */
function lighthousePages(cookies: { customer: string; admin: string }): LighthousePage[] {
  const others = { performance: 90, lcpMs: 2500 };
  return [
    { path: "/", budget: { performance: 95, lcpMs: 2000 } },
    { path: "/home", cookie: cookies.customer, budget: others },
    { path: "/milestones", cookie: cookies.customer, budget: others },
    { path: "/admin", cookie: cookies.admin, budget: others },
  ];
}

const LIGHTHOUSE_TIMEOUT_MS = 120_000;

function printLighthouse(pages: LighthousePage[], figures: LighthouseFigures[]) {
  const show = (value: number | undefined, format: (value: number) => string) =>
    value === undefined ? "-" : format(value);
  for (const [index, page] of pages.entries()) {
    const row = figures[index];
    if (!row) continue;
    console.log(
      `  ${page.path.padEnd(12)} performance ${show(row.performance, String)} (budget ${page.budget.performance})` +
        `  LCP ${show(row.lcpMs, seconds)} (${seconds(page.budget.lcpMs)})` +
        `  TBT ${show(row.tbtMs, (ms) => `${ms} ms`)} (${SHARED_BUDGET.tbtMs} ms)` +
        `  CLS ${show(row.cls, (cls) => cls.toFixed(3))} (${SHARED_BUDGET.cls})` +
        `  accessibility ${show(row.accessibility, String)} (${SHARED_BUDGET.accessibility})` +
        `  best practices ${show(row.bestPractices, String)} (${SHARED_BUDGET.bestPractices})`,
    );
    if (row.benchmarkIndex !== undefined)
      console.log(`  ${"".padEnd(12)} Lighthouse's CPU benchmark index ${row.benchmarkIndex}`);
    if (row.error) console.log(`  ${"".padEnd(12)} ${row.error}`);
    if (row.failing.length > 0) console.log(`  ${"".padEnd(12)} failing audits: ${row.failing.join(", ")}`);
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

interface Budget {
  budget: string;
  figure: string;
  met: boolean;
}

function lighthouseBudgets(pages: LighthousePage[], figures: LighthouseFigures[]): Budget[] {
  return pages.flatMap((page, index) => {
    const row = figures[index];
    const why = row?.error ? ` (${row.error})` : "";
    const line = (
      name: string,
      value: number | undefined,
      format: (value: number) => string,
      met: (value: number) => boolean,
    ) => ({
      budget: `Lighthouse ${page.path}: ${name}`,
      figure: `${value === undefined ? "none" : format(value)}${why}`,
      met: value !== undefined && !row?.error && met(value),
    });
    return [
      line(
        `performance at least ${page.budget.performance}`,
        row?.performance,
        String,
        (v) => v >= page.budget.performance,
      ),
      line(`LCP at most ${seconds(page.budget.lcpMs)}`, row?.lcpMs, seconds, (v) => v <= page.budget.lcpMs),
      line(
        `TBT at most ${SHARED_BUDGET.tbtMs} ms`,
        row?.tbtMs,
        (v) => `${v} ms`,
        (v) => v <= SHARED_BUDGET.tbtMs,
      ),
      line(
        `CLS at most ${SHARED_BUDGET.cls}`,
        row?.cls,
        (v) => v.toFixed(3),
        (v) => v <= SHARED_BUDGET.cls,
      ),
      line(
        `accessibility ${SHARED_BUDGET.accessibility}`,
        row?.accessibility,
        String,
        (v) => v >= SHARED_BUDGET.accessibility,
      ),
      line(
        `best practices ${SHARED_BUDGET.bestPractices}`,
        row?.bestPractices,
        String,
        (v) => v >= SHARED_BUDGET.bestPractices,
      ),
    ];
  });
}

/** p99 budgets at half a request's own maximum, open loop (docs/performance.md, "How latency is measured"); the admin lists get 100 ms at 200,000 customers. */
function p99BudgetMs(group: string | undefined, customers: number): number | undefined {
  if (group === "c" && customers >= 200_000) return 100;
  return ({ b: 50, c: 50, d: 250 } as Record<string, number>)[group ?? ""];
}

/** PostgreSQL logs its checkpoints and every autovacuum run, for reading beside the open loop's stalls. */
async function logPostgresActivity(adminUrl: string) {
  const db = new pg.Client({ connectionString: adminUrl });
  await db.connect();
  try {
    await db.query("ALTER SYSTEM SET log_checkpoints = on");
    await db.query("ALTER SYSTEM SET log_autovacuum_min_duration = 0");
    await db.query("ALTER SYSTEM SET log_min_duration_statement = 20");
    await db.query("ALTER SYSTEM SET log_lock_waits = on");
    await db.query("SELECT pg_reload_conf()");
  } finally {
    await db.end();
  }
}

/** The admin read section i sends both ways: the customer list the admin lists (c) measure. */
const BEARER_COMPARED_PATH = "/api/admin/customers?limit=50";
const BEARER_ROUNDS = 3;

function ratioText(ratio: number): string {
  return `${ratio.toFixed(2)}x`;
}

/**
 * Section i: the same admin read with the administrator's cookie and with a `read` Bearer token,
 * each at its ceiling (10 connections), then both at the same offered rate (half the cookie's
 * ceiling, open loop) with the CPU they cost; side by side, with bearer's ratio to cookie.
 */
async function compareBearerWithCookie(baseUrl: string, adminCookie: string) {
  console.log(
    "i. Bearer token vs cookie, one admin read (10 connections; then both at half the cookie's maximum, open loop)",
  );
  const created = await graphql(
    baseUrl,
    adminCookie,
    `mutation BenchToken($input: CreateApiTokenInput!) {
      createApiToken(input: $input) { __typename ... on MutationCreateApiTokenSuccess { data { secret } } }
    }`,
    { input: { name: `bench ${Date.now()}`, scopes: ["READ"] } },
  );
  const secret = created.createApiToken.data?.secret as string | undefined;
  if (!secret) throw new Error(`the bench could not make an API token: ${JSON.stringify(created)}`);
  const url = `${baseUrl}${BEARER_COMPARED_PATH}`;
  const loads = {
    cookie: { url, headers: { cookie: adminCookie, ...ACCEPT_COMPRESSED }, connections: 10 },
    bearer: { url, headers: { authorization: `Bearer ${secret}`, ...ACCEPT_COMPRESSED }, connections: 10 },
  } satisfies Record<string, LoadOptions>;
  const ceilings = {
    cookie: await measure(`cookie  GET ${BEARER_COMPARED_PATH}`, loads.cookie),
    bearer: await measure(`bearer  GET ${BEARER_COMPARED_PATH}`, loads.bearer),
  };
  const rate = Math.max(1, Math.round(ceilings.cookie.requestsPerSecond / 2));
  const slowMs = (p99BudgetMs("c", CUSTOMERS) ?? 50) / 2;
  const openLoopWithCpu = async (load: LoadOptions) => {
    const before = cpuSnapshot(true);
    const result = await openLoop(load, rate, slowMs);
    const after = cpuSnapshot(true);
    // The warm-up's requests are in the CPU figures too: divide by every request sent.
    const sent = result.sent + Math.round(rate * OPEN_LOOP_WARM_UP_SECONDS);
    const perRequest = (from?: number, to?: number) =>
      from === undefined || to === undefined || sent === 0 ? 0 : (to - from) / sent;
    return {
      result,
      serverCpuMs: perRequest(before.server, after.server),
      postgresCpuMs: perRequest(before.postgres, after.postgres),
    };
  };
  // Alternated rounds, medians: on a shared machine one round of each can land on a busy moment.
  const rounds: Record<"cookie" | "bearer", Awaited<ReturnType<typeof openLoopWithCpu>>[]> = { cookie: [], bearer: [] };
  for (let round = 0; round < BEARER_ROUNDS; round++) {
    const order = round % 2 === 0 ? (["cookie", "bearer"] as const) : (["bearer", "cookie"] as const);
    for (const how of order) rounds[how].push(await openLoopWithCpu(loads[how]));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const figures = {} as Record<"cookie" | "bearer", Credential>;
  for (const how of ["cookie", "bearer"] as const) {
    const runsOf = rounds[how];
    figures[how] = {
      maxRequestsPerSecond: ceilings[how].requestsPerSecond,
      p50: median(runsOf.map((r) => r.result.p50)),
      p99: median(runsOf.map((r) => r.result.p99)),
      serverCpuMs: Math.round(median(runsOf.map((r) => r.serverCpuMs)) * 1000) / 1000,
      postgresCpuMs: Math.round(median(runsOf.map((r) => r.postgresCpuMs)) * 1000) / 1000,
      failed: runsOf.reduce((sum, r) => sum + r.result.errors + r.result.non2xx, 0),
    };
  }
  const { cookie, bearer } = figures;
  const cpuRatio = (bearer.serverCpuMs + bearer.postgresCpuMs) / (cookie.serverCpuMs + cookie.postgresCpuMs);
  const p50Ratio = bearer.p50 / cookie.p50;
  const ratio = (a: number, b: number) => (b === 0 ? "-" : ratioText(a / b));
  const line = (name: string, a: number | string, b: number | string, r: string) =>
    console.log(`    ${name.padEnd(30)} ${String(a).padStart(10)} ${String(b).padStart(10)} ${r.padStart(8)}`);
  console.log(
    `  open loop at ${rate} req/s for both, ${BEARER_ROUNDS} alternated rounds of ${DURATION} s each (medians):`,
  );
  line("", "cookie", "bearer", "bearer/cookie");
  line(
    "max req/s (10 connections)",
    cookie.maxRequestsPerSecond,
    bearer.maxRequestsPerSecond,
    ratio(bearer.maxRequestsPerSecond, cookie.maxRequestsPerSecond),
  );
  line("p50 ms", cookie.p50, bearer.p50, ratio(bearer.p50, cookie.p50));
  line("p99 ms", cookie.p99, bearer.p99, ratio(bearer.p99, cookie.p99));
  line(
    "server CPU ms/request",
    cookie.serverCpuMs.toFixed(2),
    bearer.serverCpuMs.toFixed(2),
    ratio(bearer.serverCpuMs, cookie.serverCpuMs),
  );
  line(
    "PostgreSQL CPU ms/request",
    cookie.postgresCpuMs.toFixed(2),
    bearer.postgresCpuMs.toFixed(2),
    ratio(bearer.postgresCpuMs, cookie.postgresCpuMs),
  );
  line(
    "server + PostgreSQL",
    (cookie.serverCpuMs + cookie.postgresCpuMs).toFixed(2),
    (bearer.serverCpuMs + bearer.postgresCpuMs).toFixed(2),
    ratioText(cpuRatio),
  );
  if (cookie.failed + bearer.failed > 0) console.log(`    failed: cookie ${cookie.failed}, bearer ${bearer.failed}`);
  // Cost is CPU per request, the server's and PostgreSQL's: latency on a shared machine says more about the neighbours.
  const withinTenPercent = cpuRatio <= 1.1 && cookie.failed + bearer.failed === 0;
  console.log(
    `  bearer is ${withinTenPercent ? "" : "NOT "}within 10% of cookie: server + PostgreSQL CPU per request ${ratioText(cpuRatio)} (p50 ${ratioText(p50Ratio)})`,
  );
  results.bearerVsCookie = {
    path: BEARER_COMPARED_PATH,
    offeredRate: rate,
    cookie,
    bearer,
    cpuRatio: Math.round(cpuRatio * 100) / 100,
    p50Ratio: Math.round(p50Ratio * 100) / 100,
    withinTenPercent,
  };
}

async function main() {
  console.log(
    `Benchmark: ${CUSTOMERS} customers, ${DURATION} s per measurement, ${os.cpus().length} cores` +
      `${only ? `; sections ${only.join(", ")}` : ""}\n`,
  );
  // The production server runs the compiled API: built now rather than inside the measured start-up.
  buildForProduction();

  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "referrals-bench-"));
  if (TRACE_DIR) await fs.mkdir(TRACE_DIR, { recursive: true });
  let cluster: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let server: ChildProcess | undefined;
  let secondServer: ChildProcess | undefined;
  try {
    let adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      const postgresLog = TRACE_DIR ? path.join(TRACE_DIR, "postgres.log") : undefined;
      cluster = await startEmbeddedPostgres({
        clusterDir: path.join(workDir, "pg"),
        port: await findFreePort(),
        ...(postgresLog ? { log: (message: string) => appendFileSync(postgresLog, `${message}\n`) } : {}),
      });
      adminUrl = cluster.adminUrl;
      if (TRACE_DIR) await logPostgresActivity(adminUrl);
    }
    const databaseUrl = await ensureDatabase(adminUrl, `bench_${Date.now()}`);
    await applyMigrations(databaseUrl);
    const seedStarted = performance.now();
    await seedBenchData(databaseUrl, { customers: CUSTOMERS, referralsPerCustomer: 10, auditEntries: CUSTOMERS * 5 });
    results.facts.seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    console.log(`Seeded in ${results.facts.seedSeconds} s\n`);

    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = productionServerEnv(port, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: workDir,
      // Section i measures what the token path costs, not its 600-a-minute refusal.
      API_TOKEN_REQUESTS_PER_MINUTE: "1000000000",
      ...(TRACE_DIR
        ? {
            NODE_OPTIONS:
              `${process.env.NODE_OPTIONS ?? ""} --import=${pathToFileURL(path.join(ROOT, "bench/trace.mjs"))}`.trim(),
          }
        : {}),
    });
    const started = await startTracedServer(env, baseUrl);
    server = started.child;
    cpuOf.serverPid = server.pid;
    if (TRACE_DIR && server.pid !== undefined) {
      machine = new MachineSampler(server.pid, os.cpus().length);
      machine.start();
    }
    cpuOf.postgres = cluster !== undefined;
    if (cluster) {
      const pidFile = path.join(workDir, "pg", "postmaster.pid");
      cpuOf.postmasterPid = existsSync(pidFile) ? readFileSync(pidFile, "utf8").split("\n")[0]?.trim() : undefined;
    }
    results.facts.startToHealthyMs = started.startMs;
    results.facts.serverStartedAt = new Date(serverStartedEpochMs).toISOString();
    await waitForDueJobs(databaseUrl);
    const customerCookie = await signIn(baseUrl, "bench_customer_1");
    const adminCookie = await signIn(baseUrl, "bench_admin");
    const cookies = { customer: customerCookie, admin: adminCookie };
    const json = { "content-type": "application/json", ...ACCEPT_COMPRESSED };

    let yoga: Measured | undefined;
    if (runs("a")) {
      console.log("a. Ceiling");
      const plain = http.createServer((_req, res) =>
        res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
      );
      const plainPort = await findFreePort();
      await new Promise<void>((resolve) => plain.listen(plainPort, "127.0.0.1", resolve));
      await measure("node:http JSON", { url: `http://127.0.0.1:${plainPort}/`, connections: 50 }, { onServer: false });
      plain.close();
      yoga = await measure("Yoga { __typename }", ceilingRequest(baseUrl, 50));
      // Not a budget: what any signed-in request costs here (the session's one-row read), so the
      // dashboard's figures can be read against it.
      await measure("signed in, { viewer { firstName } }", {
        url: `${baseUrl}/graphql`,
        method: "POST",
        headers: { ...json, cookie: customerCookie },
        body: persistedBody(viewerSessionQuery),
        connections: 50,
      });
    }

    const measuredRequests = MEASURED_REQUESTS.filter((request) => runs(request.group));
    const targets = await measuredTargets(baseUrl, adminCookie, measuredRequests, CUSTOMERS);
    const titles = {
      b: "b. A customer's dashboard (50 connections; then half that rate, open loop)",
      c: "c. Admin lists (10 connections; then half that rate, open loop)",
      d: "d. Analytics (10 connections; then half that rate, open loop)",
    };
    let dashboard: Measured | undefined;
    let group = "";
    for (const request of measuredRequests) {
      if (request.group !== group) {
        group = request.group;
        console.log(titles[request.group]);
      }
      const load = requestOptions(baseUrl, request, cookies[request.signedInAs], targets);
      const row: Measured = {
        ...(await measure(request.name, load)),
        group: request.withoutBudget ? `${request.group} (no budget)` : request.group,
      };
      // Half the request's own maximum: a rate it serves with room to spare, where its latency is its own.
      const slowMs = (p99BudgetMs(request.group, CUSTOMERS) ?? 50) / 2;
      if (row.requestsPerSecond > 0) {
        row.openLoop = await openLoop(load, row.requestsPerSecond / 2, slowMs);
        printOpenLoop(row.openLoop, slowMs);
      }
      results.measured[results.measured.length - 1] = row;
      dashboard ??= request.group === "b" ? row : undefined;
    }

    if (runs("i")) await compareBearerWithCookie(baseUrl, adminCookie);

    if (runs("e")) {
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
              input: {
                referralId: encodeGlobalID("Referral", pending[next++ % pending.length] ?? 0),
                amount: "250.00",
              },
            },
          }),
        }),
      });
    }

    if (runs("f")) {
      console.log("f. Start-up and memory");
      results.facts.rssAfterLoadMb = rssMegabytes(server.pid ?? 0);
      console.log(
        `  start to healthy ${results.facts.startToHealthyMs} ms; RSS after the load ${results.facts.rssAfterLoadMb} MB`,
      );
    }

    if (runs("g")) {
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
    }

    if (runs("h")) {
      console.log("h. Live admin queues (a referral added on this instance, heard by a subscriber on a second one)");
      const secondPort = await findFreePort();
      const secondUrl = `http://127.0.0.1:${secondPort}`;
      const startedAt = serverStartedEpochMs;
      secondServer = (await startTracedServer({ ...env, PORT: String(secondPort) }, secondUrl)).child;
      serverStartedEpochMs = startedAt;
      // Sixty referrals from four customers in a minute: past the daily limit otherwise.
      await raiseReferralDailyLimit(baseUrl, adminCookie, await signIn(baseUrl, "bench_admin_2"), 1000);
      const customerCookies = await Promise.all([1, 2, 3, 4].map((n) => signIn(baseUrl, `bench_customer_${n}`)));
      results.liveQueues = await measureLiveQueueDelay({
        addOn: baseUrl,
        subscribeOn: secondUrl,
        adminCookie,
        customerCookies,
        samples: LIVE_QUEUE_SAMPLES,
      });
      const live = results.liveQueues;
      console.log(
        `  ${live.samples} referrals, one every ${live.intervalMs} ms: p50 ${live.p50} ms, p95 ${live.p95} ms, p99 ${live.p99} ms, max ${live.max} ms` +
          `${live.missed ? `; ${live.missed} never arrived` : ""}`,
      );
    }

    const pages = lighthousePages(cookies);
    if (runs("lighthouse")) {
      console.log("Lighthouse (mobile: simulated slow 4G, 4x CPU slowdown; budget in brackets)");
      results.lighthouse = await runLighthouse(baseUrl, pages, {
        chromiumPath: CHROMIUM_PATH,
        timeoutMs: LIGHTHOUSE_TIMEOUT_MS,
        reportDir: TRACE_DIR,
      });
      printLighthouse(pages, results.lighthouse);
    }

    const budgets: Budget[] = [];
    if (yoga && dashboard) {
      // Compared unrounded: 24.96% is not 25%.
      const share = (dashboard.requestsPerSecond / yoga.requestsPerSecond) * 100;
      results.facts.dashboardShareOfYogaCeilingPercent = Math.floor(share * 10) / 10;
      budgets.push({
        budget: `dashboard at least ${DASHBOARD_SHARE_PERCENT}% of the Yoga ceiling's throughput`,
        figure: `${results.facts.dashboardShareOfYogaCeilingPercent}%`,
        met: share >= DASHBOARD_SHARE_PERCENT,
      });
      if (yoga.serverCpuMs && dashboard.serverCpuMs) {
        const times = dashboard.serverCpuMs / yoga.serverCpuMs;
        results.facts.dashboardCpuTimesCeiling = Math.round(times * 100) / 100;
        budgets.push({
          budget: `dashboard's server CPU per request at most ${DASHBOARD_CPU_TIMES}x the Yoga ceiling's`,
          figure: `${results.facts.dashboardCpuTimesCeiling}x (${dashboard.serverCpuMs} / ${yoga.serverCpuMs} ms)`,
          met: times <= DASHBOARD_CPU_TIMES,
        });
      }
    }
    for (const row of results.measured) {
      const budget = p99BudgetMs(row.group, CUSTOMERS);
      if (budget === undefined || !row.openLoop) continue;
      const failed = row.openLoop.errors + row.openLoop.non2xx;
      budgets.push({
        budget: `${row.group}: ${row.name} p99 under ${budget} ms at half its maximum (${row.openLoop.offeredRate} req/s, open loop)`,
        figure: `${row.openLoop.p99} ms${failed ? ` (${failed} failed)` : ""}`,
        met: row.openLoop.p99 < budget && failed === 0,
      });
    }
    if (results.facts.rssAfterLoadMb !== undefined) {
      budgets.push({
        budget: "RSS under 300 MB after the load",
        figure: `${results.facts.rssAfterLoadMb} MB`,
        met: Number(results.facts.rssAfterLoadMb) < 300,
      });
    }
    if (results.liveQueues) {
      budgets.push({
        budget: `live admin queues: a referral reaches a subscriber on another instance within ${LIVE_QUEUE_BUDGET_MS} ms (max)`,
        figure: `${results.liveQueues.max} ms${results.liveQueues.missed ? ` (${results.liveQueues.missed} missed)` : ""}`,
        met: results.liveQueues.max < LIVE_QUEUE_BUDGET_MS && results.liveQueues.missed === 0,
      });
    }
    if (results.bearerVsCookie) {
      const row = results.bearerVsCookie;
      budgets.push({
        budget: `bearer within 10% of cookie (${row.path}, server + PostgreSQL CPU per request at ${row.offeredRate} req/s, open loop)`,
        figure: `${ratioText(row.cpuRatio)} (p50 ${ratioText(row.p50Ratio)})`,
        met: row.withinTenPercent,
      });
    }
    if (results.lighthouse) budgets.push(...lighthouseBudgets(pages, results.lighthouse));
    console.log("\nBudgets");
    for (const row of budgets) console.log(`  ${row.met ? "met   " : "MISSED"} ${row.budget}: ${row.figure}`);
    Object.assign(results, { budgets });
    await fs.mkdir(path.join(ROOT, "bench/results"), { recursive: true });
    await fs.writeFile(
      path.join(ROOT, "bench/results/latest.json"),
      `${JSON.stringify({ date: new Date().toISOString(), customers: CUSTOMERS, durationSeconds: DURATION, sections: only ?? SECTIONS, ...results }, null, 2)}\n`,
    );
    console.log("Wrote bench/results/latest.json");
  } finally {
    await stopServer(secondServer);
    machine?.stop();
    await stopServer(server);
    await cluster?.stop();
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

await main();
