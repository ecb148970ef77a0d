// The OpenAPI 3.1 description of every /api path, generated from the route table and each route's zod
// schemas (route.ts RouteDocs): served at /api/openapi.json, checked against real answers in openapi.test.ts.
import { z } from "zod";
import type { RestRoute } from "./route.ts";

type JsonSchema = Record<string, unknown>;

/** A zod schema as the JSON Schema (2020-12, as OpenAPI 3.1 takes it) of what the server sends or reads. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** The GraphQL operation a route runs, by name: the rule behind the path. */
export function operationName(route: RestRoute): string {
  return /^\s*(?:query|mutation)\s+(\w+)/.exec(route.operation)?.[1] ?? "anonymous";
}

const textError = (description: string) => ({ description, content: { "text/plain": { schema: { type: "string" } } } });

const ERROR_RESPONSES = {
  "400": textError("Bad input: the message names the field; nothing changed"),
  "401": textError("Not signed in"),
  "403": textError("Signed in without the right to this path"),
  "404": textError("No such item (or not yours)"),
  "409": textError("The item's state does not allow this"),
  "429": textError("Too many attempts: wait and retry"),
};

function tagOf(path: string): string {
  const parts = path.split("/").filter(Boolean);
  return parts[1] === "admin" ? `admin ${parts[2]?.split("-")[0] ?? ""}`.trim() : (parts[1] ?? "api");
}

function operationFor(route: RestRoute) {
  const docs = route.docs ?? {};
  const name = operationName(route);
  const isAdmin = route.path.startsWith("/api/admin/");
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
  const answerSchema = docs.answer ? jsonSchema(docs.answer, "output") : {};
  return {
    operationId: name,
    summary: docs.summary ?? name.replace(/^Rest/, "").replace(/([a-z])([A-Z])/g, "$1 $2"),
    description:
      `Runs the GraphQL ${route.operation.trimStart().startsWith("mutation") ? "mutation" : "query"} \`${name}\` (the same rules as /graphql). ${isAdmin ? "Administrators only." : ""}`.trim(),
    tags: [tagOf(route.path)],
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
      ...ERROR_RESPONSES,
    },
  };
}

/** `/api/referrals/:id/update` as OpenAPI writes it: `/api/referrals/{id}/update`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

export function buildOpenApiDocument(routes: readonly RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationFor(route) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Referral rewards REST API",
      version: "1",
      description:
        "Every path runs one GraphQL operation of /graphql (schema at /schema.graphql), so each rule holds on both. " +
        "Sign in with POST /api/login; the session cookie it sets authorises the other calls. Errors answer text/plain.",
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
      },
    },
    security: [{ session: [] }],
    paths,
  };
}
