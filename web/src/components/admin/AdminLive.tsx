import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { RefreshCw } from "lucide-react";
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { commitLocalUpdate, graphql, useRelayEnvironment, useSubscription } from "react-relay/hooks";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type {
  AdminLiveSubscription,
  AdminQueue as AnyAdminQueue,
} from "../../__generated__/AdminLiveSubscription.graphql.ts";
import { AdminCountsProvider, useRefreshAdminCounts } from "./AdminCounts.tsx";
import { type AdminList, invalidateAdminLists } from "./adminLists.ts";

/*
 * Live admin queues: while the Admin Panel is open it subscribes to adminQueuesChanged (Server-Sent
 * Events). Each event refreshes the tab counts, marks the lists it concerns stale (they load afresh
 * when next opened) and has the open tab's list brought up to date in place: a list that shows new
 * rows above (useArrivals.ts) asks only for its newest rows, the others fetch their query again
 * (useAdminQuery). When the stream is down the page says so and tries again; Refresh fetches every
 * open list again.
 */

const subscription = graphql`
  subscription AdminLiveSubscription {
    adminQueuesChanged {
      queues
      at
    }
  }
`;

/** The queues this page knows; one added later in the API counts as all of them. */
export type AdminQueue = Exclude<AnyAdminQueue, "%future added value">;

export const ALL_QUEUES: readonly AdminQueue[] = ["REFERRALS", "CUSTOMERS", "MILESTONES", "EMAILS"];

/** The lists each queue's changes touch (All Customers shows referrals and milestones too). */
const LISTS_OF_QUEUE: Record<AdminQueue, readonly AdminList[]> = {
  REFERRALS: ["pendingReferrals", "purchasedReferrals", "allCustomers", "customerDetails", "referralDetails"],
  CUSTOMERS: ["pendingCustomers", "allCustomers", "customerDetails"],
  MILESTONES: ["milestonePayments", "allCustomers", "customerDetails"],
  EMAILS: [],
};

/** What each Admin Panel tab shows, by its ?tab= value; a tab not named here follows every queue. */
const QUEUES_OF_TAB: Record<string, readonly AdminQueue[]> = {
  "pending-referrals": ["REFERRALS"],
  "customer-approval": ["CUSTOMERS"],
  "milestone-payments": ["MILESTONES"],
  "all-customers": ["CUSTOMERS", "REFERRALS", "MILESTONES"],
  "email-system": ["EMAILS"],
  "purchased-referrals": ["REFERRALS"],
  settings: [],
};

export const queuesOfTab = (tab: string): readonly AdminQueue[] => QUEUES_OF_TAB[tab] ?? ALL_QUEUES;

/** Events closer together than this are taken as one (the first at once, the rest together after). */
export const LIVE_REFRESH_SPACING_MS = 1_000;
/** Waits before subscribing again after the stream failed or ended: doubling up to the last. */
const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 16_000, 30_000];

interface AdminLiveState {
  /** Moves each time the open tab's list should be brought up to date (an event or Refresh). */
  generation: number;
  /** Moves only when every list should be fetched again whole: Refresh, or the stream back after a break. */
  reloadGeneration: number;
  /** The server's time when the stream first went live: rows created after it arrived while the page was open. */
  liveSince: string | null;
  /** When the page's figures were last brought up to date (ms since the epoch). */
  updatedAt: number;
  /** Whether live updates are arriving. */
  live: boolean;
  refresh(): void;
}

const AdminLiveContext = createContext<AdminLiveState>({
  generation: 0,
  reloadGeneration: 0,
  liveSince: null,
  updatedAt: 0,
  live: false,
  refresh: () => {},
});

export function useAdminLive(): AdminLiveState {
  return useContext(AdminLiveContext);
}

interface LiveProps {
  /** The queues the open tab shows: an event naming one of them fetches the tab's list again. */
  watching: readonly AdminQueue[];
  children: ReactNode;
}

/** The tab counts (AdminCountsProvider) and their live updates, subscribed while mounted. */
export function AdminLiveProvider(props: LiveProps) {
  return (
    <AdminCountsProvider>
      <LiveFeed {...props} />
    </AdminCountsProvider>
  );
}

function LiveFeed({ watching, children }: LiveProps) {
  const environment = useRelayEnvironment();
  const refreshCounts = useRefreshAdminCounts();
  const [generation, setGeneration] = useState(0);
  const [reloadGeneration, setReloadGeneration] = useState(0);
  const [liveSince, setLiveSince] = useState<string | null>(null);
  const [updatedAt, setUpdatedAt] = useState(() => Date.now());
  const [live, setLive] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // What the stream brings changes the context above the whole page, so it comes as a transition: one
  // arriving while the page hydrates then cannot make React hydrate every boundary still waiting below
  // at once, in one long task (docs/performance.md, "Lighthouse on a phone").
  const watchingRef = useRef(watching);
  watchingRef.current = watching;

  // Coalescing: queues heard since the last refresh, and when it was.
  const pending = useRef(new Set<AdminQueue>());
  const reloadPending = useRef(false);
  const lastApplied = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const apply = useCallback(() => {
    timer.current = undefined;
    const queues = [...pending.current];
    pending.current.clear();
    const reload = reloadPending.current;
    reloadPending.current = false;
    lastApplied.current = Date.now();
    const lists = [...new Set(queues.flatMap((queue) => LISTS_OF_QUEUE[queue]))];
    startTransition(() => {
      if (lists.length > 0) commitLocalUpdate(environment, (store) => invalidateAdminLists(store, lists));
      refreshCounts();
      if (queues.some((queue) => watchingRef.current.includes(queue))) setGeneration((value) => value + 1);
      if (reload) setReloadGeneration((value) => value + 1);
      setUpdatedAt(Date.now());
    });
  }, [environment, refreshCounts]);

  const changed = useCallback(
    (queues: readonly AdminQueue[], reload = false) => {
      for (const queue of queues) pending.current.add(queue);
      if (reload) reloadPending.current = true;
      if (timer.current !== undefined) return;
      timer.current = setTimeout(apply, Math.max(0, lastApplied.current + LIVE_REFRESH_SPACING_MS - Date.now()));
    },
    [apply],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  const everLive = useRef(false);
  const config = useMemo<GraphQLSubscriptionConfig<AdminLiveSubscription>>(() => {
    const down = () => {
      startTransition(() => setLive(false));
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
      setTimeout(() => setAttempt((value) => value + 1), delay);
    };
    return {
      subscription,
      variables: {},
      onNext: (response) => {
        const named = response?.adminQueuesChanged.queues ?? [];
        const queues = named.flatMap((queue) => (queue in LISTS_OF_QUEUE ? [queue as AdminQueue] : ALL_QUEUES));
        if (queues.length > 0) return changed(queues);
        // The first event: live from here. After a break, whatever changed meanwhile was missed.
        const at = response?.adminQueuesChanged.at;
        startTransition(() => {
          setLive(true);
          if (!everLive.current && at) setLiveSince(String(at));
        });
        if (everLive.current) changed(ALL_QUEUES, true);
        everLive.current = true;
      },
      onError: down,
      onCompleted: down,
    };
    // A new attempt makes a new config, which subscribes again.
  }, [attempt, changed]);
  useSubscription(config);

  // By hand: everything fetched again, and the stream tried again at once if it is down.
  const refresh = useCallback(() => {
    changed(ALL_QUEUES, true);
    if (!live) setAttempt((value) => value + 1);
  }, [changed, live]);
  const value = useMemo(
    () => ({ generation, reloadGeneration, liveSince, updatedAt, live, refresh }),
    [generation, reloadGeneration, liveSince, updatedAt, live, refresh],
  );
  return <AdminLiveContext.Provider value={value}>{children}</AdminLiveContext.Provider>;
}

/** "just now", "3 min ago", "2 h ago". */
export function updatedAgo(updatedAt: number, now: number): string {
  const minutes = Math.floor((now - updatedAt) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

const TICK_MS = 15_000;

/**
 * "Live · Updated just now [Refresh]", or "Live updates paused — Refresh" when the stream is down.
 * Only the live state is announced (a polite status); the ticking time is read when asked for.
 * Its height does not depend on the state: on a phone the two texts are two lines whatever they
 * say, beside the button, so the first event ("paused" becoming "Live") moves nothing below it
 * (docs/performance.md, "Lighthouse on a phone").
 */
export function AdminLiveStatus() {
  const { updatedAt, live, refresh } = useAdminLive();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(tick);
  }, []);

  return (
    <HStack gap="2" justify="flex-end" textStyle="sm" data-testid="admin-live-status">
      <Stack
        direction={{ base: "column", sm: "row" }}
        gap={{ base: "0", sm: "2" }}
        align={{ base: "flex-end", sm: "center" }}
        minWidth="0"
      >
        <HStack gap="1.5">
          <Box
            aria-hidden="true"
            width="2"
            height="2"
            borderRadius="full"
            bg={live ? "green.solid" : "orange.solid"}
            flexShrink={0}
          />
          <Text role="status" aria-live="polite" color={live ? "fg.muted" : "fg.warning"} fontWeight="medium">
            {live ? "Live" : "Live updates paused"}
          </Text>
        </HStack>
        <Text color="fg.muted" truncate>
          <Box as="span" hideBelow="sm">
            ·{" "}
          </Box>
          Updated {updatedAgo(updatedAt, Math.max(now, updatedAt))}
        </Text>
      </Stack>
      <Button size="xs" variant="outline" onClick={refresh} flexShrink={0}>
        <RefreshCw aria-hidden="true" />
        Refresh
      </Button>
    </HStack>
  );
}
