// The job queue: graphile-worker, in the same PostgreSQL (schema `graphile_worker`, migrated with ours).
// A job is a row added in the caller's transaction, so it exists exactly when the change that causes it
// commits; workers (in the server, or `npm run worker`) take due jobs with SKIP LOCKED.
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

/** Adds a job in `db`'s transaction: rolled back with it, announced to the workers at its commit. */
export async function addJob(
  db: DbOrTx,
  task: string,
  payload: Record<string, unknown>,
  options: AddJobOptions = {},
): Promise<void> {
  await execute(
    db,
    queryBuilder.selectNoFrom(
      sql<unknown>`graphile_worker.add_job(${task}::text, ${JSON.stringify(payload)}::json, run_at => ${options.runAt ?? null}::timestamptz, max_attempts => ${options.maxAttempts ?? null}::int, job_key => ${options.jobKey ?? null}::text)`.as(
        "job",
      ),
    ),
  );
}
