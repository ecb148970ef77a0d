import { useEffect, useRef } from "react";
import { fetchQuery, type GraphQLTaggedNode, useLazyLoadQuery, useRelayEnvironment } from "react-relay/hooks";
import { createOperationDescriptor, getRequest, type OperationType } from "relay-runtime";
import { useAdminLive } from "./AdminLive.tsx";
import { useTabVisit } from "./TabBoundary.tsx";

type Decision = { fetchPolicy: "store-or-network" | "store-and-network" | "network-only"; fetchKey: string };

/** Decided once per opening of a tab; kept here because a suspended first render keeps no state. */
const decisions = new Map<string, Decision>();
const MAX_DECISIONS = 200;

/**
 * A tab's query, decided once each time the tab (its TabBoundary) opens:
 * - "when-stale" (the Admin Panel's lists, as docs/rules/web-app.md says: data never goes stale by
 *   itself): shown from the store when it holds the answer; asked for again only when an action
 *   elsewhere marked the list stale (adminLists.ts).
 * - "every-visit" (the reports' figures, which every action moves): shown from the store at once
 *   and refreshed in the background on each visit.
 * Relay keeps a query's result for a while after its component unmounts and would answer the
 * next visit from it without looking at the store, so a visit that must fetch gets a key of its own.
 */
export function useAdminQuery<TQuery extends OperationType>(
  query: GraphQLTaggedNode,
  variables: TQuery["variables"],
  refresh: "when-stale" | "every-visit" = "when-stale",
  /** "on-reload": the list follows live events itself (useArrivals.ts); only Refresh fetches it again whole. */
  live: "on-event" | "on-reload" = "on-event",
): TQuery["response"] {
  const environment = useRelayEnvironment();
  const { visit, attempt } = useTabVisit();
  const request = getRequest(query);
  const id = `${visit}:${attempt}:${request.params.name}:${JSON.stringify(variables)}`;
  let decision = decisions.get(id);
  if (!decision) {
    if (refresh === "every-visit") decision = { fetchPolicy: "store-and-network", fetchKey: id };
    else {
      const stale = environment.check(createOperationDescriptor(request, variables)).status === "stale";
      decision = stale
        ? { fetchPolicy: "network-only", fetchKey: id }
        : { fetchPolicy: "store-or-network", fetchKey: String(attempt) };
    }
    decisions.set(id, decision);
    if (decisions.size > MAX_DECISIONS) decisions.delete(decisions.keys().next().value as string);
  }
  useLiveRefetch(query, variables, live);
  return useLazyLoadQuery<TQuery>(query, variables, decision);
}

/**
 * Under the Admin Panel's live updates (AdminLive.tsx): fetches the query again in place when a
 * change to what the open tab shows is heard; the answer replaces the store's, the list re-renders.
 */
function useLiveRefetch(query: GraphQLTaggedNode, variables: object, live: "on-event" | "on-reload"): void {
  const environment = useRelayEnvironment();
  const state = useAdminLive();
  const generation = live === "on-event" ? state.generation : state.reloadGeneration;
  const latest = useRef({ query, variables });
  latest.current = { query, variables };
  const fetched = useRef(generation);
  useEffect(() => {
    if (generation === fetched.current) return;
    fetched.current = generation;
    const fetching = fetchQuery(environment, latest.current.query, latest.current.variables, {
      fetchPolicy: "network-only",
    }).subscribe({
      // A failed refresh keeps the list as it was; the next event or Refresh tries again.
      error: () => {},
    });
    return () => fetching.unsubscribe();
  }, [environment, generation]);
}
