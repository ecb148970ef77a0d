// What an operator reads of a running instance (docs/operations.md): /metrics on its own port,
// /healthz and /readyz apart, and one request id through the request's log lines and its jobs'.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { startTestJobRunner } from "../../test/jobs.ts";
import { startTestApp, type TestApp } from "../../test/testApp.ts";
import { ensureDatabase, startEmbeddedPostgres } from "../db/embeddedPostgres.ts";
import { findFreePort } from "../db/freePort.ts";
import { applyMigrations } from "../db/migrate.ts";

it.override("appOptions", { smtp: true, logs: true, env: { METRICS_PORT: "0", LOG_LEVEL: "info", TRUST_PROXY: "1" } });

async function scrape(app: TestApp): Promise<string> {
  const response = await fetch(app.metricsUrl ?? "");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one sample (`name{labels} value`), labels given in any order; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe("/metrics", () => {
  it("is not served on the app's port, to anyone", async ({ app, admin }) => {
    for (const client of [app.client(), admin]) {
      const response = await client.get("/metrics");
      expect(response.status).toBe(404);
      expect(response.text).not.toMatch(/http_requests_total|process_cpu/);
    }
    // The metrics listener is loopback by default and serves nothing else.
    expect(new URL(app.metricsUrl ?? "").hostname).toBe("127.0.0.1");
    const elsewhere = await fetch(new URL("/graphql", app.metricsUrl));
    expect(elsewhere.status).toBe(404);
  });

  it("counts requests and their latency per GraphQL operation and REST route, and errors by code", async ({
    app,
    customer,
  }) => {
    const before = await scrape(app);
    const labels = { transport: "graphql", operation: "OperationsProbe" };
    const countBefore = sample(before, "http_request_duration_seconds_count", labels) ?? 0;
    for (let n = 0; n < 3; n += 1) {
      const answer = await customer.client.graphql("query OperationsProbe { viewer { id } }");
      expect(answer.errors).toBeUndefined();
    }
    // Signed out, the same REST route with two ids: one label, the pattern.
    for (const id of ["1", "2"])
      expect((await app.client().get(`/api/admin/webhooks/${id}/deliveries`)).status).toBe(401);
    const unauthenticated = await app.client().graphql("query AdminProbe { analytics { purchasedReferrals } }");
    expect(unauthenticated.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const after = await scrape(app);
    expect(sample(after, "http_request_duration_seconds_count", labels)).toBe(countBefore + 3);
    expect(sample(after, "http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(countBefore + 3);
    expect(sample(after, "http_request_duration_seconds_sum", labels)).toBeGreaterThan(0);
    expect(sample(after, "http_requests_total", { ...labels, status_class: "2xx" })).toBe(countBefore + 3);
    expect(
      sample(after, "http_requests_total", {
        transport: "rest",
        operation: "GET /api/admin/webhooks/:id/deliveries",
        status_class: "4xx",
      }),
    ).toBe(2);
    expect(after).not.toMatch(/operation="[^"]*webhooks\/1/);
    expect(sample(after, "graphql_errors_total", { operation: "AdminProbe", code: "UNAUTHENTICATED" })).toBe(1);
    // The pools, the process, the queue and the outbox.
    expect(sample(after, "db_pool_connections", { pool: "app", state: "total" })).toBeGreaterThan(0);
    expect(sample(after, "db_pool_connections", { pool: "app", state: "waiting" })).toBe(0);
    expect(sample(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sample(after, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(after, "db_figures_read_ok")).toBe(1);
  });

  it("reports the job queue by task and state, emails and webhook deliveries by status", async ({ app }) => {
    // Three emails: two waiting for the worker (none runs in this test), one failed for good.
    const email = (status: "PENDING" | "FAILED", n: number) => ({
      type: "PASSWORD_RESET" as const,
      toAddress: `metrics${n}@example.com`,
      subject: "s",
      textBody: "t",
      htmlBody: "h",
      status,
    });
    await app.db.email.createMany({ data: [email("PENDING", 1), email("PENDING", 2), email("FAILED", 3)] });
    await app.db.$executeRaw`SELECT graphile_worker.add_job('send_email', '{"emailId": 0}'::json)`;
    await app.db
      .$executeRaw`SELECT graphile_worker.add_job('send_email', '{"emailId": -1}'::json, run_at => now() + interval '1 hour')`;
    await app.db.$executeRaw`SELECT graphile_worker.add_job('send_email', '{"emailId": -2}'::json, max_attempts => 1)`;
    await app.db
      .$executeRaw`UPDATE graphile_worker._private_jobs SET attempts = 1, last_error = 'refused' WHERE max_attempts = 1`;
    // Figures are cached for a few seconds: wait for a scrape that sees them.
    let text = "";
    await expect
      .poll(
        async () => {
          text = await scrape(app);
          return sample(text, "emails", { status: "FAILED" });
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(1);
    expect(sample(text, "emails", { status: "PENDING" })).toBeGreaterThanOrEqual(2);
    expect(sample(text, "job_queue_jobs", { task: "send_email", state: "ready" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "job_queue_jobs", { task: "send_email", state: "scheduled" })).toBe(1);
    expect(sample(text, "job_queue_jobs", { task: "send_email", state: "failed" })).toBe(1);
    expect(sample(text, "job_queue_jobs_with_errors", { task: "send_email" })).toBe(1);
    expect(text).toMatch(/^# TYPE webhook_deliveries gauge$/m);
  });
});

describe("/healthz and /readyz", () => {
  it("/healthz says the process is alive; /readyz that the database answers and every migration is applied", async ({
    app,
  }) => {
    const alive = await app.client().get("/healthz");
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ status: "ok" });
    const ready = await app.client().get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ok", database: "ok", migrations: "applied" });
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });

  it("/readyz is 503 naming a migration not recorded as applied", async ({ app }) => {
    const [last] = await app.db.$queryRaw<{ name: string; checksum: string }[]>`
      SELECT name, checksum FROM "_app_migrations" ORDER BY name DESC LIMIT 1`;
    if (!last) throw new Error("no migration recorded");
    await app.db.$executeRaw`DELETE FROM "_app_migrations" WHERE name = ${last.name}`;
    try {
      const response = await app.client().get("/readyz");
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        status: "unavailable",
        database: "ok",
        migrations: "pending",
        pending: [last.name],
      });
    } finally {
      await app.db.$executeRaw`INSERT INTO "_app_migrations" (name, checksum) VALUES (${last.name}, ${last.checksum})`;
    }
    expect((await app.client().get("/readyz")).status).toBe(200);
  });

  describe("with its database stopped and started again", () => {
    let dir: string;
    let port: number;
    let cluster: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
    let app: TestApp | undefined;
    beforeAll(async () => {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), "readyz-pg-"));
      port = await findFreePort();
      cluster = await startEmbeddedPostgres({ clusterDir: path.join(dir, "pg"), port });
      const databaseUrl = await ensureDatabase(cluster.adminUrl, "referrals");
      await applyMigrations(databaseUrl);
      app = await startTestApp({}, { databaseUrl });
    });
    afterAll(async () => {
      await app?.close();
      await cluster?.stop();
      await fs.rm(dir, { recursive: true, force: true });
    });

    it("/readyz is 503 while PostgreSQL is down and 200 once it is back; /healthz stays 200", async () => {
      if (!app || !cluster) throw new Error("not started");
      expect((await app.client().get("/readyz")).status).toBe(200);
      await cluster.stop();
      cluster = undefined;
      const down = await app.client().get("/readyz");
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ status: "unavailable", database: "unreachable" });
      expect((await app.client().get("/healthz")).status).toBe(200);

      cluster = await startEmbeddedPostgres({ clusterDir: path.join(dir, "pg"), port });
      // The pool drops the connections the stop ended; the first read after may still meet one.
      await expect.poll(async () => (await app?.client().get("/readyz"))?.status, { timeout: 10_000 }).toBe(200);
    });
  });
});

describe("the request id", () => {
  it("is taken from X-Request-Id behind a trusted proxy, returned, and in the request's log line", async ({
    app,
    logs,
  }) => {
    const response = await app.client().request("GET", "/api/user", { headers: { "x-request-id": "trace-42" } });
    expect(response.headers.get("x-request-id")).toBe("trace-42");
    await expect
      .poll(() => logs.parsed().filter((line) => line.msg === "request" && line.requestId === "trace-42").length)
      .toBe(1);
    // Anything but letters, digits and `_.-` (up to 100) is replaced.
    const odd = await app.client().request("GET", "/api/user", { headers: { "x-request-id": "a b" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is in the log lines of the email job the request queued", async ({ app, logs, smtp }) => {
    // Running before the request, as in the server: its start re-queues waiting emails' jobs.
    const stop = await startTestJobRunner(app, { deps: { log: app.deps.log } });
    const client = app.client();
    const response = await client.request("POST", "/api/register", {
      json: {
        username: "TracedUser",
        password: "referral-tester-9",
        email: "traced@example.com",
        firstName: "Traced",
        lastName: "User",
      },
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id") ?? "";
    expect(requestId).not.toBe("");
    try {
      await expect
        .poll(() => smtp.received.filter((email) => email.envelopeTo.includes("traced@example.com")).length, {
          timeout: 10_000,
        })
        .toBe(1);
      await expect
        .poll(() => logs.parsed().filter((line) => line.msg === "email job run" && line.requestId === requestId), {
          timeout: 5_000,
        })
        .toEqual([expect.objectContaining({ requestId, task: "send_email", jobId: expect.any(String) })]);
    } finally {
      await stop();
    }
    const requestLines = logs.parsed().filter((line) => line.requestId === requestId);
    expect(requestLines.map((line) => line.msg)).toContain("request");
  });
});
