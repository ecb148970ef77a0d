// npm run db:backup -- <dir>   (an online backup of the embedded cluster: docs/operations.md, "Backups")
import path from "node:path";
import { readConfig } from "../config.ts";
import { backupEmbeddedCluster } from "../db/backup.ts";
import { openDatabase } from "../db/database.ts";
import { embeddedAdminUrl } from "../db/embeddedPostgres.ts";
import { fail } from "./withDatabase.ts";

const target = process.argv[2];
if (!target || target.startsWith("-")) fail("Usage: npm run db:backup -- <new directory>");
const config = readConfig();
if (config.databaseUrl)
  fail(
    "DATABASE_URL is set: back up that server with its own tools (pg_basebackup, pg_dump or your provider's snapshots; README, Backups).",
  );
// Joined when the server runs it; started for the backup when it does not.
const database = await openDatabase(config);
try {
  const clusterDir = path.join(config.dataDir, "postgres");
  const port = Number(new URL(database.url).port);
  const result = await backupEmbeddedCluster({
    clusterDir,
    dataDir: config.dataDir,
    adminUrl: embeddedAdminUrl(clusterDir, port),
    targetDir: target,
  });
  console.log(
    `Backed up ${clusterDir} into ${path.resolve(target)} (WAL ${result.startLsn} to ${result.stopLsn}, ${result.walFiles} segment files).`,
  );
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
