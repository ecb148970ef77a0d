import { useEffect } from "react";
import { loadQuery, type PreloadedQuery, useRelayEnvironment } from "react-relay/hooks";
import type { ConcreteRequest, IEnvironment, OperationType } from "relay-runtime";
import { useLocation, useSearch } from "wouter";

interface RouteQueries {
  prepared: Map<string, PreloadedQuery<OperationType>>;
  pendingDisposals: Map<string, ReturnType<typeof setTimeout>>;
}

// Per Relay environment: a reference belongs to the store it was loaded into (tests make one each).
const routeQueriesByEnvironment = new WeakMap<IEnvironment, RouteQueries>();

function routeQueriesOf(environment: IEnvironment): RouteQueries {
  let queries = routeQueriesByEnvironment.get(environment);
  if (!queries) {
    queries = { prepared: new Map(), pendingDisposals: new Map() };
    routeQueriesByEnvironment.set(environment, queries);
  }
  return queries;
}

/**
 * Starts a route's query as the route is entered, before its page renders (and while the page's
 * code chunk downloads), and hands the page a preloaded reference for usePreloadedQuery.
 * One reference per address while the route is on screen, so re-renders, a suspended first
 * render and StrictMode's double render all reuse it; it is released a tick after the route
 * unmounts, so the next visit starts afresh (from the store when it still has the data).
 *
 * Pass the generated artifact (import X from "../__generated__/XQuery.graphql.ts"), not a
 * graphql tag, so the route file does not pull the page's code into the main chunk.
 */
export function useRouteQuery<TQuery extends OperationType>(
  query: ConcreteRequest,
  variables: TQuery["variables"],
): PreloadedQuery<TQuery> {
  const environment = useRelayEnvironment();
  const { prepared, pendingDisposals } = routeQueriesOf(environment);
  const [path] = useLocation();
  const search = useSearch();
  const key = `${path}?${search}\u0000${query.params.name}\u0000${JSON.stringify(variables)}`;

  let reference = prepared.get(key) as PreloadedQuery<TQuery> | undefined;
  if (!reference) {
    reference = loadQuery<TQuery>(environment, query, variables, { fetchPolicy: "store-or-network" });
    prepared.set(key, reference as PreloadedQuery<OperationType>);
  }

  useEffect(() => {
    const pending = pendingDisposals.get(key);
    if (pending !== undefined) {
      clearTimeout(pending);
      pendingDisposals.delete(key);
    }
    return () => {
      pendingDisposals.set(
        key,
        setTimeout(() => {
          pendingDisposals.delete(key);
          prepared.get(key)?.dispose();
          prepared.delete(key);
        }, 0),
      );
    };
  }, [key, prepared, pendingDisposals]);

  return reference;
}
