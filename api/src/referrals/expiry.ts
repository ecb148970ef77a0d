import { recordAudit } from "../audit/index.ts";
import { activityDescriptions, recordActivity } from "../customers/index.ts";
import { notifyAdminQueues } from "../db/adminQueues.ts";
import type { Db, Tx } from "../db/prisma.ts";
import { queryBuilder, run } from "../db/query.ts";
import { clearOldEmailBodies, queueReferralEmail } from "../emails/index.ts";
import { eraseFromIdempotentAnswers } from "../idempotency/index.ts";
import { greetingName } from "../lib/displayName.ts";
import { emitWebhookEvent } from "../webhooks/index.ts";
import { erasedReferralDetails } from "./erasure.ts";
import { expiresOnText, expiryWarningStart } from "./service.ts";

/**
 * Referrals expired (or warned) per transaction: a large backlog is worked through in short
 * transactions. Each referral costs a few statements (activity, email, webhook event), so 500 took
 * over Prisma's 5-second transaction limit on a busy machine and the run never finished.
 */
export const REFERRAL_EXPIRY_BATCH_SIZE = 100;

export interface ReferralExpiryResult {
  expired: number;
  referralIds: number[];
}

/**
 * Expires every pending referral whose expiresAt has passed (90 days after it was added) and
 * erases its personal data (name, phone, email, address): the row stays, anonymised, for the
 * figures. The customer gets a REFERRAL_EXPIRED activity and email, neither naming the friend (the
 * email says the day the referral was added). Purchased referrals are never touched, and a second run
 * finds nothing to do.
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
  const referralIds = await inBatches(db, batchSize, async (tx) => {
    const claimed = await run(
      tx,
      claimWithCustomer().where("r.expiresAt", "<=", now).orderBy("r.id").limit(batchSize).forUpdate("r").skipLocked(),
    );
    if (claimed.length === 0) return { claimed: 0, done: [] };
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
    const expiredSet = new Set(expiredIds);
    // The erased details' copies in stored answers (an addReferral replay) go in the same transaction.
    await eraseFromIdempotentAnswers(tx, {
      values: claimed
        .filter((row) => expiredSet.has(row.id))
        .flatMap((row) => [row.name, row.phone, row.referralEmail, row.address]),
    });
    for (const referral of claimed) {
      if (!expiredSet.has(referral.id)) continue;
      await recordActivity(tx, {
        customerId: referral.customerId,
        type: "REFERRAL_EXPIRED",
        description: activityDescriptions.referralExpired(),
        referralId: referral.id,
      });
      // The friend's details are erased in this transaction: the email says which referral by its day.
      await queueReferralEmail(tx, {
        type: "REFERRAL_EXPIRED",
        to: referral.email,
        userId: referral.userId,
        referralId: referral.id,
        data: { firstName: greetingName(referral), addedOn: expiresOnText(referral.createdAt) },
      });
      await emitWebhookEvent(tx, "referral.expired", { customerId: referral.customerId, referralId: referral.id });
    }
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
    return { claimed: claimed.length, done: expiredIds };
  });
  return { expired: referralIds.length, referralIds };
}

/**
 * Runs `batch` in one short transaction after another, each claiming at most `batchSize` rows,
 * until one claims fewer (the last) or does nothing; the ids done, in the order of the batches.
 */
async function inBatches(
  db: Db,
  batchSize: number,
  batch: (tx: Tx) => Promise<{ claimed: number; done: number[] }>,
): Promise<number[]> {
  const done: number[] = [];
  for (;;) {
    const result = await db.$transaction(batch);
    done.push(...result.done);
    // A full batch may have more behind it (rows done no longer match the claim).
    if (result.claimed < batchSize || result.done.length === 0) return done;
  }
}

/**
 * A pending referral with what its customer's emails need, joined for a batch's claim (FOR UPDATE OF r).
 * Never a held one: its clock stops while held, so it neither expires nor is warned (docs/rules/fraud.md, "Holds").
 */
function claimWithCustomer() {
  return queryBuilder
    .selectFrom("Referral as r")
    .innerJoin("CustomerProfile as c", "c.id", "r.customerId")
    .innerJoin("User as u", "u.id", "c.userId")
    .select([
      "r.id",
      "r.name",
      "r.phone",
      "r.email as referralEmail",
      "r.address",
      "r.createdAt",
      "r.expiresAt",
      "r.customerId",
      "u.id as userId",
      "u.email",
      "u.firstName",
      "u.username",
    ])
    .where("r.status", "=", "PENDING")
    .where("r.heldAt", "is", null);
}

export interface ExpiryWarningResult {
  warned: number;
  referralIds: number[];
}

/**
 * Warns the customer of every pending referral that has entered its last 10 days (expiresAt - now
 * <= 10 days, the rule of `daysRemaining <= 10`) and has not expired: a REFERRAL_EXPIRING activity
 * and the REFERRAL_EXPIRY_WARNING email, both naming the London day it expires.
 *
 * Once per referral: expiryWarnedAt is set in the same transaction, and only rows where it is still
 * null are claimed (FOR UPDATE SKIP LOCKED, in short batches, like expireReferrals), so several
 * instances at once warn each referral once. A referral already inside the window when it appears
 * (after a data fix) is warned once, at the next run; a cancelled purchase keeps its referral's flag.
 */
export async function warnExpiringReferrals(
  db: Db,
  now: Date,
  options: { publicUrl: string; batchSize?: number },
): Promise<ExpiryWarningResult> {
  const batchSize = options.batchSize ?? REFERRAL_EXPIRY_BATCH_SIZE;
  const referralIds = await inBatches(db, batchSize, async (tx) => {
    const claimed = await run(
      tx,
      claimWithCustomer()
        .where("r.expiryWarnedAt", "is", null)
        .where("r.expiresAt", ">", now)
        .where("r.expiresAt", "<=", expiryWarningStart(now))
        .orderBy("r.id")
        .limit(batchSize)
        .forUpdate("r")
        .skipLocked(),
    );
    for (const referral of claimed) {
      const expiresOn = expiresOnText(referral.expiresAt);
      await recordActivity(tx, {
        customerId: referral.customerId,
        type: "REFERRAL_EXPIRING",
        description: activityDescriptions.referralExpiring(expiresOn),
        referralId: referral.id,
      });
      await queueReferralEmail(tx, {
        type: "REFERRAL_EXPIRY_WARNING",
        to: referral.email,
        userId: referral.userId,
        referralId: referral.id,
        data: {
          firstName: greetingName(referral),
          expiresOn,
          referralsUrl: `${options.publicUrl}/home?tab=referrals`,
        },
      });
    }
    const ids = claimed.map((row) => row.id);
    if (ids.length > 0) {
      await run(
        tx,
        queryBuilder.updateTable("Referral").set({ expiryWarnedAt: now, updatedAt: now }).where("id", "in", ids),
      );
    }
    return { claimed: ids.length, done: ids };
  });
  return { warned: referralIds.length, referralIds: referralIds.sort((a, b) => a - b) };
}

export interface ReferralExpiryRun {
  expired: number;
  warned: number;
  cleared: number;
}

/**
 * One run of the expiry job, as its hourly cron job (compose/jobs.ts) and `npm run referrals:expire` both run it: expire
 * (so a referral past its date is never warned), then warn, then clear old email bodies.
 */
export async function runReferralExpiry(db: Db, now: Date, options: { publicUrl: string }): Promise<ReferralExpiryRun> {
  const { expired } = await expireReferrals(db, now);
  const { warned } = await warnExpiringReferrals(db, now, options);
  // Stored emails can name a referral: their text goes after the same 90 days.
  const cleared = await clearOldEmailBodies(db, now);
  return { expired, warned, cleared };
}
