import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { type AddressInfo, createServer as createTcpServer } from "node:net";
import pino from "pino";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect } from "vitest";
import { databaseState } from "../../test/databaseState.ts";
import { it } from "../../test/fixtures.ts";
import { startTestJobRunner } from "../../test/jobs.ts";
import { insertReferral } from "../../test/rows.ts";
import { signedInCustomer, type TestApp } from "../../test/testApp.ts";
import { createPrismaClient } from "../db/prisma.ts";
import { checkedAddresses, type ResolveHost } from "./addresses.ts";
import { deliverWebhook } from "./delivery.ts";
import { checkWebhookUrl, createWebhookEndpoint, emitWebhookEvent } from "./service.ts";

/** A real receiver on 127.0.0.1: answers as `behaviour` says and keeps what it was sent. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
const receiver = {
  server: null as Server | null,
  url: "",
  received: [] as Received[],
  /** Answers in turn (the last repeats): a status, or "hang" (never answers). */
  answers: [200] as (number | "hang")[],
  delayMs: 0,
};

beforeAll(async () => {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = receiver.answers.length > 1 ? receiver.answers.shift() : receiver.answers[0];
      if (answer === "hang") return;
      setTimeout(() => response.writeHead(answer ?? 200).end("ok"), receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.server = server;
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver.server?.closeAllConnections();
  await new Promise<void>((resolve) => receiver.server?.close(() => resolve()));
});

let app: TestApp;
it.beforeAll(async ({ app: started }) => {
  app = started;
});
beforeEach(async () => {
  await app.db.webhookEndpoint.deleteMany();
  await app.db.webhookEvent.deleteMany();
  receiver.received.length = 0;
  receiver.answers = [200];
  receiver.delayMs = 0;
});

const FAST = { webhookRetryScheduleMs: [150, 150], webhookTimeoutMs: 400 };
const runner = (config: Partial<typeof FAST> = {}) =>
  startTestJobRunner(app, { deps: { config: { ...app.deps.config, ...config } } });

const CREATE = `mutation Create($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) {
    __typename
    ... on Error { code message }
    ... on MutationCreateWebhookEndpointSuccess { data { secret endpoint { databaseId url events enabled } } }
  }
}`;

async function createEndpoint(admin: any, events: string[], url = receiver.url) {
  const response = await admin.post("/api/admin/webhooks", { url, events, description: "Accounts" });
  expect(response.status, response.text).toBe(200);
  return response.body as { id: number; secret: string; events: string[] };
}

const verified = (secret: string, message: Received) =>
  new Webhook(secret).verify(message.body, message.headers as Record<string, string>) as {
    type: string;
    data: Record<string, unknown>;
  };
const deliveryOf = (endpointId: number) => app.db.webhookDelivery.findFirstOrThrow({ where: { endpointId } });

describe("events reach the endpoints that subscribe to them", () => {
  it("a verified purchase arrives signed and verifiable, with ids and amounts only; unsubscribed events are not sent", async ({
    admin,
    customer,
  }) => {
    const endpoint = await createEndpoint(admin, ["purchase.verified", "milestone.ready"]);
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.events).toEqual(["purchase.verified", "milestone.ready"]);
    const referral = await insertReferral(app.db, customer.customerId, { name: "Private Friend" });
    // An event nobody subscribed to: no delivery, nothing sent.
    await admin.post(`/api/admin/approve-customer/${customer.customerId}`, {});
    // Three times the referrer's £1,000.00: the 33% milestone, and not above what the amount signal flags.
    const verify = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "3000.00" });
    expect(verify.status, verify.text).toBe(200);
    const stop = await runner();
    try {
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      await stop();
    }
    const bodies = receiver.received.map((message) => verified(endpoint.secret, message));
    const purchase = bodies.find((body) => body.type === "purchase.verified");
    expect(purchase?.data).toMatchObject({
      customerId: customer.customerId,
      referralId: referral.id,
      amount: "3000.00",
    });
    expect(bodies.filter((body) => body.type === "milestone.ready").map((body) => body.data.milestone)).toContain(
      "milestone_33",
    );
    expect(bodies.every((body) => ["purchase.verified", "milestone.ready"].includes(body.type))).toBe(true);
    expect(receiver.received.map((message) => message.body).join()).not.toContain("Private Friend");
    expect(receiver.received[0]?.headers["content-type"]).toBe("application/json");
    expect(receiver.received[0]?.headers["webhook-id"]).toMatch(/^msg_/);
    const deliveries = await app.db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(deliveries.every((delivery) => delivery.status === "SUCCEEDED" && delivery.attempts === 1)).toBe(true);
    expect(deliveries.every((delivery) => delivery.responseStatus === 200 && delivery.deliveredAt !== null)).toBe(true);
  });

  it("a change rolled back queues nothing", async ({ admin }) => {
    await createEndpoint(admin, ["customer.registered"]);
    const jobs = async () =>
      (
        await app.db.$queryRaw<
          { n: bigint }[]
        >`SELECT count(*) AS n FROM graphile_worker.jobs WHERE task_identifier = 'deliver_webhook'`
      )[0]?.n;
    const jobsBefore = await jobs();
    await expect(
      app.db.$transaction(async (tx) => {
        await emitWebhookEvent(tx, "customer.registered", { customerId: 1 });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await app.db.webhookEvent.count()).toBe(0);
    expect(await app.db.webhookDelivery.count()).toBe(0);
    expect(await jobs()).toBe(jobsBefore);
  });

  it("a disabled endpoint receives nothing", async ({ admin, uniqueName }) => {
    const endpoint = await createEndpoint(admin, ["customer.registered"]);
    expect((await admin.post(`/api/admin/webhooks/${endpoint.id}`, { enabled: false })).status).toBe(200);
    await signedInCustomer(app, uniqueName("Quiet"));
    expect(await app.db.webhookDelivery.count()).toBe(0);
  });
});

describe("every event of the contract is written by its change", () => {
  it("registration, approval, rejection, referrals, expiry, purchases and milestones each write their event", async ({
    admin,
    customer,
    uniqueName,
  }) => {
    const all = Object.values((await import("./events.ts")).WEBHOOK_EVENT_TYPES);
    await createEndpoint(admin, all);
    const approved = await signedInCustomer(app, uniqueName("Approved"), { verified: false });
    const rejected = await signedInCustomer(app, uniqueName("Rejected"), { verified: false });
    expect((await admin.post(`/api/admin/approve-customer/${approved.customerId}`, {})).status).toBe(200);
    expect(
      (await admin.post(`/api/admin/reject-customer/${rejected.customerId}`, { reason: "No contract" })).status,
    ).toBe(200);
    const added = await customer.client.post("/api/referrals", { name: "Event Friend", phone: "+447400987651" });
    expect(added.status, added.text).toBe(200);
    const purchase = await admin.post(`/api/admin/referrals/${added.body.id}/purchase`, {
      amount: "500.00",
      notes: "Checked",
    });
    expect(purchase.status, purchase.text).toBe(200);
    expect((await admin.post(`/api/admin/cancel-referral/${added.body.id}`, { reason: "Returned" })).status).toBe(200);
    const big = await insertReferral(app.db, customer.customerId);
    expect(
      (await admin.post(`/api/admin/referrals/${big.id}/purchase`, { amount: "3000.00", notes: "Checked" })).status,
    ).toBe(200);
    const asked = await customer.client.post("/api/customer/milestones/milestone_33/request-payment", {});
    expect(asked.status, asked.text).toBe(200);
    const paid = await admin.post("/api/admin/process-milestone", {
      customerId: customer.customerId,
      milestoneType: "milestone_33",
    });
    expect(paid.status, paid.text).toBe(200);
    const old = await insertReferral(app.db, customer.customerId, {
      createdAt: new Date(Date.now() - 91 * 86_400_000),
    });
    const { runReferralExpiry } = await import("../referrals/expiry.ts");
    await runReferralExpiry(app.db, new Date(), { publicUrl: "http://localhost:3000" });

    const events = await app.db.webhookEvent.findMany({ orderBy: { createdAt: "asc" } });
    const types = new Set(events.map((event) => event.type));
    for (const type of all.filter((type) => type !== "email.failed")) expect(types, type).toContain(type);
    const expired = events.find((event) => event.type === "referral.expired");
    expect((expired?.payload as any)?.data).toEqual({ customerId: customer.customerId, referralId: old.id });
    const paidEvent = events.find((event) => event.type === "milestone.paid");
    expect((paidEvent?.payload as any)?.data).toMatchObject({
      customerId: customer.customerId,
      milestone: "milestone_33",
    });
    expect(JSON.stringify(events.map((event) => event.payload))).not.toContain("Event Friend");
  });
});

describe("an email that gives up", () => {
  it("writes email.failed with its id and type, not its address", async ({ admin }) => {
    await createEndpoint(admin, ["email.failed"]);
    const { queueEmail } = await import("../emails/index.ts");
    const { EMAIL_MAX_ATTEMPTS, sendQueuedEmail } = await import("../emails/sender.ts");
    await queueEmail(app.db, {
      type: "REGISTRATION_CONFIRMATION",
      to: "gives-up@example.com",
      data: { firstName: "Gives" },
    });
    const email = await app.db.email.findFirstOrThrow({ where: { toAddress: "gives-up@example.com" } });
    await app.db.email.update({
      where: { id: email.id },
      data: { attempts: EMAIL_MAX_ATTEMPTS - 1, nextAttemptAt: new Date(0) },
    });
    // Nothing listens on port 9: the last attempt fails.
    const config = { smtpUrl: "smtp://127.0.0.1:9", mailFrom: "test@example.com" };
    expect(await sendQueuedEmail({ prisma: app.db, config }, email.id)).toBe("gave-up");
    const [event] = await app.db.webhookEvent.findMany({ where: { type: "email.failed" } });
    expect((event?.payload as any)?.data).toMatchObject({ emailId: email.id, emailType: "REGISTRATION_CONFIRMATION" });
    expect(JSON.stringify(event?.payload)).not.toContain("gives-up@example.com");
  });
});

describe("retries", () => {
  it("after an HTTP 500 the same event is sent again and succeeds", async ({ admin, uniqueName }) => {
    const endpoint = await createEndpoint(admin, ["customer.registered"]);
    receiver.answers = [500, 200];
    await signedInCustomer(app, uniqueName("Retry"));
    const stop = await runner(FAST);
    try {
      await expect.poll(async () => (await deliveryOf(endpoint.id)).status, { timeout: 10_000 }).toBe("SUCCEEDED");
    } finally {
      await stop();
    }
    expect((await deliveryOf(endpoint.id)).attempts).toBe(2);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]?.headers["webhook-id"]).toBe(receiver.received[1]?.headers["webhook-id"]);
  });

  it("after a receiver that never answers (the timeout) it is sent again and succeeds", async ({
    admin,
    uniqueName,
  }) => {
    const endpoint = await createEndpoint(admin, ["customer.registered"]);
    receiver.answers = ["hang", 204];
    await signedInCustomer(app, uniqueName("Timeout"));
    const stop = await runner(FAST);
    try {
      await expect
        .poll(async () => (await deliveryOf(endpoint.id)).lastError, { timeout: 10_000 })
        .toBe("No answer within 0.4 s");
      await expect.poll(async () => (await deliveryOf(endpoint.id)).status, { timeout: 10_000 }).toBe("SUCCEEDED");
    } finally {
      await stop();
    }
    const delivery = await deliveryOf(endpoint.id);
    expect(delivery).toMatchObject({ attempts: 2, responseStatus: 204 });
  });

  it("a delivery that fails its whole schedule is FAILED and disables the endpoint with a reason", async ({
    admin,
    uniqueName,
  }) => {
    const endpoint = await createEndpoint(admin, ["customer.registered"]);
    receiver.answers = [500];
    await signedInCustomer(app, uniqueName("Exhaust"));
    const stop = await runner(FAST);
    try {
      await expect.poll(async () => (await deliveryOf(endpoint.id)).status, { timeout: 10_000 }).toBe("FAILED");
    } finally {
      await stop();
    }
    expect(await deliveryOf(endpoint.id)).toMatchObject({ attempts: 3, responseStatus: 500, nextAttemptAt: null });
    const listed = (await admin.get("/api/admin/webhooks")).body.find((e: any) => e.id === endpoint.id);
    expect(listed.enabled).toBe(false);
    expect(listed.disabledReason).toMatch(
      /^Disabled on \d{1,2} \w+ \d{4}: deliveries failed for .+; last answer HTTP 500$/,
    );
    // Re-enabled by an administrator: the reason goes.
    const enabled = await admin.post(`/api/admin/webhooks/${endpoint.id}`, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });
  });
});

describe("secrets, tests and redeliveries", () => {
  it("after a rotation both the old and the new secret verify for 24 hours", async ({ app, admin }) => {
    const endpoint = await createEndpoint(admin, ["customer.registered"]);
    const rotated = await admin.post(`/api/admin/webhooks/${endpoint.id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    expect(rotated.body.secretRotatedAt).not.toBeNull();
    expect((await admin.post(`/api/admin/webhooks/${endpoint.id}/test`, {})).status).toBe(200);
    const stop = await runner();
    try {
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    } finally {
      await stop();
    }
    const [message] = receiver.received;
    expect(verified(rotated.body.secret, message as Received).type).toBe("webhook.test");
    expect(verified(endpoint.secret, message as Received).type).toBe("webhook.test");
    // Past the window only the new one signs.
    await app.db.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { previousSecretExpiresAt: new Date(Date.now() - 1000) },
    });
    const { signedHeaders } = await import("./delivery.ts");
    const row = await app.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(
      signedHeaders(row, app.deps.secretBox, "msg_x", "{}", new Date())["webhook-signature"]?.split(" "),
    ).toHaveLength(1);
    // Stored sealed: the database alone does not give anyone the secret to forge deliveries.
    expect(row.secret).not.toContain(rotated.body.secret);
    expect(row.secret).not.toContain("whsec_");
  });

  it("a test event and a redelivery of it arrive with the same webhook-id; both are listed", async ({ admin }) => {
    const endpoint = await createEndpoint(admin, ["email.failed"]);
    const test = await admin.post(`/api/admin/webhooks/${endpoint.id}/test`, {});
    expect(test.body).toMatchObject({ eventType: "webhook.test", status: "pending" });
    const stop = await runner();
    try {
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
      const again = await admin.post(`/api/admin/webhook-deliveries/${test.body.id}/redeliver`, {});
      expect(again.status, again.text).toBe(200);
      expect(again.body.eventId).toBe(test.body.eventId);
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(2);
    } finally {
      await stop();
    }
    expect(receiver.received.map((message) => message.headers["webhook-id"])).toEqual([
      test.body.eventId,
      test.body.eventId,
    ]);
    const listed = await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((d: any) => d.status)).toEqual(["succeeded", "succeeded"]);
    const page = await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries?limit=1`);
    expect(page.body).toHaveLength(1);
    const next = await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries?limit=1&after=${page.body[0].id}`);
    expect(next.body.map((d: any) => d.id)).toEqual([test.body.id]);
    const audit = await app.db.auditEntry.findMany({
      where: { resourceType: "webhook_endpoint", resourceId: String(endpoint.id) },
      select: { action: true },
    });
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "webhook_endpoint_created",
      "webhook_redelivered",
      "webhook_test_sent",
    ]);
  });
});

describe("several runners", () => {
  it("two instances with a runner each deliver every event once", async ({ admin }) => {
    const endpoint = await createEndpoint(admin, ["customer.registered"]);
    const count = 20;
    for (let n = 0; n < count; n += 1)
      await app.db.$transaction((tx) => emitWebhookEvent(tx, "customer.registered", { customerId: n }));
    receiver.delayMs = 30;
    const otherInstance = createPrismaClient(app.databaseUrl, 2);
    const stops = await Promise.all([runner(), startTestJobRunner(app, { deps: { prisma: otherInstance } })]);
    try {
      await expect
        .poll(() => app.db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: "SUCCEEDED" } }), {
          timeout: 15_000,
        })
        .toBe(count);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await otherInstance.$disconnect();
    }
    const ids = receiver.received.map((message) => message.headers["webhook-id"]);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
  });
});

describe("the admin API", () => {
  it("lists, updates and deletes endpoints, audited; refuses bad input with 400 and changes nothing", async ({
    app,
    admin,
  }) => {
    const endpoint = await createEndpoint(admin, ["referral.added"]);
    const updated = await admin.post(`/api/admin/webhooks/${endpoint.id}`, {
      events: ["referral.added", "referral.expired"],
      description: "CRM",
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ events: ["referral.added", "referral.expired"], description: "CRM" });
    expect(updated.body).not.toHaveProperty("secret");
    const before = await databaseState(app);
    for (const body of [
      { url: "ftp://example.com/x", events: ["referral.added"] },
      { url: "not a url", events: ["referral.added"] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ["referral.deleted"] },
      { url: receiver.url },
    ]) {
      const refused = await admin.post("/api/admin/webhooks", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.post(`/api/admin/webhooks/${endpoint.id}`, { events: [] })).status).toBe(400);
    expect(await databaseState(app)).toEqual(before);
    for (const path of [
      "/api/admin/webhooks/999999",
      "/api/admin/webhooks/999999/test",
      "/api/admin/webhook-deliveries/999999/redeliver",
    ])
      expect((await admin.post(path, {})).status, path).toBe(404);
    expect((await admin.get("/api/admin/webhooks/999999/deliveries")).status).toBe(404);
    const deleted = await admin.post(`/api/admin/webhooks/${endpoint.id}/delete`, {});
    expect(deleted.body).toEqual({ id: endpoint.id });
    expect((await admin.get("/api/admin/webhooks")).body).toEqual([]);
    const actions = await app.db.auditEntry.findMany({
      where: { resourceType: "webhook_endpoint", resourceId: String(endpoint.id) },
      select: { action: true, after: true, before: true },
    });
    expect(actions.map((entry) => entry.action).sort()).toEqual([
      "webhook_endpoint_created",
      "webhook_endpoint_deleted",
      "webhook_endpoint_updated",
    ]);
    expect(JSON.stringify(actions)).not.toContain(endpoint.secret);
  });

  it("at most 50 endpoints", async ({ app, admin }) => {
    await app.db.webhookEndpoint.createMany({
      data: Array.from({ length: 50 }, (_, n) => ({
        url: `https://example.com/${n}`,
        events: ["referral.added"],
        secret: "whsec_x",
      })),
    });
    const refused = await admin.post("/api/admin/webhooks", { url: receiver.url, events: ["referral.added"] });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("At most 50");
  });

  it("is refused to a customer (403) and signed out (401), over GraphQL too", async ({ app, customer }) => {
    expect((await customer.client.get("/api/admin/webhooks")).status).toBe(403);
    expect(
      (await app.client().post("/api/admin/webhooks", { url: receiver.url, events: ["referral.added"] })).status,
    ).toBe(401);
    const result = await customer.client.graphql(CREATE, { input: { url: receiver.url, events: ["REFERRAL_ADDED"] } });
    expect(JSON.stringify(result)).toContain("FORBIDDEN");
    expect(await app.db.webhookEndpoint.count()).toBe(0);
  });
});

describe("retention", () => {
  it("events older than 30 days are deleted with their deliveries", async ({ admin }) => {
    const endpoint = await createEndpoint(admin, ["referral.added"]);
    const { deleteOldWebhookEvents } = await import("./service.ts");
    const now = new Date();
    await app.db.$transaction((tx) =>
      emitWebhookEvent(tx, "referral.added", { referralId: 1 }, new Date(now.getTime() - 31 * 86_400_000)),
    );
    await app.db.$transaction((tx) => emitWebhookEvent(tx, "referral.added", { referralId: 2 }, now));
    expect(await deleteOldWebhookEvents(app.db, now)).toBe(1);
    expect(await app.db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
  });
});

describe("the URL rule", () => {
  const production = { production: true, webhooksAllowLoopback: false };
  const development = { production: false, webhooksAllowLoopback: false };
  it("https only in production, http elsewhere", () => {
    expect(checkWebhookUrl("https://hooks.example.com/in", production)).toBe("https://hooks.example.com/in");
    expect(() => checkWebhookUrl("http://hooks.example.com/in", production)).toThrow("https://");
    expect(checkWebhookUrl("http://127.0.0.1:9000/in", development)).toBe("http://127.0.0.1:9000/in");
  });
  it("no loopback, private or localhost hosts in production unless WEBHOOKS_ALLOW_LOOPBACK allows loopback", () => {
    for (const url of [
      "https://127.0.0.1/x",
      "https://localhost/x",
      "https://10.1.2.3/x",
      "https://192.168.0.4/x",
      "https://172.20.0.1/x",
      "https://169.254.169.254/latest",
      "https://[::1]/x",
      "https://[fd00::1]/x",
      "https://[::ffff:10.0.0.1]/x",
    ])
      expect(() => checkWebhookUrl(url, production), url).toThrow("public host");
    const journeys = { production: true, webhooksAllowLoopback: true };
    expect(checkWebhookUrl("http://127.0.0.1:4000/x", journeys)).toBe("http://127.0.0.1:4000/x");
    expect(() => checkWebhookUrl("http://10.0.0.1/x", journeys)).toThrow();
  });
});

/** An address in each range of the IANA special-purpose registries (first and last where it matters), and the extras refused. */
const SPECIAL_PURPOSE_EXAMPLES = [
  ["0.0.0.0/8", "0.0.0.0", "0.255.255.255"],
  ["10.0.0.0/8", "10.0.0.1"],
  ["100.64.0.0/10 shared", "100.64.0.1", "100.127.255.254"],
  ["127.0.0.0/8", "127.0.0.1", "127.255.255.254"],
  ["169.254.0.0/16", "169.254.169.254"],
  ["172.16.0.0/12", "172.16.0.1", "172.31.255.254"],
  ["192.0.0.0/24", "192.0.0.1", "192.0.0.170", "192.0.0.255"],
  ["192.0.2.0/24", "192.0.2.10"],
  ["192.31.196.0/24", "192.31.196.1"],
  ["192.52.193.0/24", "192.52.193.1"],
  ["192.88.99.0/24", "192.88.99.1"],
  ["192.168.0.0/16", "192.168.1.1"],
  ["192.175.48.0/24", "192.175.48.1"],
  ["198.18.0.0/15", "198.18.0.1", "198.19.255.254"],
  ["198.51.100.0/24", "198.51.100.7"],
  ["203.0.113.0/24", "203.0.113.9"],
  ["224.0.0.0/4 multicast", "224.0.0.1", "239.255.255.250"],
  ["240.0.0.0/4", "240.0.0.1", "254.255.255.254"],
  ["255.255.255.255", "255.255.255.255"],
  ["::/128", "::"],
  ["::1/128", "::1"],
  ["::ffff:0:0/96 mapped", "::ffff:10.0.0.1", "::ffff:127.0.0.1", "::ffff:93.184.215.14"],
  ["::/96 IPv4-compatible", "::10.0.0.1", "::93.184.215.14"],
  ["64:ff9b::/96 NAT64 of a special address", "64:ff9b::10.0.0.1", "64:ff9b::127.0.0.1", "64:ff9b::198.18.0.1"],
  ["64:ff9b:1::/48 local NAT64", "64:ff9b:1::1", "64:ff9b:1:ffff::93.184.215.14"],
  ["100::/64 discard", "100::1"],
  ["2001::/23", "2001::1", "2001:1::1", "2001:2::1", "2001:3::1", "2001:10::1", "2001:20::1", "2001:1ff::1"],
  ["2001:db8::/32", "2001:db8::1"],
  ["2002::/16 6to4", "2002:5db8:d70e::1", "2002:a00:1::1"],
  ["2620:4f:8000::/48", "2620:4f:8000::1"],
  ["3fff::/20", "3fff::1"],
  ["5f00::/16", "5f00::1"],
  ["fc00::/7", "fc00::1", "fd12:3456::1"],
  ["fe80::/10", "fe80::1", "febf::1"],
  ["fec0::/10 site-local", "fec0::1", "feff::1"],
  ["ff00::/8 multicast", "ff02::1", "ff0e::1"],
  ["outside 2000::/3", "4000::1", "1::1"],
] as const;
const specialAddresses = SPECIAL_PURPOSE_EXAMPLES.flatMap(([, ...addresses]) => addresses);
const literalUrl = (address: string) => `https://${address.includes(":") ? `[${address}]` : address}:8443/in`;
/** Public addresses, some at the edges of refused ranges: accepted. */
const PUBLIC_ADDRESSES = [
  "93.184.215.14",
  "8.8.8.8",
  "100.128.0.1",
  "172.32.0.1",
  "198.20.0.1",
  "2606:4700::1111",
  "64:ff9b::8.8.8.8",
];

describe("webhook addresses: every special-purpose range refused, the connection pinned to the checked address", () => {
  const production = { production: true, webhooksAllowLoopback: false };
  const deliveryConfig = { ...production, webhookRetryScheduleMs: [60_000], webhookTimeoutMs: 400 };

  it("every special-purpose address is refused at save time in production; public ones are accepted", async ({
    app,
    adminId,
  }) => {
    for (const address of specialAddresses)
      await expect(
        createWebhookEndpoint(
          app.db,
          { url: literalUrl(address), events: ["referral.added"], description: "" },
          { id: adminId },
          production,
          app.deps.secretBox,
        ),
        address,
      ).rejects.toThrow("public host");
    expect(await app.db.webhookEndpoint.count()).toBe(0);
    for (const address of PUBLIC_ADDRESSES)
      expect(checkWebhookUrl(literalUrl(address), production), address).toBeTruthy();
  });

  /** One attempt of a fresh delivery to `url` (production by default), with `resolveHost` as the resolver. */
  async function attempt(endpointId: number, url: string, resolveHost: ResolveHost, config = deliveryConfig) {
    let delivery = await app.db.webhookDelivery.findFirst({ where: { endpointId }, orderBy: { id: "desc" } });
    if (delivery === null) {
      await app.db.$transaction((tx) => emitWebhookEvent(tx, "referral.added", { referralId: 1 }));
      delivery = await app.db.webhookDelivery.findFirstOrThrow({ where: { endpointId } });
    }
    // The same delivery, due again, for each address.
    await app.db.$transaction([
      app.db.webhookEndpoint.update({ where: { id: endpointId }, data: { url } }),
      app.db.webhookDelivery.update({
        where: { id: delivery.id },
        data: { status: "PENDING", attempts: 0, nextAttemptAt: null, lastError: null },
      }),
    ]);
    const deps = { prisma: app.db, secretBox: app.deps.secretBox, log: pino({ level: "silent" }), config, resolveHost };
    const outcome = await deliverWebhook(deps, delivery.id);
    const { lastError } = await app.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    return { outcome, lastError };
  }

  it("every special-purpose address is refused at attempt time, as a literal kept from before and as a name's answer", async ({
    admin,
  }) => {
    const { id } = await createEndpoint(admin, ["referral.added"]);
    // Saved before (in development, or before the rule): refused when sent (one address of each range).
    for (const [, address] of SPECIAL_PURPOSE_EXAMPLES) {
      const literal = await attempt(id, literalUrl(address), async () => {
        throw new Error("a literal is not looked up");
      });
      expect(literal.lastError, address).toContain("public host");
    }
    for (const address of specialAddresses) {
      // A public-looking name answering the address among public ones.
      const named = await attempt(id, "https://hooks.example.test:8443/in", async () => ["93.184.215.14", address]);
      expect(named.lastError, address).toContain(
        `resolves to ${address}, a local, private or special-purpose address: not sent`,
      );
      expect(named.outcome).toBe("retrying");
    }
    expect(receiver.received).toHaveLength(0);
  });

  it("DNS rebinding: the name is resolved once and the connection goes to the address checked, not to a second answer", async ({
    admin,
  }) => {
    // What a rebinding name would reach on its second answer: a listener on 127.0.0.1 that counts connections.
    const connections: string[] = [];
    const loopbackListener = createTcpServer((socket) => {
      connections.push(socket.remoteAddress ?? "");
      socket.destroy();
    });
    await new Promise<void>((resolve) => loopbackListener.listen(0, "127.0.0.1", resolve));
    const port = (loopbackListener.address() as AddressInfo).port;
    const answers: string[] = [];
    const rebinding: ResolveHost = async (hostname) => {
      answers.push(hostname);
      return answers.length === 1 ? ["93.184.215.14"] : ["127.0.0.1"];
    };
    try {
      const { id } = await createEndpoint(admin, ["referral.added"]);
      const result = await attempt(id, `https://rebind.example.test:${port}/in`, rebinding);
      expect(answers).toEqual(["rebind.example.test"]);
      expect(result.outcome).toBe("retrying");
      expect(connections).toEqual([]);
    } finally {
      loopbackListener.close();
    }
  });

  it("the connection keeps the host name in the Host header while going to the checked address (the journeys' loopback switch)", async ({
    admin,
  }) => {
    const port = new URL(receiver.url).port;
    const asked: string[] = [];
    // The second answer would be refused (and nothing listens there): only the first may be used.
    const resolveHost: ResolveHost = async (hostname) => {
      asked.push(hostname);
      return asked.length === 1 ? ["127.0.0.1"] : ["10.0.0.7"];
    };
    const journeys = {
      production: true,
      webhooksAllowLoopback: true,
      webhookRetryScheduleMs: [60_000],
      webhookTimeoutMs: 2_000,
    };
    const endpoint = await createEndpoint(admin, ["referral.added"], `http://localhost:${port}/hooks`);
    await app.db.$transaction((tx) => emitWebhookEvent(tx, "referral.added", { referralId: 1 }));
    const delivery = await deliveryOf(endpoint.id);
    const deps = {
      prisma: app.db,
      secretBox: app.deps.secretBox,
      log: pino({ level: "silent" }),
      config: journeys,
      resolveHost,
    };
    expect(await deliverWebhook(deps, delivery.id)).toBe("succeeded");
    expect(asked).toEqual(["localhost"]);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers.host).toBe(`localhost:${port}`);
    // A loopback name answering a non-loopback address is refused even with the switch.
    const other = await attempt(endpoint.id, `http://localhost:${port}/hooks`, async () => ["10.0.0.7"], journeys);
    expect(other.lastError).toContain("resolves to 10.0.0.7");
  });

  it("a resolver's answer is checked in production only", async () => {
    const url = new URL("https://hooks.example.com/in");
    const dns = (addresses: string[]) => async () => addresses;
    await expect(checkedAddresses(url, production, dns(["93.184.215.14", "10.0.0.7"]))).rejects.toThrow(
      "hooks.example.com resolves to 10.0.0.7",
    );
    expect(await checkedAddresses(url, production, dns(["93.184.215.14"]))).toEqual(["93.184.215.14"]);
    expect(await checkedAddresses(url, { production: false, webhooksAllowLoopback: false }, dns(["10.0.0.7"]))).toEqual(
      ["10.0.0.7"],
    );
  });
});
