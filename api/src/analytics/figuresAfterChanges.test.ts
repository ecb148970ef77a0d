import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { flaggedVerifiedByOneAdministrator } from "../../test/settings.ts";
import { signedInCustomer, type TestClient } from "../../test/testApp.ts";
import { seedDemoData } from "../demo/seed.ts";

// The figures follow every verification and cancellation at once (no answer is kept between
// requests), customers whose credits were all reversed count as Getting Started again, and the
// segment bounds hold in SQL exactly as in customerSegment().

let admin: TestClient;
let nina: { client: TestClient; customerId: number };

it.beforeAll(async ({ app, admin: signedIn }) => {
  await seedDemoData(app.db);
  await flaggedVerifiedByOneAdministrator(app.db);
  admin = signedIn;
  nina = await signedInCustomer(app, "nina_figures", { originalPurchaseAmount: "3200.00" });
});

async function addReferral(name: string, phone: string): Promise<number> {
  const response = await nina.client.post("/api/referrals", { name, phone, customerId: nina.customerId });
  expect(response.status, response.text).toBe(200);
  return response.body.id as number;
}

async function verify(referralId: number, amount: number) {
  // Many referrals of one customer in an hour are a signal (BURST): each verification says why.
  const response = await admin.post(`/api/admin/referrals/${referralId}/purchase`, { amount, notes: "Checked" });
  expect(response.status, response.text).toBe(200);
}

async function cancel(referralId: number) {
  const response = await admin.post(`/api/admin/cancel-referral/${referralId}`, { reason: "Returned" });
  expect(response.status, response.text).toBe(200);
}

const segments = async () => {
  const { gettingStarted, lowProgress, mediumProgress, highProgress } = (
    await admin.get("/api/admin/customer-segments")
  ).body;
  return { gettingStarted, lowProgress, mediumProgress, highProgress };
};
const performers = async () =>
  (await admin.get("/api/admin/referral-metrics")).body.topPerformers.map((p: any) => [
    p.customerId,
    p.totalCredits,
    p.purchasedReferrals,
  ]);

describe("figures after verifications and cancellations", () => {
  it("counts a new customer without credits as Getting Started", async () => {
    expect(await segments()).toEqual({ gettingStarted: 4, lowProgress: 0, mediumProgress: 2, highProgress: 1 });
    expect((await admin.get("/api/admin/analytics")).body).toMatchObject({ totalCustomers: 7, verifiedCustomers: 5 });
  });

  it("takes in a verified purchase on the next request", async () => {
    const referralId = await addReferral("Below Bound", "+447400555001");
    await verify(referralId, 9_590);
    // 11% of £9,590 is £1,054.90: 32.97% of Nina's £3,200, under the 33% bound.
    expect((await admin.get("/api/admin/analytics")).body).toEqual({
      totalCustomers: 7,
      verifiedCustomers: 5,
      totalReferrals: 10,
      purchasedReferrals: 7,
      conversionRate: 70,
      totalCreditsIssued: "13264.90",
      totalPurchaseValue: "120590.00",
      averagePurchaseValue: "17227.14",
    });
    expect(await segments()).toEqual({ gettingStarted: 3, lowProgress: 1, mediumProgress: 2, highProgress: 1 });
    expect((await performers()).at(-1)).toEqual([nina.customerId, "1054.90", 1]);

    await cancel(referralId);
    // The reversal nets the credit to zero: Getting Started again, and no longer a top performer.
    expect((await admin.get("/api/admin/analytics")).body).toEqual({
      totalCustomers: 7,
      verifiedCustomers: 5,
      totalReferrals: 10,
      purchasedReferrals: 6,
      conversionRate: 60,
      totalCreditsIssued: "12210.00",
      totalPurchaseValue: "111000.00",
      averagePurchaseValue: "18500.00",
    });
    expect(await segments()).toEqual({ gettingStarted: 4, lowProgress: 0, mediumProgress: 2, highProgress: 1 });
    expect((await performers()).map(([customerId]: [number]) => customerId)).not.toContain(nina.customerId);
  });

  it("puts exactly 33% in Medium Progress", async () => {
    const referralId = await addReferral("On Bound", "+447400555002");
    await verify(referralId, 9_600);
    // 11% of £9,600 is £1,056.00: exactly 33% of £3,200.
    expect(await segments()).toEqual({ gettingStarted: 3, lowProgress: 0, mediumProgress: 3, highProgress: 1 });
  });

  it("pages the top performers with cursors in the same order as the whole list", async () => {
    const whole = await performers();
    const query = `query($after: String) { topPerformers(first: 2, after: $after) {
      pageInfo { hasNextPage endCursor } edges { node { customerId totalCredits { pounds } purchasedReferrals } } } }`;
    const pages: any[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = (await admin.graphql(query, { after })).data.topPerformers;
      pages.push(
        ...page.edges.map(({ node }: any) => [node.customerId, node.totalCredits.pounds, node.purchasedReferrals]),
      );
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(pages).toEqual(whole);
    expect(whole).toHaveLength(4);
  });

  it("answers administrators asking at the same moment with the same exact figures", async () => {
    const expected = (await admin.get("/api/admin/analytics")).body;
    const answers = await Promise.all(Array.from({ length: 8 }, () => admin.get("/api/admin/analytics")));
    for (const answer of answers) expect(answer.body).toEqual(expected);

    // Requests still in flight do not hold back a change committed before the next request.
    const inFlight = Array.from({ length: 4 }, () => admin.get("/api/admin/analytics"));
    await verify(await addReferral("During Load", "+447400555003"), 1_000);
    expect((await admin.get("/api/admin/analytics")).body.purchasedReferrals).toBe(expected.purchasedReferrals + 1);
    await Promise.all(inFlight);
  });
});
