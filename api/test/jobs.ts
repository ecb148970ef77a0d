import pino from "pino";
import { type JobRunnerDeps, type JobRunnerOptions, startJobRunner } from "../src/jobs/runner.ts";
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
