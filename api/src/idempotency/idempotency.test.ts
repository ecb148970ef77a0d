import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertReferral, uniqueMobile } from "../../test/rows.ts";
import { signedInAdmin, signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_KEY_TTL_MS } from "./service.ts";

let app: TestApp;
let admin: TestClient;
it.beforeAll(async ({ app: started, admin: signedIn }) => {
  app = started;
  admin = signedIn;
});

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;

const VERIFY = `mutation Verify($input: VerifyPurchaseInput!) {
  verifyPurchase(input: $input) {
    __typename
    ... on MutationVerifyPurchaseSuccess { data {
      purchase { databaseId amount { pence } creditEarned { pence } verifiedAt }
      customer { currentCredits { pence } }
      creditEarned { pence } milestonesReached
    } }
    ... on Error { code message }
  }
}`;
const CANCEL = `mutation Cancel($input: CancelReferralPurchaseInput!) {
  cancelReferralPurchase(input: $input) {
    __typename
    ... on MutationCancelReferralPurchaseSuccess { data { referral { status } creditReversed { pence } } }
    ... on Error { code message }
  }
}`;
const ADD = `mutation Add($input: AddReferralInput!) {
  addReferral(input: $input) {
    __typename
    ... on MutationAddReferralSuccess { data { referral { databaseId name phone createdAt } } }
    ... on Error { code message }
  }
}`;

async function pendingReferral() {
  const customer = await signedInCustomer(app, unique("IdemReferrer"));
  const referral = await insertReferral(app.db, customer.customerId, { name: "Pat Buyer" });
  return { ...customer, referral, referralGlobalId: encodeGlobalID("Referral", referral.id) };
}

/** The effects a verification has: its ledger entries and its CREDITS_EARNED emails. */
async function effectsOf(customerId: number, userId: number) {
  const [ledger, emails] = await Promise.all([
    app.db.creditLedgerEntry.count({ where: { customerId } }),
    app.db.email.count({ where: { userId, type: "CREDITS_EARNED" } }),
  ]);
  return { ledger, emails };
}

const verifyRest = (client: TestClient, referralId: number, json: unknown, key?: string) =>
  client.request("POST", `/api/admin/referrals/${referralId}/purchase`, {
    json,
    headers: key === undefined ? {} : { "Idempotency-Key": key },
  });

describe("idempotent writes (Idempotency-Key header, idempotencyKey input)", () => {
  it("replays the first answer to a GraphQL retry with the same key and input, doing nothing again", async () => {
    const { customerId, userId, referralGlobalId } = await pendingReferral();
    const input = { referralId: referralGlobalId, amount: "500.00", idempotencyKey: unique("gql-verify-") };
    const first = await admin.graphql(VERIFY, { input });
    expect(first.data.verifyPurchase.__typename).toBe("MutationVerifyPurchaseSuccess");
    const retry = await admin.graphql(VERIFY, { input });
    expect(retry).toEqual(first);
    expect(await effectsOf(customerId, userId)).toEqual({ ledger: 1, emails: 1 });

    // Without a key, the same request is a second verification, refused as before.
    const { idempotencyKey: _key, ...unkeyed } = input;
    expect((await admin.graphql(VERIFY, { input: unkeyed })).data.verifyPurchase.code).toBe("CONFLICT");
  });

  it("replays a REST answer, status and body, and a GraphQL retry with the same key gets the same result", async () => {
    const { customerId, userId, referral, referralGlobalId } = await pendingReferral();
    const key = unique("rest-verify-");
    const first = await verifyRest(admin, referral.id, { amount: "250.00", notes: "till 3" }, key);
    expect(first.status).toBe(200);
    const retry = await verifyRest(admin, referral.id, { amount: "250.00", notes: "till 3" }, key);
    expect({ status: retry.status, body: retry.body }).toEqual({ status: first.status, body: first.body });
    // The REST shim runs the GraphQL operation: one key, one mechanism.
    const viaGraphql = await admin.graphql(VERIFY, {
      input: { referralId: referralGlobalId, amount: "250.00", notes: "till 3", idempotencyKey: key },
    });
    expect(viaGraphql.data.verifyPurchase.data.purchase.databaseId).toBe(first.body.purchaseId);
    expect(await effectsOf(customerId, userId)).toEqual({ ledger: 1, emails: 1 });
  });

  it("refuses the same key with different input: 422 on REST, IDEMPOTENCY_KEY_REUSED on GraphQL, nothing done", async () => {
    const { customerId, userId, referral, referralGlobalId } = await pendingReferral();
    const other = await insertReferral(app.db, customerId, { name: "Other Buyer" });
    const key = unique("reuse-");
    expect((await verifyRest(admin, referral.id, { amount: "100.00" }, key)).status).toBe(200);

    const changedAmount = await verifyRest(admin, referral.id, { amount: "101.00" }, key);
    expect(changedAmount.status).toBe(422);
    expect(changedAmount.text).toMatch(/already used with different input/);
    const otherReferral = await verifyRest(admin, other.id, { amount: "100.00" }, key);
    expect(otherReferral.status).toBe(422);
    const graphql = await admin.graphql(VERIFY, {
      input: { referralId: encodeGlobalID("Referral", other.id), amount: "100.00", idempotencyKey: key },
    });
    expect(graphql.data.verifyPurchase).toMatchObject({
      __typename: "IdempotencyKeyReusedError",
      code: "IDEMPOTENCY_KEY_REUSED",
    });
    // Another operation with the key is other input too.
    const cancel = await admin.graphql(CANCEL, {
      input: { referralId: referralGlobalId, reason: "wrong till", idempotencyKey: key },
    });
    expect(cancel.data.cancelReferralPurchase.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await effectsOf(customerId, userId)).toEqual({ ledger: 1, emails: 1 });
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: other.id } })).status).toBe("PENDING");
  });

  it("replays a typed error as the first answer even after the state changed", async () => {
    const { referral, referralGlobalId } = await pendingReferral();
    const key = unique("cancel-");
    const cancelInput = { referralId: referralGlobalId, reason: "customer returned it", idempotencyKey: key };
    const refused = await admin.graphql(CANCEL, { input: cancelInput });
    expect(refused.data.cancelReferralPurchase.code).toBe("CONFLICT");
    const refusedRest = await admin.request("POST", `/api/admin/cancel-referral/${referral.id}`, {
      json: { reason: "customer returned it" },
      headers: { "Idempotency-Key": key },
    });
    expect(refusedRest.status).toBe(409);

    expect((await verifyRest(admin, referral.id, { amount: "80.00" })).status).toBe(200);
    // Cancelling would now succeed, but the key's answer is the refusal, and nothing is cancelled.
    expect(await admin.graphql(CANCEL, { input: cancelInput })).toEqual(refused);
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe("PURCHASED");
  });

  it("scopes keys to the caller: another caller's same key is independent", async ({ app }) => {
    const one = await signedInCustomer(app, unique("IdemOne"));
    const two = await signedInCustomer(app, unique("IdemTwo"));
    const key = "shared-key-1";
    const first = await one.client.graphql(ADD, {
      input: { name: "Sam First", phone: uniqueMobile(), idempotencyKey: key },
    });
    const second = await two.client.graphql(ADD, {
      input: { name: "Sam Second", phone: uniqueMobile(), idempotencyKey: key },
    });
    expect(first.data.addReferral.__typename).toBe("MutationAddReferralSuccess");
    expect(second.data.addReferral.__typename).toBe("MutationAddReferralSuccess");
    expect(await app.db.referral.count({ where: { customerId: { in: [one.customerId, two.customerId] } } })).toBe(2);

    // Administrators too: a second one's key does not meet the first one's.
    const otherAdmin = await signedInAdmin(app, unique("idem-admin-"));
    const a = await pendingReferral();
    const b = await pendingReferral();
    expect((await verifyRest(admin, a.referral.id, { amount: "10.00" }, "admin-key")).status).toBe(200);
    expect((await verifyRest(otherAdmin, b.referral.id, { amount: "20.00" }, "admin-key")).status).toBe(200);
  });

  it("keeps a key 24 hours: an expired key is a new key, and the cleanup deletes it", async () => {
    const customer = await signedInCustomer(app, unique("IdemExpiry"));
    const key = unique("expiry-");
    const added = await customer.client.request("POST", "/api/referrals", {
      json: { name: "Ella Early", phone: uniqueMobile() },
      headers: { "Idempotency-Key": key },
    });
    expect(added.status).toBe(200);
    const row = await app.db.idempotencyKey.findFirstOrThrow({ where: { key } });
    expect(row).toMatchObject({ caller: `user:${customer.userId}`, operation: "addReferral", status: 200 });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(IDEMPOTENCY_KEY_TTL_MS);

    const later = { json: { name: "Lee Later", phone: uniqueMobile() }, headers: { "Idempotency-Key": key } };
    expect((await customer.client.request("POST", "/api/referrals", later)).status).toBe(422);
    await app.db.idempotencyKey.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const afterExpiry = await customer.client.request("POST", "/api/referrals", later);
    expect(afterExpiry.status).toBe(200);
    expect(afterExpiry.body.name).toBe("Lee Later");

    await app.db.idempotencyKey.updateMany({ where: { key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await deleteExpiredIdempotencyKeys(app.db)).toBeGreaterThanOrEqual(1);
    expect(await app.db.idempotencyKey.count({ where: { key } })).toBe(0);
  });

  it("refuses a key that is empty or longer than 255 characters", async () => {
    const { referral } = await pendingReferral();
    for (const key of ["", "k".repeat(256)]) {
      const response = await verifyRest(admin, referral.id, { amount: "10.00" }, key);
      expect(response.status).toBe(400);
    }
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe("PENDING");
  });

  it("gives 20 simultaneous REST retries one effect and 20 identical answers", async () => {
    const { customerId, userId, referral } = await pendingReferral();
    const key = unique("burst-");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => verifyRest(admin, referral.id, { amount: "3000.00" }, key)),
    );
    const first = answers[0];
    expect(first?.status).toBe(200);
    for (const answer of answers)
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: first?.status,
        body: first?.body,
      });
    expect(await effectsOf(customerId, userId)).toEqual({ ledger: 1, emails: 1 });
  });

  it("gives 20 simultaneous GraphQL retries of addReferral and processMilestone one effect each", async () => {
    const customer = await signedInCustomer(app, unique("IdemBurst"));
    const input = { name: "Bo Burst", phone: uniqueMobile(), idempotencyKey: unique("add-burst-") };
    const adds = await Promise.all(Array.from({ length: 20 }, () => customer.client.graphql(ADD, { input })));
    for (const add of adds) expect(add).toEqual(adds[0]);
    expect(adds[0]?.data.addReferral.__typename).toBe("MutationAddReferralSuccess");
    expect(await app.db.referral.count({ where: { customerId: customer.customerId } })).toBe(1);
    expect(await app.db.email.count({ where: { userId: customer.userId, type: "NEW_REFERRAL_ALERT" } })).toBe(1);

    // Credits of 330.00 on a 1000.00 purchase make the 33% milestone ready.
    const referralId = adds[0]?.data.addReferral.data.referral.databaseId as number;
    expect((await verifyRest(admin, referralId, { amount: "3000.00" })).status).toBe(200);
    const key = unique("pay-burst-");
    const pays = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.request("POST", "/api/admin/process-milestone", {
          json: { customerId: customer.customerId, milestoneType: "milestone_33" },
          headers: { "Idempotency-Key": key },
        }),
      ),
    );
    expect(pays[0]?.status).toBe(200);
    for (const pay of pays)
      expect({ status: pay.status, body: pay.body }).toEqual({
        status: pays[0]?.status,
        body: pays[0]?.body,
      });
    expect(await app.db.milestonePayment.count({ where: { customerId: customer.customerId } })).toBe(1);
  });
});
