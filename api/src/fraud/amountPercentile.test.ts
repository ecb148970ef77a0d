// The AMOUNT_UNUSUAL signal's 99th percentile on a large programme (docs/rules/fraud.md, "Signals"):
// from 1,000 live purchases it is kept for an hour and then computed again. A file of its own: the
// kept figure is the programme's, and would answer other files' verifications.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { uniqueMobile } from "../../test/rows.ts";
import { signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";

/** `count` live purchases of `amountPence` each, by friends of one customer, written in one statement. */
async function livePurchases(app: TestApp, customerId: number, adminId: number, count: number, amountPence: number) {
  await app.db.$executeRawUnsafe(
    `WITH r AS (
       INSERT INTO "Referral" ("customerId", name, status, "createdAt", "expiresAt", "updatedAt")
       SELECT $1, 'Bulk Friend', 'PURCHASED', now(), now() + interval '90 days', now() FROM generate_series(1, $2::int)
       RETURNING id)
     INSERT INTO "ReferralPurchase" ("referralId", "liveReferralId", "amountPence", "verifiedById", "verifiedAt")
     SELECT id, id, $3, $4, now() FROM r`,
    customerId,
    count,
    amountPence,
    adminId,
  );
}

/** A friend added by the customer, then verified by the administrator at `amount`: the signals' evidence by kind. */
async function verifiedAt(customer: TestClient, admin: TestClient, amount: string) {
  const added = await customer.post("/api/referrals", { name: "Fran Friend", phone: uniqueMobile() });
  expect(added.status, added.text).toBe(200);
  const verified = await admin.post(`/api/admin/referrals/${added.body.id}/purchase`, {
    amount,
    notes: "invoice seen",
  });
  expect(verified.status, verified.text).toBe(200);
  const answer = await admin.graphql(
    "query ($id: ID!) { node(id: $id) { ... on Referral { signals { kind evidence } } } }",
    {
      id: encodeGlobalID("Referral", String(added.body.id)),
    },
  );
  return Object.fromEntries(answer.data.node.signals.map((signal: any) => [signal.kind, signal.evidence]));
}

it("is kept from 1,000 live purchases: the same figure for an hour, computed again once it is older", async ({
  app,
  admin,
  adminId,
  uniqueName,
}) => {
  const bulk = await signedInCustomer(app, uniqueName("Bulk"));
  // A referrer whose own purchase is large: the factor's ceiling (300% of it) is never reached here.
  const big = await signedInCustomer(app, uniqueName("Big"), { originalPurchaseAmount: "100000.00" });
  await livePurchases(app, bulk.customerId, adminId, 1000, 10_000);

  // 1,000 purchases of £100.00: £150.00 is above their 99th percentile, which is now kept.
  expect(await verifiedAt(big.client, admin, "150.00")).toEqual({
    AMOUNT_UNUSUAL: "£150.00 is above the programme's 99th percentile of £100.00 (1000 purchases)",
  });

  // 1,000 more of £500.00 would move it to £500.00, but within the hour the kept figure answers.
  await livePurchases(app, bulk.customerId, adminId, 1000, 50_000);
  expect(await verifiedAt(big.client, admin, "200.00")).toEqual({
    AMOUNT_UNUSUAL: "£200.00 is above the programme's 99th percentile of £100.00 (1000 purchases)",
  });

  // An hour later it is computed again: £200.00 is below the new figure, and that is kept.
  await app.db.purchaseAmountStat.update({
    where: { id: 1 },
    data: { computedAt: new Date(Date.now() - 61 * 60 * 1000) },
  });
  expect(await verifiedAt(big.client, admin, "200.00")).toEqual({});
  expect(await verifiedAt(big.client, admin, "600.00")).toEqual({
    AMOUNT_UNUSUAL: "£600.00 is above the programme's 99th percentile of £500.00 (2002 purchases)",
  });
});
