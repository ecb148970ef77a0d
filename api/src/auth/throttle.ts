import type pg from "pg";
import { RateLimiterPostgres, type RateLimiterRes } from "rate-limiter-flexible";
import { RateLimitedError } from "../lib/errors.ts";

/**
 * Sign-in throttling, shared by every instance through PostgreSQL (the rate_limits table).
 *
 * Failures are counted per account *and address* and per address. An attacker elsewhere can
 * exhaust only their own counters, so the real user signing in from their own address is
 * never locked out; a guessing run from one address is blocked for a while.
 */
export const LOGIN_LIMITS = {
  /** Consecutive failures for one username from one address. */
  perAccountAndAddress: { points: 5, durationSeconds: 15 * 60, blockSeconds: 15 * 60 },
  /** Failures from one address whatever the username. */
  perAddress: { points: 50, durationSeconds: 60 * 60, blockSeconds: 60 * 60 },
};

export interface LoginThrottle {
  /** Throws RateLimitedError while either counter is exhausted. */
  assertAllowed(username: string, ip: string): Promise<void>;
  recordFailure(username: string, ip: string): Promise<void>;
  recordSuccess(username: string, ip: string): Promise<void>;
}

export function createLoginThrottle(pool: pg.Pool): LoginThrottle {
  const common = { storeClient: pool, storeType: "pool", tableName: "rate_limits", tableCreated: true } as const;
  const byAccountAndAddress = new RateLimiterPostgres({
    ...common,
    keyPrefix: "login_account_ip",
    points: LOGIN_LIMITS.perAccountAndAddress.points,
    duration: LOGIN_LIMITS.perAccountAndAddress.durationSeconds,
    blockDuration: LOGIN_LIMITS.perAccountAndAddress.blockSeconds,
  });
  const byAddress = new RateLimiterPostgres({
    ...common,
    keyPrefix: "login_ip",
    points: LOGIN_LIMITS.perAddress.points,
    duration: LOGIN_LIMITS.perAddress.durationSeconds,
    blockDuration: LOGIN_LIMITS.perAddress.blockSeconds,
  });
  const accountKey = (username: string, ip: string) => `${username.trim().toLowerCase()}|${ip}`;

  return {
    async assertAllowed(username, ip) {
      const [account, address] = await Promise.all([
        byAccountAndAddress.get(accountKey(username, ip)),
        byAddress.get(ip),
      ]);
      const waits = [
        exhausted(account, LOGIN_LIMITS.perAccountAndAddress.points),
        exhausted(address, LOGIN_LIMITS.perAddress.points),
      ].filter((ms): ms is number => ms !== null);
      if (waits.length > 0) {
        const seconds = Math.max(1, Math.ceil(Math.max(...waits) / 1000));
        throw new RateLimitedError(
          `Too many failed sign-in attempts. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}.`,
          seconds,
        );
      }
    },
    async recordFailure(username, ip) {
      await Promise.all([
        byAccountAndAddress.penalty(accountKey(username, ip), 1).then(blockWhenExhausted(byAccountAndAddress, accountKey(username, ip), LOGIN_LIMITS.perAccountAndAddress)),
        byAddress.penalty(ip, 1).then(blockWhenExhausted(byAddress, ip, LOGIN_LIMITS.perAddress)),
      ]);
    },
    async recordSuccess(username, ip) {
      await byAccountAndAddress.delete(accountKey(username, ip));
    },
  };
}

function exhausted(result: RateLimiterRes | null, points: number): number | null {
  if (!result || result.consumedPoints < points) return null;
  return result.msBeforeNext > 0 ? result.msBeforeNext : 1000;
}

function blockWhenExhausted(
  limiter: RateLimiterPostgres,
  key: string,
  limit: { points: number; blockSeconds: number },
) {
  return async (result: RateLimiterRes) => {
    if (result.consumedPoints >= limit.points) await limiter.block(key, limit.blockSeconds);
  };
}
