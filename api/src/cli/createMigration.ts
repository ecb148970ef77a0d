// npm run db:migration -- <name>
// Writes prisma/migrations/<timestamp>_<name>/migration.sql: the SQL that takes the database from
// the datamodel of the previous migration to prisma/schema.prisma, plus a copy of that datamodel
// (schema.prisma beside it) for the next diff.
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { MIGRATIONS_DIR, readMigrations } from "../db/migrate.ts";
import { diffDatamodels, SCHEMA_PATH } from "../db/prismaCli.ts";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:migration -- <name in lower_snake_case>");
  process.exit(1);
}

await fs.mkdir(MIGRATIONS_DIR, { recursive: true });
const previous = (await readMigrations()).at(-1);
const previousDatamodel = previous ? path.join(MIGRATIONS_DIR, previous.name, "schema.prisma") : undefined;
if (previousDatamodel && !existsSync(previousDatamodel)) {
  throw new Error(`${previousDatamodel} is missing: every migration keeps the datamodel it was generated from.`);
}

const sql = await diffDatamodels(previousDatamodel ?? "empty", SCHEMA_PATH);
if (!/\S/.test(sql.replace(/^--.*$/gm, ""))) {
  console.log("prisma/schema.prisma matches the last migration: nothing to write.");
  process.exit(0);
}

const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
await fs.mkdir(dir);
await fs.writeFile(path.join(dir, "migration.sql"), sql);
await fs.copyFile(SCHEMA_PATH, path.join(dir, "schema.prisma"));
console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
