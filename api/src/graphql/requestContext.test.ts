import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertActor, insertMilestonePayment } from "../../test/rows.ts";
import { addCredit } from "../../test/scenarios.ts";
import { recordStatements } from "../../test/sqlStatements.ts";

const VIEWER_FIGURES = `{ viewer { username customer { databaseId currentCredits { pounds } milestone33Paid
  milestonePayments { milestoneType amount { pounds } paidAt } } } }`;

describe("the request's context", () => {
  it("reads a signed-in customer's account, profile, credits and milestone payments in one statement", async ({
    app,
    customer,
  }) => {
    const actorId = await insertActor(app.db);
    await addCredit(app, customer.customerId, 16_500, { amountPence: 50_000, actorId });
    const paidAt = new Date("2026-03-29T00:30:00.123Z");
    await insertMilestonePayment(app.db, {
      customerId: customer.customerId,
      milestone: "M33",
      amountPence: 16_500,
      actorId,
      paidAt,
    });
    const recorder = recordStatements(app);
    try {
      const results: { errors?: unknown; data?: { viewer: { customer: unknown } } }[] = [];
      const statements = await recorder.during(async () => {
        results.push(await customer.client.graphql(VIEWER_FIGURES));
      });
      expect(results[0]?.errors).toBeUndefined();
      expect(results[0]?.data?.viewer.customer).toEqual({
        databaseId: customer.customerId,
        currentCredits: { pounds: "165.00" },
        milestone33Paid: true,
        milestonePayments: [
          { milestoneType: "milestone_33", amount: { pounds: "165.00" }, paidAt: paidAt.toISOString() },
        ],
      });
      expect(statements.map((statement) => statement.via)).toEqual(["sql"]);
    } finally {
      await recorder.close();
    }
  });

  it("gives an administrator without a customer profile a viewer with no customer", async ({ admin }) => {
    const result = await admin.graphql(`{ viewer { username customer { databaseId } } }`);
    expect(result.errors).toBeUndefined();
    expect(result.data.viewer).toEqual({ username: "test-admin", customer: null });
  });
});
