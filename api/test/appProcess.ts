// The production server as a child process, started as `npm start` starts it (api/start.sh, which
// execs node on the compiled API in api/dist: globalSetup.ts builds it), for tests that need real,
// separate app instances (scale-out). Its pino JSON log lines are collected from stdout.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "../src/db/freePort.ts";
import { PROJECT_ROOT } from "../src/db/prismaCli.ts";
import { TestClient } from "./testApp.ts";

/** One pino line: `msg` plus whatever fields the app logged with it. */
export type LogLine = { msg?: string; level?: number; time?: number } & Record<string, unknown>;

export interface AppProcess {
  name: string;
  baseUrl: string;
  /** DATA_DIR: the embedded cluster lives in its `postgres` directory when DATABASE_URL is not set. */
  dataDir: string;
  child: ChildProcess;
  /** Every JSON line written to stdout so far. */
  logs: LogLine[];
  /** stderr and any stdout line that is not JSON, for failure messages. */
  otherOutput: string[];
  /** A client with its own cookie jar, like one browser pointed at this instance. */
  client(): TestClient;
  logged(message: string): LogLine[];
  /** Resolves once GET /healthz answers 200; throws if the process exits first or the time runs out. */
  waitUntilHealthy(timeoutMs?: number): Promise<void>;
  /** SIGTERM, then the exit code once the process has ended (SIGKILL after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<number | null>;
}

/** Starts the production server on a free loopback port. Returns at once: call waitUntilHealthy. */
export async function spawnAppProcess(name: string, env: Record<string, string>): Promise<AppProcess> {
  const port = await findFreePort();
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), `app-process-${name}-`));
  // An embedded cluster runs as the `postgres` user when the tests run as root: it must reach DATA_DIR.
  await fs.chmod(tempDir, 0o755);
  const dataDir = path.join(tempDir, "data");
  // A web build must exist, or main.ts builds the web app on start.
  const webDir = path.join(tempDir, "web");
  await fs.mkdir(webDir);
  await fs.writeFile(path.join(webDir, "index.html"), "<!doctype html><title>HNG</title>");
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn("sh", ["api/start.sh"], {
    cwd: PROJECT_ROOT,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO: "0",
      LOG_LEVEL: "info",
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      // globalSetup.ts has built api/dist once for the whole run.
      SKIP_API_BUILD: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });

  const logs: LogLine[] = [];
  const otherOutput: string[] = [];
  let partial = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    partial += chunk;
    const lines = partial.split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (line.trim() === "") continue;
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        otherOutput.push(line);
      }
    }
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => otherOutput.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const describeOutput = () =>
    [...otherOutput, ...logs.filter((line) => (line.level ?? 0) >= 40).map((line) => JSON.stringify(line))].join("\n");

  return {
    name,
    baseUrl,
    dataDir,
    child,
    logs,
    otherOutput,
    client: () => new TestClient(baseUrl),
    logged: (message) => logs.filter((line) => line.msg === message),
    async waitUntilHealthy(timeoutMs = 45_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null)
          throw new Error(`instance ${name} exited with ${child.exitCode}:\n${describeOutput()}`);
        const healthy = await fetch(`${baseUrl}/healthz`).then(
          (response) => response.status === 200,
          () => false,
        );
        if (healthy) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`instance ${name} was not healthy within ${timeoutMs} ms:\n${describeOutput()}`);
    },
    async stop(timeoutMs = 20_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
        const code = await exited;
        clearTimeout(killer);
        await fs.rm(tempDir, { recursive: true, force: true });
        return code;
      }
      await fs.rm(tempDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
