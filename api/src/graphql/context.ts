// The request's types, a leaf: it imports no domain, so every layer may use it. The small interfaces
// below are what requests use of the session cookies, the throttle, the secret box and the admin gate;
// auth/ and secondFactor/ implement them. compose/ wires them together (compose/appDeps.ts, compose/requestContext.ts).
import type { DocumentNode, GraphQLSchema } from "graphql";
import type { Logger } from "pino";
import type { AppConfig } from "../config.ts";
import type { AdminQueue } from "../db/adminQueues.ts";
import type { Db } from "../db/prisma.ts";
import type { SqlReader } from "../db/sql.ts";
import type {
  CustomerPaymentRequest,
  CustomerProfile,
  MilestonePayment,
  ShareLink,
  User,
} from "../generated/prisma/client.ts";

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
  /** Changes to the admin queues made on any instance, for the live subscription (graphql/adminQueueFeed.ts). */
  adminQueues: AdminQueueFeed;
  /** Checks `Authorization: Bearer` API tokens and counts their requests (apiTokens/gate.ts). */
  apiTokens: ApiTokenGate;
  /** Who acts as an administrator (secondFactor/adminGate.ts): the `admin` scope and every admin check read it. */
  adminGate: AdminGate;
  /** Audits a signed-in caller's refusal the role decided (a staff member on an administrator's path), once per request. */
  auditRefusal(context: Context, what: string): void;
  /** The share link page's throttles, signed form time and device cookie (shareLinks/guard.ts). */
  shareLinkGuard: ShareLinkGuard;
}

/** What the friend's page on a share link uses against abuse (docs/rules/share-links.md, "Abuse"). */
export interface ShareLinkGuard {
  /** Counts one submission on the link's, the address's and (IPv6) the /64's counters; RateLimitedError past one. */
  countSubmission(linkId: number, ip: string): Promise<void>;
  /** Counts one submission of this friend (a phone or email), across links; false past the limit. */
  countFriend(friend: string): Promise<boolean>;
  /** The signed time a form was served at, for its hidden field. */
  formStamp(code: string, now?: number): string;
  /** When the form was served, if the stamp is genuine and for this code; null otherwise. */
  formServedAt(code: string, stamp: unknown): number | null;
  /** The submitting browser's device id (from its signed cookie, or a new one with the Set-Cookie that stores it). */
  device(cookieHeader: string | null): { id: string; setCookie: string | null };
}

/** What the admin gate reads: the request's viewer and whether production requires a second factor. */
export interface GateContext {
  viewer: { role: User["role"]; secondFactorEnabled: boolean } | null;
  app: { config: { requireAdminMfa: boolean; requireStaffMfa: boolean } };
}

/** The one "acts as administrator" check (secondFactor/adminGate.ts). */
export interface AdminGate {
  /** An administrator who may act as one: with REQUIRE_ADMIN_MFA, only once their second factor is confirmed. */
  actsAsAdmin(context: GateContext): boolean;
  /** A staff member who may act as one: with REQUIRE_STAFF_MFA, only once their second factor is confirmed. */
  actsAsStaff(context: GateContext): boolean;
  /** The refusal a user held back until they enrol gets (an administrator or staff member), or null. */
  enrolFirstRefusal(context: GateContext): Error | null;
}

/** A request's credentials as the server read them: the same for /graphql, /api and the pages' data. */
export interface RequestCredentials {
  cookieHeader: string | null;
  ip: string;
  requestId: string;
  apiToken?: ApiTokenIdentity | null;
  /** Checks the request's API token again (the same secret), as the server checked it first. */
  apiTokenAgain?: () => Promise<ApiTokenIdentity>;
  /**
   * What the request asks, when asked the same way again and again (a persisted document with its
   * variables, a REST GET with its query): the viewer's first pages it read last are read with the viewer.
   */
  ask?: string | null;
}

/**
 * What graphql/, rest/ and http/ take from the domains, passed in by the composition root
 * (compose/server.ts), so those folders import no domain.
 */
export interface Composition {
  /** Every domain's types and operations (compose/schema.ts). */
  schema: GraphQLSchema;
  /** The request's Context: the session's user and the viewer's figures in one statement (compose/requestContext.ts). */
  createContext(app: AppDeps, request: RequestCredentials): Promise<Context>;
  /** May a token with these scopes run this operation? (apiTokens/scopes.ts) */
  tokenMayRunOperation(
    scopes: readonly ApiTokenScope[],
    schema: GraphQLSchema,
    document: DocumentNode,
    operationName?: string | null,
  ): boolean;
}

export type Viewer = User & { customer: CustomerProfile | null };

/** The signed-in customer's credits, milestone payments and payment requests: every customer screen shows them. */
export interface ViewerFigures {
  customerId: number;
  creditsPence: number;
  milestonePayments: MilestonePayment[];
  paymentRequests: CustomerPaymentRequest[];
}

/** The signed-in customer's share link with its figures, read with the viewer (shareLinks/viewerLink.ts). */
export interface ViewerShareLink {
  link: ShareLink;
  opens: number;
  signUps: number;
}

/** A first page (no cursor) of a list of the viewer's own, read with the viewer (pager.ts, "First pages read with the viewer"). */
export interface FirstPage {
  list: string;
  filter: string | null;
  limit: number;
  inverted: boolean;
}

/** The viewer's first pages as the viewer's statement read them: `row` holds `firstPage0`, ... */
export interface ViewerFirstPages {
  ownerId: number;
  pages: readonly FirstPage[];
  row: Readonly<Record<string, unknown>>;
}

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
   * Read with the viewer, in the request's first statement: the request's loaders start with them.
   * (Yoga copies this object into its own, so the loaders, keyed on the object resolvers see, read it from there.)
   */
  viewerFigures: ViewerFigures | null;
  /** The programme's contact (the settings' ProgrammeContact), read with the viewer; null when it was not (signed out, API tokens). */
  programmeContact: { email: string | null; phone: string | null; hours: string | null } | null;
  /** The viewer's current share link, read with the viewer; null when it has none yet or was not read (tokens). */
  viewerShareLink: ViewerShareLink | null;
  /**
   * The API token the request came with (the viewer is then its creator, acting through it), and
   * whether its scopes allow the operation being run: set before execution, read by the `admin` scope.
   */
  apiToken: { token: ApiTokenIdentity; operationAllowed: boolean } | null;
  /** What the request asks when asked the same way again (RequestCredentials.ask); null otherwise. */
  ask: string | null;
  /** The viewer's first pages, read with the viewer (pager.ts): the request's page loader starts with them. */
  viewerFirstPages: ViewerFirstPages | null;
  /**
   * The viewer read afresh with the request's credentials (its session cookie or API token): null
   * once the session has ended or been revoked, or the token stopped working. A long-lived request
   * (a live stream) asks it again and again.
   */
  viewerAgain(): Promise<Viewer | null>;
}

export type ApiTokenScope = "read" | "purchases:write" | "admin";

/** A valid API token, as a request carries it. */
export interface ApiTokenIdentity {
  id: number;
  name: string;
  scopes: ApiTokenScope[];
  createdById: number;
  /** The administrator it acts for, as read with the token (the request's viewer). */
  creator: User;
}

/** API tokens at the door (apiTokens/gate.ts). */
export interface ApiTokenGate {
  /**
   * The token whose secret this is, when it is known, not revoked and not expired (else
   * NotAuthenticatedError); counts the request against its own limit (RateLimitedError past it)
   * and notes the time and address of use, at most once a minute.
   */
  authenticate(secret: string, ip: string): Promise<ApiTokenIdentity>;
  /** Drops what this instance remembers of a token, so its revocation takes effect here at once. */
  forget(tokenId: number): void;
}

/** The session cookie (auth/session.ts). */
export interface SessionCookies {
  /** The cookie's session when it is ours and neither idle nor ended; its version is checked against the user's later. */
  open(cookieHeader: string | null): Promise<OpenSession | null>;
  start(context: Context, user: { id: number; sessionVersion: number }): Promise<void>;
  clear(context: Context): void;
}

export interface OpenSession {
  userId: number;
  /** Must equal the user's sessionVersion: bumping it ends every cookie issued before. */
  version: number;
  /** A re-issued cookie with a fresh last-seen time when one is due (the rolling idle timeout). */
  refreshedCookie(): Promise<string | undefined>;
}

/** Requests counted before the server hashes a password or sends an email (auth/throttle.ts). */
export interface LoginThrottle {
  /**
   * Counts one sign-in attempt on every counter that applies; throws RateLimitedError (and counts
   * nothing further) when one is exhausted. `deviceCookie` is the request's device cookie, if any.
   */
  begin(username: string, ip: string, deviceCookie?: string | null): Promise<LoginAttempt>;
  /** A Set-Cookie value marking this browser as one that signed in to `username`. */
  deviceCookieFor(username: string): string;
  /**
   * Counts an anonymous request: `key` is the client address (sign-up, passwordReset) or the
   * username text asked for (passwordResetPerUsername). Throws RateLimitedError past the limit.
   */
  assertAnonymousAllowed(kind: AnonymousRequestKind, key: string): Promise<void>;
  /** Counts a signed-in user's request to have the confirmation link sent again. */
  assertConfirmationResendAllowed(userId: number): Promise<void>;
}

export type AnonymousRequestKind = "signUp" | "passwordReset" | "passwordResetPerUsername";

export interface LoginAttempt {
  /** The password was right: the attempt's points are given back and a device cookie is issued. */
  succeeded(): Promise<void>;
}

/** Encrypts administrators' TOTP secrets (secondFactor/secretBox.ts). */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** One event of the admin queues' live feed: which queues changed (none in the first, which says the feed is live). */
export interface AdminQueuesChange {
  queues: AdminQueue[];
  at: Date;
}

/** Who holds a live admin stream, and how to ask whether they still may. */
export interface AdminStreamViewer {
  userId: number;
  /** False once the session ended or was revoked, or the user no longer acts as an administrator. */
  stillAllowed(): Promise<boolean>;
}

/** This instance's live feed of admin queue changes (graphql/adminQueueFeed.ts). */
export interface AdminQueueFeed {
  /**
   * Events from now on, starting with one that names no queue; ends when the feed closes or the
   * viewer is no longer allowed (checked on an interval and before each event). RateLimitedError
   * when the user already holds the most streams allowed on this instance.
   */
  subscribe(viewer: AdminStreamViewer): AsyncIterable<AdminQueuesChange>;
  /** Whether the feed's LISTEN connection is up. */
  readonly listening: boolean;
  /** Ends every subscriber's stream and the LISTEN connection. */
  close(): Promise<void>;
}
