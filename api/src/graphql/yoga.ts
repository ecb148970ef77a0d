import type { IncomingMessage, ServerResponse } from "node:http";
import { useGraphQlJit as compiledExecution } from "@envelop/graphql-jit";
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { usePersistedOperations as persistedDocumentsOnly } from "@graphql-yoga/plugin-persisted-operations";
import { type DocumentNode, GraphQLError, getOperationAST, NoSchemaIntrospectionCustomRule, validate } from "graphql";
import { createYoga, type Plugin } from "graphql-yoga";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "../lib/databaseErrors.ts";
import { AppError } from "../lib/errors.ts";
import { SCOPE_REFUSAL_MESSAGE } from "./access.ts";
import type { ApiTokenIdentity, AppDeps, Composition, Context } from "./context.ts";
import { rememberFirstPages } from "./pager.ts";
import { loadPersistedDocuments, mayRunArbitraryDocuments, PERSISTED_DOCUMENT_ERRORS } from "./persistedDocuments.ts";
import { requestLimitsPlugin } from "./requestLimits.ts";
import { requestSlot } from "./requestLoaders.ts";

export interface NodeServerContext {
  req: IncomingMessage & {
    requestId: string;
    clientIp: string;
    apiToken?: ApiTokenIdentity | null;
    apiTokenAgain?: () => Promise<ApiTokenIdentity>;
    /** For the metrics (http/metrics.ts): the operation's name and the codes of the answer's errors. */
    operation?: string;
    graphqlErrorCodes?: string[];
  };
  res: ServerResponse;
}

/** Limits on the text of a request, checked with validation; page sizes and cost are in requestLimits.ts. */
export const QUERY_LIMITS = { maxDepth: 12, maxAliases: 15, maxTokens: 2000, maxDirectives: 20 };

/** AppErrors that reach the top level (auth scopes, mostly) keep their message and carry their code. */
export function toGraphQLError(error: unknown): GraphQLError | undefined {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof AppError) {
    const path = error instanceof GraphQLError ? error.path : undefined;
    return new GraphQLError(original.message, { path, extensions: { code: original.code } });
  }
  if (isDatabaseUnavailable(original)) return serviceUnavailableError(error);
  return undefined;
}

/**
 * The database is away (restarting, failing over): SERVICE_UNAVAILABLE, never an internal error. It
 * carries HTTP 503 and Retry-After; `partialResultsStay200` takes them off when other fields answered.
 */
export function serviceUnavailableError(error?: unknown): GraphQLError {
  return new GraphQLError(DATABASE_UNAVAILABLE_MESSAGE, {
    path: error instanceof GraphQLError ? error.path : undefined,
    extensions: {
      code: "SERVICE_UNAVAILABLE",
      http: { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } },
    },
  });
}

/** A result with data beside a SERVICE_UNAVAILABLE field is a partial answer: 200, as for any field error. */
const partialResultsStay200: Plugin = {
  onExecutionResult({ result, setResult }) {
    if (!result || Symbol.asyncIterator in result || !result.errors?.length) return;
    const data = result.data as Record<string, unknown> | null | undefined;
    if (!data || Object.values(data).every((value) => value === null)) return;
    setResult({
      ...result,
      errors: result.errors.map((error) => {
        if (error.extensions?.code !== "SERVICE_UNAVAILABLE") return error;
        const { http: _http, ...extensions } = error.extensions;
        return new GraphQLError(error.message, { path: error.path, extensions });
      }),
    });
  },
};

/** A persisted document's id with its variables; null for a document sent as text (asked once, as a rule). */
function askOf(params: { variables?: unknown; extensions?: Record<string, unknown> }): string | null {
  const persisted = params.extensions?.persistedQuery as { sha256Hash?: unknown } | undefined;
  if (typeof persisted?.sha256Hash !== "string") return null;
  return `graphql ${persisted.sha256Hash} ${JSON.stringify(params.variables ?? {})}`;
}

const REQUEST_CONTEXT = Symbol("requestContext");
type ContextSlot = { pending?: Promise<Context>; made?: Context };
/** A request's context, in a slot of its Request (graphql/requestLoaders.ts, requestSlot, says why not a WeakMap). */
const requestContextOf = (request: Request) => requestSlot<ContextSlot>(request, REQUEST_CONTEXT, () => ({}));

/** /graphql. `composition`: the schema, the request context and the token check (compose/server.ts passes them in). */
export function createGraphQLHandler(app: AppDeps, { schema, createContext, tokenMayRunOperation }: Composition) {
  // Made once per request, as early as the persisted-documents check needs it (before Yoga's context).
  const contextFor = (request: Request, req: NodeServerContext["req"], ask: string | null = null): Promise<Context> => {
    const slot = requestContextOf(request);
    if (slot.pending) return slot.pending;
    slot.pending = createContext(app, {
      cookieHeader: req.headers.cookie ?? null,
      ip: req.clientIp,
      requestId: req.requestId,
      apiToken: req.apiToken ?? null,
      apiTokenAgain: req.apiTokenAgain,
      ask,
    }).then((context) => {
      slot.made = context;
      return context;
    });
    return slot.pending;
  };
  const persistedDocuments = loadPersistedDocuments();

  const setCookies: Plugin = {
    onResponse({ request, response }) {
      for (const cookie of requestContextOf(request).made?.responseCookies ?? [])
        response.headers.append("Set-Cookie", cookie);
    },
  };

  // A cross-site page can post a form or text/plain without a preflight, never JSON: only JSON
  // (and GET for queries, which Yoga already refuses for mutations) is accepted.
  const refuseNonJsonPosts: Plugin = {
    onRequest({ request, endResponse, fetchAPI }) {
      if (request.method !== "POST") return;
      const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
      if (type !== "application/json" && type !== "application/graphql-response+json") {
        endResponse(new fetchAPI.Response("GraphQL requests must be sent as application/json", { status: 415 }));
      }
    },
  };

  // Introspection stays open to administrators who act as one (integrators) and in development.
  // Checked at execution, because validation runs before the session is read.
  // Yoga's parser cache hands out the same document object for the same query text, so the
  // verdict is kept per document instead of walking it again on every request.
  const introspectionErrors = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  const introspectionForAdminsOnly: Plugin<Context> = {
    onExecute({ args, setResultAndStopExecution }) {
      if (!app.config.production || app.adminGate.actsAsAdmin(args.contextValue)) return;
      let errors = introspectionErrors.get(args.document);
      if (!errors) {
        errors = validate(args.schema, args.document, [NoSchemaIntrospectionCustomRule]);
        introspectionErrors.set(args.document, errors);
      }
      if (errors.length > 0) setResultAndStopExecution({ errors });
    },
  };

  // A token's scopes are decided per operation, before any field runs (apiTokens/scopes.ts): a refused one runs none.
  const tokenScopes: Plugin<Context> = {
    onExecute({ args, setResultAndStopExecution }) {
      const grant = args.contextValue.apiToken;
      if (!grant) return;
      grant.operationAllowed = tokenMayRunOperation(grant.token.scopes, args.schema, args.document, args.operationName);
      if (!grant.operationAllowed)
        setResultAndStopExecution({
          errors: [new GraphQLError(SCOPE_REFUSAL_MESSAGE, { extensions: { code: "FORBIDDEN" } })],
        });
    },
  };

  // What the metrics count the request under (http/metrics.ts): its operation's name and its errors' codes.
  const operationForMetrics: Plugin<Context & Partial<NodeServerContext>, NodeServerContext> = {
    onParams({ params, context }) {
      if (params.operationName) context.req.operation = params.operationName;
    },
    onExecute({ args }) {
      const req = args.contextValue.req;
      const name = getOperationAST(args.document, args.operationName)?.name?.value;
      if (req && name) req.operation = name;
    },
    onResultProcess({ result, serverContext }) {
      const results = Array.isArray(result) ? result : Symbol.asyncIterator in result ? [] : [result];
      const codes = results.flatMap((one) =>
        (one.errors ?? []).map((error) => String(error.extensions?.code ?? "UNKNOWN")),
      );
      if (codes.length > 0) serverContext.req.graphqlErrorCodes = codes;
    },
  };

  // The session is read before the params are checked: whether a document's text is allowed depends on who sends it.
  const readSessionFirst: Plugin<Context, NodeServerContext> = {
    onParams({ params, request, context }) {
      return contextFor(request, context.req, askOf(params)).then(() => undefined);
    },
  };

  // A query remembers the viewer's first pages it read, for the next request of the same ask.
  const rememberViewerPages: Plugin<Context> = {
    onExecute({ args }) {
      const context = args.contextValue;
      if (context.ask === null || getOperationAST(args.document, args.operationName)?.operation !== "query") return;
      return {
        onExecuteDone() {
          rememberFirstPages(context, context.viewer?.customer?.id);
        },
      };
    },
  };

  return createYoga<NodeServerContext, Context>({
    schema,
    graphqlEndpoint: "/graphql",
    graphiql: !app.config.production,
    // Cross-origin access and Cache-Control are decided for /graphql and /api alike in http/server.ts.
    cors: false,
    landingPage: false,
    // http/server.ts reads every body within MAX_BODY_BYTES before Yoga sees it; Yoga's own limit
    // piped that body through a TransformStream again, at ~0.25 ms of CPU on every POST.
    maxRequestBodySize: false,
    logging: false,
    maskedErrors: {
      maskError: (error, message, isDev) => {
        const known = toGraphQLError(error);
        // A 503 while the database is away shows in the request's log line; the outage itself is logged once by the pool.
        if (known) return known;
        if (error instanceof GraphQLError && !error.originalError) {
          // A variable that does not fit its type (graphql-js and graphql-jit give it no code) is bad
          // input: typed as such, as the REST shim answers it 400.
          if (!error.path && error.extensions?.code === undefined)
            return new GraphQLError(error.message, {
              nodes: error.nodes,
              extensions: { ...error.extensions, code: "BAD_USER_INPUT" },
            });
          return error;
        }
        app.log.error({ err: error }, "unexpected GraphQL error");
        return new GraphQLError(isDev ? String((error as Error)?.message ?? message) : message, {
          extensions: { code: "INTERNAL_SERVER_ERROR" },
        });
      },
    },
    context: ({ request, req }) => contextFor(request, req),
    plugins: [
      // Each operation compiled to JavaScript once (kept per parsed document, which Yoga caches):
      // executing the dashboard's ~150 fields through graphql-js cost about a fifth of its CPU.
      compiledExecution(
        {},
        { onError: (result) => app.log.error({ errors: result.errors }, "GraphQL operation not compiled") },
      ),
      refuseNonJsonPosts,
      partialResultsStay200,
      operationForMetrics,
      setCookies,
      tokenScopes,
      readSessionFirst,
      rememberViewerPages,
      persistedDocumentsOnly({
        getPersistedOperation: (id) => persistedDocuments.get(id) ?? null,
        allowArbitraryOperations: async (request) => {
          const context = await requestContextOf(request).pending;
          return context !== undefined && mayRunArbitraryDocuments(context);
        },
        customErrors: PERSISTED_DOCUMENT_ERRORS,
      }),
      introspectionForAdminsOnly,
      EnvelopArmorPlugin({
        // Fragments count by the fields they select, not as an extra level: Relay spreads one per component.
        maxDepth: { n: QUERY_LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true },
        maxAliases: { n: QUERY_LIMITS.maxAliases },
        maxTokens: { n: QUERY_LIMITS.maxTokens },
        // Priced at execution instead, with the variables (requestLimits.ts): this rule sees literals only.
        costLimit: { enabled: false },
        maxDirectives: { n: QUERY_LIMITS.maxDirectives },
        blockFieldSuggestion: { enabled: app.config.production },
      }),
      requestLimitsPlugin,
    ],
  });
}
