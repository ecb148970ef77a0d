// /healthz and /readyz (docs/operations.md): alive, and ready to serve, answered apart so a load
// balancer takes an instance out of rotation while its database is away without restarting it.
import type { ServerResponse } from "node:http";
import { readMigrations } from "../db/migrate.ts";
import { queryBuilder, run, sql } from "../db/query.ts";
import type { AppDeps } from "../graphql/context.ts";

/** A database slower than this to answer one small read counts as unreachable. */
export const READINESS_TIMEOUT_MS = 2_000;

const APPLIED_MIGRATIONS = queryBuilder.selectNoFrom(
  sql<string[]>`array(select name from "_app_migrations")`.as("names"),
);

/** Alive: the process answers. No database read, so a database outage never gets an instance restarted. */
export function sendLiveness(res: ServerResponse): void {
  sendJson(res, 200, { status: "ok" });
}

/**
 * Ready: the database answers within READINESS_TIMEOUT_MS and has every migration this build
 * ships recorded as applied (db/migrate.ts). 503 otherwise, saying which.
 */
export function createReadiness(app: Pick<AppDeps, "sql">) {
  // The build's migrations do not change while it runs: read once.
  let expected: Promise<string[]> | undefined;
  return async function sendReadiness(res: ServerResponse): Promise<void> {
    expected ??= readMigrations().then((migrations) => migrations.map((migration) => migration.name));
    let applied: Set<string>;
    try {
      const [row] = await withinTimeout(run(app.sql, APPLIED_MIGRATIONS), READINESS_TIMEOUT_MS);
      applied = new Set(row?.names ?? []);
    } catch {
      return sendJson(res, 503, { status: "unavailable", database: "unreachable" });
    }
    const pending = (await expected).filter((name) => !applied.has(name));
    if (pending.length > 0)
      return sendJson(res, 503, { status: "unavailable", database: "ok", migrations: "pending", pending });
    sendJson(res, 200, { status: "ok", database: "ok", migrations: "applied" });
  };
}

function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // The late answer (or error) of a timed-out read is dropped.
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(JSON.stringify(body));
}
