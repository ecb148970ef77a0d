// The job task table: every job type and the crontab, each task a few lines calling its domain.
// jobs/runner.ts runs them (graphile-worker, restarts after an outage) and knows no domain.
import type { TaskList } from "graphile-worker";
import type { Logger } from "pino";
import { foldAnalyticsDeltas } from "../analytics/index.ts";
import { clearOldAuditIps } from "../audit/index.ts";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/prisma.ts";
import { queuePendingEmailJobs, SEND_EMAIL_TASK } from "../emails/outbox.ts";
import { sendQueuedEmail } from "../emails/sender.ts";
import type { SecretBox } from "../graphql/context.ts";
import { deleteExpiredIdempotencyKeys } from "../idempotency/index.ts";
import { type JobRunner, type RunnerOptions, runJobs } from "../jobs/runner.ts";
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

export interface JobRunnerOptions extends RunnerOptions {
  /** graphile-worker crontab lines; jobCrontab(config) when omitted. */
  crontab?: string;
  /** Run the expiry once at start, as the hourly schedule would have (after a restart). */
  expireAtStart?: boolean;
  /** The clock the expiry uses (tests). */
  now?: () => Date;
}

/** Every job type: identifier to handler. A new job type is one entry here (docs/architecture.md). */
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
      // Retried when it fails (a deadlock queuing the next one, say): a run that failed once would otherwise end the chain.
      const intervalMs = deps.config.referralExpiryIntervalMs;
      if (intervalMs !== undefined) {
        await helpers.addJob(
          REFERRAL_EXPIRY_TASK,
          {},
          { jobKey: "referral_expiry:interval", runAt: new Date(Date.now() + intervalMs), maxAttempts: 5 },
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
 * Starts the job runner (jobs/runner.ts) with this table. Pending emails (queued while SMTP_URL
 * was not set) and webhook deliveries get their jobs again first.
 */
export async function startJobRunner(deps: JobRunnerDeps, options: JobRunnerOptions): Promise<JobRunner> {
  if (!deps.config.smtpUrl) deps.log.info("SMTP_URL is not set: emails stay queued until an SMTP server is configured");
  return runJobs(deps, options, {
    tasks: jobTasks(deps, options),
    crontab: options.crontab ?? jobCrontab(deps.config),
    requeuePending: async () => {
      if (deps.config.smtpUrl) await queuePendingEmailJobs(deps.prisma);
      await queuePendingDeliveryJobs(deps.prisma);
    },
    atStart: (options.expireAtStart ?? true) ? [{ task: REFERRAL_EXPIRY_TASK, jobKey: "referral_expiry:start" }] : [],
  });
}
