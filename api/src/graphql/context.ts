import type { Logger } from "pino";
import type { SessionCookies, SignedIn } from "../auth/session.ts";
import type { LoginThrottle } from "../auth/throttle.ts";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/prisma.ts";
import type { SqlReader } from "../db/sql.ts";
import type { CustomerProfile, User } from "../generated/prisma/client.ts";
import type { SecretBox } from "../secondFactor/secretBox.ts";

/** What lives as long as the process: shared by every request. */
export interface AppDeps {
  prisma: Db;
  /** Plain SQL on the same pool, for the hot reads (see db/sql.ts). */
  sql: SqlReader;
  config: AppConfig;
  log: Logger;
  loginThrottle: LoginThrottle;
  sessionCookies: SessionCookies;
  /** Encrypts administrators' TOTP secrets (a key derived from the session secret). */
  secretBox: SecretBox;
}

export type Viewer = User & { customer: CustomerProfile | null };

/** One per request, built the same way for /graphql and the REST shim. */
export interface Context {
  app: AppDeps;
  prisma: Db;
  sql: SqlReader;
  viewer: Viewer | null;
  ip: string;
  /** The request's Cookie header (the sign-in throttle reads the device cookie from it). */
  cookieHeader: string | null;
  requestId: string;
  log: Logger;
  /** Set-Cookie values the transport must send back. */
  responseCookies: string[];
  /**
   * The signed-in customer's credits and milestone payments, read by the session's statement: the
   * request's loaders start with them. (Yoga copies this object into its own, so the loaders,
   * keyed on the object resolvers see, read it from there.)
   */
  viewerFigures: ({ customerId: number } & NonNullable<SignedIn["figures"]>) | null;
}

export async function createContext(
  app: AppDeps,
  request: { cookieHeader: string | null; ip: string; requestId: string },
): Promise<Context> {
  const signedIn = await app.sessionCookies.readViewer(app.sql, request.cookieHeader);
  const customer = signedIn?.viewer.customer;
  return {
    app,
    prisma: app.prisma,
    sql: app.sql,
    viewer: signedIn?.viewer ?? null,
    ip: request.ip,
    cookieHeader: request.cookieHeader,
    requestId: request.requestId,
    log: app.log.child({ requestId: request.requestId }),
    responseCookies: signedIn?.refreshedCookie ? [signedIn.refreshedCookie] : [],
    viewerFigures: customer && signedIn.figures ? { customerId: customer.id, ...signedIn.figures } : null,
  };
}
