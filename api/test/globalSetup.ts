// One embedded PostgreSQL cluster for the whole run, with a migrated template database that
// each test file clones (CREATE DATABASE ... TEMPLATE is a file copy: fast).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureDatabase, startEmbeddedPostgres } from "../src/db/embeddedPostgres.ts";
import { findFreePort } from "../src/db/freePort.ts";
import { applyMigrations } from "../src/db/migrate.ts";

export const TEMPLATE_DATABASE = "referrals_template";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "referrals-test-pg-"));
  const cluster = await startEmbeddedPostgres({ clusterDir: path.join(dir, "pg"), port: await findFreePort() });
  const templateUrl = await ensureDatabase(cluster.adminUrl, TEMPLATE_DATABASE);
  await applyMigrations(templateUrl);
  project.provide("postgresAdminUrl", cluster.adminUrl);
  return async () => {
    await cluster.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
