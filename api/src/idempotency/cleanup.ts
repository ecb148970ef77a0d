import type { Logger } from "pino";
import type { Db } from "../db/prisma.ts";
import { startPeriodicJob } from "../lib/periodicJob.ts";
import { deleteExpiredIdempotencyKeys } from "./service.ts";

/** Hourly: a key lives 24 hours, and an expired one is already ignored, so the run only frees space. */
export const IDEMPOTENCY_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes expired idempotency keys at start-up and then hourly; returns `stop`. */
export function startIdempotencyKeyCleanup(
  deps: { prisma: Db; log: Logger },
  intervalMs = IDEMPOTENCY_CLEANUP_INTERVAL_MS,
): () => Promise<void> {
  const { stop } = startPeriodicJob(async () => {
    try {
      const deleted = await deleteExpiredIdempotencyKeys(deps.prisma);
      if (deleted > 0) deps.log.info({ deleted }, "expired idempotency keys deleted");
    } catch (error) {
      // The database may be briefly unreachable; the next run tries again.
      deps.log.error({ err: error }, "idempotency key cleanup failed");
    }
  }, intervalMs);
  return stop;
}
