import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createEmptyDatabase, queryOnce } from "../../test/database.ts";
import { readMigrations } from "./migrate.ts";
import { diffDatamodels, PROJECT_ROOT, SCHEMA_PATH } from "./prismaCli.ts";

const run = promisify(execFile);

/** Tables, columns, constraints, indexes and enums, in a form two databases can be compared by. */
async function describeSchema(url: string) {
  const [columns, constraints, indexes, enums] = await Promise.all([
    queryOnce(
      url,
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default
                FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_app_migrations'
                ORDER BY table_name, column_name`,
    ),
    queryOnce(
      url,
      `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
                FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
    ),
    queryOnce(
      url,
      // The search's trigram indexes are expressions, which schema.prisma cannot describe: checked below.
      `SELECT tablename, indexname, indexdef FROM pg_indexes
                WHERE schemaname = 'public' AND tablename <> '_app_migrations' AND indexname NOT LIKE '%\\_search\\_trgm\\_idx'
                ORDER BY 1, 2`,
    ),
    queryOnce(
      url,
      `SELECT t.typname, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS labels
                FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY 1 ORDER BY 1`,
    ),
  ]);
  return { columns, constraints, indexes, enums };
}

describe("migrations", () => {
  it("are applied exactly once when two processes start together", async () => {
    const url = await createEmptyDatabase();
    const migrate = () =>
      run("npx", ["tsx", "api/src/cli/migrate.ts"], { cwd: PROJECT_ROOT, env: { ...process.env, DATABASE_URL: url } });
    const results = await Promise.all([migrate(), migrate()]);
    const outputs = results.map((r) => r.stdout.trim()).sort();
    const migrations = await readMigrations();
    // One process applied everything; the other waited on the lock and found nothing to do.
    expect(outputs).toEqual(
      [`Applied ${migrations.map((m) => m.name).join(", ")}`, "The database is up to date."].sort(),
    );
    const applied = await queryOnce<{ name: string }>(url, `SELECT name FROM "_app_migrations" ORDER BY name`);
    expect(applied.map((row) => row.name)).toEqual(migrations.map((m) => m.name));
    const tables = await queryOnce<{ n: number }>(
      url,
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'User'`,
    );
    expect(tables[0]?.n).toBe(1);
  }, 120_000);

  it("keep every stored instant when DateTime columns become timestamptz, whatever the session's zone", async () => {
    const url = await createEmptyDatabase();
    const migrations = await readMigrations();
    const toTimestamptz = migrations.findIndex((migration) => migration.name.endsWith("_timestamptz"));
    for (const migration of migrations.slice(0, toTimestamptz)) await queryOnce(url, migration.sql);
    // Rows as the app wrote them before: UTC wall-clock time in timestamp(3).
    await queryOnce(
      url,
      `INSERT INTO "User" (username, email, "passwordHash", "emailConfirmedAt", "createdAt", "updatedAt")
       VALUES ('before', 'before@example.com', 'x', '2026-03-29 00:30:00.123', '2026-01-02 03:04:05.678', '2026-07-01 23:59:59.999')`,
    );
    const databaseName = new URL(url).pathname.slice(1);
    await queryOnce(url, `ALTER DATABASE "${databaseName}" SET timezone TO 'Asia/Kolkata'`);
    for (const migration of migrations.slice(toTimestamptz)) await queryOnce(url, migration.sql);
    const [row] = await queryOnce<{ emailConfirmedAt: Date; createdAt: Date; updatedAt: Date; type: string }>(
      url,
      `SELECT "emailConfirmedAt", "createdAt", "updatedAt", pg_typeof("createdAt")::text AS type FROM "User"`,
    );
    expect(row?.type).toBe("timestamp with time zone");
    expect(row?.emailConfirmedAt.toISOString()).toBe("2026-03-29T00:30:00.123Z");
    expect(row?.createdAt.toISOString()).toBe("2026-01-02T03:04:05.678Z");
    expect(row?.updatedAt.toISOString()).toBe("2026-07-01T23:59:59.999Z");
  }, 120_000);

  it("make every administrator of the isAdmin flag an ADMIN, and everyone else a CUSTOMER", async () => {
    const url = await createEmptyDatabase();
    const migrations = await readMigrations();
    const toRoles = migrations.findIndex((migration) => migration.name.endsWith("_user_role_from_is_admin"));
    for (const migration of migrations.slice(0, toRoles)) await queryOnce(url, migration.sql);
    await queryOnce(
      url,
      `INSERT INTO "User" (username, email, "passwordHash", "isAdmin", "updatedAt")
       VALUES ('boss', 'boss@example.com', 'x', true, now()), ('buyer', 'buyer@example.com', 'x', false, now())`,
    );
    for (const migration of migrations.slice(toRoles)) await queryOnce(url, migration.sql);
    const rows = await queryOnce<{ username: string; role: string }>(
      url,
      `SELECT username, role::text AS role FROM "User" ORDER BY username`,
    );
    expect(rows).toEqual([
      { username: "boss", role: "ADMIN" },
      { username: "buyer", role: "CUSTOMER" },
    ]);
    const column = await queryOnce(
      url,
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'User' AND column_name = 'isAdmin'`,
    );
    expect(column).toEqual([]);
  }, 120_000);

  it("build the same database as prisma/schema.prisma describes (they cannot drift apart)", async () => {
    const fromMigrations = await createEmptyDatabase();
    const fromSchema = await createEmptyDatabase();
    for (const migration of await readMigrations()) await queryOnce(fromMigrations, migration.sql);
    await queryOnce(fromSchema, await diffDatamodels("empty", SCHEMA_PATH, fromSchema));
    expect(await describeSchema(fromMigrations)).toEqual(await describeSchema(fromSchema));
    // The admin search's indexes (db/search.ts), written in SQL only.
    const trigramIndexes = await queryOnce(
      fromMigrations,
      `SELECT tablename FROM pg_indexes WHERE indexname LIKE '%\\_search\\_trgm\\_idx' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY 1`,
    );
    expect(trigramIndexes).toEqual([
      { tablename: "CustomerProfile" },
      { tablename: "Referral" },
      { tablename: "Referral" },
      { tablename: "User" },
      { tablename: "User" },
    ]);
  }, 120_000);

  it("the comparison notices a datamodel change that has no migration", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "schema-drift-"));
    const changed = path.join(dir, "schema.prisma");
    const original = await fs.readFile(SCHEMA_PATH, "utf8");
    await fs.writeFile(
      changed,
      original.replace(
        "  role            Role      @default(CUSTOMER)",
        "  role            Role      @default(CUSTOMER)\n  nickname        String?",
      ),
    );
    const fromMigrations = await createEmptyDatabase();
    const fromChanged = await createEmptyDatabase();
    for (const migration of await readMigrations()) await queryOnce(fromMigrations, migration.sql);
    await queryOnce(fromChanged, await diffDatamodels("empty", changed, fromChanged));
    expect(await describeSchema(fromMigrations)).not.toEqual(await describeSchema(fromChanged));
    await fs.rm(dir, { recursive: true, force: true });
  }, 120_000);
});
