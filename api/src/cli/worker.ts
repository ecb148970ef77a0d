// npm run worker   (works the job queue in its own process: emails, the referral expiry)
// For larger deployments: servers with WORKER_MODE=none serve only, and one or more of these work
// the jobs (each takes different ones). Same DATABASE_URL and SMTP settings as the servers.
import { createAppDeps } from "../compose/appDeps.ts";
import { startJobRunner } from "../compose/jobs.ts";
import { readConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { applyMigrations } from "../db/migrate.ts";
import { JOBS_STOP_WITHIN_MS } from "../jobs/runner.ts";

const config = readConfig();
const database = await openDatabase(config);
await applyMigrations(database.url);
const { deps, close } = createAppDeps(config, database.appUrl);
database.reportTo(deps.log);
const jobs = await startJobRunner(deps, { connectionString: database.appUrl });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  deps.log.info({ signal }, "worker shutting down");
  const forced = setTimeout(() => process.exit(1), 25_000);
  forced.unref();
  // Jobs in progress finish and record their outcome (or, after JOBS_STOP_WITHIN_MS, go back to the queue); no new job is taken.
  await jobs.stop(JOBS_STOP_WITHIN_MS);
  await close();
  await database.close();
  process.exit(0);
}
process.removeAllListeners("SIGINT");
process.removeAllListeners("SIGTERM");
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
