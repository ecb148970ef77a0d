// npm run db:migrate: applies the pending migrations to DATABASE_URL or the embedded database
// (npm start does this too; this is for deploy pipelines that migrate before rolling instances).
import { readConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { applyMigrations } from "../db/migrate.ts";

const database = await openDatabase(readConfig());
try {
  const applied = await applyMigrations(database.url);
  console.log(applied.length > 0 ? `Applied ${applied.join(", ")}` : "The database is up to date.");
} finally {
  await database.close();
}
