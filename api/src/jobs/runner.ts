// The one job runner: graphile-worker working the queue of db/jobs.ts, in the server process
// (WORKER_MODE=inprocess, the default) or in its own (`npm run worker`). The job types and the
// crontab are the composition root's (compose/jobs.ts); this file knows no domain.
import { EventEmitter } from "node:events";
import { Logger as JobLogger, type Runner, run, type TaskList, type WorkerEvents } from "graphile-worker";
import type { Logger } from "pino";
import { backoff, type OutageLog, outageLog } from "../db/outage.ts";
import type { Db } from "../db/prisma.ts";
import { execute, queryBuilder, sql } from "../db/query.ts";
import {
  describeDatabaseError,
  isDatabaseUnavailable,
  isDeadlock,
  isTransactionTimeout,
} from "../lib/databaseErrors.ts";
import { type RequestScope, withRequestScope } from "../lib/requestScope.ts";

/** The job types, their schedule and what to queue again, passed in by the composition root (compose/jobs.ts). */
export interface JobTable {
  /** Every job type: identifier to handler. */
  tasks: TaskList;
  /** graphile-worker crontab lines. */
  crontab: string;
  /** Gives pending work its job again: at start, and after a runner that died is replaced. */
  requeuePending(): Promise<void>;
  /** Jobs queued once when the runner starts, each under its job key (a restart queues none twice). */
  atStart: { task: string; jobKey: string }[];
}

/** What the runner itself uses: the database (to unlock a dead runner's jobs) and the log. */
export interface RunnerDeps {
  prisma: Db;
  log: Logger;
}

export interface RunnerOptions {
  /** The database the workers connect to (graphile-worker keeps its own small pool and LISTEN connection). */
  connectionString: string;
  /** Jobs worked at once by this process. */
  concurrency?: number;
  /** How often to look for due jobs when no announcement arrived (retries coming due). */
  pollIntervalMs?: number;
}

/**
 * Each task runs in its job's scope: every line it logs names the job, its task and the request
 * that queued it (`requestId` in the payload, db/jobs.ts), and a job it queues carries that id on.
 */
export function inJobScopes(tasks: TaskList): TaskList {
  const scoped: TaskList = {};
  for (const [task, handler] of Object.entries(tasks)) {
    if (!handler) continue;
    scoped[task] = (payload, helpers) => {
      const requestId = (payload as { requestId?: unknown } | null)?.requestId;
      const scope: RequestScope = { jobId: helpers.job.id, task };
      if (typeof requestId === "string") scope.requestId = requestId;
      return withRequestScope(scope, () => handler(payload, helpers));
    };
  }
  return scoped;
}

/**
 * graphile-worker's log lines through the app's logger (debug lines dropped). Its lines about the
 * database being away (each failed job, each reconnection) belong to the outage, logged once.
 */
function jobLogger(log: Logger, outage: OutageLog): JobLogger {
  return new JobLogger((scope) => (level, message, meta) => {
    if (level === "debug") return;
    const error = meta?.error ?? meta?.fatalError;
    if (
      (level === "error" || level === "warning") &&
      (isDatabaseUnavailable(error) || isDatabaseUnavailable({ message })) &&
      // A job whose transaction ran out of time is a failing job to see, not part of an outage.
      !isTransactionTimeout(error)
    ) {
      outage.failed(error ?? { message }, message.split("\n")[0] ?? "working jobs");
      return;
    }
    const line = { ...scope, ...meta };
    if (level === "error") log.error(line, message);
    else if (level === "warning") log.warn(line, message);
    else log.info(line, message);
  });
}

export interface JobRunner {
  /**
   * Stops taking jobs and resolves once the jobs in progress have finished, or after `withinMs`:
   * then the jobs still running are given back to the queue (retried later) and it resolves.
   */
  stop(withinMs?: number): Promise<void>;
}

/** How long `stop()` waits for the jobs in hand before giving them back to the queue (docs/operations.md). */
export const JOBS_STOP_WITHIN_MS = 15_000;

/** Runs `work` again when PostgreSQL broke a deadlock by failing it, up to 5 times, 50–250 ms apart. */
async function retryDeadlocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** A runner none of whose idle workers asked for a job for this long is replaced. */
const STALL_AFTER_MS = 15_000;

/**
 * Starts the workers. Pending work gets its jobs again first (`table.requeuePending`: emails queued
 * while SMTP_URL was not set; the jobs a killed runner held stay locked); several runners on one
 * database each take different jobs (SKIP LOCKED).
 *
 * graphile-worker 0.18 does not survive its database going away: a job finishing while PostgreSQL
 * restarts fails to be marked complete, and the runner stops (with completion not batched, the
 * rejection was unhandled and ended the whole process). So completions and failures go through its
 * batchers, whose errors reach the pool's error handler instead, and this supervisor starts a new
 * runner once PostgreSQL answers (waiting 0.5 s, doubling to 10 s), giving back to the queue the
 * jobs the dead runner still held. It logs the outage once, and once when jobs run again.
 */
export async function runJobs(deps: RunnerDeps, options: RunnerOptions, table: JobTable): Promise<JobRunner> {
  const { requeuePending } = table;
  await retryDeadlocks(requeuePending);
  const outage = outageLog(deps.log, "job runner");
  const waits = backoff(500, 10_000);
  const taskList = inJobScopes(table.tasks);
  let stopping = false;
  let current: Runner | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  /** Worker pools of runners that died holding jobs: their jobs are unlocked once a new runner is up. */
  const deadPools: string[] = [];

  const startRunner = async (): Promise<Runner> => {
    // Listened to before run() starts its worker pool: `pool:create` fires within run() itself.
    const events: WorkerEvents = new EventEmitter();
    const pools: string[] = [];
    let fatal: { action?: string; error?: unknown } | undefined;
    events.on("pool:create", ({ workerPool }) => pools.push(workerPool.id));
    events.on("pool:fatalError", ({ action, error }) => {
      fatal ??= { action, error };
    });
    events.on("job:success", () => outage.recovered());
    // Liveness: an idle worker asks for a job every poll interval; a busy one is in `busy`.
    let lastSign = Date.now();
    let busy = 0;
    events.on("worker:getJob:start", () => {
      lastSign = Date.now();
    });
    events.on("job:start", () => {
      lastSign = Date.now();
      busy++;
    });
    events.on("job:complete", () => {
      lastSign = Date.now();
      busy--;
    });
    const concurrency = options.concurrency ?? 5;
    const stallAfterMs = Math.max(STALL_AFTER_MS, 5 * (options.pollIntervalMs ?? 2_000));
    const runner = await run({
      events,
      connectionString: options.connectionString,
      concurrency: options.concurrency ?? 5,
      pollInterval: options.pollIntervalMs ?? 2_000,
      noHandleSignals: true,
      logger: jobLogger(deps.log, outage),
      taskList,
      crontab: table.crontab,
      // Batched (after 0 ms) completions and failures report a database error to the pool, which
      // stops; unbatched, graphile-worker left the same error an unhandled rejection.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
    // graphile-worker can leave its workers waiting on a connection the restart took away, neither
    // asking for jobs nor working them: that runner is replaced as if it had died.
    const watchdog = setInterval(() => {
      if (runner !== current || stopping) return;
      if (busy < concurrency && Date.now() - lastSign > stallAfterMs) {
        void runner.kill().catch(() => undefined);
        died(runner, pools, { action: "waiting for its workers, which stopped asking for jobs" });
      }
    }, 1_000);
    watchdog.unref();
    runner.promise.finally(() => clearInterval(watchdog)).catch(() => undefined);
    runner.promise.then(
      () => died(runner, pools, fatal),
      (error: unknown) => died(runner, pools, fatal ?? { error }),
    );
    return runner;
  };

  const died = (runner: Runner, pools: string[], cause: { action?: string; error?: unknown } | undefined) => {
    if (runner !== current || stopping) return;
    current = undefined;
    deadPools.push(...pools);
    outage.failed(cause?.error ?? new Error("the job runner stopped"), cause?.action ?? "working jobs");
    scheduleRestart();
  };

  const scheduleRestart = () => {
    if (stopping) return;
    restartTimer = setTimeout(async () => {
      restartTimer = undefined;
      if (stopping) return;
      try {
        const runner = await startRunner();
        if (stopping) {
          await runner.stop();
          return;
        }
        current = runner;
        // Jobs the dead runner took but could not mark done or failed: back to the queue now, not in 4 hours.
        const unlock = deadPools.splice(0);
        await execute(
          deps.prisma,
          queryBuilder.selectNoFrom(
            sql<unknown>`graphile_worker.force_unlock_workers(${unlock}::text[])`.as("unlocked"),
          ),
        ).catch((error: unknown) => {
          deadPools.push(...unlock);
          deps.log.warn({ ...describeDatabaseError(error) }, "job runner: jobs of the stopped runner not yet unlocked");
        });
        // Whatever lost its job meanwhile (a delivery or email still pending) gets one again.
        await requeuePending().catch((error: unknown) =>
          outage.failed(error, "queueing pending emails and deliveries"),
        );
        waits.reset();
        outage.recovered({ unlockedRunners: unlock.length });
      } catch (error) {
        outage.failed(error, "starting the job runner again");
        scheduleRestart();
      }
    }, waits.nextDelay());
    restartTimer.unref();
  };

  current = await retryDeadlocks(startRunner);
  for (const { task, jobKey } of table.atStart) {
    const runner = current;
    // Another instance starting on the same database may be migrating graphile-worker's tables meanwhile.
    await retryDeadlocks(() => runner.addJob(task, {}, { jobKey, maxAttempts: 3 }));
  }
  deps.log.info({ concurrency: options.concurrency ?? 5 }, "job runner started");
  return {
    async stop(withinMs = JOBS_STOP_WITHIN_MS) {
      stopping = true;
      clearTimeout(restartTimer);
      const runner = current;
      current = undefined;
      if (!runner) return;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<"timed out">((resolve) => {
        timer = setTimeout(() => resolve("timed out"), withinMs);
      });
      const outcome = await Promise.race([runner.stop().catch(() => undefined), timedOut]);
      clearTimeout(timer);
      if (outcome === "timed out") {
        deps.log.warn({ withinMs }, "jobs still running at shutdown: given back to the queue");
        await runner.kill().catch(() => undefined);
      }
    },
  };
}
