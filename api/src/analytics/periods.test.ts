import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { signedInCustomer } from "../../test/testApp.ts";

// A programme's spring, written straight into the tables at chosen instants. London moves to
// BST at 01:00 UTC on 29 March 2026, so 23:30 UTC on Sunday 5 April is Monday 6 April in London
// (the next week), and 23:30 UTC on 30 April is 1 May there (the next month).
const RANGE = { from: "2026-03-02", to: "2026-05-10" };
const at = (iso: string) => new Date(iso);
const ids: Record<string, number> = {};

it.beforeAll(async ({ app, adminId }) => {
  const { customerId } = await signedInCustomer(app, "springcustomer", { originalPurchaseAmount: "20000.00" });
  const referral = (name: string, createdAt: string, status: "PENDING" | "PURCHASED" | "EXPIRED", expiresAt?: string) =>
    app.db.referral.create({
      data: {
        customerId,
        name,
        phone: "07400123456",
        status,
        createdAt: at(createdAt),
        expiresAt: expiresAt ? at(expiresAt) : new Date(at(createdAt).getTime() + 90 * 24 * 60 * 60 * 1000),
      },
    });
  const purchase = async (
    name: string,
    verifiedAt: string,
    pence: number,
    cancelled?: { at: string; reason: string },
  ) => {
    // Added the day before it was bought.
    const added = new Date(at(verifiedAt).getTime() - 864e5).toISOString();
    const r = await referral(name, added, cancelled ? "PENDING" : "PURCHASED");
    const p = await app.db.referralPurchase.create({
      data: {
        referralId: r.id,
        liveReferralId: cancelled ? null : r.id,
        amountPence: pence,
        verifiedById: adminId,
        verifiedAt: at(verifiedAt),
        cancelledAt: cancelled ? at(cancelled.at) : null,
        cancelledById: cancelled ? adminId : null,
        cancellationReason: cancelled?.reason ?? null,
      },
    });
    const credit = Math.round(pence * 0.11);
    const entry = { customerId, referralId: r.id, purchaseId: p.id, rateBasisPoints: 1100, actorId: adminId };
    await app.db.creditLedgerEntry.create({
      data: { ...entry, kind: "CREDIT", amountPence: credit, createdAt: at(verifiedAt) },
    });
    if (cancelled)
      await app.db.creditLedgerEntry.create({
        data: { ...entry, kind: "REVERSAL", amountPence: -credit, createdAt: at(cancelled.at) },
      });
    ids[name] = p.id;
  };
  await purchase("Before the range", "2026-02-20T12:00:00Z", 999_00);
  await purchase("First", "2026-03-03T10:00:00Z", 1000_00);
  await purchase("Sunday night", "2026-04-05T23:30:00Z", 2000_00);
  await purchase("Last of April", "2026-04-30T23:30:00Z", 500_00);
  await purchase("Returned", "2026-03-10T12:00:00Z", 400_00, {
    at: "2026-03-17T12:00:00Z",
    reason: "Customer returned the kitchen",
  });
  await purchase("Duplicate", "2026-03-11T12:00:00Z", 300_00, { at: "2026-04-02T09:00:00Z", reason: "Entered twice" });
  await referral("Marked expired", "2026-03-05T09:00:00Z", "EXPIRED");
  await referral("Past its days", "2026-03-06T09:00:00Z", "PENDING");
  await referral("Still waiting", "2026-03-07T09:00:00Z", "PENDING", new Date(Date.now() + 864e5).toISOString());
  await referral("Added earlier", "2026-02-01T09:00:00Z", "PENDING");
});

const REVENUE = `query Revenue($period: ReportPeriod!, $from: String!, $to: String!) {
  revenueByPeriod(period: $period, from: $from, to: $to) {
    start purchases revenue { pence } creditsIssued { pence } creditsReversed { pence }
  }
}`;
const FUNNEL = `query Funnel($from: String!, $to: String!) { referralFunnel(from: $from, to: $to) { added purchased expired withdrawn pending } }`;
const CANCELLATIONS = `query Cancellations($first: Int, $after: String, $from: String, $to: String) {
  purchaseCancellations(first: $first, after: $after, from: $from, to: $to) {
    edges { node { purchaseId customerName referralName amount { pence } creditReversed { pence } cancelledAt cancelledBy reason } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** start → [purchases, revenue, issued, reversed] in pounds, as a reader compares them. */
const table = (buckets: any[]) =>
  Object.fromEntries(
    buckets.map((b) => [
      b.start,
      [b.purchases, b.revenue.pence / 100, b.creditsIssued.pence / 100, b.creditsReversed.pence / 100],
    ]),
  );

describe("revenue by week or month", () => {
  it("gives every week of the range, empty ones as zero, in London weeks", async ({ admin }) => {
    const { data, errors } = await admin.graphql(REVENUE, { period: "WEEK", ...RANGE });
    expect(errors).toBeUndefined();
    expect(table(data.revenueByPeriod)).toEqual({
      "2026-03-02": [1, 1000, 110, 0],
      "2026-03-09": [0, 0, 77, 0],
      "2026-03-16": [0, 0, 0, 44],
      "2026-03-23": [0, 0, 0, 0],
      "2026-03-30": [0, 0, 0, 33],
      // Sunday 23:30 UTC is Monday 00:30 in London.
      "2026-04-06": [1, 2000, 220, 0],
      "2026-04-13": [0, 0, 0, 0],
      "2026-04-20": [0, 0, 0, 0],
      "2026-04-27": [1, 500, 55, 0],
      "2026-05-04": [0, 0, 0, 0],
    });
    expect(data.revenueByPeriod.map((b: any) => b.start)).toEqual(Object.keys(table(data.revenueByPeriod)).sort());
  });

  it("gives every month, the last day of April in London counted in May", async ({ admin }) => {
    const { data } = await admin.graphql(REVENUE, { period: "MONTH", ...RANGE });
    expect(table(data.revenueByPeriod)).toEqual({
      "2026-03-01": [1, 1000, 187, 44],
      "2026-04-01": [1, 2000, 220, 33],
      "2026-05-01": [1, 500, 55, 0],
    });
    const summer = await admin.graphql(REVENUE, { period: "MONTH", from: "2026-06-15", to: "2026-08-02" });
    expect(table(summer.data.revenueByPeriod)).toEqual({
      "2026-06-01": [0, 0, 0, 0],
      "2026-07-01": [0, 0, 0, 0],
      "2026-08-01": [0, 0, 0, 0],
    });
  });

  it("answers REST in pounds, by week unless ?period=month", async ({ admin }) => {
    const weeks = await admin.get("/api/admin/revenue-by-period?from=2026-04-01&to=2026-04-12");
    expect(weeks.status).toBe(200);
    expect(weeks.body).toEqual([
      { start: "2026-03-30", purchases: 0, revenue: "0.00", creditsIssued: "0.00", creditsReversed: "33.00" },
      { start: "2026-04-06", purchases: 1, revenue: "2000.00", creditsIssued: "220.00", creditsReversed: "0.00" },
    ]);
    const months = await admin.get("/api/admin/revenue-by-period?period=month&from=2026-05-01&to=2026-05-31");
    expect(months.body).toEqual([
      { start: "2026-05-01", purchases: 1, revenue: "500.00", creditsIssued: "55.00", creditsReversed: "0.00" },
    ]);
  });
});

describe("referral funnel", () => {
  it("counts the referrals added in the range, then purchased, expired and pending", async ({ admin }) => {
    const { data } = await admin.graphql(FUNNEL, RANGE);
    // Five with purchases (two cancelled, now past their 90 days), one expired, one past its days, one waiting.
    expect(data.referralFunnel).toEqual({ added: 8, purchased: 3, expired: 4, withdrawn: 0, pending: 1 });
    const rest = await admin.get("/api/admin/referral-funnel?from=2026-02-01&to=2026-02-01");
    expect(rest.body).toEqual({ added: 1, purchased: 0, expired: 1, withdrawn: 0, pending: 0 });
  });
});

describe("cancellation history", () => {
  it("lists cancelled purchases newest first, with who, when, the amount, the credit reversed and the reason", async ({
    admin,
  }) => {
    const { data } = await admin.graphql(CANCELLATIONS, {});
    // Both cancelled by the file's administrator, from the one spring customer's referrals.
    const cancelled = (referralName: string, pence: [amount: number, credit: number], at: string, reason: string) => ({
      purchaseId: ids[referralName],
      customerName: "springcustomer Tester",
      referralName,
      amount: { pence: pence[0] },
      creditReversed: { pence: pence[1] },
      cancelledAt: at,
      cancelledBy: "test-admin",
      reason,
    });
    expect(data.purchaseCancellations.edges.map((e: any) => e.node)).toEqual([
      cancelled("Duplicate", [300_00, 33_00], "2026-04-02T09:00:00.000Z", "Entered twice"),
      cancelled("Returned", [400_00, 44_00], "2026-03-17T12:00:00.000Z", "Customer returned the kitchen"),
    ]);
  });

  it("pages with a cursor (GraphQL) or ?after=<purchaseId> (REST), and filters by the date cancelled", async ({
    admin,
  }) => {
    const first = await admin.graphql(CANCELLATIONS, { first: 1 });
    expect(first.data.purchaseCancellations.pageInfo.hasNextPage).toBe(true);
    const next = await admin.graphql(CANCELLATIONS, {
      first: 1,
      after: first.data.purchaseCancellations.pageInfo.endCursor,
    });
    expect(next.data.purchaseCancellations.edges.map((e: any) => e.node.purchaseId)).toEqual([ids.Returned]);
    expect(next.data.purchaseCancellations.pageInfo.hasNextPage).toBe(false);

    const rest = await admin.get(`/api/admin/purchase-cancellations?limit=1&after=${ids.Duplicate}`);
    expect(rest.body).toEqual([
      expect.objectContaining({ purchaseId: ids.Returned, amount: "400.00", creditReversed: "44.00" }),
    ]);
    const march = await admin.get("/api/admin/purchase-cancellations?from=2026-03-01&to=2026-03-31");
    expect(march.body.map((c: any) => c.reason)).toEqual(["Customer returned the kitchen"]);
  });
});

describe("refusals", () => {
  it("refuses the figures to a signed-out caller (401) and to a customer (403), on GraphQL and REST", async ({
    app,
    customer,
  }) => {
    for (const [client, status, code] of [
      [app.client(), 401, "UNAUTHENTICATED"],
      [customer.client, 403, "FORBIDDEN"],
    ] as const) {
      for (const path of [
        "/api/admin/revenue-by-period?from=2026-03-01&to=2026-03-31",
        "/api/admin/referral-funnel?from=2026-03-01&to=2026-03-31",
        "/api/admin/purchase-cancellations",
      ])
        expect((await client.get(path)).status).toBe(status);
      for (const [query, variables] of [
        [REVENUE, { period: "WEEK", ...RANGE }],
        [FUNNEL, RANGE],
        [CANCELLATIONS, {}],
      ] as const) {
        const result = await client.graphql(query, variables);
        expect(result.data).toBeNull();
        expect(result.errors?.[0]?.extensions?.code).toBe(code);
      }
    }
  });

  it.for([
    ["from=2026-02-30&to=2026-03-31", "from must be a date written YYYY-MM-DD."],
    ["from=1%2F3%2F2026&to=2026-03-31", "from must be a date written YYYY-MM-DD."],
    ["from=2026-03-31&to=2026-03-01", "The from date must not be after the to date."],
    ["from=2026-03-01", "Give both a from and a to date (YYYY-MM-DD)."],
    ["from=2000-01-01&to=2026-03-01", "The range is too long for weeks: at most 262 of them."],
    ["period=day&from=2026-03-01&to=2026-03-31", "period must be one of: week, month"],
  ])("refuses ?%s with 400 and says why", async ([query, message], { admin }) => {
    const response = await admin.get(`/api/admin/revenue-by-period?${query}`);
    expect(response.status).toBe(400);
    expect(response.text).toBe(message);
  });

  it("refuses a bad date on GraphQL with BAD_INPUT, and on the funnel and cancellations too", async ({ admin }) => {
    const revenue = await admin.graphql(REVENUE, { period: "MONTH", from: "2026-13-01", to: "2026-12-31" });
    expect(revenue.errors?.[0]?.message).toBe("from must be a date written YYYY-MM-DD.");
    expect(revenue.errors?.[0]?.extensions?.code).toBe("BAD_INPUT");
    expect((await admin.get("/api/admin/referral-funnel?from=2026-03-01&to=tomorrow")).text).toBe(
      "to must be a date written YYYY-MM-DD.",
    );
    expect((await admin.get("/api/admin/purchase-cancellations?to=2026-3-1")).status).toBe(400);
  });
});
