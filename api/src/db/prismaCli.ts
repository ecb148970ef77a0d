import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ensureDatabase, startEmbeddedPostgres } from "./embeddedPostgres.ts";
import { findFreePort } from "./freePort.ts";

const run = promisify(execFile);
export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../../..");
export const SCHEMA_PATH = path.join(PROJECT_ROOT, "prisma", "schema.prisma");

/**
 * `prisma migrate diff` between two datamodels. With the JS engine Prisma opens a connection
 * even for a pure datamodel diff, so a throwaway embedded cluster is started when no
 * DATABASE_URL is given.
 */
export async function diffDatamodels(from: string | "empty", to: string, connectTo?: string): Promise<string> {
  return withScratchDatabase(connectTo, async (databaseUrl) => {
    const args = [
      "prisma",
      "migrate",
      "diff",
      ...(from === "empty" ? ["--from-empty"] : ["--from-schema-datamodel", from]),
      "--to-schema-datamodel",
      to,
      "--script",
    ];
    const { stdout } = await run("npx", args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_GENERATE_URL: databaseUrl },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  });
}

async function withScratchDatabase<T>(
  given: string | undefined,
  work: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const existing = given ?? process.env.DATABASE_URL;
  if (existing) return work(existing);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "referrals-scratch-pg-"));
  const cluster = await startEmbeddedPostgres({ clusterDir: path.join(dir, "pg"), port: await findFreePort() });
  try {
    return await work(await ensureDatabase(cluster.adminUrl, "scratch"));
  } finally {
    await cluster.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
