import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import { seedDemoData } from "./seed.ts";

// The file's server runs in demo mode; the second one does not.
it.override("appOptions", { env: { DEMO: "1" } });
it.override("secondAppOptions", { env: { DEMO: "0" } });

describe("demo mode", () => {
  it("seeds once even when several instances start together", async ({ app: demo }) => {
    const results = await Promise.all([seedDemoData(demo.db), seedDemoData(demo.db), seedDemoData(demo.db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoData(demo.db)).toBe(false);
    expect(await demo.db.user.count({ where: { username: "admin" } })).toBe(1);
  });

  it("has customers in every state", async ({ app: demo }) => {
    const customers = await demo.db.customerProfile.findMany({ include: { milestonePayments: true, referrals: true } });
    const statuses = new Set(customers.map((c) => c.status));
    expect(statuses).toEqual(new Set(["PENDING", "VERIFIED", "REJECTED"]));
    expect(customers.some((c) => c.referrals.some((r) => r.status === "PURCHASED"))).toBe(true);
    expect(customers.some((c) => c.milestonePayments.length === 1)).toBe(true);
    const fullRefund = customers.find((c) => c.milestonePayments.length === 3);
    expect(fullRefund?.milestonePayments.reduce((sum, p) => sum + p.amountPence, 0)).toBe(
      fullRefund?.originalPurchaseAmountPence,
    );
    // Sarah's credits reach exactly 33%: her first milestone is ready and unpaid.
    const sarah = await demo.db.user.findUniqueOrThrow({ where: { username: "sarah" }, include: { customer: true } });
    const credits = await demo.db.creditLedgerEntry.aggregate({
      where: { customerId: sarah.customer?.id },
      _sum: { amountPence: true },
    });
    expect(credits._sum.amountPence).toBe(396_000);
  });

  it("lets the demo accounts sign in, and shows them only in demo mode", async ({ app: demo, secondApp: plain }) => {
    for (const account of DEMO_ACCOUNTS) {
      const response = await demo
        .client()
        .post("/api/login", { username: account.username, password: account.password });
      expect(response.status, account.username).toBe(200);
    }
    const shown = await demo.client().graphql(`{ programme { demoMode demoAccounts { role username password } } }`);
    expect(shown.data.programme).toEqual({ demoMode: true, demoAccounts: DEMO_ACCOUNTS });
    const hidden = await plain.client().graphql(`{ programme { demoMode demoAccounts { username } } }`);
    expect(hidden.data.programme).toEqual({ demoMode: false, demoAccounts: [] });
    expect(await plain.db.user.count()).toBe(0);
  });
});
