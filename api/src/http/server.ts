import { randomUUID } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net from "node:net";
import type { ApiTokenIdentity, AppDeps, Composition } from "../graphql/context.ts";
import { createGraphQLHandler } from "../graphql/yoga.ts";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, retryAfterHeaders } from "../lib/databaseErrors.ts";
import { NotAuthenticatedError, RateLimitedError } from "../lib/errors.ts";
import { withRequestScope } from "../lib/requestScope.ts";
import { createRestHandler, type RestParts } from "../rest/handler.ts";
import { sendCompressed, sendFetchResponse } from "./compression.ts";
import { createCors } from "./cors.ts";
import { createReadiness, sendLiveness } from "./health.ts";
import { startIdleCollection } from "./idleCollection.ts";
import type { AppMetrics, RequestMetricsFields } from "./metrics.ts";
import { BODY_TOO_LARGE_MESSAGE, declaresTooLargeBody, readBodyWithin } from "./requestBody.ts";
import { createRouteData } from "./routeData.ts";
import { createStaticHandler } from "./staticFiles.ts";

/** `body`: an API request's body, read within the limit before dispatch (Yoga takes it from there too). */
type Req = IncomingMessage & {
  requestId: string;
  clientIp: string;
  body?: Buffer;
  apiToken?: ApiTokenIdentity | null;
  /** The same token checked again (a live stream re-checks its access). */
  apiTokenAgain?: () => Promise<ApiTokenIdentity>;
} & RequestMetricsFields;

const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * The query parameters whose values a request log keeps: ids, page sizes, enums and dates, which
 * name no person. Every other value (`search`, `q`, `token`, a GraphQL GET's `query`/`variables`,
 * any name not listed) may hold an email, a phone, a name or a secret: the log keeps its name only
 * (docs/security.md: request logs).
 */
const LOGGED_QUERY_PARAMETERS = new Set([
  "limit",
  "after",
  "before",
  "admin",
  "customerId",
  "status",
  "segment",
  "order",
  "type",
  "action",
  "resourceType",
  "resourceId",
  "from",
  "to",
  "period",
  "format",
  "overpaid",
  "requested",
  "tab",
  "operationName",
]);
/** A kept value is shaped like an id, a number, an enum or a date; anything else is redacted too. */
const HARMLESS_VALUE = /^[A-Za-z0-9_.:-]{0,40}$/;
/** A parameter name as the app's own are spelt; another shape (an address typed as the name) is redacted whole. */
const PARAMETER_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** A request's URL as its log line keeps it: the path, and the query with every value that may name a person redacted. */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      if (pair === "") return pair;
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (!PARAMETER_NAME.test(name)) return "[redacted]";
      if (equals === -1) return name;
      const value = pair.slice(equals + 1);
      return LOGGED_QUERY_PARAMETERS.has(name) && HARMLESS_VALUE.test(value) ? pair : `${name}=[redacted]`;
    })
    .join("&");
  return `${url.slice(0, queryStart)}?${query}`;
}

/** A server-rendered page outside the web app (the share link's friend page): its request and answer. */
export interface PublicPageRequest {
  method: "GET" | "HEAD" | "POST";
  pathname: string;
  query: URLSearchParams;
  /** A POST's form fields (application/x-www-form-urlencoded); null for GET and HEAD. */
  form: URLSearchParams | null;
  ip: string;
  cookieHeader: string | null;
}
export interface PageAnswer {
  status: number;
  html: string;
  headers?: Record<string, string>;
}
export interface PublicPages {
  matches(pathname: string): boolean;
  answer(app: AppDeps, request: PublicPageRequest): Promise<PageAnswer>;
}

/** A public page's form is a few fields: anything larger is refused before it is read. */
const PAGE_FORM_MAX_BYTES = 16 * 1024;

/** What the server takes from the domains, passed in by the composition root (compose/server.ts). */
export interface ServerParts {
  /** Server-rendered public pages (shareLinks/friendPage.ts), answered before the web app's files. */
  publicPages?: PublicPages;
  composition: Composition;
  rest: Omit<RestParts, "createContext">;
  /** The printed schema, for GET /schema.graphql. */
  printSchema(): string;
  /** The secret of `Authorization: Bearer <secret>`, or null (apiTokens/gate.ts). */
  bearerSecret(header: string | undefined): string | null;
  /** The values a prerendered page's slots show (the programme's settings). */
  programmeSlots(): Promise<Record<string, string>>;
  /** Whether a Cookie header carries a session cookie (auth/session.ts). */
  hasSessionCookie(cookieHeader: string | undefined): boolean;
}

/** One port: the web app, /graphql, /api, /healthz and /readyz. `metrics`: counts each request (http/metrics.ts). */
export function createHttpServer(app: AppDeps, options: { webDir: string; metrics?: AppMetrics }, parts: ServerParts) {
  const { composition, bearerSecret } = parts;
  const graphql = createGraphQLHandler(app, composition);
  const handleRestRequest = createRestHandler({ ...parts.rest, createContext: composition.createContext });
  const serveStatic = createStaticHandler<Req>(options.webDir, {
    pageData: createRouteData(app, options.webDir, composition),
    programmeSlots: parts.programmeSlots,
    hasSessionCookie: parts.hasSessionCookie,
    onRenderError: (err, pathname) =>
      app.log.warn({ err, pathname }, "server render failed: the page goes as the shell"),
  });
  /** The printed schema, made on the first request for it. */
  let schemaSdl: string | undefined;
  const cors = createCors(app.config.corsOrigins);
  const sendReadiness = createReadiness(app);

  let handling = 0;
  let onIdle: (() => void) | undefined;
  const idleCollection = startIdleCollection();

  const server = http.createServer(async (rawReq, res) => {
    handling++;
    idleCollection.requestStarted();
    try {
      const req = rawReq as Req;
      req.requestId = pickRequestId(req.headers["x-request-id"], app.config.trustProxyHops);
      // Every log line of the request, and every job it queues, carries its id (lib/requestScope.ts).
      await withRequestScope({ requestId: req.requestId }, () => handleRequest(req, res));
    } finally {
      handling--;
      if (handling === 0) onIdle?.();
    }
  });

  async function handleRequest(req: Req, res: ServerResponse) {
    const started = performance.now();
    req.clientIp = clientIp(req, app.config.trustProxyHops);
    res.setHeader("X-Request-Id", req.requestId);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (app.config.production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    res.on("finish", () => {
      app.log.info(
        {
          requestId: req.requestId,
          method: req.method,
          url: redactUrl(req.url),
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
      options.metrics?.observeRequest(
        req,
        new URL(req.url ?? "/", "http://localhost").pathname,
        res.statusCode,
        (performance.now() - started) / 1000,
      );
    });

    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (url.pathname === "/healthz") return sendLiveness(res);
      if (url.pathname === "/readyz") return await sendReadiness(res);
      // Served on METRICS_PORT only (docs/operations.md), never beside the app.
      if (url.pathname === "/metrics") return sendTextAnswer(res, { status: 404, message: "Not found", headers: {} });
      const isGraphQL = url.pathname === "/graphql";
      const isApi = isGraphQL || url.pathname === "/api" || url.pathname.startsWith("/api/");
      // Signed-in answers: no cache (browser, proxy or CDN) keeps them, whatever the route.
      if (isApi) res.setHeader("Cache-Control", "no-store");
      if (isApi && cors.handle(req, res)) return;
      if (isCrossSiteWrite(req) && !(isApi && cors.trustedOrigin(req))) {
        res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" }).end("Cross-site request refused");
        return;
      }
      // The GraphQL schema reference for integrators (the /docs page shows it): public, like the OpenAPI document.
      if (url.pathname === "/schema.graphql" && (req.method === "GET" || req.method === "HEAD")) {
        schemaSdl ??= parts.printSchema();
        return sendCompressed(
          req,
          res,
          200,
          { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
          schemaSdl,
        );
      }
      if (!isApi && parts.publicPages?.matches(url.pathname))
        return await servePublicPage(parts.publicPages, req, res, url);
      if (!isApi) return await serveStatic(req, res, url.pathname);
      // GET and HEAD bodies are never read (Node discards them), but a declared oversize one is refused too.
      const body =
        req.method === "GET" || req.method === "HEAD"
          ? declaresTooLargeBody(req)
            ? "too large"
            : undefined
          : await readBodyWithin(req);
      if (body === "aborted") return;
      if (body === "too large") {
        // Closing the connection stops the client from sending the rest.
        res
          .writeHead(413, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" })
          .end(BODY_TOO_LARGE_MESSAGE);
        return;
      }
      req.body = body;
      const secret = bearerSecret(req.headers.authorization);
      if (secret !== null) {
        const refused = await openApiToken(app, req, secret);
        if (refused) return sendTextAnswer(res, refused);
      }
      // Yoga makes the answer; it goes out compressed like every other (http/compression.ts).
      if (isGraphQL)
        return await sendFetchResponse(req, res, await graphql.handleNodeRequestAndResponse(req, res, { req, res }));
      return await handleRestRequest(app, req, res, url);
    } catch (error) {
      if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(req, res);
      app.log.error({ err: error, requestId: req.requestId }, "request failed");
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Internal server error");
    }
  }
  server.keepAliveTimeout = 65_000;
  server.on("close", () => idleCollection.stop());

  /** A public page: GET, HEAD or a plain form POST (urlencoded, small), answered as HTML that no cache keeps. */
  async function servePublicPage(pages: PublicPages, req: Req, res: ServerResponse, url: URL) {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD" && method !== "POST") {
      res
        .writeHead(405, { Allow: "GET, HEAD, POST", "Content-Type": "text/plain; charset=utf-8" })
        .end("Method not allowed");
      return;
    }
    let form: URLSearchParams | null = null;
    if (method === "POST") {
      const body = await readBodyWithin(req, PAGE_FORM_MAX_BYTES);
      if (body === "aborted") return;
      if (body === "too large") {
        res
          .writeHead(413, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" })
          .end("Request body too large.");
        return;
      }
      form = new URLSearchParams(body.toString("utf8"));
    }
    const answer = await pages.answer(app, {
      method,
      pathname: url.pathname,
      query: url.searchParams,
      form,
      ip: req.clientIp,
      cookieHeader: req.headers.cookie ?? null,
    });
    sendCompressed(
      req,
      res,
      answer.status,
      { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...answer.headers },
      method === "HEAD" ? "" : answer.html,
    );
  }

  /**
   * Resolves once no request is being handled. A client that hangs up does not stop its request's
   * handler, so shutting down waits for this, not only for the sockets, before closing the pool.
   */
  function whenIdle(): Promise<void> {
    if (handling === 0) return Promise.resolve();
    return new Promise((resolve) => {
      onIdle = () => {
        onIdle = undefined;
        resolve();
      };
    });
  }
  return Object.assign(server, { whenIdle });
}

/**
 * The database is away (restarting, failing over) before the operation could answer: 503 with
 * Retry-After, as JSON GraphQL errors on /graphql and as the shim's text message elsewhere.
 */
function sendDatabaseUnavailable(req: Req, res: ServerResponse) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const graphql = (req.url ?? "").startsWith("/graphql");
  const body = graphql
    ? JSON.stringify({
        errors: [{ message: DATABASE_UNAVAILABLE_MESSAGE, extensions: { code: "SERVICE_UNAVAILABLE" } }],
      })
    : DATABASE_UNAVAILABLE_MESSAGE;
  res
    .writeHead(503, {
      "Content-Type": graphql ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      ...retryAfterHeaders(),
    })
    .end(body);
}

/** A state-changing request whose Origin is another site is refused (cookies are SameSite=Lax too). */
function isCrossSiteWrite(req: IncomingMessage): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  if (req.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = req.headers.origin;
  if (!origin || origin === "null") return origin === "null";
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/**
 * The request's id: behind proxies of ours (TRUST_PROXY), the X-Request-Id they pass when it is
 * plain (letters, digits, `_.-`, up to 100); otherwise always a new one, so a client cannot give
 * its requests another request's id in the logs.
 */
export function pickRequestId(header: string | string[] | undefined, trustProxyHops: number): string {
  const value = Array.isArray(header) ? header[0] : header;
  return trustProxyHops > 0 && value && /^[\w.-]{1,100}$/.test(value) ? value : randomUUID();
}

/**
 * The socket's address, or behind `hops` proxies of ours the address the outermost one appended
 * to X-Forwarded-For: counted from the right, since everything left of it the client wrote itself.
 */
export function clientIp(req: Pick<IncomingMessage, "headers" | "socket">, hops: number): string {
  const socketAddress = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
  if (hops <= 0) return socketAddress;
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  // Nearest first: the socket (our last proxy), then what each proxy of ours appended.
  const chain = [socketAddress, ...forwarded.reverse()];
  const candidate = chain[Math.min(hops, chain.length - 1)] ?? socketAddress;
  return net.isIP(candidate) ? candidate.replace(/^::ffff:/, "") : socketAddress;
}

/**
 * `Authorization: Bearer <token>` on /graphql and /api: the token is checked and counted before
 * anything runs; an unknown, revoked or expired one is 401, one past its limit 429 with Retry-After.
 * (A cookie is not read with it, so no cross-site page can make use of it: no CSRF check applies.)
 */
async function openApiToken(app: AppDeps, req: Req, secret: string): Promise<TextAnswer | undefined> {
  try {
    req.apiToken = await app.apiTokens.authenticate(secret, req.clientIp);
    req.apiTokenAgain = () => app.apiTokens.authenticate(secret, req.clientIp);
    return undefined;
  } catch (error) {
    if (error instanceof RateLimitedError)
      return { status: 429, message: error.message, headers: { "Retry-After": String(error.retryAfterSeconds) } };
    if (error instanceof NotAuthenticatedError)
      return { status: 401, message: error.message, headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } };
    throw error;
  }
}

interface TextAnswer {
  status: number;
  message: string;
  headers: Record<string, string>;
}

function sendTextAnswer(res: ServerResponse, answer: TextAnswer) {
  res.writeHead(answer.status, { "Content-Type": "text/plain; charset=utf-8", ...answer.headers }).end(answer.message);
}
