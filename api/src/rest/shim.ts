import { type DocumentNode, type ExecutionResult, GraphQLError } from "graphql";
import type { CompiledQuery } from "graphql-jit";
import { SCOPE_REFUSAL_MESSAGE } from "../graphql/access.ts";
import type { Composition, Context } from "../graphql/context.ts";
import { compileHeldOperation, parseHeldOperation } from "../graphql/heldOperations.ts";
import { MAX_PAGE_SIZE, requestLimitErrors } from "../graphql/requestLimits.ts";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, retryAfterHeaders } from "../lib/databaseErrors.ts";
import { AppError } from "../lib/errors.ts";
import type { RestRequest, RestRoute } from "./route.ts";

export interface RestResult {
  status: number;
  body: unknown;
  /** A list with more rows after this answer: the next call's `?after=` and `?limit=`. */
  next?: NextPage;
  /** The route's own headers (RestRoute.headers) on a successful answer; Retry-After on a 503. */
  headers?: Record<string, string>;
}

export interface NextPage {
  after: number;
  limit: number;
}

const STATUS_BY_CODE: Record<string, number> = {
  BAD_INPUT: 400,
  BAD_USER_INPUT: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
};

export interface CompiledRoute extends RestRoute {
  document: DocumentNode;
  pattern: RegExp;
  paramNames: string[];
  /** The operation compiled to JavaScript on first use, as /graphql runs it (graphql/yoga.ts). */
  compiled?: CompiledQuery;
  /** The schema and token check the composition root passed in (compose/restRoutes.ts). */
  held: HeldBy;
}

/** What the routes run against: the schema and the API tokens' scope check (compose/restRoutes.ts passes them in). */
export type HeldBy = Pick<Composition, "schema" | "tokenMayRunOperation">;

/** Parses and validates every route's operation once; an invalid one stops the start-up. */
export function compileRoutes(routes: RestRoute[], held: HeldBy): CompiledRoute[] {
  return routes.map((route) => {
    const document = parseHeldOperation(held.schema, route.operation, `REST ${route.method} ${route.path}`);
    const paramNames: string[] = [];
    const pattern = new RegExp(
      `^${route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
        paramNames.push(name);
        return "([^/]+)";
      })}/?$`,
    );
    return { ...route, document, pattern, paramNames, held };
  });
}

export function matchRoute(routes: CompiledRoute[], method: string, pathname: string) {
  let pathMatched = false;
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    const params = Object.fromEntries(route.paramNames.map((name, i) => [name, decodePathSegment(match[i + 1] ?? "")]));
    return { route, params };
  }
  return pathMatched ? "method-not-allowed" : undefined;
}

/** A path segment's text; a malformed escape ("%zz", or one that is not UTF-8) stays as sent, which names nothing. */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Runs the route's GraphQL operation and maps typed errors and top-level errors to HTTP. */
export async function runRoute(route: CompiledRoute, request: RestRequest, context: Context): Promise<RestResult> {
  let variables: Record<string, unknown>;
  try {
    // The key reaches only the routes that declare it, so the document's list of them is the true one.
    variables = route.variables?.(route.idempotent ? request : { ...request, idempotencyKey: null }) ?? {};
  } catch (error) {
    return failure(error);
  }
  const { result, next } = route.pagedList
    ? await runPages(route, variables, context)
    : { result: await runOnce(route, variables, context), next: undefined };
  if (result.errors?.length) return fromGraphQLErrors(result.errors, context);
  const data = result.data as Record<string, any>;
  for (const value of Object.values(data)) {
    if (
      value &&
      typeof value === "object" &&
      typeof value.code === "string" &&
      typeof value.message === "string" &&
      STATUS_BY_CODE[value.code]
    ) {
      return { status: STATUS_BY_CODE[value.code] ?? 400, body: value.message };
    }
  }
  try {
    const accepted = route.accepted?.(data);
    if (accepted !== undefined) {
      if (CHECK_ANSWERS && route.docs.accepted) checkAnswer(route, accepted, context, route.docs.accepted.answer);
      return { status: 202, body: accepted };
    }
    const body = route.answer(data);
    if (CHECK_ANSWERS) checkAnswer(route, body, context);
    return {
      status: 200,
      body,
      ...(next ? { next } : {}),
      ...(route.headers ? { headers: route.headers() } : {}),
    };
  } catch (error) {
    return failure(error);
  }
}

/** The operation once, within the same request limits as /graphql (graphql/requestLimits.ts). */
async function runOnce(
  route: CompiledRoute,
  variables: Record<string, unknown>,
  context: Context,
): Promise<ExecutionResult> {
  const refused = requestLimitErrors(route.held.schema, route.document, undefined, variables);
  if (refused.length > 0) return { errors: refused };
  if (context.apiToken) {
    const { schema, tokenMayRunOperation } = route.held;
    context.apiToken.operationAllowed = tokenMayRunOperation(context.apiToken.token.scopes, schema, route.document);
    // Refused before any field runs, as on /graphql (graphql/yoga.ts).
    if (!context.apiToken.operationAllowed)
      return { errors: [new GraphQLError(SCOPE_REFUSAL_MESSAGE, { extensions: { code: "FORBIDDEN" } })] };
  }
  return compiledOperation(route).query(undefined, context, variables);
}

/**
 * `first` rows read a page at a time, each continuing from the last one's cursor (a REST `?after=<id>`,
 * `afterDatabaseId`, places the first page only). Keyset pages: a row added meanwhile is not read twice.
 * When rows remain after the `first`, `next` names the last row's id for the following call.
 */
async function runPages(
  route: CompiledRoute,
  variables: Record<string, unknown>,
  context: Context,
): Promise<{ result: ExecutionResult; next?: NextPage }> {
  const wanted = typeof variables.first === "number" ? variables.first : MAX_PAGE_SIZE;
  const edges: { node?: unknown }[] = [];
  let pageVariables: Record<string, unknown> = { ...variables, first: Math.min(wanted, MAX_PAGE_SIZE) };
  for (;;) {
    const result = await runOnce(route, pageVariables, context);
    const connection = result.errors?.length ? null : route.pagedList?.(result.data);
    if (!connection) return { result };
    edges.push(...(connection.edges as { node?: unknown }[]));
    const { hasNextPage, endCursor } = connection.pageInfo;
    if (!hasNextPage || endCursor === null || edges.length >= wanted) {
      connection.edges = edges;
      const last = edges.at(-1)?.node as Record<string, unknown> | undefined;
      if (!hasNextPage || !last) return { result };
      const after = route.pagedItemId ? route.pagedItemId(last) : last.databaseId;
      return { result, next: { after: after as number, limit: wanted } };
    }
    pageVariables = {
      ...pageVariables,
      first: Math.min(wanted - edges.length, MAX_PAGE_SIZE),
      after: endCursor,
      afterDatabaseId: null,
    };
  }
}

function compiledOperation(route: CompiledRoute): CompiledQuery {
  route.compiled ??= compileHeldOperation(route.held.schema, route.document, `REST ${route.method} ${route.path}`);
  return route.compiled;
}

function fromGraphQLErrors(errors: readonly GraphQLError[], context: Context): RestResult {
  const first = errors[0] as GraphQLError;
  if (first.originalError instanceof AppError) return failure(first.originalError);
  const code = first.extensions?.code;
  if (typeof code === "string" && STATUS_BY_CODE[code])
    return { status: STATUS_BY_CODE[code] ?? 400, body: first.message };
  // The database away (restarting, failing over): 503 with Retry-After, in the shim's error shape.
  if (code === "SERVICE_UNAVAILABLE" || isDatabaseUnavailable(first.originalError))
    return { status: 503, body: DATABASE_UNAVAILABLE_MESSAGE, headers: retryAfterHeaders() };
  // Variables that do not fit the operation's input types are bad input, not a crash.
  if (!first.originalError && !first.path) return { status: 400, body: first.message };
  context.log.error({ err: first.originalError ?? first }, "REST shim operation failed");
  return { status: 500, body: "Internal server error" };
}

/** In development each answer is checked against its documented schema, so the document cannot drift unseen. */
const CHECK_ANSWERS = process.env.NODE_ENV === "development";

function checkAnswer(route: CompiledRoute, body: unknown, context: Context, schema = route.docs.answer) {
  const checked = schema.safeParse(body);
  if (!checked.success) {
    context.log.warn(
      { path: route.path, issues: checked.error.issues },
      "REST answer does not fit its documented schema",
    );
  }
}

function failure(error: unknown): RestResult {
  if (error instanceof AppError) return { status: error.httpStatus, body: error.message };
  throw error;
}
