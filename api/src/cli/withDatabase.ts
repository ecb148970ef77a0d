import { readConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { applyMigrations } from "../db/migrate.ts";
import { createPrismaClient, type Db } from "../db/prisma.ts";

/**
 * Runs a command-line task against the app's database: DATABASE_URL, or the embedded cluster
 * (joined when the server runs it, started for the task when it does not).
 */
export async function withDatabase<T>(task: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(readConfig());
  const db = createPrismaClient(database.url, 2);
  try {
    await applyMigrations(database.url);
    return await task(db);
  } finally {
    await db.$disconnect();
    await database.close();
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
