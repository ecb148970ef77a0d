// Fault injection: the webhook receiver refuses the connection, hangs, or drops it mid-request while
// customers register, then behaves. Real sockets on loopback (api/test/misbehavingPeers.ts), the
// real job runner in this process (as WORKER_MODE=inprocess runs it), events written by real
// requests. What an operator and an integrator would check: every event arrives, signed, with the
// webhook-id of its delivery (at least once, as documented); each failed attempt is on the
// deliveries list (attempts, last error, next attempt) and the attempts are spaced at least by the
// retry schedule (WEBHOOK_RETRY_SCHEDULE_MS); the endpoint stays enabled; registration answers promptly.
import { Webhook } from "standardwebhooks";
import { beforeEach, describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { startTestJobRunner } from "../../test/jobs.ts";
import { type HttpMode, type MisbehavingReceiver, startMisbehavingReceiver } from "../../test/misbehavingPeers.ts";
import type { TestApp, TestClient } from "../../test/testApp.ts";

/** Waits after failed attempts 1, 2, 3, ...: short, so the spacing is measured in seconds. */
const SCHEDULE_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000];
/** Generous (a busy machine took 6 s): a registration that waited on a hanging delivery would take the 10 s timeout. */
const PROMPT_ANSWER_MS = 10_000;
const CUSTOMERS = 5;

it.override("appOptions", { env: { WEBHOOK_RETRY_SCHEDULE_MS: SCHEDULE_MS.join(",") } });

let app: TestApp;
let admin: TestClient;
it.beforeAll(async ({ app: started, admin: signedIn }) => {
  app = started;
  admin = signedIn;
});
beforeEach(async () => {
  await app.db.webhookEndpoint.deleteMany();
  await app.db.webhookEvent.deleteMany();
});

interface Delivery {
  id: number;
  eventId: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

/** An endpoint's deliveries as an administrator reads them (GET /api/admin/webhooks/:id/deliveries). */
async function deliveries(endpointId: number): Promise<Delivery[]> {
  const response = await admin.get(`/api/admin/webhooks/${endpointId}/deliveries?limit=100`);
  expect(response.status, response.text).toBe(200);
  return response.body as Delivery[];
}

/** Registrations that each write a `customer.registered` event; how long the slowest answer took. */
async function registerCustomers(prefix: string): Promise<number> {
  const timings = await Promise.all(
    Array.from({ length: CUSTOMERS }, async (_, n) => {
      const client = app.client();
      await client.register(`${prefix}${n}`);
      const startedAt = performance.now();
      const response = await client.post("/api/customer/register", {
        originalPurchaseAmount: "1000.00",
        postcode: "SW1A 1AA",
        contractNumber: `HNG-${prefix}${n}`,
      });
      expect(response.status, response.text).toBe(200);
      return performance.now() - startedAt;
    }),
  );
  return Math.max(...timings);
}

/**
 * Watches the deliveries list as an operator's dashboard would, keeping each delivery's state while
 * it waits after a failed attempt (its next attempt within the schedule, not an attempt's lease).
 */
function watchDeliveries(endpointId: number) {
  const waiting = new Map<number, Map<number, Delivery>>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const now = Date.now();
      for (const delivery of await deliveries(endpointId)) {
        const nextAt = delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) : null;
        const isWaiting =
          delivery.status === "pending" && delivery.lastError !== null && nextAt !== null && nextAt - now < 40_000;
        if (!isWaiting) continue;
        const states = waiting.get(delivery.id) ?? new Map<number, Delivery>();
        states.set(delivery.attempts, delivery);
        waiting.set(delivery.id, states);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    waiting,
    /** Deliveries seen waiting after failed attempt `attempts`. */
    seenAfter: (attempts: number) => [...waiting.values()].filter((states) => states.has(attempts)).length,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

const verify = (secret: string, request: { body: string; headers: Record<string, unknown> }) =>
  new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string };

async function withReceiver(
  mode: HttpMode,
  body: (receiver: MisbehavingReceiver, endpoint: { id: number; secret: string }) => Promise<void>,
) {
  const receiver = await startMisbehavingReceiver(mode);
  const created = await admin.post("/api/admin/webhooks", { url: receiver.url, events: ["customer.registered"] });
  expect(created.status, created.text).toBe(200);
  // The runner as the server runs it: the app's configuration, retry schedule from the environment included.
  const stop = await startTestJobRunner(app);
  try {
    await body(receiver, created.body);
  } finally {
    await stop();
    await receiver.close();
  }
}

describe("a webhook receiver that misbehaves, then behaves", () => {
  it.for<[HttpMode, RegExp, number]>([
    ["refuse", /ECONNREFUSED/, 3],
    ["drop-mid-message", /fetch failed|socket|closed|terminated/i, 3],
    ["hang", /^No answer within 10 s$/, 2],
  ])(
    "%s: each failed attempt listed, retried at the schedule, every event delivered with its webhook-id",
    async ([mode, error, failures]) => {
      expect(app.deps.config.webhookRetryScheduleMs).toEqual(SCHEDULE_MS);
      await withReceiver(mode, async (receiver, endpoint) => {
        const watch = watchDeliveries(endpoint.id);
        try {
          const slowestMs = await registerCustomers(`Hook${mode.replace(/-/g, "")}`);
          expect(slowestMs).toBeLessThan(PROMPT_ANSWER_MS);
          const listed = await deliveries(endpoint.id);
          expect(listed).toHaveLength(CUSTOMERS);
          // Registration answered before any delivery succeeded: the requests did not wait on the receiver.
          expect(listed.every((delivery) => delivery.status === "pending")).toBe(true);
          // Against a hang, every answer came before any attempt's timeout: none had failed yet.
          if (mode === "hang") expect(listed.filter((delivery) => delivery.lastError !== null)).toEqual([]);

          // The receiver misbehaves for `failures` attempts of every delivery; each is listed with its reason.
          await expect.poll(() => watch.seenAfter(failures - 1), { timeout: 30_000, interval: 100 }).toBe(CUSTOMERS);
          await expect
            .poll(
              async () => (await deliveries(endpoint.id)).filter((delivery) => delivery.attempts === failures).length,
              { timeout: 30_000, interval: 100 },
            )
            .toBe(CUSTOMERS);
          if (mode !== "hang") {
            await expect.poll(() => watch.seenAfter(failures), { timeout: 30_000, interval: 100 }).toBe(CUSTOMERS);
          }
          for (const delivery of await deliveries(endpoint.id)) {
            expect(delivery).toMatchObject({ status: "pending", responseStatus: null });
            expect(delivery.lastError).toMatch(error);
          }
          const stillEnabled = (await admin.get("/api/admin/webhooks")).body.find((e: any) => e.id === endpoint.id);
          expect(stillEnabled).toMatchObject({ enabled: true, disabledReason: null });

          // The receiver behaves: every delivery succeeds on its next attempt.
          await receiver.set("behave");
          await expect
            .poll(
              async () => (await deliveries(endpoint.id)).filter((delivery) => delivery.status === "succeeded").length,
              { timeout: 30_000, interval: 100 },
            )
            .toBe(CUSTOMERS);
        } finally {
          await watch.stop();
        }

        const final = await deliveries(endpoint.id);
        for (const delivery of final) {
          expect(delivery).toMatchObject({
            status: "succeeded",
            attempts: failures + 1,
            responseStatus: 200,
            lastError: null,
            nextAttemptAt: null,
          });
        }

        // Backoff, from what the list showed: attempt n+1 starts no earlier than the time shown after
        // attempt n, and its own wait follows it, so the times shown are at least the schedule apart.
        // (A hang adds its timeout to each gap; nothing is retried sooner than the schedule says.)
        const attemptMs = mode === "hang" ? app.deps.config.webhookTimeoutMs : 0;
        for (const delivery of final) {
          const states = watch.waiting.get(delivery.id);
          // Seen waiting after each failed attempt (the last one's wait too: a hang fails after the switch).
          expect([...(states?.keys() ?? [])].sort(), `delivery ${delivery.id}`).toEqual(
            Array.from({ length: failures }, (_, n) => n + 1),
          );
          const first = states?.get(1);
          expect(Date.parse(first!.nextAttemptAt!) - Date.parse(delivery.createdAt)).toBeGreaterThanOrEqual(
            SCHEDULE_MS[0]! + attemptMs,
          );
          for (let attempt = 1; attempt < failures; attempt += 1) {
            const before = states!.get(attempt)!;
            const after = states!.get(attempt + 1)!;
            const gap = Date.parse(after.nextAttemptAt!) - Date.parse(before.nextAttemptAt!);
            expect(gap).toBeGreaterThanOrEqual(SCHEDULE_MS[attempt]! + attemptMs);
            // And not much later: the queue runs a retry when it comes due.
            expect(gap).toBeLessThan(SCHEDULE_MS[attempt]! + attemptMs + 5_000);
          }
        }

        // What the integrator got: every event once answered, signed, with its delivery's webhook-id;
        // requests held by the hang carried the same ids (the repeats to ignore).
        const eventIds = final.map((delivery) => delivery.eventId).sort();
        const answeredIds = receiver.answered.map((request) => String(request.headers["webhook-id"]));
        expect([...new Set(answeredIds)].sort()).toEqual(eventIds);
        for (const request of receiver.answered)
          expect(verify(endpoint.secret, request).type).toBe("customer.registered");
        if (mode === "hang") {
          const heldIds = receiver.unanswered.map((request) => String(request.headers["webhook-id"]));
          expect(heldIds).toHaveLength(CUSTOMERS * failures);
          expect([...new Set(heldIds)].sort()).toEqual(eventIds);
          // From the receiver's side: each event's requests arrived the timeout plus the schedule's wait
          // apart, give or take how long a request took to arrive (up to a second on a busy machine).
          for (const eventId of eventIds) {
            const arrivals = [...receiver.unanswered, ...receiver.answered]
              .filter((request) => request.headers["webhook-id"] === eventId)
              .map((request) => request.at)
              .sort((a, b) => a - b);
            expect(arrivals).toHaveLength(failures + 1);
            for (let attempt = 1; attempt < arrivals.length; attempt += 1)
              expect(arrivals[attempt]! - arrivals[attempt - 1]!).toBeGreaterThanOrEqual(
                attemptMs + SCHEDULE_MS[attempt - 1]! - 1_000,
              );
          }
        }
        if (mode === "drop-mid-message") expect(receiver.droppedAfterBytes).toHaveLength(CUSTOMERS * failures);
        if (mode !== "refuse")
          expect(receiver.connections.filter((connection) => connection.mode === mode).length).toBeGreaterThanOrEqual(
            CUSTOMERS * failures,
          );
      });
    },
  );
});
