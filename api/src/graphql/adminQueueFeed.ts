import { createPubSub, Repeater, SlidingBuffer } from "graphql-yoga";
import type { Logger } from "pino";
import { ADMIN_QUEUES, type AdminQueue, listenForAdminQueues } from "../db/adminQueues.ts";
import { RateLimitedError } from "../lib/errors.ts";
import type { AdminQueueFeed, AdminQueuesChange, AdminStreamViewer } from "./context.ts";

/** At most one event per this many ms per instance: a bulk expiry's batches reach a subscriber as a few events. */
export const ADMIN_QUEUE_EVENT_SPACING_MS = 250;
/** Streams one user may hold open on one instance (docs/operations.md, "Live admin queues"): each holds a connection and a re-check. */
export const MAX_ADMIN_STREAMS_PER_USER = 5;
export const TOO_MANY_STREAMS_MESSAGE = `At most ${MAX_ADMIN_STREAMS_PER_USER} live admin streams per user are open at once on this server: close another Admin Panel tab and try again.`;

const TOPIC = "adminQueuesChanged";

/**
 * This instance's live feed of admin queue changes: PostgreSQL's notifications (any instance's
 * changes, heard on one LISTEN connection) coalesced and fanned out to every subscriber through
 * Yoga's pubsub. An event goes at once when none went in the last ADMIN_QUEUE_EVENT_SPACING_MS,
 * otherwise at the end of that spacing with every queue named since.
 */
export function createAdminQueueFeed(
  databaseUrl: string,
  log: Logger,
  options: { checkIntervalMs: number },
): AdminQueueFeed {
  /** Open streams by user id, on this instance. */
  const openStreams = new Map<number, number>();
  const pubsub = createPubSub<{ [TOPIC]: [AdminQueuesChange] }>();
  const pending = new Set<AdminQueue>();
  let lastSent = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let endStreams: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    endStreams = resolve;
  });

  const flush = () => {
    timer = undefined;
    if (pending.size === 0 || closed) return;
    lastSent = Date.now();
    const queues = ADMIN_QUEUES.filter((queue) => pending.has(queue));
    pending.clear();
    pubsub.publish(TOPIC, { queues, at: new Date(lastSent) });
  };
  const changed = (queues: readonly AdminQueue[]) => {
    for (const queue of queues) pending.add(queue);
    if (timer || pending.size === 0) return;
    // A zero wait still gathers the notifications of one commit, which arrive in one read.
    timer = setTimeout(flush, Math.max(0, lastSent + ADMIN_QUEUE_EVENT_SPACING_MS - Date.now()));
  };

  let everListened = false;
  const listener = listenForAdminQueues(
    databaseUrl,
    {
      onChange: changed,
      // Back after a loss: whatever changed meanwhile was not heard, so every queue may have.
      onListening: () => {
        if (everListened) changed(ADMIN_QUEUES);
        everListened = true;
      },
    },
    log,
  );

  return {
    subscribe(viewer: AdminStreamViewer): AsyncIterable<AdminQueuesChange> {
      const open = openStreams.get(viewer.userId) ?? 0;
      if (open >= MAX_ADMIN_STREAMS_PER_USER) throw new RateLimitedError(TOO_MANY_STREAMS_MESSAGE, 30);
      openStreams.set(viewer.userId, open + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const left = (openStreams.get(viewer.userId) ?? 1) - 1;
        if (left > 0) openStreams.set(viewer.userId, left);
        else openStreams.delete(viewer.userId);
      };
      // A check that fails (the database unreachable) ends the stream too: the page reconnects.
      const stillAllowed = () => viewer.stillAllowed().catch(() => false);
      // A slow reader keeps the latest few events, not an ever-growing backlog.
      const stream = new Repeater<AdminQueuesChange>(async (push, stop) => {
        void stop.then(release);
        const source = pubsub.subscribe(TOPIC);
        void stop.then(() => source.return());
        void ended.then(() => stop());
        // Signed out, revoked or no longer an administrator: the stream ends within the interval ...
        const timer = setInterval(() => {
          void stillAllowed().then((allowed) => allowed || stop());
        }, options.checkIntervalMs);
        void stop.then(() => clearInterval(timer));
        // The first event names no queue: the subscription is live from here on.
        await push({ queues: [], at: new Date() });
        for await (const change of source) {
          // ... and no event goes out before access is checked again.
          if (!(await stillAllowed())) break;
          await push(change);
        }
        stop();
      }, new SlidingBuffer(4));
      // Released however the stream ends, even if it is given up before it started.
      const iterator: AsyncIterableIterator<AdminQueuesChange> = {
        [Symbol.asyncIterator]: () => iterator,
        next: () =>
          stream.next().then(
            (result) => {
              if (result.done) release();
              return result;
            },
            (error: unknown) => {
              release();
              throw error;
            },
          ),
        return: (value?: unknown) => {
          release();
          return stream.return(value as AdminQueuesChange);
        },
        throw: (error?: unknown) => {
          release();
          return stream.throw(error);
        },
      };
      return iterator;
    },
    get listening() {
      return listener.listening;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      endStreams();
      await listener.close();
    },
  };
}
