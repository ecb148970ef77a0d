// Section h of `npm run bench`: the time from a referral added on one app instance to the admin
// queues' event arriving at an SSE subscriber on another (both on one PostgreSQL, LISTEN/NOTIFY
// between them). Bounded: a fixed number of samples at an even pace.
import { type EventStreamSubscription, subscribeOverEventStream } from "../api/test/eventStream.ts";

type QueuesEvent = { adminQueuesChanged: { queues: string[] } };

export interface LiveQueueDelay {
  samples: number;
  intervalMs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Referrals whose event did not arrive within the wait. */
  missed: number;
}

/** The budget: a change shows on a subscribed admin page within a second. */
export const LIVE_QUEUE_BUDGET_MS = 1_000;
/** Longer than the feed's spacing of events (250 ms), so each sample is an event of its own. */
const INTERVAL_MS = 400;
const WAIT_MS = 5_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * `addOn`: the instance the customers add referrals on; `subscribeOn`: where the administrator
 * listens. Each sample is timed from the moment its request is sent (an upper bound: the commit
 * is a little later) to the first event naming REFERRALS after it.
 */
export async function measureLiveQueueDelay(options: {
  addOn: string;
  subscribeOn: string;
  adminCookie: string;
  customerCookies: string[];
  samples: number;
}): Promise<LiveQueueDelay> {
  const subscription = await subscribeOverEventStream<QueuesEvent>(
    options.subscribeOn,
    "subscription { adminQueuesChanged { queues } }",
    options.adminCookie,
  );
  if (subscription.status !== 200) throw new Error(`the subscription answered ${subscription.status}`);
  await subscription.waitForEvents(1, WAIT_MS);
  const delays: number[] = [];
  let missed = 0;
  try {
    for (let i = 0; i < options.samples; i++) {
      const due = performance.now() + INTERVAL_MS;
      const seen = subscription.events.length;
      const cookie = options.customerCookies[i % options.customerCookies.length] ?? "";
      const sent = performance.now();
      const response = await fetch(`${options.addOn}/api/referrals`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ name: `Live Bench ${i}`, phone: `+447500${String(100_000 + i).slice(-6)}` }),
      });
      if (!response.ok) throw new Error(`adding referral ${i}: ${response.status} ${await response.text()}`);
      const arrived = await waitForReferralEvent(subscription, seen);
      if (arrived === undefined) missed++;
      else delays.push(arrived - sent);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
  } finally {
    subscription.close();
  }
  const sorted = delays.sort((a, b) => a - b);
  return {
    samples: options.samples,
    intervalMs: INTERVAL_MS,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    missed,
  };
}

async function waitForReferralEvent(
  subscription: EventStreamSubscription<QueuesEvent>,
  from: number,
): Promise<number | undefined> {
  const deadline = performance.now() + WAIT_MS;
  for (let count = from + 1; performance.now() < deadline; count++) {
    try {
      await subscription.waitForEvents(count, Math.max(1, deadline - performance.now()));
    } catch {
      return undefined;
    }
    const event = subscription.events[count - 1];
    if (event?.data?.adminQueuesChanged.queues.includes("REFERRALS")) return event.receivedAt;
  }
  return undefined;
}
