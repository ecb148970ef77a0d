import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../test/testApp.ts";
import { findFreePort } from "./db/freePort.ts";
import { PROJECT_ROOT } from "./db/prismaCli.ts";

const run = promisify(execFile);
let dataDir: string;
let webDir: string;
let env: NodeJS.ProcessEnv;
let baseUrl: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "npm-start-"));
  webDir = path.join(dataDir, "web");
  await fs.mkdir(webDir);
  await fs.writeFile(path.join(webDir, "index.html"), "<!doctype html><title>HNG</title>");
  const port = await findFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  env = {
    ...rest,
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await findFreePort()),
    WEB_DIST_DIR: webDir,
    LOG_LEVEL: "warn",
  };
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** `npm start`'s entry point, as a child process, resolved once /healthz answers. */
async function startApp(): Promise<ChildProcess> {
  // node itself (not npx) so the signals reach the app, as npm start forwards them.
  const child = spawn(process.execPath, ["--import", "tsx", "api/src/main.ts"], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error("the app did not become healthy within 60 s");
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill(signal);
  });
}

describe("npm start on the embedded database", () => {
  it("serves the app, keeps data across a restart, stops cleanly, and lets admin:create share the database", async () => {
    const first = await startApp();
    const client = new TestClient(baseUrl);
    expect((await client.get("/")).text).toContain("<title>HNG</title>");
    expect(
      (await client.post("/api/register", { username: "persisted", password: "persist-me", email: "p@example.com" }))
        .status,
    ).toBe(200);
    expect((await client.get("/api/user")).body.username).toBe("persisted");
    // Demo mode is on by default with the embedded database.
    expect((await new TestClient(baseUrl).post("/api/login", { username: "admin", password: "admin123" })).status).toBe(
      200,
    );

    // The command joins the cluster the server runs.
    const created = await run(
      "npx",
      [
        "tsx",
        "api/src/cli/adminCreate.ts",
        "--username",
        "ops",
        "--email",
        "ops@example.com",
        "--password",
        "ops-password",
      ],
      { cwd: PROJECT_ROOT, env },
    );
    expect(created.stdout).toContain('Administrator "ops" created.');

    expect(await stop(first, "SIGTERM")).toBe(0);
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);

    const second = await startApp();
    const again = new TestClient(baseUrl);
    expect((await again.post("/api/login", { username: "persisted", password: "persist-me" })).status).toBe(200);
    expect(
      (await new TestClient(baseUrl).post("/api/login", { username: "ops", password: "ops-password" })).body.role,
    ).toBe("ADMIN");
    expect(await stop(second, "SIGINT")).toBe(0);
  }, 180_000);
});
