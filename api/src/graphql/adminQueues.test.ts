// Live admin queues: a change committed on one app instance reaches a subscriber on another,
// through PostgreSQL's LISTEN/NOTIFY (both instances here share only the database).
import pg from "pg";
import { describe, expect } from "vitest";
import { subscribeOverEventStream } from "../../test/eventStream.ts";
import { it as base } from "../../test/fixtures.ts";
import { insertReferral, uniqueMobile } from "../../test/rows.ts";
import { signedInAdmin, startTestApp, type TestApp } from "../../test/testApp.ts";
import { ADMIN_QUEUES, notifyAdminQueues } from "../db/adminQueues.ts";
import { expireReferrals } from "../referrals/expiry.ts";
import { MAX_ADMIN_STREAMS_PER_USER, TOO_MANY_STREAMS_MESSAGE } from "./adminQueueFeed.ts";

const SUBSCRIPTION = "subscription { adminQueuesChanged { queues at } }";
/** A generous guard for CI; the measured delay is in the benchmark (bench/liveQueues.ts). */
const ARRIVES_WITHIN_MS = 5_000;

/** instanceShort's check of a stream's access: short, so a test waits a fraction of a second, not 30 s. */
const CHECK_MS = 300;

const it = base
  .extend("instanceB", { scope: "file" }, async ({ app }, { onCleanup }) => {
    const b = await startTestApp({}, { databaseUrl: app.databaseUrl });
    onCleanup(() => b.close());
    return b;
  })
  .extend("instanceShort", { scope: "file" }, async ({ app }, { onCleanup }) => {
    const c = await startTestApp(
      { ADMIN_STREAM_CHECK_SECONDS: String(CHECK_MS / 1000) },
      { databaseUrl: app.databaseUrl },
    );
    onCleanup(() => c.close());
    return c;
  });

type Subscription = Awaited<ReturnType<typeof subscribeOverEventStream>>;

/**
 * Waits for the event that carries a marker change committed after everything before it, and
 * returns the count of events up to and including it: nothing committed earlier is still on its way.
 */
async function throughMarker(
  subscription: Subscription,
  commitMarker: () => Promise<unknown>,
  isMarker: (queues: string[]) => boolean,
  from: number,
): Promise<number> {
  await commitMarker();
  for (let index = from; ; index++) {
    await subscription.waitForEvents(index + 1, ARRIVES_WITHIN_MS);
    const event = subscription.events[index] as { data?: { adminQueuesChanged?: { queues?: string[] } } } | undefined;
    if (isMarker(event?.data?.adminQueuesChanged?.queues ?? [])) return index + 1;
  }
}

/** Every queue at once: no change a fixture makes names them all. */
const everyQueue = (queues: string[]) => ADMIN_QUEUES.every((queue) => queues.includes(queue));

/**
 * An administrator's subscription, once live and caught up: the changes the fixtures made just before
 * (a customer registered) have arrived, up to a marker naming every queue. `since()` lists the events after that.
 */
const subscribeAsAdmin = async (instance: TestApp, cookieHeader: string) => {
  const subscription = await subscribeOverEventStream(instance.baseUrl, SUBSCRIPTION, cookieHeader);
  // The first event names no queue: from here on, changes are heard.
  const [ready] = await subscription.waitForEvents(1, ARRIVES_WITHIN_MS);
  expect(ready?.data?.adminQueuesChanged.queues).toEqual([]);
  const baseline = await throughMarker(
    subscription,
    () => notifyAdminQueues(instance.db, ...ADMIN_QUEUES),
    everyQueue,
    1,
  );
  return Object.assign(subscription, {
    baseline,
    since: () => subscription.events.slice(baseline).map((event) => event.data?.adminQueuesChanged.queues),
    waitForMore: (count: number) => subscription.waitForEvents(baseline + count, ARRIVES_WITHIN_MS),
  });
};

it("tells a subscriber on instance B of a referral a customer added on instance A", async ({
  admin,
  customer,
  instanceB,
}) => {
  const subscription = await subscribeAsAdmin(instanceB, admin.cookieHeader);
  try {
    expect(subscription.status).toBe(200);
    expect(subscription.contentType).toMatch(/^text\/event-stream/);
    const added = await customer.client.post("/api/referrals", { name: "Live Friend", phone: uniqueMobile() });
    expect(added.status).toBe(200);
    await subscription.waitForMore(1);
    expect(subscription.since()[0]).toContain("REFERRALS");
  } finally {
    subscription.close();
  }
});

it("refuses a customer and a signed-out subscriber as it refuses their queries", async ({ app, customer }) => {
  for (const [cookie, code] of [
    [customer.client.cookieHeader, "FORBIDDEN"],
    [undefined, "UNAUTHENTICATED"],
  ] as const) {
    const subscription = await subscribeOverEventStream(app.baseUrl, SUBSCRIPTION, cookie);
    await subscription.ended;
    expect(subscription.events).toHaveLength(1);
    expect(subscription.events[0]?.data ?? null).toBeNull();
    expect(subscription.events[0]?.errors?.map((error) => error.extensions?.code)).toEqual([code]);
  }
});

it("sends nothing for a change that was rolled back", async ({ app, admin, customer, instanceB }) => {
  const phone = uniqueMobile();
  expect((await customer.client.post("/api/referrals", { name: "Once", phone })).status).toBe(200);
  const subscription = await subscribeAsAdmin(instanceB, admin.cookieHeader);
  try {
    // The same person again: refused after the transaction had asked to notify, so it rolls back.
    const again = await customer.client.post("/api/referrals", { name: "Twice", phone });
    expect(again.status).toBe(409);
    // A marker committed after it: the next event must be the marker alone (an event of the refused
    // change would come before it or with it, never after).
    await notifyAdminQueues(app.db, "MILESTONES");
    await subscription.waitForMore(1);
    expect(subscription.since()[0]).toEqual(["MILESTONES"]);
  } finally {
    subscription.close();
  }
});

it("tells of referrals the background expiry ended (any instance's job)", async ({
  app,
  admin,
  customer,
  instanceB,
}) => {
  await insertReferral(app.db, customer.customerId, { createdAt: new Date(Date.now() - 91 * 24 * 3600 * 1000) });
  const subscription = await subscribeAsAdmin(instanceB, admin.cookieHeader);
  try {
    expect((await expireReferrals(app.db)).expired).toBeGreaterThan(0);
    await subscription.waitForMore(1);
    expect(subscription.since()[0]).toContain("REFERRALS");
  } finally {
    subscription.close();
  }
});

it("coalesces a burst of changes into a few events", async ({ app, admin, instanceB }) => {
  const subscription = await subscribeAsAdmin(instanceB, admin.cookieHeader);
  try {
    // 200 commits in quick succession, as a bulk job in many short transactions would make.
    for (let i = 0; i < 200; i++) await notifyAdminQueues(app.db, i % 2 === 0 ? "REFERRALS" : "CUSTOMERS");
    // Then a marker the burst never names: every event of the burst has arrived by its event.
    await throughMarker(
      subscription,
      () => notifyAdminQueues(app.db, "EMAILS"),
      (queues) => queues.includes("EMAILS"),
      subscription.baseline,
    );
    const burst = subscription
      .since()
      .map((queues) => queues.filter((queue: string) => queue !== "EMAILS"))
      .filter((queues) => queues.length > 0);
    expect(burst.length).toBeLessThan(20);
    expect(new Set(burst.flat())).toEqual(new Set(["REFERRALS", "CUSTOMERS"]));
  } finally {
    subscription.close();
  }
});

it("listens again after its LISTEN connection is terminated, and says everything may have changed", async ({
  app,
  admin,
  customer,
  instanceB,
}) => {
  const subscription = await subscribeAsAdmin(instanceB, admin.cookieHeader);
  const observer = new pg.Client({ connectionString: app.databaseUrl });
  await observer.connect();
  try {
    const listeners = async () =>
      (
        await observer.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN admin_queues'`,
        )
      ).rows.map((row) => row.pid);
    const before = await listeners();
    expect(before).toHaveLength(2);
    await observer.query("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", [before]);
    // Back: an event naming every queue (changes while away were not heard) ...
    await subscription.waitForMore(1);
    expect(subscription.since()).toEqual([["REFERRALS", "CUSTOMERS", "MILESTONES", "EMAILS"]]);
    // Each instance reconnects on its own schedule: wait for both, as a deployment would.
    await expect.poll(listeners, { timeout: 10_000 }).toHaveLength(2);
    const after = await listeners();
    expect(after.some((pid) => before.includes(pid))).toBe(false);
    // ... and changes are heard again.
    expect((await customer.client.post("/api/referrals", { name: "After", phone: uniqueMobile() })).status).toBe(200);
    await subscription.waitForMore(2);
    expect(subscription.since()[1]).toContain("REFERRALS");
  } finally {
    subscription.close();
    await observer.end();
  }
});

it("ends open streams when the instance shuts down", async ({ app, admin }) => {
  const c = await startTestApp({}, { databaseUrl: app.databaseUrl });
  const subscription = await subscribeAsAdmin(c, admin.cookieHeader);
  await c.close();
  await subscription.ended;
  expect(subscription.since()).toEqual([]);
});

describe("a stream lives only as long as its viewer's access", () => {
  /** A second administrator of their own: signing out or demoting them leaves the file's admin signed in. */
  const anotherAdmin = (instance: TestApp, name: string) => signedInAdmin(instance, name.slice(0, 30).toLowerCase());
  /** Resolves with the time the stream ended, or fails after `ms`. */
  const endsWithin = async (subscription: { ended: Promise<void> }, ms: number) => {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      subscription.ended,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms);
      }),
    ]).finally(() => clearTimeout(timer));
    return Date.now() - started;
  };

  it("sign-out in another request ends the open stream within the check interval; no event follows", async ({
    instanceShort,
    uniqueName,
  }) => {
    const client = await anotherAdmin(instanceShort, uniqueName("streamout"));
    const subscription = await subscribeAsAdmin(instanceShort, client.cookieHeader);
    try {
      expect((await client.post("/api/logout", {})).status).toBe(200);
      await endsWithin(subscription, CHECK_MS * 2 + 2_000);
      // The stream has ended: what it received is final, and was nothing.
      expect(subscription.since()).toEqual([]);
    } finally {
      subscription.close();
    }
  });

  it("an event after a sign-out is not sent: access is checked before each event, not only on the interval", async ({
    app,
    instanceB,
    uniqueName,
  }) => {
    // Instance B checks every 30 s: only the check before the event can end this stream in time.
    const client = await anotherAdmin(instanceB, uniqueName("streamevt"));
    const subscription = await subscribeAsAdmin(instanceB, client.cookieHeader);
    try {
      expect((await client.post("/api/logout", {})).status).toBe(200);
      await notifyAdminQueues(app.db, "MILESTONES");
      await endsWithin(subscription, 5_000);
      expect(subscription.since()).toEqual([]);
    } finally {
      subscription.close();
    }
  });

  it("demotion ends the stream; so does losing the role alone", async ({ app, instanceShort, uniqueName }) => {
    const { setUserRole } = await import("../roles/service.ts");
    // Another administrator stays: the last active one cannot be demoted (docs/rules/roles.md).
    await signedInAdmin(instanceShort, uniqueName("streamkeep").slice(0, 30).toLowerCase());
    const demoted = uniqueName("streamdem").slice(0, 30).toLowerCase();
    const client = await signedInAdmin(instanceShort, demoted);
    const first = await subscribeAsAdmin(instanceShort, client.cookieHeader);
    try {
      const { id } = await app.db.user.findUniqueOrThrow({ where: { username: demoted } });
      await setUserRole(app.db, { userId: id, role: "STAFF" }, null);
      await endsWithin(first, CHECK_MS * 2 + 2_000);
      expect(first.since()).toEqual([]);
    } finally {
      first.close();
    }
    // The role taken away without ending the session (a direct change in the database): still ended.
    const kept = uniqueName("streamrole").slice(0, 30).toLowerCase();
    const other = await signedInAdmin(instanceShort, kept);
    const second = await subscribeAsAdmin(instanceShort, other.cookieHeader);
    try {
      await app.db.user.update({ where: { username: kept }, data: { role: "STAFF" } });
      await endsWithin(second, CHECK_MS * 2 + 2_000);
    } finally {
      second.close();
    }
  });

  it("a user holds at most 5 open streams per instance: the 6th is refused, one closed frees a place", async ({
    instanceShort,
    uniqueName,
    admin,
  }) => {
    const client = await anotherAdmin(instanceShort, uniqueName("streamcap"));
    const open = await Promise.all(
      Array.from({ length: MAX_ADMIN_STREAMS_PER_USER }, () => subscribeAsAdmin(instanceShort, client.cookieHeader)),
    );
    try {
      const sixth = await subscribeOverEventStream(instanceShort.baseUrl, SUBSCRIPTION, client.cookieHeader);
      await sixth.ended;
      expect(sixth.events).toHaveLength(1);
      expect(sixth.events[0]?.errors?.map((error) => [error.extensions?.code, error.message])).toEqual([
        ["RATE_LIMITED", TOO_MANY_STREAMS_MESSAGE],
      ]);
      // Another user is not counted with them.
      const others = await subscribeAsAdmin(instanceShort, admin.cookieHeader);
      others.close();
      // One closed by the client: its place is free again.
      open.pop()?.close();
      await expect
        .poll(
          async () => {
            const again = await subscribeOverEventStream(instanceShort.baseUrl, SUBSCRIPTION, client.cookieHeader);
            const [first] = await again.waitForEvents(1, ARRIVES_WITHIN_MS);
            again.close();
            return first?.errors?.[0]?.extensions?.code ?? "live";
          },
          { timeout: 5_000 },
        )
        .toBe("live");
    } finally {
      for (const subscription of open) subscription.close();
    }
  });
});
