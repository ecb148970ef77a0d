// The job queue: graphile-worker, in the same PostgreSQL (schema `graphile_worker`, migrated with ours).
// A job is a row added in the caller's transaction, so it exists exactly when the change that causes it
// commits; workers (in the server, or `npm run worker`) take due jobs with SKIP LOCKED.
import { currentRequestScope } from "../lib/requestScope.ts";
import type { DbOrTx } from "./prisma.ts";
import { execute, queryBuilder, sql } from "./query.ts";

export interface AddJobOptions {
  /** Not before this moment (now when omitted). */
  runAt?: Date;
  /** One pending job per key: adding again replaces the waiting one (a running one is left to finish). */
  jobKey?: string;
  /** graphile-worker's own retries (exponential backoff) when the task throws; 25 when omitted. */
  maxAttempts?: number;
}

/**
 * Adds a job in `db`'s transaction: rolled back with it, announced to the workers at its commit.
 * Queued during a request (or another job), its payload carries that request's id as `requestId`,
 * and the job's log lines show it (jobs/runner.ts).
 */
export async function addJob(
  db: DbOrTx,
  task: string,
  payload: Record<string, unknown>,
  options: AddJobOptions = {},
): Promise<void> {
  const requestId = currentRequestScope()?.requestId;
  const fullPayload = requestId === undefined ? payload : { ...payload, requestId };
  await execute(
    db,
    queryBuilder.selectNoFrom(
      sql<unknown>`graphile_worker.add_job(${task}::text, ${JSON.stringify(fullPayload)}::json, run_at => ${options.runAt ?? null}::timestamptz, max_attempts => ${options.maxAttempts ?? null}::int, job_key => ${options.jobKey ?? null}::text)`.as(
        "job",
      ),
    ),
  );
}
