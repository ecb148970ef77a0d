// The embedded data directory's disk fills up while the production server takes writes. DATA_DIR is a
// small tmpfs mounted for the test (root only, as CI runs); once the server is serving, a filler file
// takes every free byte while customers keep adding referrals (REST, and GraphQL as the web app sends it,
// each with an Idempotency-Key, retried on 503 as a client following Retry-After would). Writes must
// get 503 + Retry-After with the typed body (never a 500), the process must stay up, and once the
// filler is removed it must serve writes again by itself; every acknowledged write is then stored
// exactly once and amcheck finds every table and index of the app's database intact. Second, the write-ahead
// log needs a new segment while the disk is full: PostgreSQL PANICs and stops, and the app must start
// it again once space returns, with the same checks.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { type AppProcess, spawnAppProcess } from "../../test/appProcess.ts";
import { queryOnce } from "../../test/database.ts";
import { controlCluster, embeddedPostgresBin } from "../../test/postgresCluster.ts";
import { type Answer, type LoadOp, RetryingLoad } from "../../test/retryingLoad.ts";
import { signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { waitFor } from "../../test/waitFor.ts";
import { PERSISTED_DOCUMENTS_FILE } from "../graphql/persistedDocuments.ts";
import { EMBEDDED_DATABASE_NAME } from "./database.ts";
import { embeddedAdminUrl } from "./embeddedPostgres.ts";
import { findFreePort } from "./freePort.ts";
import { createPrismaClient, type Db } from "./prisma.ts";

const exec = promisify(execFile);

/** The tmpfs: room for the cluster PostgreSQL makes (about 60 MB) and its WAL, and little more. */
const DISK_MB = 160;
const SESSION_SECRET = "disk-full-session-secret-0123456789abcdef0123";
const CUSTOMERS = 4;
/** The programme's daily limit per customer (settings' default). */
const REFERRALS_EACH = 20;
const TICK_MS = 60;
const MAX_IN_FLIGHT = 8;

/** The web app's add-referral mutation: production runs only its persisted documents for customers. */
const addReferralDocument = Object.entries(
  JSON.parse(await fs.readFile(PERSISTED_DOCUMENTS_FILE, "utf8")) as Record<string, string>,
).find(([, text]) => text.startsWith("mutation AddReferralDrawerMutation("))?.[0];

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error) => console.error(error));
});

/** Mounts a tmpfs of `sizeMb` on `dir`; unmounted by the test's cleanup, whatever happens. */
async function mountTmpfs(dir: string, sizeMb: number): Promise<void> {
  try {
    await exec("mount", ["-t", "tmpfs", "-o", `size=${sizeMb}m,mode=0755`, "tmpfs", dir]);
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(
      `The disk-full test mounts a ${sizeMb} MB tmpfs as the embedded data directory, which needs root ` +
        `(CAP_SYS_ADMIN); running as uid ${os.userInfo().uid}, mount failed: ${stderr?.trim() || message}. ` +
        "Run the tests as root (CI does).",
    );
  }
  cleanups.push(async () => {
    // A process still holding a file there (it should not) cannot keep the mount: detach it lazily then.
    await exec("umount", [dir]).catch(() => exec("umount", ["-l", dir]));
  });
}

/** Writes zeros into `file` until the file system refuses with ENOSPC: no free byte is left. */
async function fillDisk(file: string): Promise<number> {
  const handle = await fs.open(file, "w");
  let written = 0;
  try {
    for (const size of [1 << 20, 4096, 512]) {
      const chunk = Buffer.alloc(size);
      for (;;) {
        try {
          const { bytesWritten } = await handle.write(chunk);
          written += bytesWritten;
          if (bytesWritten < size) break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
          throw error;
        }
      }
    }
  } finally {
    await handle.close();
  }
  return written;
}

interface Op extends LoadOp {
  phone: string;
}

/** Adds referrals in an open loop; a 503 or a dropped connection is retried with the same key. */
class Writes extends RetryingLoad<Op> {
  readonly acknowledged = new Map<string, number>(); // phone → referral id
  private counter = 0;
  private readonly added = new Map<number, number>();

  constructor(private readonly customers: { client: TestClient; customerId: number }[]) {
    super(TICK_MS, MAX_IN_FLIGHT, 200);
  }

  get attempts() {
    return [...this.statuses.values()].reduce((a, b) => a + b, 0);
  }

  protected nextOp(): Op | undefined {
    const customer = this.customers.find((c) => (this.added.get(c.customerId) ?? 0) < REFERRALS_EACH);
    if (!customer) return undefined;
    this.added.set(customer.customerId, (this.added.get(customer.customerId) ?? 0) + 1);
    const n = ++this.counter;
    const phone = `+4474008${String(10000 + n).slice(-5)}`;
    const key = `disk-full-${n}-${Math.random().toString(36).slice(2, 8)}`;
    const name = `Friend ${n}`;
    const done = (answer: Answer) => {
      const graphql = answer.body?.data !== undefined;
      const id = graphql ? answer.body?.data?.addReferral?.data?.referral?.id : answer.body?.id;
      if (id === undefined) return "no referral in the answer";
      // GraphQL answers the global id ("Referral:<id>" in base64), REST the numeric one.
      this.acknowledged.set(phone, graphql ? Number(Buffer.from(id, "base64").toString().split(":")[1]) : id);
      return undefined;
    };
    // Every third one through GraphQL, as the web app sends it (its persisted document); the rest through REST.
    if (n % 3 === 0)
      return {
        key,
        phone,
        via: "graphql",
        dueAt: 0,
        done,
        send: () =>
          customer.client.request("POST", "/graphql", {
            json: {
              operationName: "AddReferralDrawerMutation",
              variables: { input: { name, phone, idempotencyKey: key } },
              extensions: { persistedQuery: { version: 1, sha256Hash: addReferralDocument } },
            },
          }),
      };
    return {
      key,
      phone,
      via: "rest",
      dueAt: 0,
      done,
      send: () =>
        customer.client.request("POST", "/api/referrals", {
          json: { name, phone },
          headers: { "Idempotency-Key": key },
        }),
    };
  }
}

/** The production server on an embedded cluster whose DATA_DIR is a small tmpfs, with customers writing. */
async function serverOnSmallDisk() {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), "disk-full-"));
  await fs.chmod(base, 0o755);
  cleanups.push(() => fs.rm(base, { recursive: true, force: true }));
  const dataDir = path.join(base, "data");
  await fs.mkdir(dataDir);
  await mountTmpfs(dataDir, DISK_MB);

  const port = await findFreePort();
  const app: AppProcess = await spawnAppProcess("disk-full", {
    SESSION_SECRET,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(port),
  });
  const clusterDir = path.join(dataDir, "postgres");
  cleanups.push(async () => {
    await app.stop();
    // Whatever happened, no PostgreSQL is left running on the mount.
    const cluster = controlCluster(embeddedPostgresBin(), clusterDir, path.join(base, "pg.log"));
    if (await cluster.running()) await cluster.stop();
  });
  await app.waitUntilHealthy();
  let exited: string | undefined;
  app.child.once("exit", (code, signal) => {
    exited = `the server process exited (code ${code}, signal ${signal})`;
  });

  const url = new URL(embeddedAdminUrl(clusterDir, port));
  url.pathname = `/${EMBEDDED_DATABASE_NAME}`;
  const databaseUrl = url.toString();
  const db: Db = createPrismaClient(databaseUrl, 2);
  cleanups.push(() => db.$disconnect());

  const asApp = { db, client: () => app.client() } as unknown as TestApp;
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const { client, customerId } = await signedInCustomer(asApp, `disk${i}`);
    customers.push({ client, customerId });
  }
  const writes = new Writes(customers);
  cleanups.push(async () => writes.stop());
  const alive = () => {
    if (exited) throw new Error(`${exited}:\n${app.otherOutput.join("").slice(-3000)}`);
    if (writes.unexpected.length > 0)
      throw new Error(
        `unexpected answers:\n${writes.unexpected.slice(0, 5).join("\n")}\nserver errors:\n${app.logs
          .filter((line) => (line.level ?? 0) >= 50)
          .slice(0, 3)
          .map((line) => JSON.stringify(line).slice(0, 1500))
          .join("\n")}`,
      );
  };
  /** Waits for `condition`, failing at once if the server exits or answers anything unexpected. */
  const whileAlive = (what: string, condition: () => boolean, timeoutMs: number) =>
    waitFor(
      what,
      () => {
        alive();
        return condition();
      },
      timeoutMs,
    );
  writes.start();
  await whileAlive("writes acknowledged before the disk fills", () => writes.acknowledged.size >= 10, 20_000);

  return { app, dataDir, databaseUrl, db, customers, writes, alive, whileAlive };
}

/** Every acknowledged write stored exactly once, amcheck clean, and the same process stops cleanly. */
async function checkAfterRecovery({
  app,
  databaseUrl,
  db,
  customers,
  writes,
  alive,
}: Awaited<ReturnType<typeof serverOnSmallDisk>>) {
  await writes.drain(30_000);
  alive();
  expect(writes.unexpected, "answers other than 200 and 503").toEqual([]);

  // Every acknowledged write is stored exactly once, and nothing else was stored.
  const stored = await db.referral.findMany({
    where: { customerId: { in: customers.map((c) => c.customerId) } },
    select: { id: true, phone: true },
  });
  expect(stored.map((r) => r.phone).sort()).toEqual([...writes.acknowledged.keys()].sort());
  expect(new Map(stored.map((r) => [r.phone, r.id]))).toEqual(writes.acknowledged);

  // No corruption: amcheck reads every heap page of the app's tables and checks every B-tree
  // index against its table (every row found in its indexes).
  await queryOnce(databaseUrl, "CREATE EXTENSION IF NOT EXISTS amcheck");
  const tables = await queryOnce<{ name: string; oid: number }>(
    databaseUrl,
    `SELECT c.oid::int AS oid, format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname IN ('public', 'graphile_worker')`,
  );
  expect(tables.map((t) => t.name)).toContain('public."Referral"');
  for (const table of tables) {
    const problems = await queryOnce(databaseUrl, `SELECT * FROM verify_heapam(${table.oid}::regclass)`);
    expect(problems, `heap of ${table.name}`).toEqual([]);
  }
  const indexes = await queryOnce<{ name: string }>(
    databaseUrl,
    `SELECT bt_index_check(c.oid, true), c.relname AS name FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE am.amname = 'btree' AND n.nspname IN ('public', 'graphile_worker') AND i.indisvalid`,
  );
  expect(indexes.length).toBeGreaterThan(10);

  // The same process served throughout, and stops cleanly.
  alive();
  expect(await app.stop()).toBe(0);
}

describe("the embedded data directory's disk fills up", () => {
  it("writes answer 503 with Retry-After, nothing acknowledged is lost, and it serves again once space returns", async () => {
    const server = await serverOnSmallDisk();
    const { dataDir, writes, alive, whileAlive } = server;
    // Every free byte taken: the next page a table or index needs cannot be allocated.
    const filler = path.join(dataDir, "filler");
    await fillDisk(filler);
    const { stdout: df } = await exec("df", ["-k", "--output=avail", dataDir]);
    expect(Number(df.trim().split("\n").at(-1)), "free KiB after filling").toBeLessThan(64);
    await whileAlive(
      "writes refused with 503 (REST and GraphQL) while the disk is full",
      () => writes.unavailable.rest >= 6 && writes.unavailable.graphql >= 3,
      30_000,
    );
    alive();

    // Space returns: the server serves writes again by itself, without a restart of its own.
    await fs.rm(filler);
    const ackedAtFree = writes.acknowledged.size;
    await whileAlive(
      "writes acknowledged again once space returned",
      () => writes.acknowledged.size >= ackedAtFree + 5,
      30_000,
    );
    await checkAfterRecovery(server);
  }, 120_000);
});

describe("the embedded data directory's disk fills up as the write-ahead log grows", () => {
  it("PostgreSQL PANICs and stops; writes answer 503 meanwhile; the app starts it again once space returns", async () => {
    const server = await serverOnSmallDisk();
    const { app, dataDir, databaseUrl, writes, whileAlive } = server;
    const filler = path.join(dataDir, "filler");
    await fillDisk(filler);
    // The log moves on to a new segment file (pg_switch_wal, as a busy server does every 16 MB),
    // which cannot be made: PostgreSQL PANICs, and its recovery cannot write either, so it stops.
    const owner = new pg.Client({ connectionString: databaseUrl });
    owner.on("error", () => undefined);
    await owner.connect();
    let failure: { code?: string; severity?: string } | undefined;
    for (let i = 0; i < 50 && failure === undefined; i++) {
      try {
        await owner.query("SELECT pg_current_xact_id()");
        await owner.query("SELECT pg_switch_wal()");
      } catch (error) {
        failure = error as typeof failure;
      }
    }
    await owner.end().catch(() => undefined);
    expect(failure).toMatchObject({ code: "53100", severity: "PANIC" });
    await whileAlive(
      "PostgreSQL to stop, and writes to answer 503 meanwhile",
      () =>
        app.logged("embedded PostgreSQL stopped: waiting for it to be back").length > 0 &&
        writes.unavailable.rest >= 6 &&
        writes.unavailable.graphql >= 3,
      30_000,
    );
    // While the disk stays full, the app's attempts to start it fail, and it keeps trying.
    await whileAlive(
      "a failed attempt to start it",
      () => app.logged("embedded PostgreSQL not started yet").length > 0,
      30_000,
    );

    await fs.rm(filler);
    const ackedAtFree = writes.acknowledged.size;
    await whileAlive(
      "writes acknowledged again once space returned",
      () => writes.acknowledged.size >= ackedAtFree + 5,
      40_000,
    );
    expect(app.logged("embedded PostgreSQL started again")).toHaveLength(1);
    // The operator's log says why: PostgreSQL's own last lines, with the full disk.
    const why = [
      ...app.logged("embedded PostgreSQL stopped: waiting for it to be back"),
      ...app.logged("embedded PostgreSQL not started yet"),
    ].map((line) => JSON.stringify(line.lastOutput));
    expect(why.length).toBeGreaterThan(1);
    expect(why.join("\n")).toContain("No space left on device");
    await checkAfterRecovery(server);
  }, 120_000);
});
