// A transaction whose connection PostgreSQL ends gives it back to the pool (docs/operations.md,
// "The database restarting"): with one connection in the pool, the next statement runs at once.
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database.ts";
import { createPrismaClient, type Db } from "./prisma.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function onePoolConnection() {
  const url = await createTestDatabase();
  // A waiting statement fails after 3 s rather than hanging: a leaked connection shows as that failure.
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 3_000 });
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = createPrismaClient(pool);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  cleanups.push(
    () => admin.end(),
    () => pool.end(),
    () => db.$disconnect(),
  );
  const terminate = (pid: number) => admin.query("SELECT pg_terminate_backend($1)", [pid]);
  return { db, terminate };
}

const backendPid = async (tx: Pick<Db, "$queryRaw">) =>
  (await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]?.pid ?? 0;

describe("a transaction whose connection is ended under it", () => {
  it("gives the connection back when its COMMIT fails, and the next statement runs", async () => {
    const { db, terminate } = await onePoolConnection();
    const outcome = await db
      .$transaction(async (tx) => {
        await terminate(await backendPid(tx));
      })
      .then(
        () => "committed",
        () => "failed",
      );
    expect(outcome).toBe("failed");
    expect(await backendPid(db)).toBeGreaterThan(0);
  });

  it("gives the connection back when its ROLLBACK fails after an error in the transaction", async () => {
    const { db, terminate } = await onePoolConnection();
    const outcome = await db
      .$transaction(async (tx) => {
        await terminate(await backendPid(tx));
        throw new Error("the work failed");
      })
      .catch((error: Error) => error.message);
    expect(outcome).toBe("the work failed");
    expect(await backendPid(db)).toBeGreaterThan(0);
    // And a transaction runs on it again, committing.
    expect(await db.$transaction(async (tx) => backendPid(tx))).toBeGreaterThan(0);
  });
});
