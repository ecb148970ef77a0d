// npm run bench [-- --customers 20000 --duration 10 --only a,b,h,i,lighthouse --trace DIR]
// Seeds a fresh database, starts the production server on loopback and runs the sections in
// bench/sections/ in turn, each measuring one thing (a request at its maximum with autocannon and at
// half that rate with an open-loop generator, each run bounded in time: bench/measure.ts); prints
// a table and the budgets, and writes bench/results/latest.json.
//   a ceiling        node:http, Yoga's cheapest answer, the cheapest signed-in read
//   b dashboard      a customer's dashboard reads
//   c adminLists     the administrator's lists
//   d analytics      the analytics reads
//   e writes         verifyPurchase, a friend's submission on a share link page
//   f startAndMemory start to healthy, RSS after the load
//   g webApp         the first pages' JavaScript and load times
//   h liveQueues     a live admin update across two instances
//   i tokenVsCookie  one admin read with a cookie and with a Bearer token
//   lighthouse       Lighthouse on the first pages beside the floor page (medians of alternating rounds)
// --only takes letters or names, comma-separated; the sections run in the order below.
import type { ChildProcess } from "node:child_process";
import { appendFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureDatabase, startEmbeddedPostgres } from "../api/src/db/embeddedPostgres.ts";
import { findFreePort } from "../api/src/db/freePort.ts";
import { applyMigrations } from "../api/src/db/migrate.ts";
import { Meter } from "./measure.ts";
import { MEASURED_REQUESTS } from "./requests.ts";
import { adminLists } from "./sections/adminLists.ts";
import { analytics } from "./sections/analytics.ts";
import { ceiling } from "./sections/ceiling.ts";
import { dashboard } from "./sections/dashboard.ts";
import { lighthouse } from "./sections/lighthouse.ts";
import { liveQueues } from "./sections/liveQueues.ts";
import type { Bench, Budget, Results, Section } from "./sections/section.ts";
import { startAndMemory } from "./sections/startAndMemory.ts";
import { tokenVsCookie } from "./sections/tokenVsCookie.ts";
import { webApp } from "./sections/webApp.ts";
import { writes } from "./sections/writes.ts";
import { seedBenchData } from "./seed.ts";
import {
  BENCH_SERVER_ENV,
  buildForProduction,
  type MeasuredTargets,
  measuredTargets,
  postmasterPid,
  preloading,
  productionServerEnv,
  ROOT,
  signIn,
  stopServer,
  waitForDueJobs,
} from "./stack.ts";
import { logPostgresActivity } from "./traceLogs.ts";

/**
 * In the order they run: the token comparison (i) reads before the writes (e) change the lists, and
 * the memory (f) is read after the loads before it.
 */
const RUN_ORDER: Section[] = [
  ceiling,
  dashboard,
  adminLists,
  analytics,
  tokenVsCookie,
  writes,
  startAndMemory,
  webApp,
  liveQueues,
  lighthouse,
];
/** By letter: the order of the budgets and of latest.json's `sections`. */
const SECTIONS = [...RUN_ORDER].sort((a, b) => a.letter.localeCompare(b.letter)).map((section) => section.letter);

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
const only = options.only?.split(",").map((given) => {
  const name = given.trim();
  const section = RUN_ORDER.find((one) => one.letter === name || one.name === name);
  if (!section) {
    const known = [...RUN_ORDER]
      .sort((a, b) => a.letter.localeCompare(b.letter))
      .map((one) => (one.letter === one.name ? one.letter : `${one.letter} (${one.name})`));
    throw new Error(`--only takes sections among ${known.join(", ")} (comma-separated); not "${name}"`);
  }
  return section.letter;
});
const runs = (section: Section) => only === undefined || only.includes(section.letter);
/**
 * --trace DIR: the server runs with bench/trace.mjs (GC, a blocked event loop, slow timer callbacks), and
 * PostgreSQL logs checkpoints, autovacuum, lock waits and statements over 20 ms; both logs go to DIR.
 */
const TRACE_DIR = options.trace === undefined ? undefined : path.resolve(options.trace);

async function main() {
  console.log(
    `Benchmark: ${CUSTOMERS} customers, ${DURATION} s per measurement, ${os.cpus().length} cores` +
      `${only ? `; sections ${only.join(", ")}` : ""}\n`,
  );
  // The production server runs the compiled API: built now rather than inside the measured start-up.
  buildForProduction();

  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "referrals-bench-"));
  if (TRACE_DIR) await fs.mkdir(TRACE_DIR, { recursive: true });
  const results: Results = { measured: [], facts: {} };
  const meter = new Meter({ durationSeconds: DURATION, traceDir: TRACE_DIR, rows: results.measured });
  let cluster: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let server: ChildProcess | undefined;
  const stopAtEnd: (() => Promise<unknown>)[] = [];
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
    const serverEnv = productionServerEnv(port, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: workDir,
      ...BENCH_SERVER_ENV,
      ...(TRACE_DIR ? preloading("bench/trace.mjs") : {}),
    });
    const started = await meter.startServer(serverEnv, baseUrl);
    server = started.child;
    // PostgreSQL's CPU is read only for the cluster the bench started (the machine may run others).
    if (cluster) meter.readPostgres(postmasterPid(path.join(workDir, "pg")));
    results.facts.startToHealthyMs = started.startMs;
    results.facts.serverStartedAt = new Date(started.startedEpochMs).toISOString();
    await waitForDueJobs(databaseUrl);
    const cookies = {
      customer: await signIn(baseUrl, "bench_customer_1"),
      admin: await signIn(baseUrl, "bench_admin"),
      staff: await signIn(baseUrl, "bench_staff"),
    };

    // The measured reads of every chosen section, looked up once.
    const measuredRequests = MEASURED_REQUESTS.filter((request) =>
      RUN_ORDER.some((section) => section.letter === request.group && runs(section)),
    );
    let targets: Promise<MeasuredTargets> | undefined;
    const bench: Bench = {
      customers: CUSTOMERS,
      durationSeconds: DURATION,
      traceDir: TRACE_DIR,
      meter,
      results,
      baseUrl,
      databaseUrl,
      serverEnv,
      server,
      cookies,
      targets: () => {
        targets ??= measuredTargets(baseUrl, cookies.admin, measuredRequests, CUSTOMERS);
        return targets;
      },
      stopAtEnd: (stop) => stopAtEnd.push(stop),
    };
    for (const section of RUN_ORDER.filter(runs)) {
      console.log(section.title);
      await section.run(bench);
    }

    const budgets: Budget[] = SECTIONS.flatMap(
      (letter) => RUN_ORDER.find((section) => section.letter === letter)?.budgets?.(bench) ?? [],
    );
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
    for (const stop of stopAtEnd) await stop();
    meter.stop();
    await stopServer(server);
    await cluster?.stop();
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

await main();
