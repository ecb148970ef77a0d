import { useCallback, useEffect, useRef, useState } from "react";
import { commitLocalUpdate, fetchQuery, type GraphQLTaggedNode, useRelayEnvironment } from "react-relay/hooks";
import { ConnectionHandler, type IEnvironment, type RecordProxy, type RecordSourceSelectorProxy } from "relay-runtime";
import { useAdminLive } from "./AdminLive.tsx";

/*
 * New rows where the eye is (docs/rules/web-app.md, "New rows"): while an Admin Panel list is open,
 * each live event for its queue asks for the list's newest rows only (a small query of its own,
 * same search and filters). A row created after the page went live that the list has not shown
 * before goes to the top of the list's @connection in Relay's store, highlighted for a moment;
 * when the administrator sorted the list otherwise it waits behind an "N new" pill instead. An
 * event that brought no new row changed something else (a row dealt with elsewhere): then the
 * list is fetched again whole and the rows that arrived go back on top.
 */

/** How long a new row stays highlighted. */
export const ARRIVAL_HIGHLIGHT_MS = 4_000;

/** One of the newest rows, as the newest query answers it. */
export interface NewestRow {
  /** What tells rows apart in this list (the node's id, or customerId). */
  key: string;
  /** The row's record in the store (select `__id`). */
  dataId: string;
  createdAt: string;
}

export interface ArrivalsOptions<TData> {
  /** The list's @connection record (its `__id`); null while the list shows nothing. */
  connectionId: string | null;
  /** The connection's edge type, e.g. "QueryPendingReferralsConnectionEdge". */
  edgeType: string;
  /** The node field `key` is read from in the connection's edges ("id", "customerId"). */
  keyField: string;
  /** The keys the list shows now: known, never announced as new. */
  shownKeys: readonly string[];
  newestQuery: GraphQLTaggedNode;
  newestVariables: Record<string, unknown>;
  /** The newest rows (newest first) and the list's count, from the newest query's answer. */
  read(data: TData): { totalCount?: number | null; rows: readonly NewestRow[] };
  /**
   * When the newest query answers keys only (the list's rows are of another type): a query taking
   * `ids` that brings those rows into the store, by their ids.
   */
  rowsQuery?: GraphQLTaggedNode;
  /** The list's own query and variables: fetched again whole when an event brought no new row. */
  listQuery: GraphQLTaggedNode;
  listVariables: Record<string, unknown>;
  /** False when the list is sorted otherwise: new rows wait behind the pill until asked for. */
  atTop: boolean;
  /** After rows were placed on top at the administrator's request (the pill): scroll to them. */
  onShown?(keys: readonly string[]): void;
}

export interface Arrivals {
  /** Arrived while the list was open (marked "New" for the rest of the visit). */
  isNew(key: string): boolean;
  /** Arrived in the last few seconds: highlighted. */
  isFresh(key: string): boolean;
  /** New rows waiting behind the pill (the list is sorted otherwise). */
  waiting: number;
  /** Puts the waiting rows on top of the list and scrolls to them. */
  showWaiting(): void;
}

type RawValue = unknown;

/**
 * A row without an id of its own (stored at its place in the newest query's answer, which the
 * next answer overwrites) is copied, with what it links to, to a record of its own.
 */
function stableRecord(
  environment: IEnvironment,
  store: RecordSourceSelectorProxy,
  dataId: string,
  copyId: string,
): RecordProxy | null {
  if (!dataId.startsWith("client:") || dataId === copyId) return store.get(dataId) ?? null;
  const raw = environment.getStore().getSource().get(dataId) as Record<string, RawValue> | null | undefined;
  if (!raw) return null;
  const copy = store.get(copyId) ?? store.create(copyId, String(raw.__typename));
  for (const [field, value] of Object.entries(raw)) {
    if (field === "__id" || field === "__typename") continue;
    if (value !== null && typeof value === "object" && "__ref" in value) {
      const child = stableRecord(environment, store, String(value.__ref), `${copyId}:${field}`);
      if (child) copy.setLinkedRecord(child, field);
    } else if (value !== null && typeof value === "object" && "__refs" in value) {
      const refs = (value.__refs as (string | null)[]).map((ref, index) =>
        ref === null ? null : stableRecord(environment, store, ref, `${copyId}:${field}:${index}`),
      );
      copy.setLinkedRecords(refs, field);
    } else {
      copy.setValue(value as never, field);
    }
  }
  return copy;
}

const arrivalId = (connectionId: string, key: string) => `client:arrival:${connectionId}:${key}`;
const stableId = (row: NewestRow, connectionId: string) =>
  row.dataId.startsWith("client:") ? arrivalId(connectionId, row.key) : row.dataId;

/** Puts `rows` at the start of the connection, newest first, taking them from wherever they were. */
function placeOnTop(
  environment: IEnvironment,
  store: RecordSourceSelectorProxy,
  connectionId: string,
  edgeType: string,
  keyField: string,
  rows: readonly NewestRow[],
): void {
  const connection = store.get(connectionId);
  if (!connection) return;
  for (const row of [...rows].reverse()) {
    const node = stableRecord(environment, store, row.dataId, arrivalId(connectionId, row.key));
    if (!node) continue;
    const edges = connection.getLinkedRecords("edges") ?? [];
    connection.setLinkedRecords(
      edges.filter((edge) => edge?.getLinkedRecord("node")?.getValue(keyField) !== row.key),
      "edges",
    );
    ConnectionHandler.insertEdgeBefore(connection, ConnectionHandler.createEdge(store, connection, node, edgeType));
  }
}

export function useArrivals<TData>(options: ArrivalsOptions<TData>): Arrivals {
  const environment = useRelayEnvironment();
  const { generation, reloadGeneration, liveSince } = useAdminLive();
  const latest = useRef(options);
  latest.current = options;

  /** Every key this visit has shown or announced. */
  const known = useRef<Set<string> | null>(null);
  if (known.current === null) known.current = new Set(options.shownKeys);
  /** The rows that arrived, newest first (kept on top after a whole refetch). */
  const arrived = useRef<NewestRow[]>([]);
  const [newKeys, setNewKeys] = useState<ReadonlySet<string>>(() => new Set());
  const [freshKeys, setFreshKeys] = useState<ReadonlySet<string>>(() => new Set());
  const [waitingRows, setWaitingRows] = useState<readonly NewestRow[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const announce = useCallback((rows: readonly NewestRow[]) => {
    const keys = rows.map((row) => row.key);
    arrived.current = [...rows, ...arrived.current.filter((row) => !keys.includes(row.key))];
    setNewKeys((current) => new Set([...current, ...keys]));
    setFreshKeys((current) => new Set([...current, ...keys]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFreshKeys((current) => new Set([...current].filter((key) => !keys.includes(key))));
    }, ARRIVAL_HIGHLIGHT_MS);
    timers.current.add(timer);
  }, []);

  const seen = useRef({ generation, reloadGeneration });
  useEffect(() => {
    const previous = seen.current;
    seen.current = { generation, reloadGeneration };
    if (generation === previous.generation) return;
    const set = known.current as Set<string>;
    // Refresh fetches the list again whole (useAdminQuery): it shows in its own order from there.
    if (reloadGeneration !== previous.reloadGeneration) {
      arrived.current = [];
      for (const key of latest.current.shownKeys) set.add(key);
      return;
    }
    if (liveSince === null) return;
    const since = Date.parse(liveSince);
    const { newestQuery, newestVariables } = latest.current;
    const fetching = fetchQuery(environment, newestQuery, newestVariables, { fetchPolicy: "network-only" }).subscribe({
      next: (data) => {
        const { connectionId, edgeType, keyField, read, atTop } = latest.current;
        const { totalCount, rows } = read(data as TData);
        for (const key of latest.current.shownKeys) set.add(key);
        const fresh = rows.filter((row) => !set.has(row.key) && Date.parse(row.createdAt) > since);
        for (const row of fresh) set.add(row.key);
        // The rows that arrived earlier and are still in the list, as this answer has them.
        const arrivedKeys = new Set(arrived.current.map((row) => row.key));
        const stillThere = rows.filter((row) => arrivedKeys.has(row.key));
        arrived.current = stillThere;
        if (!connectionId) return;
        if (fresh.length > 0) {
          const place = () => {
            // Rows that wait are copied now: the next answer to the newest query overwrites a row without an id.
            const waiting = fresh.map((row) => ({ ...row, dataId: stableId(row, connectionId) }));
            commitLocalUpdate(environment, (store) => {
              if (atTop) placeOnTop(environment, store, connectionId, edgeType, keyField, fresh);
              else
                for (const row of fresh) stableRecord(environment, store, row.dataId, arrivalId(connectionId, row.key));
              const connection = store.get(connectionId);
              if (connection && typeof totalCount === "number") connection.setValue(totalCount, "totalCount");
            });
            if (atTop) announce(fresh);
            else setWaitingRows((current) => [...waiting, ...current]);
          };
          const { rowsQuery } = latest.current;
          if (!rowsQuery) return place();
          const ids = fresh.map((row) => row.key);
          fetchQuery(environment, rowsQuery, { ids }, { fetchPolicy: "network-only" }).subscribe({
            complete: place,
            error: () => {},
          });
          return;
        }
        // Something else changed: the list again whole, then what arrived back on top.
        const { listQuery, listVariables } = latest.current;
        fetchQuery(environment, listQuery, listVariables, { fetchPolicy: "network-only" }).subscribe({
          complete: () => {
            if (!latest.current.atTop || stillThere.length === 0) return;
            commitLocalUpdate(environment, (store) =>
              placeOnTop(environment, store, connectionId, edgeType, keyField, stillThere),
            );
          },
          // A failed refresh keeps the list as it was; the next event or Refresh tries again.
          error: () => {},
        });
      },
      error: () => {},
    });
    return () => fetching.unsubscribe();
  }, [environment, generation, reloadGeneration, liveSince, announce]);

  const showWaiting = useCallback(() => {
    const { connectionId, edgeType, keyField, onShown } = latest.current;
    if (!connectionId || waitingRows.length === 0) return;
    const rows = waitingRows;
    commitLocalUpdate(environment, (store) => placeOnTop(environment, store, connectionId, edgeType, keyField, rows));
    setWaitingRows([]);
    announce(rows);
    onShown?.(rows.map((row) => row.key));
  }, [environment, waitingRows, announce]);

  return {
    isNew: (key) => newKeys.has(key),
    isFresh: (key) => freshKeys.has(key),
    waiting: waitingRows.length,
    showWaiting,
  };
}

/**
 * Once `find` finds the element (the list re-renders after the store changed), scrolls the list
 * holding it to its top (smoothly unless reduced motion is asked for) and focuses it.
 */
export function revealAtTop(find: () => HTMLElement | null, tries = 40): void {
  const element = find();
  if (!element) {
    if (tries > 0) setTimeout(() => revealAtTop(find, tries - 1), 25);
    return;
  }
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  const scroller = element.closest<HTMLElement>('[role="region"]');
  scroller?.scrollTo?.({ top: 0, behavior: reduce ? "auto" : "smooth" });
  element.focus({ preventScroll: true });
}

/**
 * For a list read whole (a handful of rows, fetched again on each event): the ids that were not
 * there when it opened, newest first on top, highlighted for a moment.
 */
export function useNewIds(ids: readonly string[]): {
  isNew(id: string): boolean;
  isFresh(id: string): boolean;
  /** The ids with the new ones first (the latest on top), the rest in the list's order. */
  ordered: readonly string[];
} {
  const known = useRef<Set<string> | null>(null);
  if (known.current === null) known.current = new Set(ids);
  const [arrived, setArrived] = useState<readonly string[]>([]);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const unseen = ids.filter((id) => !(known.current as Set<string>).has(id));
  const unseenKey = unseen.join(",");
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);
  useEffect(() => {
    if (unseenKey === "") return;
    const keys = unseenKey.split(",");
    for (const key of keys) known.current?.add(key);
    setArrived((current) => [...[...keys].reverse(), ...current]);
    setFresh((current) => new Set([...current, ...keys]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFresh((current) => new Set([...current].filter((key) => !keys.includes(key))));
    }, ARRIVAL_HIGHLIGHT_MS);
    timers.current.add(timer);
  }, [unseenKey]);
  const present = new Set(ids);
  const first = [...arrived, ...[...unseen].reverse()].filter(
    (id, index, all) => present.has(id) && all.indexOf(id) === index,
  );
  return {
    isNew: (id) => first.includes(id),
    isFresh: (id) => fresh.has(id) || unseen.includes(id),
    ordered: [...first, ...ids.filter((id) => !first.includes(id))],
  };
}
