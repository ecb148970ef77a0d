import pg from "pg";
import pino from "pino";
import { type JobRunnerDeps, type JobRunnerOptions, startJobRunner } from "../src/compose/jobs.ts";
import type { TestApp } from "./testApp.ts";

/**
 * The job runner as main.ts starts it, on a test app's database (polling often, so retries coming
 * due are seen quickly). Returns `stop`, which resolves once jobs in progress have finished.
 */
export async function startTestJobRunner(
  app: Pick<TestApp, "deps" | "databaseUrl">,
  options: Partial<JobRunnerOptions> & { deps?: Partial<JobRunnerDeps> } = {},
): Promise<() => Promise<void>> {
  const { deps, ...runnerOptions } = options;
  const runner = await startJobRunner(
    {
      prisma: app.deps.prisma,
      secretBox: app.deps.secretBox,
      log: pino({ level: "silent" }),
      config: app.deps.config,
      ...deps,
    },
    { connectionString: app.databaseUrl, pollIntervalMs: 100, expireAtStart: false, ...runnerOptions },
  );
  return () => runner.stop();
}

/** Jobs of this task waiting in graphile-worker's queue (taken or not), on the database owner's connection. */
export async function queuedJobs(databaseUrl: string, task: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1",
      [task],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Resolves once no job runner is connected to the database: from then on nothing can take a job,
 * so a test may assert that nothing ran without waiting a fixed time. (A runner connects with the
 * owner's URL, as startTestJobRunner starts it; the app's server connects as the app's role.)
 */
export async function untilNoRunnerConnected(databaseUrl: string, timeoutMs = 10_000): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND usename = current_user AND pid <> pg_backend_pid()",
      );
      if (rows[0]?.n === 0) return;
      if (Date.now() > deadline) throw new Error(`a job runner was still connected after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await client.end();
  }
}
