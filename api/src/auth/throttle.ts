import { createHash, createHmac, randomBytes } from "node:crypto";
import net from "node:net";
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { AnonymousRequestKind, LoginThrottle } from "../graphql/context.ts";
import { RateLimitedError } from "../lib/errors.ts";
import { keyedSigner } from "../lib/signing.ts";

/**
 * Throttling, shared by every instance through PostgreSQL (the rate_limits table).
 *
 * Sign-in attempts are counted *before* the password is checked, each with one atomic upsert
 * (INSERT ... ON CONFLICT DO UPDATE), so parallel guesses cannot all read a counter below its
 * limit. A successful sign-in gives its attempt back. Counters, by who is signing in:
 * - every attempt: its address (IPv6 per /64);
 * - a browser holding this account's device cookie (issued on an earlier successful sign-in,
 *   OWASP's device-cookie pattern): that device only, so guessing elsewhere never locks it out;
 * - any other client: the account and address together, and the account from all untrusted
 *   clients, which slows guessing spread over many addresses.
 */
export const LOGIN_LIMITS = {
  /** Failures for one username from one address. */
  perAccountAndAddress: { points: 5, durationSeconds: 15 * 60, blockSeconds: 15 * 60 },
  /** Attempts from one address whatever the username. */
  perAddress: { points: 50, durationSeconds: 60 * 60, blockSeconds: 60 * 60 },
  /** Failures for one username from every client without its device cookie, whatever the address. */
  perAccount: { points: 20, durationSeconds: 60 * 60, blockSeconds: 15 * 60 },
  /** Failures from one browser holding the account's device cookie. */
  perDevice: { points: 5, durationSeconds: 15 * 60, blockSeconds: 15 * 60 },
};

/** Anonymous requests that make the server hash a password or send an email: per address, and resets per username text. */
export const ANONYMOUS_LIMITS = {
  signUp: { points: 100, durationSeconds: 60 * 60, blockSeconds: 60 * 60 },
  passwordReset: { points: 20, durationSeconds: 60 * 60, blockSeconds: 60 * 60 },
  /** Counted on the text asked for, whether or not such an account exists, so the refusal tells nothing. */
  passwordResetPerUsername: { points: 5, durationSeconds: 60 * 60, blockSeconds: 60 * 60 },
} satisfies Record<AnonymousRequestKind, Limit>;

const ANONYMOUS_MESSAGES: Record<keyof typeof ANONYMOUS_LIMITS, string> = {
  signUp: "Too many sign-ups from your address.",
  passwordReset: "Too many password reset requests.",
  passwordResetPerUsername: "Too many password reset requests.",
};

/** Confirmation emails a signed-in user can ask to be sent again. */
export const CONFIRMATION_RESEND_LIMIT = { points: 3, durationSeconds: 60 * 60, blockSeconds: 0 };

export const SIGN_IN_THROTTLED_MESSAGE = "Too many failed sign-in attempts.";
export const DEVICE_COOKIE = "hng_device";
const DEVICE_COOKIE_TTL_SECONDS = 180 * 24 * 60 * 60;

export interface Limit {
  points: number;
  durationSeconds: number;
  blockSeconds: number;
}

/** A counter in the shared rate_limits table (every instance sees the same counts). */
export function createRateLimiter(pool: pg.Pool, keyPrefix: string, limit: Limit): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: pool,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    keyPrefix,
    points: limit.points,
    duration: limit.durationSeconds,
    blockDuration: limit.blockSeconds,
  });
}

export function createLoginThrottle(pool: pg.Pool, options: { secret: string; production: boolean }): LoginThrottle {
  const limiter = (keyPrefix: string, limit: Limit) => createRateLimiter(pool, keyPrefix, limit);
  const byAccountAndAddress = limiter("login_account_ip", LOGIN_LIMITS.perAccountAndAddress);
  const byAddress = limiter("login_ip", LOGIN_LIMITS.perAddress);
  const byAccount = limiter("login_account", LOGIN_LIMITS.perAccount);
  const byDevice = limiter("login_device", LOGIN_LIMITS.perDevice);
  const anonymous = {
    signUp: limiter("sign_up_ip", ANONYMOUS_LIMITS.signUp),
    passwordReset: limiter("reset_ip", ANONYMOUS_LIMITS.passwordReset),
    passwordResetPerUsername: limiter("reset_username", ANONYMOUS_LIMITS.passwordResetPerUsername),
  };
  const confirmationResend = limiter("confirm_resend_user", CONFIRMATION_RESEND_LIMIT);
  const deviceSigner = keyedSigner(options.secret, "hng device cookie");
  // A username is counted under a keyed hash, never as typed: a mistyped one is sometimes the
  // password, and the counters' table is kept in the database (docs/rules/audit.md, "Audit trail").
  const usernameKey = createHmac("sha256", options.secret).update("hng throttle username").digest();
  const accountKeyOf = (username: string) =>
    `hmac:${createHmac("sha256", usernameKey).update(normaliseUsername(username)).digest("base64url")}`;
  const cookieName = deviceCookieName(options.production);
  const cookieAttributes = `Path=/; HttpOnly; SameSite=Lax${options.production ? "; Secure" : ""}`;

  /** The device's nonce when the cookie is genuine and was issued for this username. */
  function trustedDevice(cookie: string | null | undefined, username: string): string | null {
    if (!cookie) return null;
    const [login, nonce, signature] = cookie.split(".");
    if (!login || !nonce || !signature) return null;
    if (!deviceSigner.verify(`${login}.${nonce}`, signature)) return null;
    return login === hashed(normaliseUsername(username)) ? nonce : null;
  }

  return {
    async begin(username, ip, deviceCookie) {
      const account = accountKeyOf(username);
      const address = addressKey(ip);
      const nonce = trustedDevice(deviceCookie, username);
      const counted: Array<[RateLimiterPostgres, string]> =
        nonce !== null
          ? [
              [byAddress, address],
              [byDevice, nonce],
            ]
          : [
              [byAddress, address],
              [byAccountAndAddress, safeKey(`${account}|${address}`)],
              [byAccount, account],
            ];
      // In order, stopping at the first refusal: a blocked address does not add to the account's count.
      for (const [counter, key] of counted) await consumeOrThrow(counter, key, SIGN_IN_THROTTLED_MESSAGE);
      return {
        async succeeded() {
          await Promise.all(
            counted.map(([counter, key]) =>
              counter === byAccountAndAddress || counter === byDevice ? counter.delete(key) : counter.reward(key, 1),
            ),
          );
        },
      };
    },
    deviceCookieFor(username) {
      const payload = `${hashed(normaliseUsername(username))}.${randomBytes(16).toString("base64url")}`;
      return `${cookieName}=${payload}.${deviceSigner.sign(payload)}; Max-Age=${DEVICE_COOKIE_TTL_SECONDS}; ${cookieAttributes}`;
    },
    async assertAnonymousAllowed(kind, key) {
      const counted = kind === "passwordResetPerUsername" ? accountKeyOf(key) : addressKey(key);
      await consumeOrThrow(anonymous[kind], counted, ANONYMOUS_MESSAGES[kind]);
    },
    async assertConfirmationResendAllowed(userId) {
      await consumeOrThrow(confirmationResend, String(userId), "Too many confirmation emails asked for.");
    },
  };
}

/** The device cookie's name in this mode (`__Host-` prefixed in production). */
export function deviceCookieName(production: boolean): string {
  return production ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

/** Counts one request; past the limit, throws RateLimitedError with the seconds to wait. */
export async function consumeOrThrow(counter: RateLimiterPostgres, key: string, message: string): Promise<void> {
  try {
    await counter.consume(key, 1);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil((error.msBeforeNext > 0 ? error.msBeforeNext : 1000) / 1000));
    const minutes = Math.ceil(seconds / 60);
    const wait = `Please try again in ${minutes} minute${minutes > 1 ? "s" : ""}.`;
    throw new RateLimitedError(`${message} ${wait}`, seconds);
  }
}

function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

function hashed(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 32);
}

/** rate_limits.key is 255 characters: a longer key (an over-long username) is counted by its hash. */
function safeKey(text: string): string {
  return text.length <= 120 ? text : `sha256:${createHash("sha256").update(text).digest("hex")}`;
}

/**
 * The address a counter is kept for: IPv4 as is, IPv6 per /64 (one customer's connection gets a
 * whole /64, so counting addresses one by one would give each guess a fresh counter).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv6(ip)) return `${expandIPv6(ip).slice(0, 4).join(":")}::/64`;
  return safeKey(ip);
}

function expandIPv6(ip: string): string[] {
  const withoutZone = ip.split("%")[0] ?? ip;
  const [head = "", tail] = withoutZone.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::a.b.c.d) fills the last two groups.
  const last = right.length > 0 ? right : left;
  const v4 = last.at(-1)?.includes(".") ? last.pop() : undefined;
  if (v4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split(".").map(Number);
    last.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right];
  return groups.map((group) => Number.parseInt(group || "0", 16).toString(16));
}
