// The embedded cluster's backup round trip (docs/operations.md, "Backups"): a backup taken while the server
// takes sign-ups, restored into a fresh data directory, has every sign-up acknowledged before
// pg_backup_stop returned, and reads as a consistent database.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_PASSWORD, type TestApp } from "../../test/testApp.ts";
import { backupEmbeddedCluster, restoreEmbeddedCluster } from "./backup.ts";
import { type EmbeddedCluster, ensureDatabase, startEmbeddedPostgres } from "./embeddedPostgres.ts";
import { findFreePort } from "./freePort.ts";
import { applyMigrations, readMigrations } from "./migrate.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe("npm run db:backup and db:restore", () => {
  it("restore a backup taken under write load with every acknowledged write, consistent", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "backup-round-trip-"));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    // As root the clusters run as the postgres user, which must reach them.
    await fs.chmod(dir, 0o755);
    const sourceData = path.join(dir, "source");
    const clusterDir = path.join(sourceData, "postgres");
    const cluster = await startEmbeddedPostgres({ clusterDir, port: await findFreePort() });
    cleanups.push(() => cluster.stop());
    const databaseUrl = await ensureDatabase(cluster.adminUrl, "referrals");
    await applyMigrations(databaseUrl);
    const app: TestApp = await startTestApp({ TRUST_PROXY: "1" }, { databaseUrl });
    cleanups.push(() => app.close());

    // Sign-ups from two clients at once until told to stop; each remembers when it was acknowledged.
    const acknowledged: { username: string; at: number }[] = [];
    let writing = true;
    let counter = 0;
    const writer = async () => {
      while (writing) {
        const username = `Backup${++counter}`;
        // Each from its own address (behind a trusted proxy): the sign-up limit counts per address.
        const response = await app.client().request("POST", "/api/register", {
          headers: { "x-forwarded-for": `10.0.${counter >> 8}.${counter & 255}` },
          json: {
            username,
            password: TEST_PASSWORD,
            email: `${username.toLowerCase()}@example.com`,
            firstName: username,
            lastName: "Tester",
          },
        });
        expect(response.status, response.text).toBe(200);
        acknowledged.push({ username, at: performance.now() });
      }
    };
    const writers = [writer(), writer()];
    // The backup starts once writes are flowing.
    await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(8);
    let stoppedAt = Number.POSITIVE_INFINITY;
    const backupDir = path.join(dir, "backup");
    const result = await backupEmbeddedCluster({
      clusterDir,
      dataDir: sourceData,
      adminUrl: cluster.adminUrl,
      targetDir: backupDir,
      onStopped: () => {
        stoppedAt = performance.now();
      },
    });
    // Writes go on after the backup too, then stop.
    const afterBackup = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(afterBackup);
    writing = false;
    await Promise.all(writers);
    const beforeStop = acknowledged.filter((write) => write.at < stoppedAt).map((write) => write.username);
    expect(beforeStop.length).toBeGreaterThanOrEqual(8);
    expect(result.walFiles).toBeGreaterThan(0);

    // Restored into a fresh data directory: the restore starts it once (WAL replayed) and stops it.
    const restoredData = path.join(dir, "restored");
    await restoreEmbeddedCluster({ backupDir, dataDir: restoredData, port: await findFreePort() });
    const restored: EmbeddedCluster = await startEmbeddedPostgres({
      clusterDir: path.join(restoredData, "postgres"),
      port: await findFreePort(),
    });
    cleanups.push(() => restored.stop());
    const url = new URL(restored.adminUrl);
    url.pathname = "/referrals";
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    cleanups.push(() => client.end());

    const users = await client.query<{ username: string }>(`SELECT username FROM "User" WHERE username LIKE 'Backup%'`);
    const present = new Set(users.rows.map((row) => row.username));
    expect(beforeStop.filter((username) => !present.has(username))).toEqual([]);
    // Each sign-up whole: its user row has its password hash (one transaction, all or nothing).
    const partial = await client.query(`SELECT id FROM "User" WHERE username LIKE 'Backup%' AND "passwordHash" = ''`);
    expect(partial.rowCount).toBe(0);

    // The migrations table as the source had it, and every table readable.
    const migrations = await client.query<{ name: string }>(`SELECT name FROM "_app_migrations" ORDER BY name`);
    expect(migrations.rows.map((row) => row.name)).toEqual((await readMigrations()).map((m) => m.name));
    const tables = await client.query<{ schema: string; name: string }>(
      `SELECT schemaname AS schema, tablename AS name FROM pg_tables WHERE schemaname IN ('public', 'graphile_worker')`,
    );
    expect(tables.rows.length).toBeGreaterThan(10);
    for (const table of tables.rows) {
      const counted = await client.query(`SELECT count(*) FROM "${table.schema}"."${table.name}"`);
      expect(counted.rowCount, `${table.schema}.${table.name}`).toBe(1);
    }
  }, 180_000);

  it("refuses a directory that is not a backup, and a data directory already holding a cluster", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "restore-refusals-"));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    await expect(restoreEmbeddedCluster({ backupDir: dir, dataDir: path.join(dir, "d"), port: 1 })).rejects.toThrow(
      /is not a backup made by npm run db:backup/,
    );
    const fake = path.join(dir, "fake");
    await fs.mkdir(path.join(fake, "data"), { recursive: true });
    await fs.writeFile(path.join(fake, "backup.json"), "{}");
    await fs.writeFile(path.join(fake, "data", "backup_label"), "");
    await fs.mkdir(path.join(dir, "d", "postgres"), { recursive: true });
    await expect(restoreEmbeddedCluster({ backupDir: fake, dataDir: path.join(dir, "d"), port: 1 })).rejects.toThrow(
      /exists: restore into a fresh DATA_DIR/,
    );
  });
});
