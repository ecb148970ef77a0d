import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertActor, insertMilestonePayment, insertPurchase, insertReferral } from "../../test/rows.ts";
import { signedInCustomer, type TestApp } from "../../test/testApp.ts";
import { VERIFIED_ONLY_MESSAGE } from "../customers/access.ts";
import { milestoneOverview } from "./rules.ts";

let actorId: number;
it.beforeAll(async ({ app }) => {
  actorId = await insertActor(app.db, "milestone-actor");
});

/** Gives the customer exactly `creditPence` of credit through one purchased referral. */
async function credit(app: TestApp, customerId: number, creditPence: number) {
  const referral = await insertReferral(app.db, customerId);
  await insertPurchase(app.db, {
    referralId: referral.id,
    customerId,
    amountPence: creditPence * 10,
    creditPence,
    actorId,
  });
}

describe("GET /api/customer/milestones", () => {
  it("answers eligibility (amounts, states), payments and the customer, with the spec's names", async ({
    app,
    uniqueName,
  }) => {
    const { client, customerId } = await signedInCustomer(app, uniqueName("Miles"), {
      originalPurchaseAmount: "1000.00",
    });
    await credit(app, customerId, 34_000);
    const paidAt = new Date("2026-02-01T09:30:00.000Z");
    const paymentId = await insertMilestonePayment(app.db, {
      customerId,
      milestone: "M33",
      amountPence: 33_000,
      actorId,
      paidAt,
    });

    const response = await client.get("/api/customer/milestones");
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["customer", "eligibility", "payments"]);
    expect(response.body.eligibility).toEqual({
      milestone33: false,
      milestone66: false,
      milestone100: false,
      states: { milestone33: "paid", milestone66: "locked", milestone100: "locked" },
      amounts: { milestone33: "330.00", milestone66: "330.00", milestone100: "340.00" },
      thresholds: { milestone33: "330.00", milestone66: "660.00", milestone100: "1000.00" },
      paymentRequestedAt: { milestone33: null, milestone66: null, milestone100: null },
    });
    expect(response.body.payments).toEqual([
      { id: paymentId, milestoneType: "milestone_33", amount: "330.00", paidAt: paidAt.toISOString() },
    ]);
    expect(response.body.customer).toMatchObject({
      id: customerId,
      originalPurchaseAmount: "1000.00",
      currentCredits: "340.00",
      creditsPaid: "330.00",
      progressPercentage: 34,
      milestone33Paid: true,
      milestone66Paid: false,
      milestone100Paid: false,
      refundIssued: false,
    });
    expect(response.body.customer).toEqual((await client.get("/api/customer/profile")).body);
  });

  it("marks a milestone ready exactly at its threshold, not a penny before", async ({ app, uniqueName }) => {
    const { client, customerId } = await signedInCustomer(app, uniqueName("Edge"), {
      originalPurchaseAmount: "100.00",
    });
    await credit(app, customerId, 3_299);
    expect((await client.get("/api/customer/milestones")).body.eligibility).toMatchObject({
      milestone33: false,
      states: { milestone33: "locked", milestone66: "locked", milestone100: "locked" },
    });
    await credit(app, customerId, 1);
    expect((await client.get("/api/customer/milestones")).body.eligibility).toMatchObject({
      milestone33: true,
      states: { milestone33: "ready", milestone66: "locked", milestone100: "locked" },
    });
    await credit(app, customerId, 10_000 - 3_300);
    expect((await client.get("/api/customer/milestones")).body.eligibility).toMatchObject({
      milestone33: true,
      milestone66: true,
      milestone100: true,
      states: { milestone33: "ready", milestone66: "ready", milestone100: "ready" },
    });
  });

  it("pays tranches that add up to exactly the purchase, rounding half-up at the midpoints", async ({
    app,
    uniqueName,
  }) => {
    const { client } = await signedInCustomer(app, uniqueName("Odd"), { originalPurchaseAmount: "100.01" });
    const amounts = (await client.get("/api/customer/milestones")).body.eligibility.amounts;
    // 33% of 10,001p is 3,300.33p → 3,300p; 66% is 6,600.66p → 6,601p.
    expect(amounts).toEqual({ milestone33: "33.00", milestone66: "33.01", milestone100: "34.00" });

    const midpoint = await signedInCustomer(app, uniqueName("Mid"), { originalPurchaseAmount: "1.50" });
    // 33% of 150p is 49.5p → 50p (half-up); 66% is 99p.
    expect((await midpoint.client.get("/api/customer/milestones")).body.eligibility.amounts).toEqual({
      milestone33: "0.50",
      milestone66: "0.49",
      milestone100: "0.51",
    });
    for (const purchase of [1, 50, 150, 10_001, 99_999, 1_000_000_000]) {
      const tranches = milestoneOverview(purchase, 0, []).map((m) => m.tranchePence);
      expect(tranches.reduce((a, b) => a + b, 0)).toBe(purchase);
    }
  });

  it("refuses the signed out (401), a user without a profile (404) and a pending customer (403)", async ({
    app,
    uniqueName,
  }) => {
    expect((await app.client().get("/api/customer/milestones")).status).toBe(401);
    const noProfile = app.client();
    await noProfile.register(uniqueName("NoProfile"));
    const missing = await noProfile.get("/api/customer/milestones");
    expect(missing.status).toBe(404);
    expect(missing.text).toBe("Customer profile not found");
    const pending = await signedInCustomer(app, uniqueName("Pending"), { verified: false });
    const refused = await pending.client.get("/api/customer/milestones");
    expect(refused.status).toBe(403);
    expect(refused.text).toBe(VERIFIED_ONLY_MESSAGE);
  });
});

describe("customer.milestones on GraphQL", () => {
  it("gives each milestone's key, percent, threshold, tranche, state and paidAt", async ({ app, uniqueName }) => {
    const { client, customerId } = await signedInCustomer(app, uniqueName("Gql"), { originalPurchaseAmount: "200.00" });
    await credit(app, customerId, 14_000);
    const paidAt = new Date("2026-03-01T00:00:00.000Z");
    await insertMilestonePayment(app.db, { customerId, milestone: "M66", amountPence: 6_600, actorId, paidAt });
    const result = await client.graphql(`{ viewer { customer {
      milestones { key percent title threshold { pence pounds } tranche { pence } state paidAt }
      milestonePayments { milestone milestoneType percent amount { pence } paidAt }
    } } }`);
    expect(result.errors).toBeUndefined();
    const milestone = (
      [key, percent, title]: [string, number, string],
      threshold: { pence: number; pounds: string },
      tranchePence: number,
      state: string,
      paid: string | null = null,
    ) => ({ key, percent, title, threshold, tranche: { pence: tranchePence }, state, paidAt: paid });
    expect(result.data.viewer.customer.milestones).toEqual([
      milestone(["M33", 33, "33% Milestone"], { pence: 6_600, pounds: "66.00" }, 6_600, "READY"),
      milestone(["M66", 66, "66% Milestone"], { pence: 13_200, pounds: "132.00" }, 6_600, "PAID", paidAt.toISOString()),
      milestone(["M100", 100, "100% Milestone (Full Refund)"], { pence: 20_000, pounds: "200.00" }, 6_800, "LOCKED"),
    ]);
    expect(result.data.viewer.customer.milestonePayments).toEqual([
      {
        milestone: "M66",
        milestoneType: "milestone_66",
        percent: 66,
        amount: { pence: 6_600 },
        paidAt: paidAt.toISOString(),
      },
    ]);
  });

  it("refuses one customer another's milestone payment by global id", async ({ app, uniqueName }) => {
    const owner = await signedInCustomer(app, uniqueName("PayOwner"));
    const other = await signedInCustomer(app, uniqueName("PayOther"));
    await insertMilestonePayment(app.db, {
      customerId: owner.customerId,
      milestone: "M33",
      amountPence: 33_000,
      actorId,
    });
    const id = (await owner.client.graphql("{ viewer { customer { milestonePayments { id } } } }")).data.viewer.customer
      .milestonePayments[0].id;
    const stolen = await other.client.graphql(
      `query($id: ID!) { node(id: $id) { ... on MilestonePayment { amount { pence } } } }`,
      { id },
    );
    expect(stolen.data?.node ?? null).toBeNull();
    expect(stolen.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const own = await owner.client.graphql(
      `query($id: ID!) { node(id: $id) { ... on MilestonePayment { amount { pence } } } }`,
      { id },
    );
    expect(own.data.node).toEqual({ amount: { pence: 33_000 } });
  });
});
