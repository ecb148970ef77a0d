// Starts the production server (`node --import tsx api/src/main.ts`, what `npm start` runs) on a free loopback port, with an
// embedded PostgreSQL of its own in a temporary directory and demo mode on, and stops it after.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const STARTUP_TIMEOUT_MS = 180_000;

export default async function globalSetup() {
  if (!existsSync(path.join(ROOT, "web/dist/index.html"))) {
    throw new Error("The web app is not built: run `npm run build:web` (npm run test:e2e does) first.");
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "referrals-e2e-"));
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Node itself (not npx) is the child, so SIGTERM reaches the server and its clean shutdown.
  const server = spawn(process.execPath, ["--import", "tsx", "api/src/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await findFreePort()),
      NODE_ENV: "production",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DEMO: "1",
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stop(server);
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    await stop(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server was not healthy at ${baseUrl}/healthz within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM lets the server stop its embedded PostgreSQL; SIGKILL if it hangs. */
async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port"))));
    });
  });
}
