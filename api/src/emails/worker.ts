import type { Logger } from "pino";
import { startPeriodicJob } from "../lib/periodicJob.ts";
import { type EmailSenderDeps, sendPendingEmails } from "./sender.ts";

export const EMAIL_WORKER_INTERVAL_MS = 5_000;
const EMAIL_WORKER_BATCH_LIMIT = 50;

/**
 * Sends due emails on its own, every few seconds, when SMTP_URL is set. One run at a time: the
 * next is scheduled when the previous ends. The timer does not keep the process alive.
 * Returns `stop`, which resolves once a run in progress has finished.
 */
export function startEmailWorker(
  deps: EmailSenderDeps & { log: Logger },
  options: { intervalMs?: number; limit?: number } = {},
): () => Promise<void> {
  if (!deps.config.smtpUrl) {
    deps.log.info("SMTP_URL is not set: emails stay queued until an SMTP server is configured");
    return async () => {};
  }
  const intervalMs = options.intervalMs ?? EMAIL_WORKER_INTERVAL_MS;
  const limit = options.limit ?? EMAIL_WORKER_BATCH_LIMIT;
  const runOnce = async () => {
    try {
      const result = await sendPendingEmails(deps, { limit });
      if (result.processed > 0) deps.log.info(result, "email worker run");
    } catch (error) {
      // The database may be briefly unreachable; the next run tries again.
      deps.log.error({ err: error }, "email worker run failed");
    }
  };

  // The first run is immediate: emails queued while the app was down go out at once.
  const stop = startPeriodicJob(runOnce, intervalMs);
  deps.log.info({ intervalMs }, "email worker started");
  return stop;
}
