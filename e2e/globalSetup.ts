// Starts what the end-to-end suite runs against, and stops it after (the servers also stop on
// their own if the runner dies without its teardown: e2e/support/exitWithParent.ts):
// - a loopback SMTP server that catches the app's mail (e2e/support/mailCatcher.ts), read by the
//   tests through E2E_MAILBOX_URL;
// - the journeys' server (E2E_JOURNEY_BASE_URL): the production server from its sources (`node
//   --import tsx api/src/main.ts`; `npm start` runs the same code compiled, as the scale-out test
//   does) with its own embedded PostgreSQL, demo mode on and
//   SMTP_URL pointing at the catcher, so its outbox worker really sends;
// - the older specs' server (E2E_BASE_URL): the same, without SMTP (they check the "email service
//   is not configured" notices) and with a database of its own, so the journeys' users never
//   change the demo figures those specs count.
// It also prints how long the whole run took against the 10-minute budget.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SUITE_BUDGET_MS } from "./support/budget.ts";
import { startMailCatcher } from "./support/mailCatcher.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const STARTUP_TIMEOUT_MS = 180_000;

interface RunningServer {
  baseUrl: string;
  /** Its DATA_DIR and embedded PostgreSQL port: the admin CLI (npm run admin:promote) joins that cluster. */
  dataDir: string;
  databasePort: number;
  stop(): Promise<void>;
}

export default async function globalSetup() {
  const startedAt = Date.now();
  if (!existsSync(path.join(ROOT, "web/dist/index.html"))) {
    throw new Error("The web app is not built: run `npm run build:web` (npm run test:e2e does) first.");
  }
  // Screens from an earlier run would be mistaken for this one's.
  await fs.rm(path.join(ROOT, "test-results/screens/journeys"), { recursive: true, force: true });
  // A copy of the build, so a `npm run build:web` elsewhere during the run (which empties web/dist
  // for a moment and renames every asset) cannot pull files from under the pages being tested.
  const webDist = await fs.mkdtemp(path.join(os.tmpdir(), "referrals-e2e-web-"));
  await fs.cp(path.join(ROOT, "web/dist"), webDist, { recursive: true });
  // The mail server first: the journeys' server starts sending (demo mode queues mail) at once.
  const mail = await startMailCatcher();
  // Four ports found at once, so the two servers starting side by side cannot be handed the same one.
  const [journeyPort, journeyDbPort, specPort, specDbPort] = await findFreePorts(4);
  const started = await Promise.allSettled([
    // The expiry job every second: a journey that ages a referral in the database sees the real job act on it at once.
    startServer(journeyPort!, journeyDbPort!, {
      SMTP_URL: mail.smtpUrl,
      WEB_DIST_DIR: webDist,
      REFERRAL_EXPIRY_INTERVAL_SECONDS: "1",
      // A journey's webhook receiver listens on http://127.0.0.1 (refused in production otherwise).
      WEBHOOKS_ALLOW_LOOPBACK: "1",
    }),
    startServer(specPort!, specDbPort!, { SMTP_URL: "", WEB_DIST_DIR: webDist, WEBHOOKS_ALLOW_LOOPBACK: "1" }),
  ]);
  const servers = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const failure = started.find((outcome) => outcome.status === "rejected");
  if (failure) {
    await Promise.all(servers.map((server) => server.stop()));
    await mail.close();
    await fs.rm(webDist, { recursive: true, force: true });
    throw failure.reason;
  }
  const [journeyServer, specServer] = servers as [RunningServer, RunningServer];
  // Set before the workers start, so they inherit them (playwright.config.ts reads them per project).
  process.env.E2E_BASE_URL = specServer.baseUrl;
  process.env.E2E_JOURNEY_BASE_URL = journeyServer.baseUrl;
  process.env.E2E_MAILBOX_URL = mail.mailboxUrl;
  process.env.E2E_JOURNEY_DATA_DIR = journeyServer.dataDir;
  process.env.E2E_JOURNEY_DB_PORT = String(journeyServer.databasePort);
  process.env.E2E_SPEC_DATA_DIR = specServer.dataDir;
  process.env.E2E_SPEC_DB_PORT = String(specServer.databasePort);
  console.log(
    `e2e: servers ready in ${seconds(Date.now() - startedAt)} (journeys ${journeyServer.baseUrl}, specs ${specServer.baseUrl})`,
  );

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await mail.close();
    await fs.rm(webDist, { recursive: true, force: true });
    const elapsed = Date.now() - startedAt;
    const verdict = elapsed < SUITE_BUDGET_MS ? "within" : "OVER";
    console.log(`e2e: whole suite took ${seconds(elapsed)}, ${verdict} the ${seconds(SUITE_BUDGET_MS)} budget`);
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function startServer(
  port: number,
  databasePort: number,
  extraEnv: Record<string, string>,
): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "referrals-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Node itself (not npx) is the child, so SIGTERM reaches the server and its clean shutdown.
  const server = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./e2e/support/exitWithParent.ts", "api/src/main.ts"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(databasePort),
        NODE_ENV: "production",
        SESSION_SECRET: randomBytes(32).toString("hex"),
        DEMO: "1",
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        ...extraEnv,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const stopAndClean = async () => {
    await stop(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stopAndClean();
    throw error;
  }
  return { baseUrl, dataDir, databasePort, stop: stopAndClean };
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with code ${server.exitCode} before it was healthy`);
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

/** Free loopback ports, all probed before any is released, so they differ. */
async function findFreePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const probe = net.createServer();
          probe.unref();
          probe.on("error", reject);
          probe.listen(0, "127.0.0.1", () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => (probe.address() as net.AddressInfo).port);
  await Promise.all(probes.map((probe) => new Promise<void>((resolve) => probe.close(() => resolve()))));
  return ports;
}
