import { sealData, unsealData } from "iron-session";
import type { Db } from "../db/prisma.ts";
import type { Context, Viewer } from "../graphql/context.ts";

export const SESSION_COOKIE = "hng_session";
const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;

interface SessionData {
  userId: number;
  /** Must equal the user's sessionVersion: bumping it ends every cookie issued before. */
  version: number;
}

/** iron-session sealed cookies: the cookie holds only the user id and session version. */
export function createSessionCookies(options: { secret: string; secure: boolean }) {
  const cookieAttributes = `Path=/; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;

  async function readViewer(db: Db, cookieHeader: string | null): Promise<Viewer | null> {
    const sealed = readCookie(cookieHeader, SESSION_COOKIE);
    if (!sealed) return null;
    let data: Partial<SessionData>;
    try {
      data = await unsealData<SessionData>(sealed, { password: options.secret, ttl: SESSION_TTL_SECONDS });
    } catch {
      return null;
    }
    if (typeof data.userId !== "number" || typeof data.version !== "number") return null;
    const user = await db.user.findUnique({ where: { id: data.userId }, include: { customer: true } });
    if (!user || user.sessionVersion !== data.version) return null;
    return user;
  }

  async function start(context: Context, user: { id: number; sessionVersion: number }): Promise<void> {
    const sealed = await sealData({ userId: user.id, version: user.sessionVersion } satisfies SessionData, {
      password: options.secret,
      ttl: SESSION_TTL_SECONDS,
    });
    context.responseCookies.push(`${SESSION_COOKIE}=${sealed}; Max-Age=${SESSION_TTL_SECONDS}; ${cookieAttributes}`);
  }

  function clear(context: Context): void {
    context.responseCookies.push(`${SESSION_COOKIE}=; Max-Age=0; ${cookieAttributes}`);
  }

  return { readViewer, start, clear };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
