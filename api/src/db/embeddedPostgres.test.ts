// The embedded cluster's owner password: generated, kept beside the cluster (0600), and given to
// a cluster made by an earlier version with the published password at its next start.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { embeddedAdminUrl, ownerPasswordFile, startEmbeddedPostgres } from "./embeddedPostgres.ts";
import { findFreePort } from "./freePort.ts";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

it("replaces the published owner password of an older cluster with a generated one", async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "owner-password-"));
  dirs.push(dir);
  await fs.chmod(dir, 0o755);
  const clusterDir = path.join(dir, "data", "postgres");
  const port = await findFreePort();
  const legacyUrl = `postgresql://postgres:embedded@127.0.0.1:${port}/postgres`;

  // A cluster as an earlier version left it: the published password, no password file.
  const first = await startEmbeddedPostgres({ clusterDir, port });
  const admin = new pg.Client({ connectionString: first.adminUrl });
  await admin.connect();
  await admin.query("ALTER ROLE postgres PASSWORD 'embedded'");
  await admin.end();
  await first.stop();
  await fs.rm(ownerPasswordFile(clusterDir));

  const second = await startEmbeddedPostgres({ clusterDir, port });
  try {
    expect((await fs.stat(ownerPasswordFile(clusterDir))).mode & 0o777).toBe(0o600);
    expect(await canConnect(second.adminUrl)).toBe(true);
    expect(second.adminUrl).toBe(embeddedAdminUrl(clusterDir, port));
    expect(await canConnect(legacyUrl)).toBe(false);
  } finally {
    await second.stop();
  }
}, 90_000);
