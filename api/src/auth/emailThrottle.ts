import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { RateLimitedError } from "../lib/errors.ts";

/**
 * Limits on the anonymous and signed-in requests that send account emails (password reset
 * links, confirmation links), shared by every instance through the rate_limits table.
 * `consume` counts and checks in one statement, so parallel requests cannot slip past.
 */
export const ACCOUNT_EMAIL_LIMITS = {
  /** Confirmation emails a signed-in user can ask to be sent again. */
  confirmationResendPerUser: { points: 3, durationSeconds: 60 * 60 },
};

export interface AccountEmailThrottle {
  /** Counts a request to send the confirmation link again. */
  consumeConfirmationResend(userId: number): Promise<void>;
}

export function createAccountEmailThrottle(pool: pg.Pool): AccountEmailThrottle {
  const common = { storeClient: pool, storeType: "pool", tableName: "rate_limits", tableCreated: true } as const;
  const limiter = (keyPrefix: string, limit: { points: number; durationSeconds: number }) =>
    new RateLimiterPostgres({ ...common, keyPrefix, points: limit.points, duration: limit.durationSeconds });
  const resendByUser = limiter("confirm_resend_user", ACCOUNT_EMAIL_LIMITS.confirmationResendPerUser);

  return {
    async consumeConfirmationResend(userId) {
      await consumeAll("Too many confirmation emails asked for. Please try again in", [[resendByUser, String(userId)]]);
    },
  };
}

async function consumeAll(message: string, counters: [RateLimiterPostgres, string][]): Promise<void> {
  const outcomes = await Promise.allSettled(counters.map(([limiter, key]) => limiter.consume(key)));
  const waits: number[] = [];
  for (const outcome of outcomes) {
    if (outcome.status === "fulfilled") continue;
    // The limiter rejects with its result when over the limit, and with an Error when the store fails.
    if (!(outcome.reason instanceof RateLimiterRes)) throw outcome.reason;
    waits.push(outcome.reason.msBeforeNext);
  }
  if (waits.length === 0) return;
  const seconds = Math.max(1, Math.ceil(Math.max(...waits) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new RateLimitedError(`${message} ${minutes} minute${minutes === 1 ? "" : "s"}.`, seconds);
}
