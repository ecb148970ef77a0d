import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiTokenIdentity, AppDeps, Composition, Context } from "../graphql/context.ts";
import { rememberFirstPages } from "../graphql/pager.ts";
import { sendCompressed } from "../http/compression.ts";
import { refusedQueryParameter } from "./listParams.ts";
import type { RestRequest } from "./route.ts";
import { type CompiledRoute, decodePathSegment, matchRoute, type NextPage, runRoute } from "./shim.ts";

/** What /api answers from, passed in by the composition root (compose/server.ts). */
export interface RestParts {
  createContext: Composition["createContext"];
  /** The route table (compose/restRoutes.ts). */
  routes: CompiledRoute[];
  /** GET /api/openapi.json's document (compose/openApi.ts). */
  openApiDocument(): unknown;
  /** GET /api/admin/reports/:name: streams a report (analytics/reportDownload.ts). */
  downloadReport(
    context: Context,
    name: string,
    query: URLSearchParams,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void>;
}

/** `body`: read by the server within its one size limit (http/requestBody.ts) before dispatch. */
type Req = IncomingMessage & {
  requestId: string;
  clientIp: string;
  body?: Buffer;
  apiToken?: ApiTokenIdentity | null;
  /** The route's pattern, for the metrics' operation label (bounded: never the raw path). */
  operation?: string;
};

/**
 * /api/*: parses the request, runs the matching route's GraphQL operation, answers JSON or text.
 * The server has set the headers every API answer shares (Cache-Control, CORS).
 */
export function createRestHandler({ createContext, routes, openApiDocument, downloadReport }: RestParts) {
  /** The OpenAPI document, built on first request from the route table (rest/openapi.ts). */
  let openApiJson: string | undefined;
  return async function handleRestRequest(app: AppDeps, req: Req, res: ServerResponse, url: URL): Promise<void> {
    const refused = refusedQueryParameter(url.searchParams);
    if (refused !== null) return sendText(res, 400, refused);
    const report = /^\/api\/admin\/reports\/([^/]+)\/?$/.exec(url.pathname);
    if (report) {
      req.operation = "GET /api/admin/reports/:report";
      if (req.method !== "GET") return sendText(res, 405, "Method not allowed");
      const context = await createContext(app, {
        cookieHeader: req.headers.cookie ?? null,
        ip: req.clientIp,
        requestId: req.requestId,
        apiToken: req.apiToken ?? null,
      });
      return downloadReport(context, decodePathSegment(report[1] ?? ""), url.searchParams, req, res);
    }
    if (url.pathname === "/api/openapi.json") {
      req.operation = "GET /api/openapi.json";
      if (req.method !== "GET") return sendText(res, 405, "Method not allowed");
      // Public and the same for everyone until the next deploy: caches may keep it.
      openApiJson ??= JSON.stringify(openApiDocument());
      return sendCompressed(
        req,
        res,
        200,
        { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
        openApiJson,
      );
    }
    const matched = matchRoute(routes, req.method ?? "GET", url.pathname);
    if (!matched) return sendText(res, 404, "Not found");
    if (matched === "method-not-allowed") return sendText(res, 405, "Method not allowed");
    req.operation = `${matched.route.method} ${matched.route.path}`;

    let body: Record<string, unknown> = {};
    if (req.method === "POST") {
      const parsed = parseJsonBody(req);
      if (typeof parsed === "string") return sendText(res, 400, bodyErrorMessage(parsed));
      body = parsed;
    }

    // A read remembers the viewer's first pages it read, for the next of the same (graphql/pager.ts).
    const ask = req.method === "GET" ? `rest ${url.pathname}${url.search}` : null;
    const context = await createContext(app, {
      cookieHeader: req.headers.cookie ?? null,
      ip: req.clientIp,
      requestId: req.requestId,
      apiToken: req.apiToken ?? null,
      ask,
    });
    const idempotencyKey = req.headers["idempotency-key"];
    const request: RestRequest = {
      body,
      params: matched.params,
      query: url.searchParams,
      idempotencyKey: typeof idempotencyKey === "string" ? idempotencyKey : null,
    };
    const result = await runRoute(matched.route, request, context);
    rememberFirstPages(context, context.viewer?.customer?.id);
    for (const cookie of context.responseCookies) res.appendHeader("Set-Cookie", cookie);
    if (typeof result.body === "string" && result.status >= 400)
      return sendText(res, result.status, result.body, result.headers);
    sendCompressed(
      req,
      res,
      result.status,
      {
        "Content-Type": "application/json; charset=utf-8",
        ...(result.next ? nextPageHeaders(url, result.next) : {}),
        ...result.headers,
      },
      JSON.stringify(result.body ?? null),
    );
  };
}

/**
 * A list with more rows: the next call (RFC 8288 `Link`, relative to this request's URL, with its
 * other parameters kept) and the id to pass as `?after=`. The last page carries neither.
 */
export function nextPageHeaders(url: URL, next: NextPage): Record<string, string> {
  const query = new URLSearchParams(url.searchParams);
  query.delete("before");
  query.set("after", String(next.after));
  query.set("limit", String(next.limit));
  return { Link: `<${url.pathname}?${query}>; rel="next"`, [NEXT_AFTER_HEADER]: String(next.after) };
}

/** The id to pass as `?after=` for the next page, present only when there is one. */
export const NEXT_AFTER_HEADER = "X-Next-After";

function sendText(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", ...headers }).end(message);
}

function bodyErrorMessage(problem: string) {
  if (problem === "not json") return "Request body must be sent as application/json";
  return "Request body is not valid JSON";
}

function parseJsonBody(req: Req): Record<string, unknown> | "not json" | "invalid" {
  const raw = (req.body?.toString("utf8") ?? "").trim();
  if (raw === "") return {};
  // A cross-site form can send urlencoded or text/plain without a preflight, never JSON.
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return "not json";
  try {
    const value = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? value : "invalid";
  } catch {
    return "invalid";
  }
}
