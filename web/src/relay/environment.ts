import {
  Environment,
  type FetchFunction,
  type GraphQLResponse,
  Network,
  Observable,
  RecordSource,
  type RequestParameters,
  Store,
  type SubscribeFunction,
  type Variables,
} from "relay-runtime";
import type { InitialData } from "./initialData.ts";

/** The error a non-OK answer raises: the status, a colon and a space, then the body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * The operation by its persisted id (relay.config.js `persistConfig`): in production the server runs
 * only those documents for visitors and customers. The text is sent only if an artifact has no id.
 */
function requestBody(operation: RequestParameters, variables: Variables): string {
  if (operation.id)
    return JSON.stringify({
      operationName: operation.name,
      variables,
      extensions: { persistedQuery: { version: 1, sha256Hash: operation.id } },
    });
  return JSON.stringify({ query: operation.text, operationName: operation.name, variables });
}

const fetchGraphQL: FetchFunction = async (operation, variables) => {
  const response = await fetch("/graphql", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: requestBody(operation, variables),
  });
  const isJson = (response.headers.get("content-type") ?? "").includes("json");
  if (!response.ok && !isJson) {
    const body = await response.text().catch(() => "");
    throw new HttpError(response.status, `${response.status}: ${body || response.statusText}`);
  }
  const payload = (await response.json()) as GraphQLResponse;
  // Relay treats a response without data as a failure and raises its first error's message.
  return payload;
};

/**
 * A subscription over Server-Sent Events, as Yoga serves it: a POST like a query's, answered with
 * a stream of `data:` events (each a GraphQL result) that ends with the subscription. A stream
 * that ends or fails completes or errors the observable; the caller decides whether to resubscribe.
 */
const subscribeOverEventStream: SubscribeFunction = (operation, variables) =>
  Observable.create<GraphQLResponse>((sink) => {
    const abort = new AbortController();
    (async () => {
      const response = await fetch("/graphql", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: requestBody(operation, variables),
        signal: abort.signal,
      });
      if (!response.ok || !response.body)
        throw new HttpError(response.status, `${response.status}: ${response.statusText}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        // Events end with a blank line; lines starting with ":" are keep-alive comments.
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const data = buffer
            .slice(0, end)
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trimStart())
            .join("\n");
          buffer = buffer.slice(end + 2);
          if (data !== "") sink.next(JSON.parse(data) as GraphQLResponse);
        }
      }
      sink.complete();
    })().catch((error: unknown) => {
      if (!abort.signal.aborted) sink.error(error instanceof Error ? error : new Error(String(error)));
    });
    return () => abort.abort();
  });

/**
 * One store for the whole app. Data never goes stale by itself and nothing polls: screens read
 * what the store has, and mutations update it (docs/rules/web-app.md: no refetch on focus, no retries);
 * the Admin Panel alone also refetches on the live events it subscribes to (AdminLive.tsx).
 * `initialData`: the answers the server inlined in the page (relay/initialData.ts).
 */
export function createRelayEnvironment(initialData?: InitialData): Environment {
  // The page's inlined answers first (synchronously, so nothing suspends), each once; then /graphql.
  const fetchFn: FetchFunction = (operation, variables, cacheConfig, uploadables) =>
    initialData?.take(operation.name, variables) ?? fetchGraphQL(operation, variables, cacheConfig, uploadables);
  return new Environment({
    network: Network.create(fetchFn, subscribeOverEventStream),
    store: new Store(new RecordSource(), { gcReleaseBufferSize: 20 }),
  });
}
