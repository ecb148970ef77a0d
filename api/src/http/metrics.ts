// What /metrics reports (docs/operations.md): prom-client's registry per app instance, the
// requests counted as they finish, and the database's figures read when Prometheus scrapes.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type pg from "pg";
import client from "prom-client";
import { queryBuilder, run, sql } from "../db/query.ts";
import type { AppDeps } from "../graphql/context.ts";

/** Seconds: from a cached page (a few ms) to a report download's worth. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The database's figures are read at most this often, however often Prometheus scrapes. */
const FIGURES_CACHE_MS = 5_000;
/** Distinct GraphQL operation names (or error codes) given their own label; the rest count as "other". */
const MAX_NAMED_LABELS = 200;

/** What the HTTP server writes on a request for the metrics: set by the GraphQL plugin and the REST shim. */
export interface RequestMetricsFields {
  /** The GraphQL operation's name, or the REST route as `METHOD /api/pattern/:id`. */
  operation?: string;
  /** extensions.code of each top-level GraphQL error of the answer. */
  graphqlErrorCodes?: string[];
}

export interface AppMetrics {
  registry: client.Registry;
  /** Counts a finished request under its transport and operation. */
  observeRequest(req: IncomingMessage & RequestMetricsFields, pathname: string, status: number, seconds: number): void;
}

/**
 * One registry per instance (tests run several in one process). `pools`: the pg pools whose
 * connections are reported, by name.
 */
export function createMetrics(deps: Pick<AppDeps, "sql" | "log">, pools: Record<string, pg.Pool>): AppMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Counter({
    name: "http_requests_total",
    help: "Requests answered, by transport (graphql, rest, web), operation and status class.",
    labelNames: ["transport", "operation", "status_class"] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's last byte, by transport and operation.",
    labelNames: ["transport", "operation"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const graphqlErrors = new client.Counter({
    name: "graphql_errors_total",
    help: "Top-level GraphQL errors answered, by operation and extensions.code.",
    labelNames: ["operation", "code"] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: "db_pool_connections",
    help: "Connections of the instance's PostgreSQL pools: total open, idle, and requests waiting for one.",
    labelNames: ["pool", "state"] as const,
    registers: [registry],
    collect() {
      for (const [name, pool] of Object.entries(pools)) {
        this.set({ pool: name, state: "total" }, pool.totalCount);
        this.set({ pool: name, state: "idle" }, pool.idleCount);
        this.set({ pool: name, state: "waiting" }, pool.waitingCount);
      }
    },
  });

  const figures = cachedFigures(deps);
  new client.Gauge({
    name: "db_figures_read_ok",
    help: "1 when the last read of the job queue, email and webhook figures succeeded, else 0 (the figures are then left out).",
    registers: [registry],
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "job_queue_jobs",
    help: "graphile-worker jobs by task and state: ready (due), scheduled (later), running (locked), failed (out of attempts).",
    labelNames: ["task", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await figures())?.jobs ?? []) this.set({ task: row.task, state: row.state }, row.count);
    },
  });
  new client.Gauge({
    name: "job_queue_jobs_with_errors",
    help: "Jobs still queued whose last attempt threw (retrying, or failed for good), by task.",
    labelNames: ["task"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const byTask = new Map<string, number>();
      for (const row of (await figures())?.jobs ?? [])
        byTask.set(row.task, (byTask.get(row.task) ?? 0) + row.withErrors);
      for (const [task, count] of byTask) this.set({ task }, count);
    },
  });
  new client.Gauge({
    name: "emails",
    help: "Emails in the outbox by status (PENDING, SENT, FAILED).",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await figures())?.emails ?? []) this.set({ status: row.status }, row.count);
    },
  });
  new client.Gauge({
    name: "webhook_deliveries",
    help: "Webhook deliveries kept (30 days) by status (PENDING, SUCCEEDED, FAILED).",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await figures())?.webhooks ?? []) this.set({ status: row.status }, row.count);
    },
  });

  const operationNames = new BoundedLabels(MAX_NAMED_LABELS);
  const errorCodes = new BoundedLabels(MAX_NAMED_LABELS);
  return {
    registry,
    observeRequest(req, pathname, status, seconds) {
      const { transport, operation } = labelsOf(req, pathname, operationNames);
      const status_class = `${Math.floor(status / 100)}xx`;
      requests.inc({ transport, operation, status_class });
      duration.observe({ transport, operation }, seconds);
      for (const code of req.graphqlErrorCodes ?? []) graphqlErrors.inc({ operation, code: errorCodes.label(code) });
    },
  };
}

/** Bounded label cardinality: a name the client chose is kept only while few distinct ones were seen. */
class BoundedLabels {
  private readonly seen = new Set<string>();
  constructor(private readonly max: number) {}
  label(value: string): string {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(value)) return "other";
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.max) return "other";
    this.seen.add(value);
    return value;
  }
}

function labelsOf(
  req: RequestMetricsFields,
  pathname: string,
  operationNames: BoundedLabels,
): { transport: string; operation: string } {
  if (pathname === "/graphql")
    return { transport: "graphql", operation: req.operation ? operationNames.label(req.operation) : "anonymous" };
  // The REST shim names its route pattern; a path that matched none is one label.
  if (pathname === "/api" || pathname.startsWith("/api/"))
    return { transport: "rest", operation: req.operation ?? "unmatched" };
  if (pathname === "/healthz" || pathname === "/readyz" || pathname === "/schema.graphql")
    return { transport: "web", operation: pathname };
  return { transport: "web", operation: pathname.startsWith("/assets/") ? "asset" : "page" };
}

interface Figures {
  jobs: { task: string; state: string; count: number; withErrors: number }[];
  emails: { status: string; count: number }[];
  webhooks: { status: string; count: number }[];
}

/** The three reads, at most once per FIGURES_CACHE_MS, shared by every gauge of one scrape; undefined when they failed. */
function cachedFigures(deps: Pick<AppDeps, "sql" | "log">): () => Promise<Figures | undefined> {
  let cached: { at: number; figures: Promise<Figures | undefined> } | undefined;
  let failing = false;
  return () => {
    const now = Date.now();
    if (cached && now - cached.at < FIGURES_CACHE_MS) return cached.figures;
    const figures = readFigures(deps).then(
      (read) => {
        failing = false;
        return read;
      },
      (error: Error & { code?: string }) => {
        // Logged once per outage, not on every scrape.
        if (!failing)
          deps.log.warn({ message: error.message, code: error.code }, "metrics: database figures unreadable");
        failing = true;
        return undefined;
      },
    );
    cached = { at: now, figures };
    return figures;
  };
}

async function readFigures(deps: Pick<AppDeps, "sql">): Promise<Figures> {
  const [jobs, emails, webhooks] = await Promise.all([
    run(deps.sql, JOB_COUNTS),
    run(deps.sql, EMAIL_COUNTS),
    run(deps.sql, WEBHOOK_COUNTS),
  ]);
  return { jobs, emails, webhooks };
}

// graphile-worker's `jobs` view (its documented read-only view of the queue); finished jobs are deleted, so it stays small.
const JOB_COUNTS = queryBuilder
  .selectFrom(sql`graphile_worker.jobs`.as("jobs"))
  .select([
    sql<string>`task_identifier`.as("task"),
    sql<string>`case when attempts >= max_attempts then 'failed' when locked_at is not null then 'running' when run_at > now() then 'scheduled' else 'ready' end`.as(
      "state",
    ),
    sql<number>`count(*)::int`.as("count"),
    sql<number>`(count(*) filter (where last_error is not null))::int`.as("withErrors"),
  ])
  .groupBy([sql`1`, sql`2`]);

const EMAIL_COUNTS = queryBuilder
  .selectFrom("Email")
  .select(["status", sql<number>`count(*)::int`.as("count")])
  .groupBy("status");

const WEBHOOK_COUNTS = queryBuilder
  .selectFrom("WebhookDelivery")
  .select(["status", sql<number>`count(*)::int`.as("count")])
  .groupBy("status");

/**
 * METRICS_PORT: /metrics on its own listener (METRICS_HOST, loopback by default), so it is never
 * reachable where the app is, with no credential to manage. Everything else there is 404.
 */
export function createMetricsServer(metrics: AppMetrics) {
  return http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    if (pathname !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" }).end(text);
      },
      (error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end(`metrics failed: ${String(error)}`);
      },
    );
  });
}
