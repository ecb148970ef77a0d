import { Environment, type FetchFunction, type GraphQLResponse, Network, RecordSource, Store } from "relay-runtime";
import type { InitialData } from "./initialData.ts";

/** The error a non-OK answer raises: the status, a colon and a space, then the body (spec section 8). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

const fetchGraphQL: FetchFunction = async (operation, variables) => {
  const response = await fetch("/graphql", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ query: operation.text, operationName: operation.name, variables }),
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
 * One store for the whole app. Data never goes stale by itself and nothing polls: screens read
 * what the store has, and mutations update it (spec section 9: no refetch on focus, no retries).
 * `initialData`: the answers the server inlined in the page (relay/initialData.ts).
 */
export function createRelayEnvironment(initialData?: InitialData): Environment {
  // The page's inlined answers first (synchronously, so nothing suspends), each once; then /graphql.
  const fetchFn: FetchFunction = (operation, variables, cacheConfig, uploadables) =>
    initialData?.take(operation.name, variables) ?? fetchGraphQL(operation, variables, cacheConfig, uploadables);
  return new Environment({
    network: Network.create(fetchFn),
    store: new Store(new RecordSource(), { gcReleaseBufferSize: 20 }),
  });
}
