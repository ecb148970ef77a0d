// npm run bench:profile [-- --request "dashboard (GraphQL)" --customers 2000 --seconds 15]
// Where one measured request's server CPU goes: seeds a small programme, starts the production
// server with a CPU profiler (bench/cpuProfile.mjs), loads the request (bench/requests.ts,
// "ceiling", or one of section e's writes) for a few seconds, profiling after a warm-up, and prints
// the server's and PostgreSQL's CPU a request, then the functions and packages that took the most.
// The profile itself (open it in Chrome's DevTools) stays in the printed directory.
import { existsSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { ensureDatabase, startEmbeddedPostgres } from "../api/src/db/embeddedPostgres.ts";
import { findFreePort } from "../api/src/db/freePort.ts";
import { applyMigrations } from "../api/src/db/migrate.ts";
import { MEASURED_REQUESTS } from "./requests.ts";
import {
  SHARE_LINK_SUBMISSION,
  shareLinkSubmissionLoad,
  VERIFY_PURCHASE,
  verifyPurchaseLoad,
} from "./sections/writes.ts";
import { seedBenchData } from "./seed.ts";
import {
  autocannonOptions,
  BENCH_SERVER_ENV,
  buildForProduction,
  ceilingRequest,
  type LoadOptions,
  measuredTargets,
  postgresCpuMs,
  postmasterPid,
  preloading,
  processCpuMs,
  productionServerEnv,
  requestOptions,
  signIn,
  startServer,
  stopServer,
  waitForDueJobs,
  withClient,
} from "./stack.ts";

const { values: options } = parseArgs({
  options: {
    request: { type: "string", default: "dashboard (GraphQL)" },
    customers: { type: "string", default: "2000" },
    seconds: { type: "string", default: "15" },
    // PostgreSQL's statements too (pg_stat_statements): the ones that took the most time a request.
    statements: { type: "boolean", default: false },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** Where a frame's code lives: a package, the project's own code, node itself or V8. */
function ownerOf(url: string): string {
  if (!url) return "(V8 / native)";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1] as string;
  if (url.startsWith("node:")) return "node";
  const own = url.match(/api\/dist\/([^/]+)\//);
  return own ? `api/${own[1]}` : url;
}

function summarise(profileFile: string, requests: number): void {
  const profile = JSON.parse(readFileSync(profileFile, "utf8")) as {
    nodes: ProfileNode[];
    startTime: number;
    endTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of selfMicros) {
    const frame = (byId.get(id) as ProfileNode).callFrame;
    if (frame.functionName === "(idle)" || frame.functionName === "(program)") continue;
    busy += micros;
    const where = frame.url
      ? `${frame.url.replace(/^.*?(node_modules\/|api\/dist\/)/, "$1")}:${frame.lineNumber + 1}`
      : "";
    const name = `${frame.functionName || "(anonymous)"} ${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    const owner = frame.functionName === "(garbage collector)" ? "(garbage collector)" : ownerOf(frame.url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros);
  }
  const perRequest = (micros: number) => `${(micros / 1000 / requests).toFixed(3)} ms`;
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([name, micros]) =>
          `  ${perRequest(micros).padStart(10)}  ${((micros / busy) * 100).toFixed(1).padStart(5)}%  ${name}`,
      )
      .join("\n");
  console.log(`\nSampled CPU (main thread): ${perRequest(busy)} a request over ${requests} requests\n`);
  console.log(`By package or folder:\n${top(byOwner, 25)}\n`);
  console.log(`By function (self time):\n${top(byFunction, 40)}`);
}

/** The statements that took PostgreSQL the most time while measured, per request. */
async function printStatements(databaseUrl: string, requests: number): Promise<void> {
  const { rows } = await withClient(databaseUrl, (db) =>
    db.query<{ calls: string; total: number; query: string }>(
      `SELECT calls, total_exec_time + total_plan_time AS total, query FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total DESC LIMIT 30`,
    ),
  );
  const all = rows.reduce((sum, row) => sum + Number(row.total), 0);
  console.log(`\nPostgreSQL statements (time, not CPU; top 30 sum to ${(all / requests).toFixed(3)} ms a request):`);
  for (const row of rows)
    console.log(
      `  ${(Number(row.total) / requests).toFixed(3).padStart(7)} ms  ${(Number(row.calls) / requests).toFixed(2).padStart(5)}×  ${row.query.replace(/\s+/g, " ").slice(0, 150)}`,
    );
}

async function main() {
  const customers = Number(options.customers);
  const seconds = Number(options.seconds);
  buildForProduction();
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "referrals-profile-"));
  const profileFile = path.join(workDir, "server.cpuprofile");
  const clusterDir = path.join(workDir, "pg");
  let cluster = await startEmbeddedPostgres({ clusterDir, port: await findFreePort() });
  if (options.statements) {
    // The extension is loaded at start only: set, then start the cluster again.
    await withClient(cluster.adminUrl, (db) =>
      db.query("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'"),
    );
    await cluster.stop();
    cluster = await startEmbeddedPostgres({ clusterDir, port: cluster.port });
  }
  let server: Awaited<ReturnType<typeof startServer>>["child"] | undefined;
  try {
    const databaseUrl = await ensureDatabase(cluster.adminUrl, "profile");
    await applyMigrations(databaseUrl);
    await seedBenchData(databaseUrl, { customers, referralsPerCustomer: 10, auditEntries: customers * 5 });
    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const serverEnv = productionServerEnv(port, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: workDir,
      ...BENCH_SERVER_ENV,
      ...preloading("bench/cpuProfile.mjs"),
      CPU_PROFILE_FILE: profileFile,
    });
    ({ child: server } = await startServer(serverEnv, baseUrl));
    await waitForDueJobs(databaseUrl);
    if (options.statements)
      await withClient(databaseUrl, (db) => db.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements"));
    const cookies = {
      customer: await signIn(baseUrl, "bench_customer_1"),
      admin: await signIn(baseUrl, "bench_admin"),
    };
    let load: LoadOptions;
    if (options.request === "ceiling") {
      load = ceilingRequest(baseUrl, 20);
    } else if (options.request === VERIFY_PURCHASE) {
      load = await verifyPurchaseLoad({ baseUrl, databaseUrl, cookies: { ...cookies, staff: "" } });
    } else if (options.request === SHARE_LINK_SUBMISSION) {
      load = (await shareLinkSubmissionLoad({ baseUrl, databaseUrl, serverEnv })).load;
    } else {
      const request = MEASURED_REQUESTS.find((one) => one.name === options.request);
      if (!request)
        throw new Error(
          `--request takes "ceiling", "${VERIFY_PURCHASE}", "${SHARE_LINK_SUBMISSION}" or one of: ${MEASURED_REQUESTS.map((one) => one.name).join("; ")}`,
        );
      const targets = await measuredTargets(baseUrl, cookies.admin, [request], customers);
      load = requestOptions(baseUrl, request, cookies[request.signedInAs], targets);
    }
    // Warm up (compiled operations, prepared statements, JIT), then measure.
    await autocannon(autocannonOptions(load, 3));
    server.kill("SIGUSR2");
    const postmaster = postmasterPid(clusterDir);
    if (options.statements) await withClient(databaseUrl, (db) => db.query("SELECT pg_stat_statements_reset()"));
    const cpuBefore = processCpuMs(server.pid as number);
    const postgresBefore = postgresCpuMs(postmaster);
    const result = await autocannon(autocannonOptions(load, seconds));
    const cpu = processCpuMs(server.pid as number) - cpuBefore;
    const postgres = postgresCpuMs(postmaster) - postgresBefore;
    const requests = result.requests.total;
    console.log(
      `${options.request}: ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx, ` +
        `server CPU ${(cpu / requests).toFixed(3)} ms a request (all threads, /proc), ` +
        `PostgreSQL ${(postgres / requests).toFixed(3)} ms`,
    );
    server.kill("SIGUSR2");
    for (let waited = 0; !existsSync(profileFile); waited += 100) {
      if (waited > 30_000) throw new Error("the server wrote no profile in 30 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    summarise(profileFile, requests);
    if (options.statements) await printStatements(databaseUrl, requests);
    console.log(`\nProfile: ${profileFile}`);
  } finally {
    await stopServer(server);
    await cluster.stop();
  }
}

await main();
