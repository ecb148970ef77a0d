import { describe, expect } from "vitest";
import { csvRecords } from "../../test/csv.ts";
import { it } from "../../test/fixtures.ts";
import { signedInCustomer, type TestClient } from "../../test/testApp.ts";

// A programme far beyond a 32-bit Int of pence (£21,474,836.47): three customers, each with three
// purchases just under the £10,000,000 cap credited at 100%, so each customer's credits (~£30 M)
// and the programme's (~£90 M) pass it. Seeded in SQL: verifying nine purchases through the API
// would test the verify path, not the totals.
const RATE_100_PERCENT = 10_000;

const customers: { client: TestClient; customerId: number; username: string; amounts: number[] }[] = [];

/** Pence as pounds with two decimals, computed here in BigInt, independently of the code under test. */
const pounds = (pence: bigint) => `${pence / 100n}.${String(pence % 100n).padStart(2, "0")}`;
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + BigInt(amount), 0n);

it.beforeAll(async ({ app, adminId: actorId }) => {
  let next = 0;
  for (const username of ["bigone", "bigtwo", "bigthree"]) {
    const customer = await signedInCustomer(app, username, { originalPurchaseAmount: "10000000.00" });
    const amounts = [0, 1, 2].map(() => 999_999_999 - 7 * next++);
    for (const [index, amount] of amounts.entries()) {
      await app.db.$executeRaw`
        WITH r AS (
          INSERT INTO "Referral" ("customerId", name, phone, status, "createdAt", "expiresAt", "updatedAt")
          VALUES (${customer.customerId}, ${`Big Buyer ${username} ${index}`}, ${`+4474009${String(next).padStart(5, "0")}`}, 'PURCHASED',
                  now(), now() + interval '90 days', now())
          RETURNING id, "customerId"),
        p AS (
          INSERT INTO "ReferralPurchase" ("referralId", "liveReferralId", "amountPence", "verifiedById", "verifiedAt")
          SELECT id, id, ${amount}::int, ${actorId}::int, now() FROM r
          RETURNING id, "referralId")
        INSERT INTO "CreditLedgerEntry" ("customerId", "referralId", "purchaseId", kind, "amountPence", "rateBasisPoints", "actorId")
        SELECT r."customerId", p."referralId", p.id, 'CREDIT', ${amount}::int, ${RATE_100_PERCENT}::int, ${actorId}::int FROM p JOIN r ON r.id = p."referralId"`;
    }
    customers.push({ ...customer, username, amounts });
  }
});

const allAmounts = () => customers.flatMap((c) => c.amounts);

describe("money totals above a 32-bit integer (£21,474,836.47)", () => {
  it("the seed really passes 2^31 pence, for the programme and for each customer", () => {
    expect(sum(allAmounts())).toBeGreaterThan(2n ** 31n);
    for (const customer of customers) expect(sum(customer.amounts)).toBeGreaterThan(2n ** 31n);
  });

  it("analytics on GraphQL: exact pence, pounds and formatted figures, no error", async ({ admin }) => {
    const total = sum(allAmounts());
    const average = (total * 2n + 9n) / 18n;
    const result = await admin.graphql(`{ analytics {
      totalCreditsIssued { pence pounds formatted } totalPurchaseValue { pence pounds } averagePurchaseValue { pence pounds } } }`);
    expect(result.errors).toBeUndefined();
    expect(result.data.analytics).toEqual({
      totalCreditsIssued: { pence: Number(total), pounds: pounds(total), formatted: "£89,999,997.39" },
      totalPurchaseValue: { pence: Number(total), pounds: pounds(total) },
      averagePurchaseValue: { pence: Number(average), pounds: pounds(average) },
    });
    expect(pounds(total)).toBe("89999997.39");
  });

  it("analytics on REST: pounds with two decimals, exact", async ({ admin }) => {
    const total = pounds(sum(allAmounts()));
    const response = await admin.get("/api/admin/analytics");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      totalCreditsIssued: total,
      totalPurchaseValue: total,
      purchasedReferrals: 9,
    });
  });

  it("per-customer totals on GraphQL (top performers, the admin list, the customer's own profile)", async ({
    admin,
  }) => {
    const expected = new Map(customers.map((c) => [c.customerId, sum(c.amounts)]));
    const top = await admin.graphql(
      "{ topPerformers(first: 3) { edges { node { customerId totalCredits { pence pounds } } } } }",
    );
    expect(top.errors).toBeUndefined();
    expect(top.data.topPerformers.edges.map(({ node }: any) => node)).toEqual(
      [...expected]
        .sort((a, b) => (a[1] > b[1] ? -1 : 1))
        .map(([customerId, credits]) => ({
          customerId,
          totalCredits: { pence: Number(credits), pounds: pounds(credits) },
        })),
    );
    const list = await admin.graphql(
      "{ customers(first: 10) { edges { node { databaseId currentCredits { pence } remainingToTarget { pence } } } } }",
    );
    expect(list.errors).toBeUndefined();
    for (const { node } of list.data.customers.edges) {
      expect(node.currentCredits.pence).toBe(Number(expected.get(node.databaseId)));
      expect(node.remainingToTarget.pence).toBe(0);
    }
    const own = await customers[0]!.client.graphql(
      "{ viewer { customer { currentCredits { pence pounds } progressPercentage } } }",
    );
    expect(own.errors).toBeUndefined();
    expect(own.data.viewer.customer).toEqual({
      currentCredits: { pence: Number(sum(customers[0]!.amounts)), pounds: pounds(sum(customers[0]!.amounts)) },
      progressPercentage: 100,
    });
  });

  it("per-customer totals on REST and in the customers report", async ({ admin }) => {
    const byId = new Map(customers.map((c) => [c.customerId, pounds(sum(c.amounts))]));
    const metrics = await admin.get("/api/admin/referral-metrics?limit=3");
    expect(metrics.status).toBe(200);
    for (const performer of metrics.body.topPerformers)
      expect(performer.totalCredits).toBe(byId.get(performer.customerId));
    const list = await admin.get("/api/admin/customers");
    expect(list.status).toBe(200);
    expect(list.body.map((c: any) => [c.id, c.currentCredits]).sort()).toEqual([...byId].sort());
    const profile = await customers[1]!.client.get("/api/customer/profile");
    expect(profile.body.currentCredits).toBe(byId.get(customers[1]!.customerId));
    const report = csvRecords((await admin.get("/api/admin/reports/customers")).text);
    expect(report.map((r) => [Number(r.id), r.currentCredits]).sort()).toEqual([...byId].sort());
  });
});
