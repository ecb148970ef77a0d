// What the benchmark (bench/run.ts, bench/measure.ts, bench/sections/) and the soak (bench/soak.ts) share: the builds, the production
// server's start and stop, signing in, the measured requests as HTTP requests, a process's RSS.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { ConcreteRequest } from "relay-runtime";
import viewerSessionQuery from "../web/src/__generated__/viewerSessionQuery.graphql.ts";
import type { OpenLoopRequest } from "./openLoop.ts";
import { lookUpTargets, type MeasuredRequest, type MeasuredTargets, requestVariables } from "./requests.ts";

export type { MeasuredTargets } from "./requests.ts";

import { BENCH_PASSWORD } from "./seed.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");

/** What a browser sends: the measured answers cost what compressing them costs (http/compression.ts). */
export const ACCEPT_COMPRESSED = { "accept-encoding": "br, gzip" };

/** One request sent again and again: by autocannon (`connections` of them at once) or the open-loop generator. */
export interface LoadOptions {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  setupRequest?: (req: any) => any;
}

/** autocannon's options for a load: a per-request body (setupRequest) goes in its `requests`. */
export function autocannonOptions(load: LoadOptions, duration: number) {
  return {
    url: load.url,
    method: load.method ?? "GET",
    headers: load.headers,
    body: load.body,
    connections: load.connections,
    duration,
    ...(load.setupRequest ? { requests: [{ setupRequest: load.setupRequest }] } : {}),
  };
}

/** A request body as the web app sends an operation: its persisted id. */
export function persistedBody(operation: ConcreteRequest, variables: Record<string, unknown> = {}): string {
  return JSON.stringify({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: operation.params.id } } });
}

/**
 * The ceiling every measured request is read against: Yoga's cheapest answer, the web app's
 * smallest persisted document signed out (production runs only persisted documents for visitors).
 */
export function ceilingRequest(baseUrl: string, connections: number): LoadOptions {
  return {
    url: `${baseUrl}/graphql`,
    method: "POST",
    headers: { "content-type": "application/json", ...ACCEPT_COMPRESSED },
    body: persistedBody(viewerSessionQuery),
    connections,
  };
}

/** The web build when missing, then the API's (nothing to do when it is up to date), outside anything measured. */
export function buildForProduction(): void {
  if (!existsSync(path.join(ROOT, "web/dist/.vite/manifest.json"))) {
    const build = spawnSync("npm", ["run", "build:web"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("the web build failed");
  }
  const apiBuild = spawnSync("npm", ["run", "build:api"], { cwd: ROOT, stdio: "inherit" });
  if (apiBuild.status !== 0) throw new Error("the API build failed");
}

export interface StartedServer {
  child: ChildProcess;
  /** From spawning to the first healthy answer. */
  startMs: number;
  startedEpochMs: number;
}

/**
 * `npm start`'s launcher (api/start.sh execs node on the compiled API), so the child's pid is the
 * server's. `outputFile`: its stdout and stderr go there (appended), otherwise stderr only, to ours.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  { outputFile }: { outputFile?: string } = {},
): Promise<StartedServer> {
  const started = performance.now();
  const startedEpochMs = Date.now();
  const output = outputFile ? openSync(outputFile, "a") : "ignore";
  const child = spawn("sh", ["api/start.sh"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", output, outputFile ? output : "inherit"],
  });
  if (typeof output === "number") closeSync(output);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, startMs: Math.round(performance.now() - started), startedEpochMs };
    if (performance.now() - started > 120_000) throw new Error("the server did not become healthy in 120 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The environment the measured production server runs with: loopback, no demo data, warnings only
 * in its log, a throwaway session secret; `extra` adds or overrides (a database given as
 * DATABASE_URL, a data directory, a preload in NODE_OPTIONS).
 */
export function productionServerEnv(port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    SESSION_SECRET: "bench-session-secret-0123456789abcdef0123456789",
    PORT: String(port),
    HOST: "127.0.0.1",
    DEMO: "0",
    LOG_LEVEL: "warn",
    ...extra,
  };
}

/** One connection to the database for `use`, ended after it. */
export async function withClient<T>(url: string, use: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
}

/** What the measured server's environment lifts, so a load measures the request, not a throttle's refusal. */
export const BENCH_SERVER_ENV = {
  // Section i measures what the token path costs, not its 600-a-minute refusal.
  API_TOKEN_REQUESTS_PER_MINUTE: "1000000000",
  // Section e's share link submissions all come from 127.0.0.1 through a few hundred links: what a
  // submission costs, not the throttles' refusals (each submission still counts on them).
  SHARE_LINK_PER_LINK_PER_HOUR: "1000000000",
  SHARE_LINK_PER_ADDRESS_PER_HOUR: "1000000000",
};

/** NODE_OPTIONS that preload `file` (a path below the repository) into the server, beside any already set. */
export function preloading(file: string): { NODE_OPTIONS: string } {
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${pathToFileURL(path.join(ROOT, file))}`.trim(),
  };
}

/** The pid of a PostgreSQL cluster's postmaster, from its data directory (undefined when not running). */
export function postmasterPid(clusterDir: string): string | undefined {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  return existsSync(pidFile) ? readFileSync(pidFile, "utf8").split("\n")[0]?.trim() : undefined;
}

/**
 * Waits until the server's job runner has no job due (the expiry run each start queues, say), so
 * a measurement is not sharing the cores with it; gives up after `withinMs`.
 */
export async function waitForDueJobs(databaseUrl: string, withinMs = 180_000): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const started = performance.now();
    for (;;) {
      const { rows } = await db.query<{ due: string }>(
        "SELECT count(*) AS due FROM graphile_worker.jobs WHERE run_at <= now() AND attempts < max_attempts",
      );
      if (Number(rows[0]?.due) === 0) return;
      if (performance.now() - started > withinMs) {
        console.log(
          `  (the job runner still had ${rows[0]?.due} jobs due after ${withinMs / 1000} s: measuring anyway)`,
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await db.end();
  }
}

/** SIGTERM, then waits for the exit (the server finishes its requests and stops its embedded PostgreSQL, if any). */
export async function stopServer(child: ChildProcess | undefined): Promise<number | null> {
  if (!child || child.exitCode !== null) return child?.exitCode ?? null;
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

export async function signIn(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status} ${await response.text()}`);
  return (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
}

export async function graphql(baseUrl: string, cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown[] };
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}

export function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a process (all its threads), in milliseconds. */
export function processCpuMs(pid: number | string): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * The same as processCpuMs to the microsecond: the run time the scheduler counted for each of the
 * process's threads (/proc/<pid>/task/<tid>/schedstat, nanoseconds), where /proc/<pid>/stat counts
 * in 10 ms ticks. A thread that ended takes its time with it: Node's threads live as long as the process.
 */
export function threadsCpuMs(pid: number | string): number {
  let nanoseconds = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // The thread ended while we read it.
    }
  }
  return nanoseconds / 1e6;
}

/** PostgreSQL's CPU so far: one cluster's when its postmaster is given, otherwise every postgres process's. */
export function postgresCpuMs(postmaster?: string): number {
  let total = 0;
  if (postmaster !== undefined) {
    // The cluster's postmaster, with the CPU of the backends that ended (cutime, cstime), and the
    // live backends it forked. The machine may run other clusters.
    const fields = readFileSync(`/proc/${postmaster}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    total += ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS_PER_SECOND;
  }
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
      const parent = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1];
      if (postmaster !== undefined && pid !== postmaster && parent !== postmaster) continue;
      total += processCpuMs(pid);
    } catch {
      // The process ended while we read it.
    }
  }
  return total;
}

/** The targets `requests` ask for (bench/requests.ts), looked up over HTTP as the administrator of `adminCookie`. */
export function measuredTargets(
  baseUrl: string,
  adminCookie: string,
  requests: MeasuredRequest[],
  customers: number,
): Promise<MeasuredTargets> {
  return lookUpTargets((query, variables) => graphql(baseUrl, adminCookie, query, variables), requests, customers);
}

/** A measured request as the HTTP request the web app (or a REST client) sends, signed in with `cookie`. */
export function requestOptions(
  baseUrl: string,
  request: MeasuredRequest,
  cookie: string,
  targets: MeasuredTargets,
): LoadOptions {
  if (request.path)
    return {
      url: `${baseUrl}${request.path}`,
      headers: { cookie, ...ACCEPT_COMPRESSED },
      connections: request.connections,
    };
  const variables = requestVariables(request, targets);
  return {
    url: `${baseUrl}/graphql`,
    method: "POST",
    headers: { "content-type": "application/json", cookie, ...ACCEPT_COMPRESSED },
    body: request.graphql?.persistedId
      ? JSON.stringify({
          variables,
          extensions: { persistedQuery: { version: 1, sha256Hash: request.graphql.persistedId } },
        })
      : JSON.stringify({ query: request.graphql?.query, variables }),
    connections: request.connections,
  };
}

/** The same request for the open-loop generator. */
export function openLoopRequest(load: LoadOptions, extra: Partial<OpenLoopRequest> = {}): OpenLoopRequest {
  return { url: load.url, method: load.method ?? "GET", headers: load.headers ?? {}, body: load.body, ...extra };
}

/**
 * Raises the daily referral limit: a raise waits for another administrator (docs/rules/settings.md,
 * "Programme settings"), so `approverCookie` (a second administrator's) approves it.
 */
export async function raiseReferralDailyLimit(
  baseUrl: string,
  adminCookie: string,
  approverCookie: string,
  limit: number,
) {
  await raiseSetting(
    baseUrl,
    adminCookie,
    approverCookie,
    `mutation { setReferralDailyLimit(input: { limit: ${limit} }) { __typename ... on SettingChangeAwaitingApproval { request { id } } } }`,
    "setReferralDailyLimit",
  );
}

/** Raises the payout approval threshold (pounds, e.g. "100000.00"), approved the same way. */
export async function raisePayoutApprovalThreshold(
  baseUrl: string,
  adminCookie: string,
  approverCookie: string,
  amount: string,
) {
  await raiseSetting(
    baseUrl,
    adminCookie,
    approverCookie,
    `mutation { setPayoutApprovalThreshold(input: { amount: "${amount}" }) { __typename ... on SettingChangeAwaitingApproval { request { id } } } }`,
    "setPayoutApprovalThreshold",
  );
}

async function raiseSetting(
  baseUrl: string,
  adminCookie: string,
  approverCookie: string,
  mutation: string,
  field: string,
) {
  const raised = await graphql(baseUrl, adminCookie, mutation);
  const requestId = raised?.[field]?.request?.id;
  if (requestId)
    await graphql(
      baseUrl,
      approverCookie,
      "mutation ($id: ID!) { approveSettingChangeRequest(input: { requestId: $id }) { __typename } }",
      { id: requestId },
    );
}
