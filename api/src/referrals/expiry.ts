import type { Logger } from "pino";
import { recordAudit } from "../audit/index.ts";
import { notifyAdminQueues } from "../db/adminQueues.ts";
import type { Db } from "../db/prisma.ts";
import { queryBuilder, run } from "../db/query.ts";
import { clearOldEmailBodies } from "../emails/index.ts";
import { startPeriodicJob } from "../lib/periodicJob.ts";
import { erasedReferralDetails } from "./erasure.ts";

/** Referrals expired per transaction: a large backlog is worked through in short transactions. */
export const REFERRAL_EXPIRY_BATCH_SIZE = 500;
export const REFERRAL_EXPIRY_INTERVAL_MS = 60 * 60 * 1000;

export interface ReferralExpiryResult {
  expired: number;
  referralIds: number[];
}

/**
 * Expires every pending referral whose expiresAt has passed (90 days after it was added) and
 * erases its personal data (name, phone, email, address): the row stays, anonymised, for the
 * figures. Purchased referrals are never touched, and a second run finds nothing to do.
 *
 * Each batch is one transaction that claims its rows with FOR UPDATE SKIP LOCKED, expires them
 * and writes one audit entry (how many, which ids). So several app instances can run it at once
 * without doing a row twice, and a referral an administrator is verifying at that moment (its
 * row locked) is left for the next run, by when the verification has decided its fate.
 */
export async function expireReferrals(
  db: Db,
  now: Date = new Date(),
  options: { batchSize?: number } = {},
): Promise<ReferralExpiryResult> {
  const batchSize = options.batchSize ?? REFERRAL_EXPIRY_BATCH_SIZE;
  const referralIds: number[] = [];
  for (;;) {
    const batch = await db.$transaction(async (tx) => {
      const claimed = await run(
        tx,
        queryBuilder
          .selectFrom("Referral")
          .select("id")
          .where("status", "=", "PENDING")
          .where("expiresAt", "<=", now)
          .orderBy("id")
          .limit(batchSize)
          .forUpdate()
          .skipLocked(),
      );
      if (claimed.length === 0) return { claimed: 0, expiredIds: [] };
      // The status condition again: only a still-pending row is expired, whatever happened since.
      const expired = await run(
        tx,
        queryBuilder
          .updateTable("Referral")
          .set({ status: "EXPIRED", ...erasedReferralDetails(now) })
          .where(
            "id",
            "in",
            claimed.map((row) => row.id),
          )
          .where("status", "=", "PENDING")
          .returning("id"),
      );
      const expiredIds = expired.map((row) => row.id).sort((a, b) => a - b);
      if (expiredIds.length > 0) {
        await notifyAdminQueues(tx, "REFERRALS");
        await recordAudit(tx, {
          action: "referrals_expired",
          resourceType: "referral",
          resourceId: expiredIds.length === 1 ? expiredIds[0] : null,
          actorId: null,
          after: {
            count: expiredIds.length,
            referralIds: expiredIds,
            status: "EXPIRED",
            erased: ["name", "phone", "email", "address"],
          },
          details: `${expiredIds.length} pending referral${expiredIds.length === 1 ? "" : "s"} expired 90 days after being added; personal data erased`,
        });
      }
      return { claimed: claimed.length, expiredIds };
    });
    referralIds.push(...batch.expiredIds);
    // A short batch was the last; a full one may have more behind it (expired rows no longer match).
    if (batch.claimed < batchSize || batch.expiredIds.length === 0) break;
  }
  return { expired: referralIds.length, referralIds };
}

/**
 * Runs expireReferrals at start-up and then every hour (one run at a time; the timer does not
 * keep the process alive). Safe with several app instances: they claim disjoint rows.
 * Returns `stop`, which resolves once a run in progress has finished.
 */
export function startReferralExpiry(
  deps: { prisma: Db; log: Logger },
  options: { intervalMs?: number; now?: () => Date } = {},
): () => Promise<void> {
  const intervalMs = options.intervalMs ?? REFERRAL_EXPIRY_INTERVAL_MS;
  const clock = options.now ?? (() => new Date());
  const runOnce = async () => {
    try {
      const now = clock();
      const result = await expireReferrals(deps.prisma, now);
      if (result.expired > 0) deps.log.info({ expired: result.expired }, "pending referrals expired and erased");
      // Stored emails can name a referral: their text goes after the same 90 days.
      const cleared = await clearOldEmailBodies(deps.prisma, now);
      if (cleared > 0) deps.log.info({ cleared }, "old email bodies cleared");
    } catch (error) {
      // The database may be briefly unreachable; the next run tries again.
      deps.log.error({ err: error }, "referral expiry run failed");
    }
  };

  const { stop } = startPeriodicJob(runOnce, intervalMs);
  deps.log.info({ intervalMs }, "referral expiry scheduled");
  return stop;
}
