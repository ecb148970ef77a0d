// The one job runner: graphile-worker working the queue of db/jobs.ts, in the server process
// (WORKER_MODE=inprocess, the default) or in its own (`npm run worker`). Each task is a few lines
// here calling its domain; cron lines schedule the periodic ones.
import { EventEmitter } from "node:events";
import { Logger as JobLogger, type Runner, run, type TaskList, type WorkerEvents } from "graphile-worker";
import type { Logger } from "pino";
import { foldAnalyticsDeltas } from "../analytics/index.ts";
import { clearOldAuditIps } from "../audit/index.ts";
import type { AppConfig } from "../config.ts";
import { backoff, type OutageLog, outageLog } from "../db/outage.ts";
import type { Db } from "../db/prisma.ts";
import { execute, queryBuilder, sql } from "../db/query.ts";
import { queuePendingEmailJobs, SEND_EMAIL_TASK } from "../emails/outbox.ts";
import { sendQueuedEmail } from "../emails/sender.ts";
import type { SecretBox } from "../graphql/context.ts";
import { deleteExpiredIdempotencyKeys } from "../idempotency/index.ts";
import { describeDatabaseError, isDatabaseUnavailable, isTransactionTimeout } from "../lib/databaseErrors.ts";
import { type RequestScope, withRequestScope } from "../lib/requestScope.ts";
import { runReferralExpiry } from "../referrals/expiry.ts";
import { deliverWebhook, type WebhookDeliveryDeps } from "../webhooks/delivery.ts";
import { DELIVER_WEBHOOK_TASK, deleteOldWebhookEvents, queuePendingDeliveryJobs } from "../webhooks/service.ts";

export const REFERRAL_EXPIRY_TASK = "referral_expiry";
export const IDEMPOTENCY_CLEANUP_TASK = "idempotency_cleanup";
export const WEBHOOK_CLEANUP_TASK = "webhook_cleanup";
export const AUDIT_IP_CLEANUP_TASK = "audit_ip_cleanup";
export const ANALYTICS_FOLD_TASK = "analytics_fold";
/** The crontab: the expiry at the configured time (hourly by default), the key cleanup hourly, the clean-ups of old webhook events and audit IPs daily, the analytics summaries folded every minute; hours missed while stopped are not run again. */
export function jobCrontab(config: Pick<AppConfig, "referralExpiryCron">): string {
  return [
    `${config.referralExpiryCron} ${REFERRAL_EXPIRY_TASK} ?max=3`,
    `17 * * * * ${IDEMPOTENCY_CLEANUP_TASK} ?max=3`,
    `43 3 * * * ${WEBHOOK_CLEANUP_TASK} ?max=3`,
    `51 3 * * * ${AUDIT_IP_CLEANUP_TASK} ?max=3`,
    `* * * * * ${ANALYTICS_FOLD_TASK} ?max=1`,
  ].join("\n");
}

export interface JobRunnerDeps {
  prisma: Db;
  secretBox: SecretBox;
  log: Logger;
  config: Pick<
    AppConfig,
    | "smtpUrl"
    | "mailFrom"
    | "publicUrl"
    | "referralExpiryCron"
    | "referralExpiryIntervalMs"
    | "production"
    | "webhooksAllowLoopback"
    | "webhookRetryScheduleMs"
    | "webhookTimeoutMs"
  >;
  /** Resolves webhook endpoints' host names (DNS by default; tests pass a stand-in). */
  resolveHost?: WebhookDeliveryDeps["resolveHost"];
}

export interface JobRunnerOptions {
  /** The database the workers connect to (graphile-worker keeps its own small pool and LISTEN connection). */
  connectionString: string;
  /** Jobs worked at once by this process. */
  concurrency?: number;
  /** How often to look for due jobs when no announcement arrived (retries coming due). */
  pollIntervalMs?: number;
  /** graphile-worker crontab lines; jobCrontab(config) when omitted. */
  crontab?: string;
  /** Run the expiry once at start, as the hourly schedule would have (after a restart). */
  expireAtStart?: boolean;
  /** The clock the expiry uses (tests). */
  now?: () => Date;
}

/** Every job type: identifier to handler. A new job type is one entry here (docs/operations.md, "Jobs"). */
export function jobTasks(deps: JobRunnerDeps, options: Pick<JobRunnerOptions, "now"> = {}): TaskList {
  const clock = options.now ?? (() => new Date());
  return {
    [SEND_EMAIL_TASK]: async (payload) => {
      const { emailId } = payload as { emailId: number };
      const outcome = await sendQueuedEmail(deps, emailId);
      if (outcome !== "skipped") deps.log.info({ emailId, outcome }, "email job run");
    },
    [REFERRAL_EXPIRY_TASK]: async (_payload, helpers) => {
      // A finer interval than cron's minute (REFERRAL_EXPIRY_INTERVAL_SECONDS): the next run is queued now, one waiting at a time.
      const intervalMs = deps.config.referralExpiryIntervalMs;
      if (intervalMs !== undefined) {
        await helpers.addJob(
          REFERRAL_EXPIRY_TASK,
          {},
          { jobKey: "referral_expiry:interval", runAt: new Date(Date.now() + intervalMs), maxAttempts: 1 },
        );
      }
      const { expired, warned, cleared } = await runReferralExpiry(deps.prisma, clock(), {
        publicUrl: deps.config.publicUrl,
      });
      if (expired > 0) deps.log.info({ expired }, "pending referrals expired and erased");
      if (warned > 0) deps.log.info({ warned }, "customers warned of referrals expiring within 10 days");
      if (cleared > 0) deps.log.info({ cleared }, "old email bodies cleared");
    },
    // A key lives 24 hours and an expired one is already ignored, so this only frees space.
    [IDEMPOTENCY_CLEANUP_TASK]: async () => {
      const deleted = await deleteExpiredIdempotencyKeys(deps.prisma);
      if (deleted > 0) deps.log.info({ deleted }, "expired idempotency keys deleted");
    },
    [DELIVER_WEBHOOK_TASK]: async (payload) => {
      const { deliveryId } = payload as { deliveryId: number };
      const outcome = await deliverWebhook(deps, deliveryId);
      if (outcome !== "skipped") deps.log.info({ deliveryId, outcome }, "webhook job run");
    },
    // Webhook events and deliveries are kept 30 days (the admin page's history), then deleted daily.
    [WEBHOOK_CLEANUP_TASK]: async () => {
      const deleted = await deleteOldWebhookEvents(deps.prisma, clock());
      if (deleted > 0) deps.log.info({ deleted }, "webhook events older than 30 days deleted");
    },
    // The analytics summaries' change rows folded into one, so reading them stays one short scan (analytics/summaries.ts).
    [ANALYTICS_FOLD_TASK]: async () => {
      await foldAnalyticsDeltas(deps.prisma);
    },
    // An audit entry's IP address is kept 90 days, then cleared daily (docs/rules/audit.md, "Audit trail").
    [AUDIT_IP_CLEANUP_TASK]: async () => {
      const cleared = await clearOldAuditIps(deps.prisma, clock());
      if (cleared > 0) deps.log.info({ cleared }, "IP addresses of audit entries older than 90 days cleared");
    },
  };
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

/**
 * Starts the workers. Pending emails and webhook deliveries get their jobs again first (emails queued
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
/** A runner none of whose idle workers asked for a job for this long is replaced. */
const STALL_AFTER_MS = 15_000;

export async function startJobRunner(deps: JobRunnerDeps, options: JobRunnerOptions): Promise<JobRunner> {
  if (!deps.config.smtpUrl) deps.log.info("SMTP_URL is not set: emails stay queued until an SMTP server is configured");
  const requeuePending = async () => {
    if (deps.config.smtpUrl) await queuePendingEmailJobs(deps.prisma);
    await queuePendingDeliveryJobs(deps.prisma);
  };
  await requeuePending();
  const outage = outageLog(deps.log, "job runner");
  const waits = backoff(500, 10_000);
  const taskList = inJobScopes(jobTasks(deps, options));
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
      crontab: options.crontab ?? jobCrontab(deps.config),
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

  current = await startRunner();
  if (options.expireAtStart ?? true) {
    await current.addJob(REFERRAL_EXPIRY_TASK, {}, { jobKey: "referral_expiry:start", maxAttempts: 3 });
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
