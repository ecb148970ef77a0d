// npm run db:restore -- <backup dir> [--data-dir D]   (into a fresh DATA_DIR: docs/operations.md, "Backups")
import { parseArgs } from "node:util";
import { readConfig } from "../config.ts";
import { restoreEmbeddedCluster } from "../db/backup.ts";
import { fail } from "./withDatabase.ts";

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { "data-dir": { type: "string" } },
  allowPositionals: true,
});
const backupDir = positionals[0];
if (!backupDir || positionals.length > 1) fail("Usage: npm run db:restore -- <backup directory> [--data-dir D]");
const config = readConfig(values["data-dir"] ? { ...process.env, DATA_DIR: values["data-dir"] } : process.env);
try {
  await restoreEmbeddedCluster({
    backupDir,
    dataDir: config.dataDir,
    port: config.embeddedPostgresPort,
    log: (line) => {
      if (/FATAL|PANIC|ERROR|redo|consistent/.test(line)) console.log(line);
    },
  });
  console.log(`Restored into ${config.dataDir}: the cluster replayed the backup's WAL and started. npm start uses it.`);
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
