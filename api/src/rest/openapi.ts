// The OpenAPI 3.1 description of every /api path, generated from the route table and each route's zod
// schemas (route.ts RouteDocs): served at /api/openapi.json, checked against real answers in openapi.test.ts.
import { z } from "zod";
import type { ApiTokenScope } from "../graphql/context.ts";
import type { CompiledRoute } from "./shim.ts";

/** What the document describes beyond the route table, from the domains (compose/openApi.ts passes it in). */
export interface OpenApiParts {
  /** Every scope a token may hold (apiTokens/scopes.ts). */
  scopes: readonly ApiTokenScope[];
  /** The Idempotency-Key header's description (idempotency/service.ts). */
  idempotencyKeyDescription: string;
  /** The report downloads (analytics/reports.ts): their catalogue, formats and which scopes may download each. */
  reports: {
    catalogue(): readonly { name: string; columns: readonly string[]; statuses: readonly string[] }[];
    formats: readonly string[];
    tokenMayDownload(scopes: readonly ApiTokenScope[], report: string): boolean;
  };
}

type JsonSchema = Record<string, unknown>;

/** A zod schema as the JSON Schema (2020-12, as OpenAPI 3.1 takes it) of what the server sends or reads. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** The GraphQL operation a route runs, by name: the rule behind the path. */
export function operationName(route: Pick<CompiledRoute, "operation">): string {
  return /^\s*(?:query|mutation)\s+(\w+)/.exec(route.operation)?.[1] ?? "anonymous";
}

/** A path's operationId: its own when it names one, else its GraphQL operation's name. */
export const operationIdOf = (route: Pick<CompiledRoute, "operation" | "docs">): string =>
  route.docs.operationId ?? operationName(route);

const textError = (description: string, headers?: Record<string, string>) => ({
  description,
  ...(headers
    ? {
        headers: Object.fromEntries(
          Object.entries(headers).map(([name, text]) => [name, { description: text, schema: { type: "string" } }]),
        ),
      }
    : {}),
  content: { "text/plain": { schema: { type: "string" } } },
});

const ERROR_RESPONSES = {
  "400": textError("Bad input: the message names the field; nothing changed"),
  "401": textError("Not signed in, or the API token is unknown, revoked or expired", {
    "WWW-Authenticate": 'With a token: Bearer error="invalid_token"',
  }),
  "403": textError("Signed in without the right to this path, or the token's scopes do not allow it"),
  "404": textError("No such item (or not yours)"),
  "409": textError("The item's state does not allow this"),
  "429": textError("Too many attempts, or the token's own limit per minute is used up: wait and retry", {
    "Retry-After": "Seconds to wait (a token over its limit)",
  }),
};

/** The token scopes whose decision (apiTokens/scopes.ts) lets them run this route's operation. */
const scopesFor = (route: CompiledRoute, parts: OpenApiParts) =>
  parts.scopes.filter((scope) => route.held.tokenMayRunOperation([scope], route.held.schema, route.document));

function tagOf(path: string): string {
  const parts = path.split("/").filter(Boolean);
  return parts[1] === "admin" ? `admin ${parts[2]?.split("-")[0] ?? ""}`.trim() : (parts[1] ?? "api");
}

function operationFor(route: CompiledRoute, parts: OpenApiParts) {
  const docs = route.docs;
  const name = operationName(route);
  const forAdministrators = route.path.startsWith("/api/admin/");
  const parameters: JsonSchema[] = [];
  for (const match of route.path.matchAll(/:([A-Za-z]+)/g)) {
    parameters.push({ name: match[1], in: "path", required: true, schema: { type: "string" } });
  }
  if (route.pagedList) {
    parameters.push(
      {
        name: "limit",
        in: "query",
        description: "How many items (1 to the list's most); the rest follow through the Link header",
        schema: { type: "integer", minimum: 1 },
      },
      { name: "after", in: "query", description: "Continue after the item with this id", schema: { type: "integer" } },
    );
  }
  if (route.idempotent) {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: parts.idempotencyKeyDescription,
      schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7e]+$" },
    });
  }
  if (docs.query) {
    const query = jsonSchema(docs.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [param, schema] of Object.entries(query.properties ?? {})) {
      const { description, ...rest } = schema;
      parameters.push({
        name: param,
        in: "query",
        required: query.required?.includes(param) ?? false,
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  const answerSchema = jsonSchema(docs.answer, "output");
  const scopes = scopesFor(route, parts);
  return {
    operationId: operationIdOf(route),
    summary:
      docs.summary ??
      operationIdOf(route)
        .replace(/^Rest/, "")
        .replace(/([a-z])([A-Z])/g, "$1 $2"),
    description:
      `Runs the GraphQL ${route.operation.trimStart().startsWith("mutation") ? "mutation" : "query"} \`${name}\` (the same rules as /graphql). ${forAdministrators ? "Administrators only." : ""} API token scopes: ${scopes.join(", ")}.`.replace(
        "  ",
        " ",
      ),
    tags: [tagOf(route.path)],
    "x-scopes": scopes,
    ...(parameters.length ? { parameters } : {}),
    ...(docs.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(docs.body, "input") } } } }
      : {}),
    responses: {
      "200": {
        description: "Done",
        ...(route.pagedList
          ? {
              headers: {
                Link: { description: 'The next page (rel="next"), when more items follow', schema: { type: "string" } },
                "X-Next-After": {
                  description: "The id to pass as ?after= for the next page",
                  schema: { type: "string" },
                },
              },
            }
          : {}),
        content: { "application/json": { schema: answerSchema } },
      },
      ...(docs.accepted
        ? {
            "202": {
              description: docs.accepted.description,
              content: { "application/json": { schema: jsonSchema(docs.accepted.answer, "output") } },
            },
          }
        : {}),
      ...ERROR_RESPONSES,
      ...(route.idempotent
        ? {
            "422": textError(
              "The Idempotency-Key was used before with other input or on another path; nothing changed",
            ),
          }
        : {}),
    },
  };
}

/**
 * GET /api/admin/reports/{name}: the one /api path outside the route table (rest/handler.ts streams
 * it), described from the reports' own catalogue (analytics/reports.ts).
 */
function reportDownloadOperation(parts: OpenApiParts) {
  const reports = parts.reports.catalogue();
  const statuses = [...new Set(reports.flatMap((report) => report.statuses))];
  // The scopes that may download at least one report (the audit log needs `admin`).
  const scopes = parts.scopes.filter((scope) =>
    reports.some((report) => parts.reports.tokenMayDownload([scope], report.name)),
  );
  const day = { type: "string", format: "date", description: "YYYY-MM-DD, inclusive, on the report's date" };
  return {
    operationId: "DownloadReport",
    summary: "Download a report as a file",
    description: [
      "Streams every row (in keyset batches, compressed when the client accepts it) as an attachment named",
      `\`<name>-<YYYY-MM-DD>.<format>\`. Administrators only. API token scopes: ${scopes.join(", ")}. Columns:`,
      ...reports.map(
        (report) =>
          `- \`${report.name}\`: ${report.columns.join(", ")}${report.statuses.length ? ` (status: ${report.statuses.join(", ")})` : ""}`,
      ),
    ].join("\n"),
    tags: ["admin reports"],
    "x-scopes": scopes,
    parameters: [
      { name: "name", in: "path", required: true, schema: { type: "string", enum: reports.map((r) => r.name) } },
      {
        name: "format",
        in: "query",
        required: false,
        description: "The file's format",
        schema: { type: "string", enum: [...parts.reports.formats], default: parts.reports.formats[0] },
      },
      { name: "from", in: "query", required: false, description: day.description, schema: day },
      { name: "to", in: "query", required: false, description: day.description, schema: day },
      {
        name: "status",
        in: "query",
        required: false,
        description: "Only rows of this status (the reports that have one, listed above)",
        schema: { type: "string", enum: statuses },
      },
    ],
    responses: {
      "200": {
        description: "The file (CSV: RFC 4180, formula-safe cells; JSON: an array of rows keyed by column)",
        headers: {
          "Content-Disposition": {
            description: 'attachment; filename="<name>-<day>.<format>"',
            schema: { type: "string" },
          },
        },
        content: {
          "text/csv": { schema: { type: "string" } },
          "application/json": {
            schema: {
              type: "array",
              items: { type: "object", additionalProperties: { type: ["string", "number", "boolean", "null"] } },
            },
          },
        },
      },
      ...ERROR_RESPONSES,
    },
  };
}

/** `/api/referrals/:id/update` as OpenAPI writes it: `/api/referrals/{id}/update`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

/** The path of the report downloads, which rest/handler.ts answers before the route table. */
export const REPORT_DOWNLOAD_PATH = "/api/admin/reports/:name";

/**
 * Every operationId names one path (OpenAPI requires it; client generators name their methods by
 * it): a second path running the same operation must name its own (RouteDocs.operationId).
 */
export function assertUniqueOperationIds(
  routes: readonly Pick<CompiledRoute, "method" | "path" | "operation" | "docs">[],
) {
  const seen = new Map<string, string>([["DownloadReport", `GET ${REPORT_DOWNLOAD_PATH}`]]);
  for (const route of routes) {
    const id = operationIdOf(route);
    const label = `${route.method} ${route.path}`;
    const earlier = seen.get(id);
    if (earlier)
      throw new Error(`operationId ${id} names both ${earlier} and ${label}: give one its own docs.operationId`);
    seen.set(id, label);
  }
}

export function buildOpenApiDocument(routes: readonly CompiledRoute[], parts: OpenApiParts) {
  assertUniqueOperationIds(routes);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationFor(route, parts) };
  }
  paths[openApiPath(REPORT_DOWNLOAD_PATH)] = { get: reportDownloadOperation(parts) };
  return {
    openapi: "3.1.0",
    info: {
      title: "Referral rewards REST API",
      version: "1",
      description:
        "Every path runs one GraphQL operation of /graphql (schema at /schema.graphql), so each rule holds on both. " +
        "Sign in with POST /api/login (the session cookie it sets authorises the other calls), or send an API token as " +
        "`Authorization: Bearer <token>`: it acts as the administrator who made it, within its scopes (`x-scopes` on " +
        "each path). Errors answer text/plain.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "hng_session",
          description: "Set by POST /api/login (named __Host-hng_session in production)",
        },
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "API token: created in Reports > API Tokens or by POST /api/admin/api-tokens, sent as `Authorization: Bearer <token>`. " +
            "It acts as the administrator who made it (paths for a customer's own account refuse it), only for the " +
            "operations its scopes allow (`x-scopes`), with its own limit per minute (429). No CSRF check: it carries no cookie.",
        },
      },
    },
    security: [{ session: [] }, { bearer: [] }],
    paths,
  };
}
