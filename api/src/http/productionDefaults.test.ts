// `NODE_ENV=production npm start` with nothing else configured but the session secret: the
// embedded PostgreSQL, no demo data, and the app connected as a role that cannot change the schema.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import LandingPageQuery from "../../../web/src/__generated__/LandingPageQuery.graphql.ts";
import { type AppProcess, spawnAppProcess } from "../../test/appProcess.ts";
import { queryOnce } from "../../test/database.ts";
import { readConfig } from "../config.ts";
import { APP_ROLE, APP_ROLE_PASSWORD_FILE, embeddedAdminUrl, ownerPasswordFile } from "../db/embeddedPostgres.ts";
import { findFreePort } from "../db/freePort.ts";
import { PROJECT_ROOT } from "../db/prismaCli.ts";

let dataDir: string;
let databasePort: number;
let server: AppProcess;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "production-defaults-"));
  // As root the cluster runs as the postgres user, who must be able to reach its directory.
  await fs.chmod(dataDir, 0o755);
  databasePort = await findFreePort();
  server = await spawnAppProcess("production-defaults", {
    DEMO: "",
    DATA_DIR: path.join(dataDir, "data"),
    EMBEDDED_PG_PORT: String(databasePort),
    SESSION_SECRET: "production-defaults-session-secret-0123456789",
  });
  await server.waitUntilHealthy(120_000);
}, 150_000);

afterAll(async () => {
  await server?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("demo mode", () => {
  it("is never on by itself in production; DEMO=1 still turns it on", () => {
    expect(readConfig({ NODE_ENV: "production" }).demoMode).toBe(false);
    expect(readConfig({ NODE_ENV: "production", DEMO: "1" }).demoMode).toBe(true);
    expect(readConfig({}).demoMode).toBe(true);
    expect(readConfig({ DATABASE_URL: "postgresql://x/y" }).demoMode).toBe(false);
  });

  it("seeds no demo administrator on a production start with the embedded database", async () => {
    const signIn = await server.client().post("/api/login", { username: "admin", password: "admin123" });
    expect(signIn.status).toBe(401);
    const programme = await server.client().persisted(LandingPageQuery);
    expect(programme.data.programme).toMatchObject({ demoMode: false, demoAccounts: [] });
  });
});

describe("the embedded database in production", () => {
  const passwordFile = () => path.join(dataDir, "data", APP_ROLE_PASSWORD_FILE);
  const appUrl = async () =>
    `postgresql://${APP_ROLE}:${(await fs.readFile(passwordFile(), "utf8")).trim()}@127.0.0.1:${databasePort}/referrals`;
  const ownerUrl = () =>
    embeddedAdminUrl(path.join(dataDir, "data", "postgres"), databasePort).replace(/\/postgres$/, "/referrals");

  it("keeps the app role's and the owner's generated passwords in DATA_DIR, readable by their owner only", async () => {
    for (const file of [passwordFile(), ownerPasswordFile(path.join(dataDir, "data", "postgres"))]) {
      const stat = await fs.stat(file);
      expect(stat.mode & 0o777).toBe(0o600);
      expect((await fs.readFile(file, "utf8")).trim()).toMatch(/^[0-9a-f]{64}$/);
    }
    // The published password of earlier versions no longer opens the cluster.
    await expect(
      queryOnce(`postgresql://postgres:embedded@127.0.0.1:${databasePort}/referrals`, "SELECT 1"),
    ).rejects.toThrow(/password authentication failed/);
  });

  it("serves requests through a role that is no superuser and cannot change the schema", async () => {
    await server.client().register("role-check", { password: "role-check-pass" });
    const connected = await queryOnce<{ usename: string }>(
      ownerUrl(),
      `SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = 'referrals' AND pid <> pg_backend_pid()`,
    );
    expect(connected.map((row) => row.usename)).toEqual([APP_ROLE]);
    const url = await appUrl();
    const [role] = await queryOnce<{ rolsuper: boolean; rolcreaterole: boolean }>(
      url,
      "SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user",
    );
    expect(role).toEqual({ rolsuper: false, rolcreaterole: false });
    await expect(queryOnce(url, "CREATE TABLE intruder (id int)")).rejects.toThrow(/permission denied/);
    await expect(queryOnce(url, `ALTER TABLE "User" ADD COLUMN intruder int`)).rejects.toThrow(/must be owner/);
    await expect(queryOnce(url, `DROP TABLE "User"`)).rejects.toThrow(/must be owner/);
  });

  it("lets the admin command line join the running cluster as the owner", async () => {
    await promisify(execFile)(
      process.execPath,
      [
        "--import",
        "tsx",
        "api/src/cli/adminCreate.ts",
        "--username",
        "operator",
        "--email",
        "operator@example.com",
        "--password",
        "operator-pass-2024",
      ],
      {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          DATA_DIR: path.join(dataDir, "data"),
          EMBEDDED_PG_PORT: String(databasePort),
          DATABASE_URL: "",
          NODE_ENV: "production",
          LOG_LEVEL: "warn",
        },
      },
    );
    const signIn = await server.client().post("/api/login", { username: "operator", password: "operator-pass-2024" });
    expect(signIn.status).toBe(200);
    expect(signIn.body.role).toBe("ADMIN");
  }, 60_000);
});
