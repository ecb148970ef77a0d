import { createHash } from "node:crypto";
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { RateLimitedError } from "../lib/errors.ts";

/**
 * Limits on the anonymous and signed-in requests that send account emails (password reset
 * links, confirmation links), shared by every instance through the rate_limits table.
 * `consume` counts and checks in one statement, so parallel requests cannot slip past.
 */
export const ACCOUNT_EMAIL_LIMITS = {
  /** Reset requests naming one username text, whether or not such an account exists. */
  resetPerUsername: { points: 5, durationSeconds: 60 * 60 },
  /** Reset requests from one address, whatever the username. */
  resetPerAddress: { points: 20, durationSeconds: 60 * 60 },
  /** Confirmation emails a signed-in user can ask to be sent again. */
  confirmationResendPerUser: { points: 3, durationSeconds: 60 * 60 },
};

export interface AccountEmailThrottle {
  /** Counts a reset request; throws RateLimitedError (saying nothing about the account) once over a limit. */
  consumeResetRequest(username: string, ip: string): Promise<void>;
  /** Counts a request to send the confirmation link again. */
  consumeConfirmationResend(userId: number): Promise<void>;
}

export function createAccountEmailThrottle(pool: pg.Pool): AccountEmailThrottle {
  const common = { storeClient: pool, storeType: "pool", tableName: "rate_limits", tableCreated: true } as const;
  const limiter = (keyPrefix: string, limit: { points: number; durationSeconds: number }) =>
    new RateLimiterPostgres({ ...common, keyPrefix, points: limit.points, duration: limit.durationSeconds });
  const resetByUsername = limiter("reset_username", ACCOUNT_EMAIL_LIMITS.resetPerUsername);
  const resetByAddress = limiter("reset_ip", ACCOUNT_EMAIL_LIMITS.resetPerAddress);
  const resendByUser = limiter("confirm_resend_user", ACCOUNT_EMAIL_LIMITS.confirmationResendPerUser);

  return {
    async consumeResetRequest(username, ip) {
      // Hashed: any length of username text fits the key column and is counted.
      const usernameKey = createHash("sha256").update(username.trim().toLowerCase()).digest("hex");
      await consumeAll("Too many password reset requests. Please try again in", [
        [resetByAddress, createHash("sha256").update(ip).digest("hex")],
        [resetByUsername, usernameKey],
      ]);
    },
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
