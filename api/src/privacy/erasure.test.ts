// Erasure that erases (docs/rules/privacy.md and docs/rules/audit.md, "Audit trail"): after an account's deletion, an erasure on
// request, a withdrawal or an expiry, the person's details are in no audit text, stored email, other
// customer's download, idempotency answer or webhook log; and a full pg_dump of the database holds none.
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { DEBIAN_POSTGRES_15_BIN, startThrowawayServer } from "../../test/postgresCluster.ts";
import { readRawMessage, type SmtpTestServer, startSmtpTestServer } from "../../test/smtpServer.ts";
import {
  signedInAdmin,
  signedInCustomer,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
  type TestClient,
} from "../../test/testApp.ts";
import { clearOldAuditIps } from "../audit/index.ts";
import { jobCrontab } from "../compose/jobs.ts";
import { applyMigrations } from "../db/migrate.ts";
import { sendPendingEmails } from "../emails/sender.ts";
import { expireReferrals } from "../referrals/expiry.ts";
import { deliverWebhook } from "../webhooks/delivery.ts";

const exec = promisify(execFile);
const send = (app: TestApp) =>
  sendPendingEmails({ prisma: app.db, config: app.deps.config, log: pino({ level: "silent" }) });
const deliverAll = async (app: TestApp) => {
  const deps = {
    prisma: app.db,
    secretBox: app.deps.secretBox,
    log: pino({ level: "silent" }),
    config: app.deps.config,
  };
  for (const delivery of await app.db.webhookDelivery.findMany({ where: { status: "PENDING" } }))
    await deliverWebhook(deps, delivery.id);
};

/** A receiver that answers every delivery with a body naming the person (it must not be kept). */
let receiver: { server: Server; url: string; echo: string; received: string[] };
beforeAll(async () => {
  const received: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      received.push(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(200, { "content-type": "text/plain" }).end(receiver.echo);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, echo: "", received };
});
afterAll(() => new Promise<void>((resolve) => receiver.server.close(() => resolve())));

const friendOf = (tag: string) => ({
  name: `Xavia ${tag} Friendly`,
  phone: `07400 5${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}`,
  email: `xavia.${tag.toLowerCase()}@friends.example`,
  address: `${tag} Lantern Row, Little Bexfield`,
});

async function addReferral(client: TestClient, friend: ReturnType<typeof friendOf>, key?: string) {
  const response = await client.request("POST", "/api/referrals", {
    json: friend,
    headers: key ? { "Idempotency-Key": key } : {},
  });
  expect(response.status, response.text).toBe(200);
  return response.body as { id: number; name: string };
}

it.override("appOptions", { smtp: true });

describe("an erased person leaves nothing behind", () => {
  it("audit text after POST /api/me/delete: no address, and the view names the account 'erased'", async ({
    app,
    admin,
    smtp,
    uniqueName,
  }) => {
    const username = uniqueName("Auditee");
    const email = `${username.toLowerCase()}@audited.example`;
    const client = app.client();
    const user = await client.register(username, { email, firstName: "Orla", lastName: "Auditee" });
    await send(app);
    const message = smtp.received.filter((m) => m.envelopeTo.includes(email)).at(-1);
    const token = /confirm-email\?token=([\w-]+)/.exec(
      readRawMessage(message?.raw ?? "").parts.get("text/plain") ?? "",
    )?.[1];
    expect((await app.client().post("/api/confirm-email", { token })).status).toBe(200);
    // A typed username at a failed sign-in is never kept (it may be a password).
    await app.client().post("/api/login", { username: "my-secret-Passw0rd", password: "x" });
    await app.client().post("/api/login", { username, password: "wrong-password" });

    const before = await admin.get("/api/admin/audit-logs?action=email_confirmed&limit=100");
    const mine = before.body.find((entry: any) => entry.resourceId === String(user.id));
    expect(mine).toMatchObject({ resourceType: "user", resourceName: `Orla Auditee`, adminName: "Orla Auditee" });
    expect(JSON.stringify(mine)).not.toContain(email);

    expect((await client.post("/api/me/delete", { password: TEST_PASSWORD })).status).toBe(200);
    const after = await admin.get("/api/admin/audit-logs?action=email_confirmed&limit=100");
    const erased = after.body.find((entry: any) => entry.resourceId === String(user.id));
    expect(erased).toMatchObject({ resourceName: "erased", adminName: "erased" });
    expect(JSON.stringify(after.body)).not.toMatch(new RegExp(`${email}|${username}|Orla`, "i"));
    const failures = await admin.get("/api/admin/audit-logs?action=sign_in_failed&limit=100");
    expect(failures.text).not.toContain("my-secret-Passw0rd");
    expect(failures.text).not.toContain(username);
    expect(failures.body).toContainEqual(
      expect.objectContaining({ resourceId: String(user.id), resourceName: "erased", details: "Failed sign-in" }),
    );
    // The CSV report joins today's names too.
    const report = await admin.get("/api/admin/reports/audit-log?format=csv");
    expect(report.text).not.toMatch(new RegExp(`${email}|Orla|my-secret-Passw0rd`, "i"));
    const rawEntries = await app.db.auditEntry.findMany({
      where: { resourceType: "user", resourceId: String(user.id) },
    });
    expect(JSON.stringify(rawEntries)).not.toMatch(new RegExp(`${email}|${username}`, "i"));
  });

  it("a queued new-referral email and the referrer's download no longer name a friend erased on request", async ({
    app,
    admin,
    smtp,
    uniqueName,
  }) => {
    const referrer = await signedInCustomer(app, uniqueName("Referrer"));
    // Held back: the address is unconfirmed, so the alert waits in the outbox.
    await app.db.user.update({ where: { id: referrer.userId }, data: { emailConfirmedAt: null } });
    const friend = friendOf("Queued");
    const added = await addReferral(referrer.client, friend);
    const queued = await app.db.email.findFirstOrThrow({
      where: { userId: referrer.userId, type: "NEW_REFERRAL_ALERT" },
    });
    expect(queued.status).toBe("PENDING");

    expect((await admin.post(`/api/admin/referrals/${added.id}/erase`, { reason: "Asked by phone" })).status).toBe(200);
    const stored = await app.db.email.findUniqueOrThrow({ where: { id: queued.id } });
    expect(JSON.stringify(stored)).not.toContain(friend.name);

    const download = await referrer.client.get("/api/me/data");
    expect(download.status).toBe(200);
    for (const value of Object.values(friend)) expect(download.text).not.toContain(value);
    expect(download.body.emails).toContainEqual(
      expect.objectContaining({
        type: "NEW_REFERRAL_ALERT",
        text: expect.stringContaining("Your friend has been added"),
      }),
    );

    // Sent later, it names no one.
    await app.db.user.update({ where: { id: referrer.userId }, data: { emailConfirmedAt: new Date() } });
    await send(app);
    const delivered = smtp.received.filter((m) => m.raw.includes("has been added to your referrals"));
    expect(delivered.length).toBeGreaterThan(0);
    for (const message of delivered) expect(message.raw).not.toContain(friend.name);
  });

  it("an idempotency replay after erasure returns no personal data", async ({ app, admin, uniqueName }) => {
    const referrer = await signedInCustomer(app, uniqueName("Replayer"));
    const friend = friendOf("Replayed");
    const key = `add-${uniqueName("key")}`;
    const first = await addReferral(referrer.client, friend, key);
    expect(first.name).toBe(friend.name);
    expect((await admin.post(`/api/admin/referrals/${first.id}/erase`, { reason: "On request" })).status).toBe(200);

    const replay = await referrer.client.request("POST", "/api/referrals", {
      json: friend,
      headers: { "Idempotency-Key": key },
    });
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(first.id);
    for (const value of Object.values(friend)) expect(replay.text).not.toContain(value);
    // Replayed, not run again: still one referral.
    expect(await app.db.referral.count({ where: { customerId: referrer.customerId } })).toBe(1);
    const stored = await app.db.idempotencyKey.findMany({ where: { caller: `user:${referrer.userId}` } });
    for (const value of Object.values(friend)) expect(JSON.stringify(stored)).not.toContain(value);
  });

  it("webhook delivery logs keep ids only, never the receiver's answer, before and after erasure", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const created = await admin.post("/api/admin/webhooks", { url: receiver.url, events: ["referral.added"] });
    expect(created.status, created.text).toBe(200);
    const referrer = await signedInCustomer(app, uniqueName("Hooked"));
    const friend = friendOf("Hooked");
    receiver.echo = `thanks for ${friend.name} ${friend.email} ${friend.phone}`;
    const added = await addReferral(referrer.client, friend);
    await deliverAll(app);
    expect(receiver.received.some((body) => body.includes(`"referralId":${added.id}`))).toBe(true);
    expect((await admin.post(`/api/admin/referrals/${added.id}/erase`, { reason: "On request" })).status).toBe(200);

    const deliveries = await admin.get(`/api/admin/webhooks/${created.body.id}/deliveries`);
    expect(deliveries.status).toBe(200);
    const stored = JSON.stringify([
      await app.db.webhookEvent.findMany(),
      await app.db.webhookDelivery.findMany(),
      deliveries.body,
    ]);
    for (const value of Object.values(friend)) expect(stored).not.toContain(value);
    await admin.post(`/api/admin/webhooks/${created.body.id}/delete`);
  });
});

describe("the audit trail's IP addresses", () => {
  it("are cleared after 90 days by the daily task, and kept until then", async ({ app }) => {
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    const entry = (action: string, ipAddress: string, daysAgo: number) =>
      app.db.auditEntry.create({
        data: { action, resourceType: "test", ipAddress, createdAt: new Date(now.getTime() - daysAgo * day) },
      });
    const old = await entry("test_old", "203.0.113.9", 91);
    const recent = await entry("test_recent", "203.0.113.10", 89);
    expect(await clearOldAuditIps(app.db, now)).toBeGreaterThanOrEqual(1);
    expect((await app.db.auditEntry.findUniqueOrThrow({ where: { id: old.id } })).ipAddress).toBeNull();
    expect((await app.db.auditEntry.findUniqueOrThrow({ where: { id: recent.id } })).ipAddress).toBe("203.0.113.10");
    expect(jobCrontab({ referralExpiryCron: "0 * * * *" })).toContain("audit_ip_cleanup");
  });
});

// ---- The whole database, dumped with pg_dump ----

/** A Debian PostgreSQL 15 server (pg_dump 15 refuses the embedded 18) with an `erasure` database. */
async function startPostgres15(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = await startThrowawayServer();
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query("CREATE DATABASE erasure");
  await admin.end();
  return { url: server.adminUrl.replace(/\/postgres$/, "/erasure"), stop: () => server.destroy() };
}

/** Every value given, searched case-insensitively in the whole dump: the ones found. */
function foundIn(dump: string, values: readonly string[]): string[] {
  const lower = dump.toLowerCase();
  return values.filter((value) => lower.includes(value.toLowerCase()));
}

describe("a full pg_dump after erasure", () => {
  it("holds none of the erased people's names, emails, phones, postcodes or addresses", {
    timeout: 120_000,
  }, async () => {
    const cluster = await startPostgres15();
    let app: TestApp | undefined;
    let smtp: SmtpTestServer | undefined;
    try {
      await applyMigrations(cluster.url);
      smtp = await startSmtpTestServer();
      app = await startTestApp({ SMTP_URL: smtp.url }, { databaseUrl: cluster.url });
      const admin = await signedInAdmin(app, "dump-admin");
      const endpoint = await admin.post("/api/admin/webhooks", {
        url: receiver.url,
        events: [
          "customer.registered",
          "customer.approved",
          "referral.added",
          "referral.expired",
          "purchase.verified",
          "milestone.paid",
          "milestone.ready",
          "milestone.requested",
        ],
      });
      expect(endpoint.status, endpoint.text).toBe(200);

      // The person: a customer who touches every table.
      const person = {
        username: "quillon-marsh",
        email: "quillon.marsh@person.example",
        firstName: "Quillon",
        lastName: "Marshwhistle",
        postcode: "KW17 2QD",
        contractNumber: "HNG-QUILLON-7781",
      };
      receiver.echo = `ack ${person.email} ${person.firstName}`;
      const client = app.client();
      await client.register(person.username, {
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
      });
      const registered = await client.post("/api/customer/register", {
        originalPurchaseAmount: "1000.00",
        postcode: person.postcode,
        contractNumber: person.contractNumber,
      });
      expect(registered.status, registered.text).toBe(200);
      await send(app);
      const confirmation = smtp.received.filter((m) => m.envelopeTo.includes(person.email)).at(-1);
      const token = /confirm-email\?token=([\w-]+)/.exec(
        readRawMessage(confirmation?.raw ?? "").parts.get("text/plain") ?? "",
      )?.[1];
      expect((await app.client().post("/api/confirm-email", { token })).status).toBe(200);
      expect((await admin.post(`/api/admin/approve-customer/${registered.body.id}`)).status).toBe(200);
      await app.client().post("/api/login", { username: person.username, password: "not-the-password" });

      const bought = friendOf("Bought");
      // The referrer's own postcode in the address: a fraud signal whose evidence names it (docs/rules/fraud.md).
      const pending = { ...friendOf("Pending"), address: `Pending Lantern Row, Little Bexfield ${person.postcode}` };
      const boughtRow = await addReferral(client, bought, "person-add-1");
      await addReferral(client, pending, "person-add-2");
      const verified = await admin.request("POST", `/api/admin/referrals/${boughtRow.id}/purchase`, {
        // Above 3× the person's own purchase: a signal, so the verification says why it goes ahead.
        json: { amount: "3100.00", notes: "Order confirmed with the showroom" },
        headers: { "Idempotency-Key": "person-verify" },
      });
      expect(verified.status, verified.text).toBe(200);
      expect((await client.post("/api/customer/milestones/milestone_33/request-payment")).status).toBe(200);
      const paid = await admin.request("POST", "/api/admin/process-milestone", {
        json: { customerId: registered.body.id, milestoneType: "milestone_33" },
        headers: { "Idempotency-Key": "person-pay" },
      });
      expect(paid.status, paid.text).toBe(200);
      await send(app);
      await deliverAll(app);
      // One more, still queued at the erasure.
      await addReferral(client, friendOf("Late"), "person-add-3");

      // Friends of another referrer, erased each way: withdrawn, erased on request, expired.
      const other = await signedInCustomer(app, "dump-referrer");
      const withdrawn = friendOf("Withdrawn");
      // The referrer's own address with a +tag: a signal whose evidence quotes this email.
      const onRequest = { ...friendOf("Requested"), email: "dump-referrer+requested@example.com" };
      const expiring = friendOf("Expiring");
      const w = await addReferral(other.client, withdrawn, "other-1");
      const r = await addReferral(other.client, onRequest, "other-2");
      const e = await addReferral(other.client, expiring, "other-3");
      await send(app);
      await deliverAll(app);
      // Fraud signals: their evidence quotes the person's postcode and a friend's email until erased.
      expect(
        (await app.db.referralSignal.findMany({ where: { evidence: { not: null } } })).map((s) => s.kind).sort(),
      ).toEqual(["AMOUNT_UNUSUAL", "REFERRER_EMAIL", "SAME_POSTCODE"]);
      expect((await other.client.post(`/api/referrals/${w.id}/withdraw`)).status).toBe(200);
      expect((await admin.post(`/api/admin/referrals/${r.id}/erase`, { reason: "Asked by letter" })).status).toBe(200);
      await app.db.referral.update({ where: { id: e.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      expect((await expireReferrals(app.db)).referralIds).toContain(e.id);

      // The person deletes their account.
      const deleted = await client.post("/api/me/delete", { password: TEST_PASSWORD });
      expect(deleted.status, deleted.text).toBe(200);
      await send(app);
      await deliverAll(app);

      const { stdout: dump } = await exec(`${DEBIAN_POSTGRES_15_BIN}/pg_dump`, ["--no-owner", cluster.url], {
        maxBuffer: 256 * 1024 * 1024,
      });
      expect(dump).toContain('COPY public."AuditEntry"');
      expect(dump).toContain("COPY graphile_worker._private_jobs");
      const personValues = [
        person.email,
        person.username,
        `${person.firstName} ${person.lastName}`,
        person.firstName,
        person.lastName,
        person.postcode,
        person.contractNumber,
      ];
      const friends = [bought, pending, friendOf("Late"), withdrawn, onRequest, expiring];
      const friendValues = friends.flatMap((friend) => [friend.name, friend.email, friend.address]);
      const phones = [bought, pending, withdrawn, onRequest, expiring].map((friend) => friend.phone);
      expect(foundIn(dump, [...personValues, ...friendValues])).toEqual([]);
      // Phones are stored as E.164 (+4474005xxxxx): searched in that form and as typed.
      expect(foundIn(dump, [...phones, ...phones.map((phone) => `+44${phone.replace(/\s/g, "").slice(1)}`)])).toEqual(
        [],
      );
      // The other referrer stays, and the money's records too.
      expect(foundIn(dump, ["dump-referrer"])).toEqual(["dump-referrer"]);
      expect(await app.db.creditLedgerEntry.count({ where: { customerId: registered.body.id } })).toBe(1);
    } finally {
      await app?.close();
      await smtp?.close();
      await cluster.stop();
    }
  });
});
