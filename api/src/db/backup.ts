// Backups of the embedded cluster (docs/operations.md, "Backups"): PostgreSQL's online physical backup, as its
// manual describes it ("Making a Base Backup Using the Low Level API"), since the embedded package
// ships no pg_dump or pg_basebackup. The data directory is copied between pg_backup_start and
// pg_backup_stop on one held connection, then the WAL written meanwhile, and backup_label (and
// tablespace_map) from pg_backup_stop's answer: a restored copy replays that WAL at its first start
// and comes up consistent, with every transaction committed before pg_backup_stop returned.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { APP_ROLE_PASSWORD_FILE, ownerPasswordFile, startEmbeddedPostgres } from "./embeddedPostgres.ts";

/** What the manual says a base backup may leave out: run-time files, and contents rebuilt at start. */
const SKIPPED_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "tablespace_map",
  "recovery.signal",
  "standby.signal",
]);
const EMPTIED_DIRECTORIES = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_stat_tmp",
  "pg_subtrans",
]);

/** What a backup directory holds beside the copied cluster (`data/`). */
const MANIFEST = "backup.json";

export interface BackupResult {
  startLsn: string;
  stopLsn: string;
  walFiles: number;
}

/**
 * Backs up the running embedded cluster at `clusterDir` (through its owner's `adminUrl`) into
 * `targetDir`, which must be empty or absent. `dataDir`'s generated passwords go with it.
 * `onStopped` runs once pg_backup_stop has returned (tests record what was acknowledged before).
 */
export async function backupEmbeddedCluster(options: {
  clusterDir: string;
  dataDir: string;
  adminUrl: string;
  targetDir: string;
  onStopped?: () => void;
}): Promise<BackupResult> {
  const target = path.resolve(options.targetDir);
  await assertEmptyOrAbsent(target);
  await fs.mkdir(target, { recursive: true, mode: 0o700 });
  await fs.chmod(target, 0o700);
  const dataCopy = path.join(target, "data");
  const client = new pg.Client({ connectionString: options.adminUrl });
  await client.connect();
  try {
    // A temporary slot keeps every WAL segment from here on until the copy has them (it ends with this session).
    const slot = `backup_${randomBytes(6).toString("hex")}`;
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [slot]);
    const started = await client.query<{ lsn: string; file: string }>(
      "SELECT lsn::text, pg_walfile_name(lsn) AS file FROM pg_backup_start($1, fast => true) AS lsn",
      [`referrals ${new Date().toISOString()}`],
    );
    const start = started.rows[0];
    if (!start) throw new Error("pg_backup_start returned nothing");
    let stop: { lsn: string; labelfile: string; spcmapfile: string | null; file: string } | undefined;
    try {
      await copyTree(options.clusterDir, dataCopy, true);
    } finally {
      // Always ended, or the session would hold the cluster in backup mode until it closes.
      const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null; file: string }>(
        "SELECT lsn::text, labelfile, spcmapfile, pg_walfile_name(lsn) AS file FROM pg_backup_stop(wait_for_archive => false)",
      );
      stop = stopped.rows[0];
    }
    if (!stop) throw new Error("pg_backup_stop returned nothing");
    options.onStopped?.();
    // The segments from the backup's start through its end (pg_backup_stop switched to a new one).
    await waitForFlush(client, stop.lsn);
    const walFiles = await copyWal(path.join(options.clusterDir, "pg_wal"), path.join(dataCopy, "pg_wal"), start.file);
    await fs.writeFile(path.join(dataCopy, "backup_label"), stop.labelfile, { mode: 0o600 });
    if (stop.spcmapfile) await fs.writeFile(path.join(dataCopy, "tablespace_map"), stop.spcmapfile, { mode: 0o600 });
    // The passwords the restored cluster and app role are opened with.
    await copyIfPresent(ownerPasswordFile(options.clusterDir), path.join(target, "postgres-owner-password"));
    await copyIfPresent(path.join(options.dataDir, APP_ROLE_PASSWORD_FILE), path.join(target, APP_ROLE_PASSWORD_FILE));
    await copyIfPresent(path.join(options.dataDir, "session-secret"), path.join(target, "session-secret"));
    const result = { startLsn: start.lsn, stopLsn: stop.lsn, walFiles };
    await fs.writeFile(
      path.join(target, MANIFEST),
      `${JSON.stringify({ kind: "embedded-physical", takenAt: new Date().toISOString(), ...result }, null, 2)}\n`,
    );
    return result;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into `dataDir` (its `postgres/` must not exist yet), then starts the cluster
 * once, which replays the backup's WAL, checks that it reads, and stops it.
 */
export async function restoreEmbeddedCluster(options: {
  backupDir: string;
  dataDir: string;
  port: number;
  log?: (message: string) => void;
}): Promise<void> {
  const backupDir = path.resolve(options.backupDir);
  if (!existsSync(path.join(backupDir, MANIFEST)) || !existsSync(path.join(backupDir, "data", "backup_label")))
    throw new Error(`${backupDir} is not a backup made by npm run db:backup (no ${MANIFEST} or data/backup_label).`);
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, "postgres");
  if (existsSync(clusterDir))
    throw new Error(`${clusterDir} exists: restore into a fresh DATA_DIR (or move the old cluster away first).`);
  await fs.mkdir(dataDir, { recursive: true });
  await copyTree(path.join(backupDir, "data"), clusterDir, false);
  await copyIfPresent(path.join(backupDir, "postgres-owner-password"), ownerPasswordFile(clusterDir));
  await copyIfPresent(path.join(backupDir, APP_ROLE_PASSWORD_FILE), path.join(dataDir, APP_ROLE_PASSWORD_FILE));
  await copyIfPresent(path.join(backupDir, "session-secret"), path.join(dataDir, "session-secret"));
  // PostgreSQL runs as `postgres` under root (db/embeddedPostgres.ts): it must own its directory and reach it.
  await fs.chmod(clusterDir, 0o700);
  if (userInfo().uid === 0) {
    await fs.chmod(dataDir, 0o755);
    const owner = (flag: string) => execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim();
    execFileSync("chown", ["-R", `${owner("-u")}:${owner("-g")}`, clusterDir]);
  }
  const cluster = await startEmbeddedPostgres({ clusterDir, port: options.port, log: options.log });
  try {
    const client = new pg.Client({ connectionString: cluster.adminUrl });
    await client.connect();
    try {
      await client.query("SELECT count(*) FROM pg_database");
    } finally {
      await client.end();
    }
  } finally {
    await cluster.stop();
  }
}

async function assertEmptyOrAbsent(dir: string): Promise<void> {
  try {
    const entries = await fs.readdir(dir);
    if (entries.length > 0) throw new Error(`${dir} is not empty: back up into a new directory.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * Copies a directory tree file by file. From a live cluster (`live`), files that vanish meanwhile
 * are skipped (the WAL replay recreates what the backup needs) and the run-time contents are left out.
 */
async function copyTree(from: string, to: string, live: boolean, top = true): Promise<void> {
  await fs.mkdir(to, { recursive: true, mode: 0o700 });
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(from, { withFileTypes: true });
  } catch (error) {
    if (live && (error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (live && top && SKIPPED_FILES.has(entry.name)) continue;
    if (live && top && entry.isDirectory() && EMPTIED_DIRECTORIES.has(entry.name)) {
      await fs.mkdir(target, { recursive: true, mode: 0o700 });
      continue;
    }
    if (live && entry.name.startsWith("pgsql_tmp")) continue;
    if (entry.isDirectory()) await copyTree(source, target, live, false);
    else if (entry.isFile()) {
      try {
        await fs.copyFile(source, target);
      } catch (error) {
        if (!(live && (error as NodeJS.ErrnoException).code === "ENOENT")) throw error;
      }
    } else if (entry.isSymbolicLink()) {
      throw new Error(
        `${source} is a symbolic link (a tablespace?): the embedded backup copies plain directories only.`,
      );
    }
  }
}

/** Segment files (and timeline history) from `firstSegment` on: the slot kept them all. */
async function copyWal(from: string, to: string, firstSegment: string): Promise<number> {
  await fs.mkdir(to, { recursive: true, mode: 0o700 });
  let copied = 0;
  for (const name of (await fs.readdir(from)).sort()) {
    const segment = /^[0-9A-F]{24}$/.test(name) && name.slice(8) >= firstSegment.slice(8);
    if (!segment && !name.endsWith(".history")) continue;
    await fs.copyFile(path.join(from, name), path.join(to, name));
    copied += 1;
  }
  return copied;
}

/** pg_backup_stop's end record is on disk before its segment is copied. */
async function waitForFlush(client: pg.Client, lsn: string): Promise<void> {
  await client.query(
    `DO $$ BEGIN
       WHILE pg_current_wal_flush_lsn() < '${lsn.replace(/[^0-9A-F/]/gi, "")}'::pg_lsn LOOP PERFORM pg_sleep(0.01); END LOOP;
     END $$`,
  );
}

async function copyIfPresent(from: string, to: string): Promise<void> {
  try {
    await fs.copyFile(from, to);
    await fs.chmod(to, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
