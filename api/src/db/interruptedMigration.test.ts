// A start killed (SIGKILL) in the middle of a migration. The production server starts on a database
// that has every migration but one; that one's first statements run, then it waits on a table lock
// the test holds, and the process is killed there. Nothing of the migration may be left (each
// migration runs in one transaction: db/migrate.ts), the dead start's session must not keep the
// migration lock, and the next start must apply it whole and serve.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { type AppProcess, spawnAppProcess } from "../../test/appProcess.ts";
import { createEmptyDatabase, createTestDatabase } from "../../test/database.ts";
import { applyMigrations, MIGRATIONS_DIR, type Migration, readMigrations } from "./migrate.ts";

const SESSION_SECRET = "interrupted-migration-secret-0123456789abcdef";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor<T>(what: string, value: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await value();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

/** Every table, column, constraint, index and type of the public schema, comparable between databases. */
async function schemaOf(db: pg.Client): Promise<unknown> {
  const { rows } = await db.query<{ item: string }>(
    `SELECT format('column %s.%s %s %s %s', table_name, column_name, data_type, is_nullable, column_default) AS item
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_app_migrations'
     UNION ALL
     SELECT format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace
     UNION ALL
     SELECT format('index %s', indexdef) FROM pg_indexes
      WHERE schemaname = 'public' AND tablename <> '_app_migrations'
     UNION ALL
     SELECT format('type %s %s', t.typname, (SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder)
                                             FROM pg_enum e WHERE e.enumtypid = t.oid))
       FROM pg_type t WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd', 'c')
        AND NOT EXISTS (SELECT 1 FROM pg_class c WHERE c.reltype = t.oid)
     ORDER BY 1`,
  );
  return rows.map((row) => row.item);
}

/**
 * The latest migration that alters, after a first statement of its own, a table an earlier migration
 * made: holding a lock on that table stops the migration part-way, its first statement run.
 */
function migrationToInterrupt(migrations: Migration[]): { index: number; table: string } {
  for (let index = migrations.length - 1; index > 0; index--) {
    const statements = (migrations[index] as Migration).sql
      .split(/;\s*\n/)
      .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
      .filter(Boolean);
    const earlier = migrations
      .slice(0, index)
      .map((migration) => migration.sql)
      .join("\n");
    for (const statement of statements.slice(1)) {
      const table = /^ALTER TABLE "([^"]+)"/.exec(statement)?.[1];
      if (table && earlier.includes(`CREATE TABLE "${table}"`)) return { index, table };
    }
  }
  throw new Error("no migration alters an earlier table after a statement of its own");
}

describe("a migration interrupted by SIGKILL", () => {
  it("leaves nothing of it applied, and the next start applies it whole and serves", async () => {
    const migrations = await readMigrations();
    const { index, table } = migrationToInterrupt(migrations);
    const interrupted = migrations[index] as Migration;

    // A database as an older release left it: every migration before the interrupted one.
    const url = await createEmptyDatabase();
    const olderRelease = await fs.mkdtemp(path.join(os.tmpdir(), "older-migrations-"));
    cleanups.push(() => fs.rm(olderRelease, { recursive: true, force: true }));
    for (const migration of migrations.slice(0, index))
      await fs.cp(path.join(MIGRATIONS_DIR, migration.name), path.join(olderRelease, migration.name), {
        recursive: true,
      });
    await applyMigrations(url, olderRelease);
    const db = await connect(url);
    const before = await schemaOf(db);

    // The table the migration alters after its first statement, held.
    const holder = await connect(url);
    await holder.query("BEGIN");
    await holder.query(`LOCK TABLE "${table}" IN ACCESS SHARE MODE`);

    let app: AppProcess = await spawnAppProcess("interrupted-migration", { SESSION_SECRET, DATABASE_URL: url });
    cleanups.push(() => app.stop());
    const exited = new Promise((resolve) => app.child.once("exit", resolve));
    // The start's migration session waits on the table: the migration is part-way, its transaction has written.
    const migrator = await waitFor(
      `the start's migration to wait on "${table}"`,
      async () => {
        if (app.child.exitCode !== null) throw new Error(`the server exited: ${app.otherOutput.join("")}`);
        const { rows } = await db.query<{ pid: number; xid: string | null }>(
          `SELECT l.pid, a.backend_xid::text AS xid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.relation = $1::regclass AND NOT l.granted`,
          [`"${table}"`],
        );
        return rows[0];
      },
      30_000,
    );
    expect(migrator.xid, "the migration's first statement has run in its transaction").not.toBeNull();

    app.child.kill("SIGKILL");
    await exited;
    // The dead start's session ends by itself (the table still held): its migration lock does not
    // keep the next start waiting for statements nobody will commit.
    await waitFor(
      "the killed start's session to end",
      async () => {
        const { rowCount } = await db.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [migrator.pid]);
        return rowCount === 0 ? true : undefined;
      },
      15_000,
    );
    // Nothing of the interrupted migration is there, and it is not recorded as applied.
    expect(await schemaOf(db)).toEqual(before);
    const recorded = await db.query(`SELECT 1 FROM "_app_migrations" WHERE name = $1`, [interrupted.name]);
    expect(recorded.rowCount).toBe(0);
    await holder.query("COMMIT");

    // The next start applies it whole and serves; the schema is the one every migration makes.
    app = await spawnAppProcess("interrupted-migration-again", { SESSION_SECRET, DATABASE_URL: url });
    cleanups.push(() => app.stop());
    await app.waitUntilHealthy();
    expect(app.logged("migrations applied")[0]?.applied).toEqual(migrations.slice(index).map((m) => m.name));
    const applied = await db.query<{ name: string }>(`SELECT name FROM "_app_migrations" ORDER BY name`);
    expect(applied.rows.map((row) => row.name)).toEqual(migrations.map((m) => m.name));
    const reference = await connect(await createTestDatabase());
    expect(await schemaOf(db)).toEqual(await schemaOf(reference));
    expect(await app.stop()).toBe(0);
  }, 90_000);

  it("every migration is one transaction: no file commits part of itself or holds a statement a transaction refuses", async () => {
    // db/migrate.ts wraps each file in BEGIN ... COMMIT; a COMMIT inside would make it two, and a kill
    // between them would leave the first part applied and the migration unrecorded.
    const outsideTransaction =
      /^\s*(?:(?:BEGIN|COMMIT|END|ROLLBACK|ABORT)\s*(?:TRANSACTION|WORK)?\s*;|(?:START\s+TRANSACTION|SAVEPOINT|RELEASE|PREPARE\s+TRANSACTION|VACUUM|CREATE\s+DATABASE|DROP\s+DATABASE|ALTER\s+SYSTEM)\b)|\bCONCURRENTLY\b/im;
    const migrations = await readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    for (const migration of migrations) {
      // Comments, strings and dollar-quoted bodies (a DO block's BEGIN ... END) are not statements here.
      const code = migration.sql
        .replace(/--.*$/gm, "")
        .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, "''")
        .replace(/'(?:[^']|'')*'/g, "''");
      expect(outsideTransaction.exec(code)?.[0], migration.name).toBeUndefined();
    }
  });
});
