import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";

const VERIFY_TWO = `mutation VerifyTwo($first: VerifyPurchaseInput!, $second: VerifyPurchaseInput!) {
  first: verifyPurchase(input: $first) {
    ... on MutationVerifyPurchaseSuccess { data { customer { currentCredits { pence } } creditEarned { pence } } }
  }
  second: verifyPurchase(input: $second) {
    ... on MutationVerifyPurchaseSuccess { data { customer { currentCredits { pence } } creditEarned { pence } } }
  }
}`;

describe("data loaded earlier in a request", () => {
  it("is read again after each mutation: the second payload counts both credits", async ({ app, admin, customer }) => {
    const [one, two] = [
      await insertReferral(app.db, customer.customerId),
      await insertReferral(app.db, customer.customerId),
    ];
    const input = (referralId: number, amount: string) => ({
      referralId: encodeGlobalID("Referral", referralId),
      amount,
    });
    const result = await admin.graphql(VERIFY_TWO, { first: input(one.id, "100.00"), second: input(two.id, "300.00") });
    expect(result.errors).toBeUndefined();
    const { first, second } = result.data;
    expect(first.data.customer.currentCredits.pence).toBe(first.data.creditEarned.pence);
    // The first payload loaded this customer's credits; the second must not answer with that value.
    expect(second.data.customer.currentCredits.pence).toBe(
      first.data.creditEarned.pence + second.data.creditEarned.pence,
    );
  });
});
