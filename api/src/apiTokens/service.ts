import { randomBytes } from "node:crypto";
import { recordAudit } from "../audit/index.ts";
import { hashToken } from "../auth/index.ts";
import type { Db } from "../db/prisma.ts";
import type { ApiTokenScope } from "../graphql/context.ts";
import type { Actor } from "../lib/actor.ts";
import { NotFoundError, ValidationError } from "../lib/errors.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";
import { API_TOKEN_SCOPES } from "./scopes.ts";

export const SECRET_PREFIX = "hng_";
export const MAX_TOKEN_NAME_LENGTH = TEXT_FIELDS.apiTokenName.max;
/** A token made without an expiry expires after this; a longer one may be chosen, up to MAX_TOKEN_LIFETIME_DAYS. */
export const DEFAULT_TOKEN_LIFETIME_DAYS = 90;
export const MAX_TOKEN_LIFETIME_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 256 random bits, URL-safe, prefixed so a leaked one is recognisable (secret scanners). */
export function newApiTokenSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export interface NewApiToken {
  name: string;
  scopes: readonly string[];
  expiresAt?: Date | null;
}

/** Makes a token; the secret is returned this once and only its hash is stored. */
export async function createApiToken(db: Db, input: NewApiToken, actor: Actor, now = new Date()) {
  const name = parseText(TEXT_FIELDS.apiTokenName, input.name, "name");
  if (name.length === 0) throw new ValidationError(TEXT_FIELDS.apiTokenName.tooLong, "name");
  const scopes = [...new Set(input.scopes)];
  if (scopes.length === 0) throw new ValidationError("Choose at least one scope", "scopes");
  const unknown = scopes.find((scope) => !(API_TOKEN_SCOPES as readonly string[]).includes(scope));
  if (unknown !== undefined) throw new ValidationError(`Unknown scope: ${unknown}`, "scopes");
  if (input.expiresAt && input.expiresAt <= now) throw new ValidationError("Expiry must be in the future", "expiresAt");
  if (input.expiresAt && input.expiresAt.getTime() > now.getTime() + MAX_TOKEN_LIFETIME_DAYS * DAY_MS)
    throw new ValidationError(`Expiry can be at most ${MAX_TOKEN_LIFETIME_DAYS} days away`, "expiresAt");
  const expiresAt = input.expiresAt ?? new Date(now.getTime() + DEFAULT_TOKEN_LIFETIME_DAYS * DAY_MS);
  const secret = newApiTokenSecret();
  const token = await db.$transaction(async (tx) => {
    // The token works while its creator's generation stays as it is now (apiTokens/gate.ts).
    const creator = await tx.user.findUniqueOrThrow({ where: { id: actor.id }, select: { apiTokenGeneration: true } });
    const created = await tx.apiToken.create({
      data: {
        name,
        scopes: scopes as ApiTokenScope[],
        secretHash: hashToken(secret),
        createdById: actor.id,
        creatorGeneration: creator.apiTokenGeneration,
        expiresAt,
      },
    });
    await recordAudit(tx, {
      action: "api_token_created",
      resourceType: "api_token",
      resourceId: created.id,
      actorId: actor.id,
      after: { name, scopes, expiresAt: created.expiresAt?.toISOString() ?? null },
      details: `API token "${name}" created`,
      ipAddress: actor.ip ?? null,
    });
    return created;
  });
  return { token, secret };
}

/** Revokes at once: the next request with it is refused. Revoking twice changes nothing more. */
export async function revokeApiToken(db: Db, tokenId: number, actor: Actor, now = new Date()) {
  return db.$transaction(async (tx) => {
    const token = await tx.apiToken.findUnique({ where: { id: tokenId } });
    if (!token) throw new NotFoundError("API token not found");
    if (token.revokedAt) return token;
    const revoked = await tx.apiToken.update({ where: { id: tokenId }, data: { revokedAt: now } });
    await recordAudit(tx, {
      action: "api_token_revoked",
      resourceType: "api_token",
      resourceId: tokenId,
      actorId: actor.id,
      before: { revokedAt: null },
      after: { revokedAt: now.toISOString() },
      details: `API token "${token.name}" revoked`,
      ipAddress: actor.ip ?? null,
    });
    return revoked;
  });
}

/** The client a token's request writes with: every audit entry it records names the token. */
export function clientActingAs(db: Db, tokenId: number): Db {
  const byToken = actingClients.get(db) ?? new Map<number, Db>();
  actingClients.set(db, byToken);
  const client = byToken.get(tokenId) ?? extendedClient(db, tokenId);
  byToken.set(tokenId, client);
  return client;
}

/** One extended client per token, made on its first request (extending costs more than a lookup). */
const actingClients = new WeakMap<Db, Map<number, Db>>();

function extendedClient(db: Db, tokenId: number): Db {
  return db.$extends({
    query: {
      auditEntry: {
        create({ args, query }) {
          return query({ ...args, data: { ...args.data, actorTokenId: tokenId } } as typeof args);
        },
      },
    },
  }) as unknown as Db;
}
