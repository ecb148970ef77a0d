// The page's data in its first response: for a route whose queries the server knows (the web build's
// route-queries.json), the HTML carries their answers, run with the request's own session, so the
// app renders without a second round trip. The client reads them in web/src/relay/initialData.ts.
import fs from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import type { GraphQLSchema } from "graphql";
import type { CompiledQuery } from "graphql-jit";
import type { AppDeps, Composition, Context } from "../graphql/context.ts";
import { compileHeldOperation, parseHeldOperation } from "../graphql/heldOperations.ts";
import { rememberFirstPages } from "../graphql/pager.ts";
import { requestLimitErrors } from "../graphql/requestLimits.ts";
import type { PageData } from "./staticFiles.ts";

/** Written into the web build by web/build/routeQueries.ts (npm run build:web). */
export const ROUTE_QUERIES_FILE = "route-queries.json";

/** The element the client reads the answers from. */
export const ROUTE_DATA_ELEMENT_ID = "relay-data";

/** Who a route's data is run for: its page's gate (web/src/routes/AppRoutes.tsx). */
type Audience = "everyone" | "signedIn" | "admin" | "staff";

interface RouteOperation {
  name: string;
  text: string;
  variables: Record<string, unknown>;
}

interface PreparedOperation {
  name: string;
  variables: Record<string, unknown>;
  compiled: CompiledQuery;
}

interface PreparedRoute {
  audience: Audience;
  operations: PreparedOperation[];
}

type RouteDataRequest = IncomingMessage & { requestId: string; clientIp: string };

/**
 * The data for a page request, or null for the plain shell: not a GET, a route without queries, a
 * visitor the route's data is not for, or a failure (the app then fetches as it always did).
 */
export function createRouteData(
  app: AppDeps,
  webDir: string,
  { schema, createContext }: Pick<Composition, "schema" | "createContext">,
) {
  let routes: Promise<Map<string, PreparedRoute>> | undefined;
  return async function routeData(req: RouteDataRequest, pathname: string): Promise<PageData | null> {
    if (req.method !== "GET") return null;
    routes ??= loadRoutes(app, schema, path.join(webDir, ROUTE_QUERIES_FILE));
    const route = (await routes).get(pathname);
    if (!route) return null;
    try {
      const context = await createContext(app, {
        cookieHeader: req.headers.cookie ?? null,
        ip: req.clientIp,
        requestId: req.requestId,
        // A page asks the same operations each time: the viewer's first pages come with the viewer (graphql/pager.ts).
        ask: `page ${pathname}`,
      });
      if (!isFor(route.audience, context)) return null;
      // One context for all of them, so the request's loaders batch their reads together.
      const answers = await Promise.all(route.operations.map((operation) => answer(operation, context)));
      rememberFirstPages(context, context.viewer?.customer?.id);
      const inlined = answers.filter((entry) => entry !== null);
      if (inlined.length === 0) return null;
      return {
        markup: scriptTag(inlined),
        answers: inlined,
        headers: {
          // One user's data: no shared cache may keep it, and no cache may answer another cookie with it.
          "Cache-Control": "private, no-store",
          Vary: "Cookie",
          ...(context.responseCookies.length > 0 ? { "Set-Cookie": context.responseCookies } : {}),
        },
      };
    } catch (error) {
      app.log.warn({ err: error, requestId: req.requestId }, "route data failed: the page goes without it");
      return null;
    }
  };
}

function isFor(audience: Audience, context: Context): boolean {
  if (audience === "everyone") return true;
  if (audience === "signedIn") return context.viewer !== null;
  if (audience === "staff") return context.viewer?.role === "STAFF";
  return context.app.adminGate.actsAsAdmin(context);
}

/** An answer with errors (a screen the viewer may not see, a failure) is left for the client to ask again. */
async function answer(operation: PreparedOperation, context: Context) {
  const result = await operation.compiled.query(undefined, context, operation.variables);
  if (result.errors?.length || !result.data) return null;
  return { name: operation.name, variables: operation.variables, response: { data: result.data } };
}

/** JSON is not run under the page's CSP; `<` escaped so no text in the data can end the element. */
function scriptTag(answers: unknown[]): string {
  const json = JSON.stringify(answers).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${ROUTE_DATA_ELEMENT_ID}">${json}</script>`;
}

/**
 * Read once. No file (a server without a web build, the dev server) means no route data; an
 * operation the schema refuses is logged and left out, never a failed page.
 */
async function loadRoutes(app: AppDeps, schema: GraphQLSchema, file: string): Promise<Map<string, PreparedRoute>> {
  const routes = new Map<string, PreparedRoute>();
  try {
    const table: Record<string, { audience: Audience; operations: RouteOperation[] }> = JSON.parse(
      await fs.readFile(file, "utf8"),
    );
    for (const [pathname, route] of Object.entries(table)) {
      const operations: PreparedOperation[] = [];
      for (const operation of route.operations) {
        const prepared = prepare(schema, operation);
        if (typeof prepared === "string") app.log.error({ pathname, operation: operation.name }, prepared);
        else operations.push(prepared);
      }
      routes.set(pathname, { audience: route.audience, operations });
    }
    return routes;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      app.log.error({ err: error, file }, "route queries unreadable: pages go without their data");
    return new Map();
  }
}

function prepare(schema: GraphQLSchema, operation: RouteOperation): PreparedOperation | string {
  const label = `route query ${operation.name}`;
  try {
    const document = parseHeldOperation(schema, operation.text, label);
    const refused = requestLimitErrors(schema, document, operation.name, operation.variables);
    if (refused.length > 0) return `${label}: ${refused.map((e) => e.message).join("; ")}`;
    const compiled = compileHeldOperation(schema, document, label, operation.name);
    return { name: operation.name, variables: operation.variables, compiled };
  } catch (error) {
    return (error as Error).message;
  }
}
