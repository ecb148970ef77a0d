import { createHmac, randomBytes } from "node:crypto";
import net from "node:net";
import type pg from "pg";
import { addressKey, consumeOrThrow, createRateLimiter, readCookie } from "../auth/index.ts";
import type { ShareLinkLimits } from "../config.ts";
import type { ShareLinkGuard } from "../graphql/context.ts";
import { keyedSigner } from "../lib/signing.ts";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
export const SHARE_LINK_THROTTLED_MESSAGE = "Too many details were sent from here or through this link.";
/** The friend's page's own device cookie (docs/rules/share-links.md, "Abuse"): set only when a form is sent. */
export const SHARE_DEVICE_COOKIE = "hng_share_device";
const DEVICE_COOKIE_TTL_SECONDS = 180 * DAY;

/** The form's hidden time: "<served at, ms>.<HMAC of code and time>", so a bot cannot back-date it. */
export function signFormStamp(secret: string, code: string, servedAt: number): string {
  return `${servedAt}.${formSigner(secret).sign(`${code}|${servedAt}`)}`;
}

const formSigner = (secret: string) => keyedSigner(secret, "hng share link form");

/**
 * The share link page's abuse guard: counters in the shared rate_limits table (auth/throttle.ts's
 * limiter, as sign-in uses), the signed form time and the page's device cookie.
 */
export function createShareLinkGuard(
  pool: pg.Pool,
  options: { secret: string; production: boolean; limits: ShareLinkLimits },
): ShareLinkGuard {
  const { limits } = options;
  const perLink = createRateLimiter(pool, "share_link", {
    points: limits.perLink,
    durationSeconds: HOUR,
    blockSeconds: 0,
  });
  const perAddress = createRateLimiter(pool, "share_ip", {
    points: limits.perAddress,
    durationSeconds: HOUR,
    blockSeconds: 0,
  });
  const perNetwork = createRateLimiter(pool, "share_net", {
    points: limits.perNetwork,
    durationSeconds: HOUR,
    blockSeconds: 0,
  });
  const perFriend = createRateLimiter(pool, "share_friend", {
    points: limits.perFriendPerDay,
    durationSeconds: DAY,
    blockSeconds: 0,
  });
  // A friend's phone or email is counted under a keyed hash, never as typed (the counters' table is kept).
  const friendKey = createHmac("sha256", options.secret).update("hng share link friend").digest();
  const deviceSigner = keyedSigner(options.secret, "hng share link device", 22);
  const form = formSigner(options.secret);
  const cookieName = options.production ? `__Host-${SHARE_DEVICE_COOKIE}` : SHARE_DEVICE_COOKIE;
  const cookieAttributes = `Path=/; HttpOnly; SameSite=Lax${options.production ? "; Secure" : ""}`;

  return {
    async countSubmission(linkId, ip) {
      // In order, stopping at the first refusal: a blocked address does not use up the link's allowance.
      await consumeOrThrow(perAddress, `ip:${ip.slice(0, 60)}`, SHARE_LINK_THROTTLED_MESSAGE);
      if (net.isIPv6(ip) && !/^::ffff:/i.test(ip))
        await consumeOrThrow(perNetwork, addressKey(ip), SHARE_LINK_THROTTLED_MESSAGE);
      await consumeOrThrow(perLink, String(linkId), SHARE_LINK_THROTTLED_MESSAGE);
    },
    async countFriend(friend) {
      const key = createHmac("sha256", friendKey).update(friend).digest("base64url");
      try {
        await perFriend.consume(key, 1);
        return true;
      } catch (error) {
        if (error instanceof Error) throw error;
        return false;
      }
    },
    formStamp(code, now = Date.now()) {
      return signFormStamp(options.secret, code, now);
    },
    formServedAt(code, stamp) {
      if (typeof stamp !== "string" || stamp.length > 100) return null;
      const [time, signature] = stamp.split(".");
      if (!time || !signature || !/^\d{1,15}$/.test(time)) return null;
      const servedAt = Number(time);
      return form.verify(`${code}|${servedAt}`, signature) ? servedAt : null;
    },
    device(cookieHeader) {
      const value = readCookie(cookieHeader, cookieName);
      const [id, signature] = value?.split(".") ?? [];
      if (id && signature && /^[A-Za-z0-9_-]{22}$/.test(id) && deviceSigner.verify(id, signature))
        return { id, setCookie: null };
      const fresh = randomBytes(16).toString("base64url");
      return {
        id: fresh,
        setCookie: `${cookieName}=${fresh}.${deviceSigner.sign(fresh)}; Max-Age=${DEVICE_COOKIE_TTL_SECONDS}; ${cookieAttributes}`,
      };
    },
  };
}
