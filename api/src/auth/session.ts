import { sealData, unsealData } from "iron-session";
import type { RawBuilder } from "kysely";
import { jsonObjectFrom } from "kysely/helpers/postgres";
import { fromJson, queryBuilder, type Row } from "../db/query.ts";
import type { User } from "../generated/prisma/client.ts";
import type { Context, OpenSession, SessionCookies } from "../graphql/context.ts";

export const SESSION_COOKIE = "hng_session";
const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;
/** A session ends after this long without a request, however recent its sign-in. */
export const SESSION_IDLE_SECONDS = 2 * 60 * 60;
/** How often a used session's cookie is re-issued with a fresh last-seen time (the idle timeout's precision). */
const SESSION_REFRESH_SECONDS = 60;

interface SessionData {
  userId: number;
  /** Must equal the user's sessionVersion: bumping it ends every cookie issued before. */
  version: number;
  /** Epoch ms of the last request that re-issued the cookie (the idle timeout counts from it). */
  seenAt: number;
  /** Epoch ms when the session ends whatever its use: 14 days after sign-in, kept through re-issues. */
  endsAt: number;
}

/** The session cookie's name: `__Host-` prefixed when Secure (production), so no subdomain can set it. */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** iron-session sealed cookies: the cookie holds only the user id, session version and its times. */
export function createSessionCookies(options: { secret: string; secure: boolean }): SessionCookies {
  const cookieAttributes = `Path=/; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
  const cookieName = sessionCookieName(options.secure);

  const unsealed = new UnsealedCookieCache(5_000);

  async function readSession(sealed: string): Promise<(SessionData & { refreshed?: RefreshedCookie }) | null> {
    const known = unsealed.get(sealed);
    if (known) return known;
    let data: Partial<SessionData>;
    try {
      data = await unsealData<SessionData>(sealed, { password: options.secret, ttl: SESSION_TTL_SECONDS });
    } catch {
      return null;
    }
    if (
      typeof data.userId !== "number" ||
      typeof data.version !== "number" ||
      typeof data.seenAt !== "number" ||
      typeof data.endsAt !== "number"
    )
      return null;
    const session = { userId: data.userId, version: data.version, seenAt: data.seenAt, endsAt: data.endsAt };
    unsealed.set(sealed, session);
    return session;
  }

  async function seal(session: SessionData): Promise<string> {
    const ttl = Math.max(1, Math.floor((session.endsAt - Date.now()) / 1000));
    // The session's own fields only: a cache entry also carries the last re-issued cookie, which
    // sealed in would nest each re-issue in the next (a client keeping its cookie: 16 KB in ~12 minutes).
    const { userId, version, seenAt, endsAt } = session;
    const sealed = await sealData({ userId, version, seenAt, endsAt }, { password: options.secret, ttl });
    return `${cookieName}=${sealed}; Max-Age=${ttl}; ${cookieAttributes}`;
  }

  /**
   * The idle timeout, rolling: a cookie last re-issued over SESSION_REFRESH_SECONDS ago is re-issued
   * with the time of this request. A client that ignores the new cookie gets the same one again
   * for a while rather than a fresh seal on every request.
   */
  async function refreshedCookie(
    sealed: string,
    session: SessionData & { refreshed?: RefreshedCookie },
  ): Promise<string | undefined> {
    const now = Date.now();
    if (now - session.seenAt < SESSION_REFRESH_SECONDS * 1000) return undefined;
    if (session.refreshed && now - session.refreshed.at < SESSION_REFRESH_SECONDS * 1000)
      return session.refreshed.cookie;
    const cookie = await seal({ ...session, seenAt: now });
    unsealed.remember(sealed, { cookie, at: now });
    return cookie;
  }

  /** Every request: the cookie's session, before the user is read (sessionUserFromJson checks its version). */
  async function open(cookieHeader: string | null): Promise<OpenSession | null> {
    const sealed = readCookie(cookieHeader, cookieName);
    if (!sealed) return null;
    const session = await readSession(sealed);
    if (!session || Date.now() - session.seenAt > SESSION_IDLE_SECONDS * 1000 || Date.now() >= session.endsAt)
      return null;
    return {
      userId: session.userId,
      version: session.version,
      refreshedCookie: () => refreshedCookie(sealed, session),
    };
  }

  async function start(context: Context, user: { id: number; sessionVersion: number }): Promise<void> {
    const now = Date.now();
    context.responseCookies.push(
      await seal({
        userId: user.id,
        version: user.sessionVersion,
        seenAt: now,
        endsAt: now + SESSION_TTL_SECONDS * 1000,
      }),
    );
  }

  function clear(context: Context): void {
    context.responseCookies.push(`${cookieName}=; Max-Age=0; ${cookieAttributes}`);
  }

  return { open, start, clear };
}

interface RefreshedCookie {
  cookie: string;
  at: number;
}

/**
 * Unsealing costs two PBKDF2 derivations and an AES decryption; a browser sends the same cookie
 * with every request. A cookie that unsealed once (its integrity checked) is remembered until its
 * sealed expiry, bounded in count. The session version is still checked in the database every
 * time, so sign-out and password changes end sessions at once.
 */
class UnsealedCookieCache {
  private readonly entries = new Map<string, SessionData & { expiresAtMs: number; refreshed?: RefreshedCookie }>();
  constructor(private readonly maxEntries: number) {}

  remember(sealed: string, refreshed: RefreshedCookie): void {
    const entry = this.entries.get(sealed);
    if (entry) entry.refreshed = refreshed;
  }

  get(sealed: string): (SessionData & { refreshed?: RefreshedCookie }) | undefined {
    const entry = this.entries.get(sealed);
    if (!entry) return undefined;
    if (entry.expiresAtMs > Date.now()) return entry;
    this.entries.delete(sealed);
    return undefined;
  }

  set(sealed: string, session: SessionData): void {
    const expiresAtMs = sealedExpiryMs(sealed);
    if (expiresAtMs === undefined) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sealed, { ...session, expiresAtMs });
  }
}

/** Iron's sealed format: `Fe26.2*id*salt*iv*data*expiry*hmacSalt*hmac` (then iron-session's `~2`); the HMAC covers the expiry. */
function sealedExpiryMs(sealed: string): number | undefined {
  const expiry = Number(sealed.split("~")[0]?.split("*")[5]);
  return Number.isFinite(expiry) && expiry > 0 ? expiry : undefined;
}

/**
 * The session's part of the request's first statement (compose/requestContext.ts composes it with
 * the other domains' parts): the user, as one JSON value.
 */
export function sessionUserJson(userId: number) {
  return jsonObjectFrom(queryBuilder.selectFrom("User").selectAll().where("id", "=", userId));
}

type SessionUserJson = ReturnType<typeof sessionUserJson> extends RawBuilder<infer T> ? T : never;

/** The session's user from sessionUserJson's value, refused when the session version moved on. */
export function sessionUserFromJson(session: OpenSession, json: SessionUserJson): User | null {
  if (!json || json.sessionVersion !== session.version) return null;
  return fromJson<"User", Row<"User">>("User", json);
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
