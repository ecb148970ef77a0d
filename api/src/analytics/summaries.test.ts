import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { flaggedVerifiedByOneAdministrator } from "../../test/settings.ts";
import { signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { PROJECT_ROOT } from "../db/prismaCli.ts";
import { runReferralExpiry } from "../referrals/expiry.ts";
import { exactAnalyticsFigures, exactSegmentCounts, exactTopPerformers, summaryTopPerformers } from "./exactFigures.ts";
import { foldAnalyticsDeltas } from "./summaries.ts";

// The summaries the analytics screens read (summaries.ts) against the exact recomputation from the
// tables (exactFigures.ts), after many mixed writes: through the API (some in parallel), through
// Prisma directly, in plain SQL and by the expiry job; then the repair command.

const execFileAsync = promisify(execFile);
const DAY_MS = 24 * 60 * 60 * 1000;

type Customer = { client: TestClient; customerId: number };

/** What the admin screens show (REST) beside what the tables say now. */
async function compare(app: TestApp, admin: TestClient) {
  const [analytics, segments, performers] = await Promise.all([
    admin.get("/api/admin/analytics"),
    admin.get("/api/admin/customer-segments"),
    admin.get("/api/admin/referral-metrics?limit=100"),
  ]);
  const exact = await exactAnalyticsFigures(app.db);
  const exactSegments = await exactSegmentCounts(app.db);
  const pounds = (pence: number) => (pence / 100).toFixed(2);
  const shown = {
    analytics: analytics.body,
    segments: {
      gettingStarted: segments.body.gettingStarted,
      lowProgress: segments.body.lowProgress,
      mediumProgress: segments.body.mediumProgress,
      highProgress: segments.body.highProgress,
    },
    topPerformers: performers.body.topPerformers.map((p: any) => [p.customerId, p.totalCredits]),
    creditTotals: await summaryTopPerformers(app.db),
  };
  const exactTop = await exactTopPerformers(app.db);
  const expected = {
    analytics: {
      totalCustomers: exact.totalCustomers,
      verifiedCustomers: exact.verifiedCustomers,
      totalReferrals: exact.totalReferrals,
      purchasedReferrals: exact.purchasedReferrals,
      conversionRate: exact.conversionRate,
      totalCreditsIssued: pounds(exact.totalCreditsIssuedPence),
      totalPurchaseValue: pounds(exact.totalPurchaseValuePence),
      averagePurchaseValue: pounds(exact.averagePurchaseValuePence),
    },
    segments: {
      gettingStarted: exactSegments.GETTING_STARTED,
      lowProgress: exactSegments.LOW_PROGRESS,
      mediumProgress: exactSegments.MEDIUM_PROGRESS,
      highProgress: exactSegments.HIGH_PROGRESS,
    },
    topPerformers: exactTop.slice(0, 100).map((t) => [t.customerId, pounds(Number(t.credits))]),
    creditTotals: exactTop,
  };
  return { shown, expected };
}

const statuses = (responses: { status: number; text: string }[]) =>
  responses.map((response) => (response.status === 200 ? 200 : `${response.status} ${response.text.slice(0, 200)}`));

// Many referrals of one customer in an hour, and large amounts, are signals (docs/rules/fraud.md): each
// verification says why, and is done by one administrator (these tests are about the figures).
describe("analytics summaries", () => {
  it("equal the recomputation from the tables after many mixed writes, parallel ones included, with none lost or refused", async ({
    app,
    admin,
    uniqueName,
  }) => {
    await flaggedVerifiedByOneAdministrator(app.db);
    const customers: Customer[] = [];
    for (let n = 0; n < 8; n++) {
      customers.push(
        await signedInCustomer(app, uniqueName("summary"), {
          verified: n !== 7,
          originalPurchaseAmount: `${(n + 1) * 500}.00`,
        }),
      );
    }
    // Each customer adds five referrals at once: 40 parallel requests.
    let phone = 100;
    const added = await Promise.all(
      customers
        .slice(0, 7)
        .flatMap((customer) =>
          Array.from({ length: 5 }, () =>
            customer.client.post("/api/referrals", { name: "Summary Friend", phone: `+447400${++phone}000` }),
          ),
        ),
    );
    expect(statuses(added)).toEqual(added.map(() => 200));
    const referralIds = added.map((response) => response.body.id as number);

    // 24 verifications in parallel, several per customer at once (each customer's rows locked in turn).
    const verified = await Promise.all(
      referralIds
        .slice(0, 24)
        .map((id, i) => admin.post(`/api/admin/referrals/${id}/purchase`, { amount: 900 + i * 137, notes: "Checked" })),
    );
    expect(statuses(verified)).toEqual(verified.map(() => 200));
    expect(await compare(app, admin)).toSatisfy(({ shown, expected }) => {
      expect(shown).toEqual(expected);
      return true;
    });

    // Cancellations, withdrawals, erasures and more verifications, all at once, while the job folds.
    const mixed = await Promise.all([
      ...referralIds.slice(0, 8).map((id) => admin.post(`/api/admin/cancel-referral/${id}`, { reason: "Returned" })),
      ...referralIds
        .slice(24, 28)
        .map((id) => admin.post(`/api/admin/referrals/${id}/purchase`, { amount: 4_321, notes: "Checked" })),
      ...[28, 29].map((i) =>
        customers[Math.floor(i / 5)]?.client.post(`/api/referrals/${referralIds[i]}/withdraw`, {}),
      ),
      admin.post(`/api/admin/referrals/${referralIds[30]}/erase`, { reason: "Asked to be forgotten" }),
      foldAnalyticsDeltas(app.db).then(() => ({ status: 200, text: "" })),
    ]);
    expect(statuses(mixed as { status: number; text: string }[])).toEqual(mixed.map(() => 200));
    expect((await compare(app, admin)).shown).toEqual((await compare(app, admin)).expected);

    // A cancelled referral verified again, a customer approved, one's original purchase corrected
    // directly through Prisma, a referral expired by the job, and rows written in plain SQL.
    expect(
      (await admin.post(`/api/admin/referrals/${referralIds[0]}/purchase`, { amount: 100_000, notes: "Checked" }))
        .status,
    ).toBe(200);
    await app.db.customerProfile.update({
      where: { id: customers[7]?.customerId },
      data: { status: "VERIFIED", verifiedAt: new Date() },
    });
    await app.db.customerProfile.update({
      where: { id: customers[1]?.customerId },
      data: { originalPurchaseAmountPence: 20_000 },
    });
    await app.db.referral.update({
      where: { id: referralIds[31] },
      data: { createdAt: new Date(Date.now() - 100 * DAY_MS), expiresAt: new Date(Date.now() - DAY_MS) },
    });
    expect((await runReferralExpiry(app.db, new Date(), { publicUrl: "http://localhost" })).expired).toBeGreaterThan(0);
    await app.db.$executeRawUnsafe(
      `INSERT INTO "Referral" ("customerId", name, phone, status, "expiresAt", "updatedAt")
       SELECT "customerId", 'Plain SQL', '+447400999' || lpad(id::text, 3, '0'), 'PENDING', now() + interval '90 days', now()
       FROM "Referral" WHERE id = ANY($1::int[])`,
      referralIds.slice(32, 35),
    );
    await app.db.$executeRawUnsafe(`UPDATE "CreditLedgerEntry" SET "amountPence" = "amountPence" + 1 WHERE id IN (
      SELECT id FROM "CreditLedgerEntry" ORDER BY id LIMIT 2)`);
    await foldAnalyticsDeltas(app.db);
    // A customer removed with everything they had (the cascade of the database's foreign keys).
    await app.db.customerProfile.delete({ where: { id: customers[2]?.customerId } });
    await foldAnalyticsDeltas(app.db);

    const { shown, expected } = await compare(app, admin);
    expect(shown).toEqual(expected);
    expect(expected.analytics.totalReferrals).toBeGreaterThan(30);
    expect(expected.topPerformers.length).toBeGreaterThan(3);
    // Folded: the figures are one row again.
    expect(await app.db.analyticsDelta.count()).toBe(1);
  });

  it("npm run analytics:rebuild restores summaries that were damaged, while verifications go on", async ({
    app,
    admin,
    uniqueName,
  }) => {
    await flaggedVerifiedByOneAdministrator(app.db);
    const customer = await signedInCustomer(app, uniqueName("rebuild"), { originalPurchaseAmount: "2000.00" });
    const added = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        customer.client.post("/api/referrals", { name: "Rebuild Friend", phone: `+447401${200 + i}000` }),
      ),
    );
    const ids = added.map((response) => response.body.id as number);
    const purchasedBefore = (await exactAnalyticsFigures(app.db)).purchasedReferrals;
    // Damage: the changes gone and every customer's total wrong, as after writes with the triggers off.
    await app.db.$executeRawUnsafe(`DELETE FROM "AnalyticsDelta"`);
    await app.db.$executeRawUnsafe(`UPDATE "CustomerCreditTotal" SET "creditsPence" = 0`);
    await app.db.$executeRawUnsafe(`DELETE FROM "AnalyticsDelta"`);
    expect((await admin.get("/api/admin/analytics")).body.totalCustomers).toBe(0);

    const [rebuilt, ...verified] = await Promise.all([
      execFileAsync("npx", ["tsx", "api/src/cli/analyticsRebuild.ts"], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, DATABASE_URL: app.databaseUrl },
      }),
      ...ids
        .slice(0, 6)
        .map((id) => admin.post(`/api/admin/referrals/${id}/purchase`, { amount: 3_000, notes: "Checked" })),
    ]);
    expect(rebuilt.stdout).toMatch(/Analytics summaries rebuilt from the tables in \d+ ms\./);
    expect(statuses(verified)).toEqual(verified.map(() => 200));
    const { shown, expected } = await compare(app, admin);
    expect(shown).toEqual(expected);
    expect(expected.analytics.totalCustomers).toBeGreaterThan(0);
    expect(expected.analytics.purchasedReferrals).toBe(purchasedBefore + 6);
  });
});
