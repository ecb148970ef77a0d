import { readFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import type { AppConfig } from "../config.ts";
import { embeddedAdminUrl, ensureAppRole, ensureDatabase, startEmbeddedPostgres } from "./embeddedPostgres.ts";

export const EMBEDDED_DATABASE_NAME = "referrals";

export interface OpenDatabase {
  /** The owner's connection: migrations and the command-line tools. */
  url: string;
  /** The app's connection: on the embedded cluster a role that is not a superuser and owns nothing. */
  appUrl: string;
  embedded: boolean;
  /** Stops the embedded cluster when this process started it. */
  close(): Promise<void>;
  /** Where the embedded cluster's supervision reports (it stopped, it runs again); nothing for DATABASE_URL. */
  reportTo(log: Logger): void;
}

/**
 * DATABASE_URL when given; otherwise the embedded cluster under DATA_DIR, started here, or
 * joined when another process of the app (the server, say) already runs it.
 */
export async function openDatabase(
  config: AppConfig,
  log: (message: string) => void = () => {},
): Promise<OpenDatabase> {
  if (config.databaseUrl)
    return {
      url: config.databaseUrl,
      appUrl: config.databaseUrl,
      embedded: false,
      close: async () => {},
      reportTo: () => {},
    };
  const clusterDir = path.join(config.dataDir, "postgres");
  const runningPort = portOfRunningCluster(clusterDir);
  if (runningPort) {
    const url = await ensureDatabase(embeddedAdminUrl(clusterDir, runningPort), EMBEDDED_DATABASE_NAME);
    return {
      url,
      appUrl: await ensureAppRole(url, config.dataDir),
      embedded: true,
      close: async () => {},
      reportTo: () => {},
    };
  }
  const cluster = await startEmbeddedPostgres({ clusterDir, port: config.embeddedPostgresPort, log });
  try {
    const url = await ensureDatabase(cluster.adminUrl, EMBEDDED_DATABASE_NAME);
    return {
      url,
      appUrl: await ensureAppRole(url, config.dataDir),
      embedded: true,
      close: () => cluster.stop(),
      reportTo: (log) => cluster.reportTo(log),
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

function portOfRunningCluster(clusterDir: string): number | undefined {
  try {
    const lines = readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n");
    const pid = Number.parseInt(lines[0] ?? "", 10);
    const port = Number.parseInt(lines[3] ?? "", 10);
    process.kill(pid, 0);
    return Number.isInteger(port) ? port : undefined;
  } catch {
    return undefined;
  }
}
