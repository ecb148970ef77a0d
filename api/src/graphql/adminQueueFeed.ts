import { createPubSub, Repeater, SlidingBuffer } from "graphql-yoga";
import type { Logger } from "pino";
import { ADMIN_QUEUES, type AdminQueue, listenForAdminQueues } from "../db/adminQueues.ts";
import type { AdminQueueFeed, AdminQueuesChange } from "./context.ts";

/** At most one event per this many ms per instance: a bulk expiry's batches reach a subscriber as a few events. */
export const ADMIN_QUEUE_EVENT_SPACING_MS = 250;

const TOPIC = "adminQueuesChanged";

/**
 * This instance's live feed of admin queue changes: PostgreSQL's notifications (any instance's
 * changes, heard on one LISTEN connection) coalesced and fanned out to every subscriber through
 * Yoga's pubsub. An event goes at once when none went in the last ADMIN_QUEUE_EVENT_SPACING_MS,
 * otherwise at the end of that spacing with every queue named since.
 */
export function createAdminQueueFeed(databaseUrl: string, log: Logger): AdminQueueFeed {
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
    subscribe(): AsyncIterable<AdminQueuesChange> {
      // A slow reader keeps the latest few events, not an ever-growing backlog.
      return new Repeater<AdminQueuesChange>(async (push, stop) => {
        const source = pubsub.subscribe(TOPIC);
        void stop.then(() => source.return());
        void ended.then(() => stop());
        // The first event names no queue: the subscription is live from here on.
        await push({ queues: [], at: new Date() });
        for await (const change of source) await push(change);
        stop();
      }, new SlidingBuffer(4));
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
