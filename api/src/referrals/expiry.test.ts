import { describe, expect } from "vitest";
import { fileFixtures, it } from "../../test/fixtures.ts";
import { startTestJobRunner, untilNoRunnerConnected } from "../../test/jobs.ts";
import { insertActor, insertPurchase, insertReferral, uniqueMobile } from "../../test/rows.ts";
import { signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { expireReferrals } from "./expiry.ts";

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

let app: TestApp;
let admin: TestClient;
fileFixtures((f) => ({ app, admin } = f));

let counter = 0;
const nextName = (prefix: string) => `${prefix}${++counter}`;

/** A referral as addReferral makes it, with its REFERRAL_ADDED activity, dated `days` ago. */
async function referralWithActivity(customerId: number, days: number, name: string) {
  const referral = await insertReferral(app.db, customerId, {
    name,
    email: `${name.replace(/\s/g, ".").toLowerCase()}@example.com`,
    createdAt: daysAgo(days),
  });
  await app.db.referral.update({ where: { id: referral.id }, data: { address: "1 High Street, London" } });
  await app.db.activity.create({
    data: {
      customerId,
      type: "REFERRAL_ADDED",
      description: "Referral added",
      referralId: referral.id,
      createdAt: daysAgo(days),
    },
  });
  return app.db.referral.findUniqueOrThrow({ where: { id: referral.id } });
}

/** Clears the backlog other tests left, so each test sees only its own rows. */
async function clearBacklog() {
  await expireReferrals(app.db);
}

describe("expireReferrals", () => {
  it("expires and erases a pending referral 91 days old, keeps one 89 days old and a purchased one 200 days old, and a second run changes nothing", async () => {
    await clearBacklog();
    const { client, customerId } = await signedInCustomer(app, nextName("Expiring"));
    const old = await referralWithActivity(customerId, 91, "Olive Old");
    const young = await referralWithActivity(customerId, 89, "Yusuf Young");
    const bought = await referralWithActivity(customerId, 200, "Bianca Bought");
    const actorId = await insertActor(app.db);
    await insertPurchase(app.db, {
      referralId: bought.id,
      customerId,
      amountPence: 10_000,
      creditPence: 1_100,
      actorId,
    });
    const auditsBefore = await app.db.auditEntry.count({ where: { action: "referrals_expired" } });

    const result = await expireReferrals(app.db);
    expect(result).toEqual({ expired: 1, referralIds: [old.id] });

    const expired = await app.db.referral.findUniqueOrThrow({ where: { id: old.id } });
    expect(expired).toMatchObject({
      status: "EXPIRED",
      name: null,
      phone: null,
      email: null,
      address: null,
      customerId,
    });
    expect(expired.erasedAt).not.toBeNull();
    expect(expired.createdAt).toEqual(old.createdAt);
    expect(await app.db.referral.findUniqueOrThrow({ where: { id: young.id } })).toMatchObject({
      status: "PENDING",
      name: "Yusuf Young",
      phone: young.phone,
      email: young.email,
      address: "1 High Street, London",
      erasedAt: null,
    });
    expect(await app.db.referral.findUniqueOrThrow({ where: { id: bought.id } })).toMatchObject({
      status: "PURCHASED",
      name: "Bianca Bought",
      phone: bought.phone,
      erasedAt: null,
    });

    const audits = await app.db.auditEntry.findMany({ where: { action: "referrals_expired" }, orderBy: { id: "asc" } });
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.at(-1)).toMatchObject({
      resourceType: "referral",
      resourceId: String(old.id),
      actorId: null,
      after: { count: 1, referralIds: [old.id] },
    });
    expect(JSON.stringify(audits.at(-1))).not.toContain("Olive");

    // Idempotent: nothing left to expire, nothing written.
    const updatedAt = expired.updatedAt;
    expect(await expireReferrals(app.db)).toEqual({ expired: 0, referralIds: [] });
    expect(await app.db.auditEntry.count({ where: { action: "referrals_expired" } })).toBe(auditsBefore + 1);
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: old.id } })).updatedAt).toEqual(updatedAt);

    // What the customer sees afterwards carries none of the erased data.
    const referrals = await client.get("/api/referrals");
    const shown = referrals.body.find((r: any) => r.id === old.id);
    expect(shown).toMatchObject({
      name: null,
      phone: null,
      email: null,
      address: null,
      status: "expired",
      statusDisplay: "Expired",
      daysRemaining: 0,
    });
    const activities = await client.get("/api/activities");
    const feed = JSON.stringify(activities.body);
    expect(feed).toContain("Referral added: Yusuf Young");
    expect(feed).not.toContain("Olive");
    expect(feed).not.toContain(old.phone!);
    expect(feed).not.toContain("olive.old@example.com");

    // Nor do the administrators' lists and reports.
    for (const path of ["/api/admin/referrals-detailed", "/api/admin/reports/referral-details?format=json"]) {
      const response = await admin.get(path);
      expect(response.status, path).toBe(200);
      expect(response.text, path).not.toContain("Olive");
      expect(response.text, path).not.toContain(old.phone!);
    }
  });

  it("counts expiry from expiresAt, to the millisecond", async () => {
    await clearBacklog();
    const { customerId } = await signedInCustomer(app, nextName("Edge"));
    const now = new Date();
    const due = await insertReferral(app.db, customerId, { createdAt: new Date(now.getTime() - 90 * DAY) });
    const notYet = await insertReferral(app.db, customerId, { createdAt: new Date(now.getTime() - 90 * DAY + 1) });
    expect((await expireReferrals(app.db, now)).referralIds).toEqual([due.id]);
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: notYet.id } })).status).toBe("PENDING");
    expect((await expireReferrals(app.db, new Date(now.getTime() + 1))).referralIds).toEqual([notYet.id]);
  });

  it("works through a backlog in batches, one audited transaction each", async () => {
    await clearBacklog();
    const { customerId } = await signedInCustomer(app, nextName("Backlog"));
    const ids: number[] = [];
    for (let i = 0; i < 25; i++)
      ids.push((await insertReferral(app.db, customerId, { createdAt: daysAgo(100 + i) })).id);
    const auditsBefore = await app.db.auditEntry.findMany({
      where: { action: "referrals_expired" },
      select: { id: true },
    });
    const result = await expireReferrals(app.db, new Date(), { batchSize: 10 });
    expect(result.expired).toBe(25);
    expect(result.referralIds.sort((a, b) => a - b)).toEqual(ids);
    const audits = await app.db.auditEntry.findMany({
      where: { action: "referrals_expired", id: { notIn: auditsBefore.map((a) => a.id) } },
      orderBy: { id: "asc" },
    });
    expect(audits.map((a: any) => a.after.count)).toEqual([10, 10, 5]);
    expect(audits.flatMap((a: any) => a.after.referralIds)).toEqual(ids);
    expect(
      await app.db.referral.count({ where: { id: { in: ids }, status: "EXPIRED", name: null, phone: null } }),
    ).toBe(25);
  });

  it("expires each referral once when several instances run at the same moment", async () => {
    await clearBacklog();
    const { customerId } = await signedInCustomer(app, nextName("Parallel"));
    const ids: number[] = [];
    for (let i = 0; i < 40; i++)
      ids.push((await insertReferral(app.db, customerId, { phone: uniqueMobile(), createdAt: daysAgo(95) })).id);
    const auditsBefore = await app.db.auditEntry.findMany({
      where: { action: "referrals_expired" },
      select: { id: true },
    });
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => expireReferrals(app.db, new Date(), { batchSize: 5 })),
    );
    const expired = runs.flatMap((run) => run.referralIds).sort((a, b) => a - b);
    expect(expired).toEqual(ids);
    const audits = await app.db.auditEntry.findMany({
      where: { action: "referrals_expired", id: { notIn: auditsBefore.map((a) => a.id) } },
    });
    expect(audits.flatMap((a: any) => a.after.referralIds).sort((a: number, b: number) => a - b)).toEqual(ids);
  });

  it("leaves a referral being verified at that moment (its row locked) for the next run", async () => {
    await clearBacklog();
    const { customerId } = await signedInCustomer(app, nextName("Locked"));
    const locked = await insertReferral(app.db, customerId, { createdAt: daysAgo(120) });
    const free = await insertReferral(app.db, customerId, { createdAt: daysAgo(120) });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let lockTaken!: () => void;
    const taken = new Promise<void>((resolve) => {
      lockTaken = resolve;
    });
    const holder = app.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM "Referral" WHERE id = ${locked.id}::int FOR UPDATE`;
        lockTaken();
        await held;
      },
      { timeout: 20_000 },
    );
    await taken;
    const first = await expireReferrals(app.db);
    expect(first.referralIds).toEqual([free.id]);
    release();
    await holder;
    expect((await expireReferrals(app.db)).referralIds).toEqual([locked.id]);
  });
});

describe("the expiry job", () => {
  it("runs at start-up and then on its interval, and stops", async () => {
    await clearBacklog();
    const { customerId } = await signedInCustomer(app, nextName("Scheduled"));
    const atStart = await insertReferral(app.db, customerId, { createdAt: daysAgo(91) });
    const stop = await startTestJobRunner(app, {
      expireAtStart: true,
      deps: { config: { ...app.deps.config, referralExpiryIntervalMs: 50 } },
    });
    try {
      await waitFor(
        async () => (await app.db.referral.findUniqueOrThrow({ where: { id: atStart.id } })).status === "EXPIRED",
      );
      const later = await insertReferral(app.db, customerId, { createdAt: daysAgo(92) });
      await waitFor(
        async () => (await app.db.referral.findUniqueOrThrow({ where: { id: later.id } })).status === "EXPIRED",
      );
    } finally {
      await stop();
    }
    // Stopped: once no runner is connected, nothing can expire a referral however long one waits.
    await untilNoRunnerConnected(app.databaseUrl);
    const afterStop = await insertReferral(app.db, customerId, { createdAt: daysAgo(93) });
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: afterStop.id } })).status).toBe("PENDING");
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("condition not met in time");
}
