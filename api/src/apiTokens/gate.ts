import type pg from "pg";
import { consumeOrThrow, createRateLimiter, hashToken } from "../auth/index.ts";
import type { Db } from "../db/prisma.ts";
import type { ApiTokenGate, ApiTokenIdentity, ApiTokenScope } from "../graphql/context.ts";
import { NotAuthenticatedError } from "../lib/errors.ts";

/** Requests one token may make (API_TOKEN_REQUESTS_PER_MINUTE): each token has its own counter, shared by every instance. */
export const API_TOKEN_LIMIT = { points: 600, durationSeconds: 60, blockSeconds: 0 };
/** The last-use time and address are written at most this often per token. */
export const LAST_USE_WRITE_INTERVAL_MS = 60_000;
export const BAD_TOKEN_MESSAGE = "The API token is unknown, revoked or expired";

export function createApiTokenGate(
  prisma: Db,
  throttlePool: pg.Pool,
  { requestsPerMinute = API_TOKEN_LIMIT.points } = {},
): ApiTokenGate {
  const limiter = createRateLimiter(throttlePool, "api_token", { ...API_TOKEN_LIMIT, points: requestsPerMinute });
  /** When this instance last wrote each token's last use. */
  const lastWritten = new Map<number, number>();

  return {
    async authenticate(secret, ip) {
      const row = await prisma.apiToken.findUnique({
        where: { secretHash: hashToken(secret) },
        select: {
          id: true,
          name: true,
          scopes: true,
          createdById: true,
          revokedAt: true,
          expiresAt: true,
          createdBy: { select: { isAdmin: true } },
        },
      });
      const now = new Date();
      // A token acts for its creator: it stops working when they are no longer an administrator.
      if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now) || !row.createdBy.isAdmin)
        throw new NotAuthenticatedError(BAD_TOKEN_MESSAGE);
      await consumeOrThrow(limiter, String(row.id), "Too many requests with this API token.");
      const written = lastWritten.get(row.id) ?? 0;
      if (now.getTime() - written >= LAST_USE_WRITE_INTERVAL_MS) {
        lastWritten.set(row.id, now.getTime());
        // Conditional too, so several instances together still write about once a minute.
        await prisma.apiToken.updateMany({
          where: {
            id: row.id,
            OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(now.getTime() - LAST_USE_WRITE_INTERVAL_MS) } }],
          },
          data: { lastUsedAt: now, lastUsedIp: ip },
        });
      }
      return {
        id: row.id,
        name: row.name,
        scopes: row.scopes as ApiTokenScope[],
        createdById: row.createdById,
      } satisfies ApiTokenIdentity;
    },
  };
}

/** The secret of `Authorization: Bearer <secret>`, or null when the header is not a bearer one. */
export function bearerSecret(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}
