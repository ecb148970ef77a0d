import pg from "pg";
import type { Logger } from "pino";
import { startPeriodicJob } from "../lib/periodicJob.ts";
import { EMAIL_QUEUED_CHANNEL } from "./outbox.ts";
import { type EmailSenderDeps, sendPendingEmails } from "./sender.ts";

export const EMAIL_WORKER_INTERVAL_MS = 5_000;
const EMAIL_WORKER_BATCH_LIMIT = 50;

/**
 * Sends due emails on its own when SMTP_URL is set: at once when `listenUrl`'s PostgreSQL announces
 * newly queued ones (any instance's), and every few seconds in any case (retries, a missed
 * announcement). One run at a time. The timer does not keep the process alive.
 * Returns `stop`, which resolves once a run in progress has finished.
 */
export function startEmailWorker(
  deps: EmailSenderDeps & { log: Logger },
  options: { intervalMs?: number; limit?: number; listenUrl?: string } = {},
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
  const job = startPeriodicJob(runOnce, intervalMs);
  const listener = options.listenUrl ? listenForQueuedEmails(options.listenUrl, job.wake, deps.log) : undefined;
  deps.log.info({ intervalMs }, "email worker started");
  return async () => {
    await listener?.close();
    await job.stop();
  };
}

/** One connection LISTENing for queued emails; if it fails, the worker keeps its regular runs. */
function listenForQueuedEmails(url: string, onQueued: () => void, log: Logger): { close(): Promise<void> } {
  const client = new pg.Client({ connectionString: url });
  let closing = false;
  client.on("notification", () => onQueued());
  client.on("error", (error) => {
    if (!closing) log.warn({ message: error.message }, "email notifications lost: the worker keeps its regular runs");
  });
  const connected = client
    .connect()
    .then(() => client.query(`LISTEN ${EMAIL_QUEUED_CHANNEL}`))
    // Anything queued before the LISTEN took effect goes now too.
    .then(() => {
      onQueued();
      return true;
    })
    .catch((error: Error) => {
      log.warn({ message: error.message }, "email notifications unavailable: the worker keeps its regular runs");
      return false;
    });
  return {
    async close() {
      closing = true;
      if (await connected) await client.end().catch(() => {});
    },
  };
}
