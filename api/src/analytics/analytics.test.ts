import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { customerSegment } from "../customers/segments.ts";
import { seedDemoData } from "../demo/seed.ts";

// Before any test signs in the administrator, as the figures below are the demo data's alone.
it.beforeAll(async ({ app }) => {
  await seedDemoData(app.db);
});

describe("analytics on the demo data", () => {
  it("gives the programme's figures, exact to the penny", async ({ admin }) => {
    const response = await admin.get("/api/admin/analytics");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      totalCustomers: 6,
      verifiedCustomers: 4,
      totalReferrals: 9,
      purchasedReferrals: 6,
      conversionRate: 66.7,
      totalCreditsIssued: "12210.00",
      totalPurchaseValue: "111000.00",
      averagePurchaseValue: "18500.00",
    });
  });

  it("ranks the top performers by credits", async ({ admin }) => {
    const response = await admin.get("/api/admin/referral-metrics");
    expect(response.body.topPerformers.map((p: any) => [p.customerName, p.totalCredits])).toEqual([
      ["Emma Wilson", "5500.00"],
      ["Sarah Johnson", "3960.00"],
      ["James Miller", "2750.00"],
    ]);
    const firstOnly = await admin.get("/api/admin/referral-metrics?limit=1");
    expect(firstOnly.body.topPerformers).toHaveLength(1);
    expect((await admin.get("/api/admin/referral-metrics?limit=0")).status).toBe(400);
  });

  it("counts customers per segment", async ({ admin }) => {
    const response = await admin.get("/api/admin/customer-segments");
    expect(response.body).toMatchObject({ gettingStarted: 3, lowProgress: 0, mediumProgress: 2, highProgress: 1 });
    expect(response.body.segments.map((s: any) => s.segment)).toEqual([
      "Getting Started",
      "Low Progress",
      "Medium Progress",
      "High Progress",
    ]);
  });

  it("lists revenue trends newest first and pages through them with a cursor", async ({ admin }) => {
    const rest = await admin.get("/api/admin/revenue-trends");
    expect(rest.body).toHaveLength(6);
    expect(rest.body[0]).toEqual({
      id: expect.any(Number),
      amount: expect.stringMatching(/^\d+\.\d\d$/),
      date: expect.any(String),
      credits: expect.any(String),
    });
    const query = `query($after: String) { revenueTrends(first: 4, after: $after) { pageInfo { hasNextPage endCursor } edges { node { amount { pence } credits { pence } } } } }`;
    const first = (await admin.graphql(query)).data.revenueTrends;
    expect(first.edges).toHaveLength(4);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await admin.graphql(query, { after: first.pageInfo.endCursor })).data.revenueTrends;
    expect(second.edges).toHaveLength(2);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const all = [...first.edges, ...second.edges].map((e: any) => e.node);
    expect(all.reduce((sum: number, n: any) => sum + n.amount.pence, 0)).toBe(11_100_000);
    for (const node of all) expect(node.credits.pence).toBe(Math.round(node.amount.pence * 0.11));
  });

  it("is refused to customers and to signed-out callers", async ({ app }) => {
    const customer = app.client();
    await customer.post("/api/login", { username: "sarah", password: "demo123" });
    for (const path of [
      "/api/admin/analytics",
      "/api/admin/referral-metrics",
      "/api/admin/customer-segments",
      "/api/admin/revenue-trends",
    ]) {
      expect((await customer.get(path)).status, path).toBe(403);
      expect((await app.client().get(path)).status, path).toBe(401);
    }
  });
});

describe("segments", () => {
  it("puts the bounds at exactly 33% and 66%", () => {
    expect(customerSegment(10_000, 0)).toBe("GETTING_STARTED");
    expect(customerSegment(10_000, 1)).toBe("LOW_PROGRESS");
    expect(customerSegment(10_000, 3_299)).toBe("LOW_PROGRESS");
    expect(customerSegment(10_000, 3_300)).toBe("MEDIUM_PROGRESS");
    expect(customerSegment(10_000, 6_599)).toBe("MEDIUM_PROGRESS");
    expect(customerSegment(10_000, 6_600)).toBe("HIGH_PROGRESS");
    expect(customerSegment(10_000, 25_000)).toBe("HIGH_PROGRESS");
  });
});
