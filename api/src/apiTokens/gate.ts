import type pg from "pg";
import { consumeOrThrow, createRateLimiter, hashToken } from "../auth/index.ts";
import type { Db } from "../db/prisma.ts";
import type { User } from "../generated/prisma/client.ts";
import type { ApiTokenGate, ApiTokenIdentity, ApiTokenScope } from "../graphql/context.ts";
import { NotAuthenticatedError } from "../lib/errors.ts";
import { actsAsAdmin } from "../secondFactor/index.ts";

/** Requests one token may make (API_TOKEN_REQUESTS_PER_MINUTE): each token has its own counter, shared by every instance. */
export const API_TOKEN_LIMIT = { points: 600, durationSeconds: 60, blockSeconds: 0 };
/** The last-use time and address are written at most this often per token. */
export const LAST_USE_WRITE_INTERVAL_MS = 60_000;
export const BAD_TOKEN_MESSAGE = "The API token is unknown, revoked or expired";

/**
 * How long an instance reuses what it read of a token and its creator: a revocation, or a change to
 * the creator (demoted, erased, password or second factor changed, no confirmed factor under
 * REQUIRE_ADMIN_MFA), takes effect on every instance within this (a revocation at once on the
 * instance that revoked it); an expiry is checked on every request.
 */
export const TOKEN_READ_CACHE_MS = 5_000;
/** Tokens an instance remembers at most (an installation has a handful; this bounds a flood of valid ones). */
const MAX_REMEMBERED_TOKENS = 1000;

interface RememberedToken {
  identity: ApiTokenIdentity;
  expiresAt: Date | null;
  readAtMs: number;
}

export function createApiTokenGate(
  prisma: Db,
  throttlePool: pg.Pool,
  {
    requestsPerMinute = API_TOKEN_LIMIT.points,
    requireAdminMfa = false,
    now: clock = () => new Date(),
  }: { requestsPerMinute?: number; requireAdminMfa?: boolean; now?: () => Date } = {},
): ApiTokenGate {
  // Only administrators make and hold tokens: the staff setting never lets one through.
  const config = { requireAdminMfa, requireStaffMfa: false };
  const limiter = createRateLimiter(throttlePool, "api_token", { ...API_TOKEN_LIMIT, points: requestsPerMinute });
  /** When this instance last wrote each token's last use. */
  const lastWritten = new Map<number, number>();
  /** Valid tokens read in the last TOKEN_READ_CACHE_MS, by the hash of their secret: one read per token per interval, not per request. */
  const remembered = new Map<string, RememberedToken>();

  async function read(secretHash: string, nowMs: number): Promise<RememberedToken | null> {
    const known = remembered.get(secretHash);
    if (known && nowMs - known.readAtMs < TOKEN_READ_CACHE_MS) return known;
    remembered.delete(secretHash);
    const row = await prisma.apiToken.findUnique({
      where: { secretHash },
      select: {
        id: true,
        name: true,
        scopes: true,
        revokedAt: true,
        expiresAt: true,
        creatorGeneration: true,
        createdBy: true,
      },
    });
    if (!row || row.revokedAt || !creatorStandsBehind(row.createdBy, row.creatorGeneration, config)) return null;
    const token: RememberedToken = {
      identity: {
        id: row.id,
        name: row.name,
        scopes: row.scopes as ApiTokenScope[],
        createdById: row.createdBy.id,
        creator: row.createdBy,
      },
      expiresAt: row.expiresAt,
      readAtMs: nowMs,
    };
    if (remembered.size >= MAX_REMEMBERED_TOKENS) remembered.clear();
    remembered.set(secretHash, token);
    return token;
  }

  return {
    async authenticate(secret, ip) {
      const now = clock();
      const token = await read(hashToken(secret), now.getTime());
      if (!token || (token.expiresAt && token.expiresAt <= now)) throw new NotAuthenticatedError(BAD_TOKEN_MESSAGE);
      const { id } = token.identity;
      await consumeOrThrow(limiter, String(id), "Too many requests with this API token.");
      const written = lastWritten.get(id) ?? 0;
      if (now.getTime() - written >= LAST_USE_WRITE_INTERVAL_MS) {
        lastWritten.set(id, now.getTime());
        // Conditional too, so several instances together still write about once a minute.
        await prisma.apiToken.updateMany({
          where: {
            id,
            OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(now.getTime() - LAST_USE_WRITE_INTERVAL_MS) } }],
          },
          data: { lastUsedAt: now, lastUsedIp: ip },
        });
      }
      return token.identity;
    },
    forget(tokenId) {
      for (const [hash, token] of remembered) if (token.identity.id === tokenId) remembered.delete(hash);
    },
  };
}

/**
 * A token acts for its creator, read with it: only while they act as an administrator (with a
 * confirmed second factor under REQUIRE_ADMIN_MFA), are not erased, and have not changed their
 * password, lost their second factor or their rights since it was made (their apiTokenGeneration).
 */
export function creatorStandsBehind(
  creator: {
    role: User["role"];
    secondFactorEnabled: boolean;
    erasedAt: Date | null;
    deactivatedAt: Date | null;
    apiTokenGeneration: number;
  },
  creatorGeneration: number,
  config: { requireAdminMfa: boolean; requireStaffMfa: boolean },
): boolean {
  return (
    creator.erasedAt === null &&
    creator.deactivatedAt === null &&
    creator.apiTokenGeneration === creatorGeneration &&
    actsAsAdmin({ viewer: creator, app: { config } })
  );
}

/** The secret of `Authorization: Bearer <secret>`, or null when the header is not a bearer one. */
export function bearerSecret(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}
