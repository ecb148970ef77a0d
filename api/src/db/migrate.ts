import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Logger, runMigrations as runJobQueueMigrations } from "graphile-worker";
import pg from "pg";

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../../prisma/migrations");

/** Any fixed number shared by every instance: they queue on it while one applies migrations. */
const MIGRATION_LOCK_KEY = 7_301_220_519;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await fs.readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/**
 * Applies every migration not applied yet, each in its own transaction, under a session-level
 * advisory lock so that instances starting together apply each migration exactly once.
 * A migration whose file changed after it was applied stops the start-up.
 */
export async function applyMigrations(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  // A start killed mid-migration (SIGKILL, OOM) would leave its session running the statement to its
  // end, holding the lock the next start waits on: checked every second, PostgreSQL (14 and later)
  // ends it and rolls the migration back. Older servers lack the setting and keep their behaviour.
  await client.query("SET client_connection_check_interval = 1000").catch(() => undefined);
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "_app_migrations" (
         name text PRIMARY KEY,
         checksum text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await client.query<{ name: string; checksum: string }>(
      `SELECT name, checksum FROM "_app_migrations"`,
    );
    const done = new Map(rows.map((row) => [row.name, row.checksum]));
    for (const migration of migrations) {
      const recorded = done.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was edited after it was applied; write a new migration instead.`,
          );
        }
        continue;
      }
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query(`INSERT INTO "_app_migrations" (name, checksum) VALUES ($1, $2)`, [
          migration.name,
          migration.checksum,
        ]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration.name);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  await migrateJobQueue(databaseUrl);
  return applied;
}

/** The role the app connects as on the embedded cluster (db/embeddedPostgres.ts), when it exists. */
const APP_ROLE = "referrals_app";
/** Its migration logs nothing: ours report what was applied. */
const silentJobLogger = new Logger(() => () => {});

/**
 * graphile-worker's own schema (`graphile_worker`), migrated by its own code (it locks and records its
 * migrations itself), then opened to the app's role: it adds and works jobs but owns nothing.
 */
async function migrateJobQueue(databaseUrl: string): Promise<void> {
  await runJobQueueMigrations({ connectionString: databaseUrl, logger: silentJobLogger });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const role = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [APP_ROLE]);
    if (role.rowCount === 0) return;
    // Serialised with other instances starting (DROP and CREATE POLICY below).
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(`GRANT USAGE ON SCHEMA graphile_worker TO ${APP_ROLE}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA graphile_worker TO ${APP_ROLE}`);
    await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA graphile_worker TO ${APP_ROLE}`);
    await client.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA graphile_worker TO ${APP_ROLE}`);
    // Its tables have row-level security with no policy (only their owner passes): one policy opens them to the app's role.
    const tables = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'graphile_worker' AND rowsecurity",
    );
    for (const { name } of tables.rows) {
      const table = `graphile_worker."${name.replaceAll('"', '""')}"`;
      await client.query(`DROP POLICY IF EXISTS app_role_all ON ${table}`);
      await client.query(`CREATE POLICY app_role_all ON ${table} TO ${APP_ROLE} USING (true) WITH CHECK (true)`);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
