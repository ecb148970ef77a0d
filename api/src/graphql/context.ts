import type { Logger } from "pino";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/prisma.ts";
import type { SqlReader } from "../db/sql.ts";
import type { CustomerProfile, User } from "../generated/prisma/client.ts";
import type { LoginThrottle } from "../auth/throttle.ts";
import type { SessionCookies } from "../auth/session.ts";

/** What lives as long as the process: shared by every request. */
export interface AppDeps {
  prisma: Db;
  /** Plain SQL on the same pool, for the hot reads (see db/sql.ts). */
  sql: SqlReader;
  config: AppConfig;
  log: Logger;
  loginThrottle: LoginThrottle;
  sessionCookies: SessionCookies;
}

export type Viewer = User & { customer: CustomerProfile | null };

/** One per request, built the same way for /graphql and the REST shim. */
export interface Context {
  app: AppDeps;
  prisma: Db;
  sql: SqlReader;
  viewer: Viewer | null;
  ip: string;
  requestId: string;
  log: Logger;
  /** Set-Cookie values the transport must send back. */
  responseCookies: string[];
}

export async function createContext(
  app: AppDeps,
  request: { cookieHeader: string | null; ip: string; requestId: string },
): Promise<Context> {
  const viewer = await app.sessionCookies.readViewer(app.sql, request.cookieHeader);
  return {
    app,
    prisma: app.prisma,
    sql: app.sql,
    viewer,
    ip: request.ip,
    requestId: request.requestId,
    log: app.log.child({ requestId: request.requestId }),
    responseCookies: [],
  };
}
