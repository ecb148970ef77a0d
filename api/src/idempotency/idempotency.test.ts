import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { fileFixtures, it } from "../../test/fixtures.ts";
import { insertReferral, uniqueMobile } from "../../test/rows.ts";
import { signedInAdmin, signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_KEY_TTL_MS } from "./service.ts";

// A second server whose callers may make 3 new keys an hour: the bound, without thousands of requests.
const KEYS_PER_HOUR = 3;
it.override("secondAppOptions", { env: { IDEMPOTENCY_KEYS_PER_HOUR: String(KEYS_PER_HOUR) } });

let app: TestApp;
let admin: TestClient;
fileFixtures((f) => ({ app, admin } = f));

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

  it("keeps no refusal: its retry runs again, and a retry after the success replays the success", async () => {
    const { customerId, userId, referral, referralGlobalId } = await pendingReferral();
    const key = unique("cancel-");
    const cancelInput = { referralId: referralGlobalId, reason: "customer returned it", idempotencyKey: key };
    const refused = await admin.graphql(CANCEL, { input: cancelInput });
    expect(refused.data.cancelReferralPurchase.code).toBe("CONFLICT");
    const refusedRest = await admin.request("POST", `/api/admin/cancel-referral/${referral.id}`, {
      json: { reason: "customer returned it" },
      headers: { "Idempotency-Key": key },
    });
    expect(refusedRest.status).toBe(409);
    expect(await app.db.idempotencyKey.count({ where: { key } })).toBe(0);

    expect((await verifyRest(admin, referral.id, { amount: "80.00" })).status).toBe(200);
    // Cancelling now succeeds: the refusal was not the key's answer, so the retry ran.
    const cancelled = await admin.graphql(CANCEL, { input: cancelInput });
    expect(cancelled.data.cancelReferralPurchase.__typename).toBe("MutationCancelReferralPurchaseSuccess");
    expect(await app.db.idempotencyKey.count({ where: { key } })).toBe(1);
    // Paid once, reversed once: a retry after the success replays it and reverses nothing again.
    expect(await admin.graphql(CANCEL, { input: cancelInput })).toEqual(cancelled);
    const replayRest = await admin.request("POST", `/api/admin/cancel-referral/${referral.id}`, {
      json: { reason: "customer returned it" },
      headers: { "Idempotency-Key": key },
    });
    expect(replayRest.status).toBe(200);
    expect(await app.db.creditLedgerEntry.count({ where: { customerId } })).toBe(2);
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe("PENDING");
    expect(await effectsOf(customerId, userId)).toEqual({ ledger: 2, emails: 1 });
  });

  it("writes no row for 400 refused requests from a pending account (GraphQL and REST)", async () => {
    const pending = await signedInCustomer(app, unique("IdemPending"), { verified: false });
    const before = await app.db.idempotencyKey.count();
    const statuses: Array<number | string> = [];
    for (let batch = 0; batch < 20; batch++) {
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const key = `pending-${batch}-${i}`;
            const fields = { name: "Pat Refused", phone: uniqueMobile() };
            if (i % 2 === 0)
              return (
                await pending.client.request("POST", "/api/referrals", {
                  json: fields,
                  headers: { "Idempotency-Key": key },
                })
              ).status;
            const answer = await pending.client.graphql(ADD, { input: { ...fields, idempotencyKey: key } });
            return answer.data.addReferral.code as string;
          }),
        )),
      );
    }
    expect(statuses).toHaveLength(400);
    expect(new Set(statuses)).toEqual(new Set([403, "FORBIDDEN"]));
    expect(await app.db.idempotencyKey.count({ where: { caller: `user:${pending.userId}` } })).toBe(0);
    expect(await app.db.idempotencyKey.count()).toBe(before);
    expect(await app.db.referral.count({ where: { customerId: pending.customerId } })).toBe(0);
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

  it("bounds a caller's new keys per hour: past it 429 / RATE_LIMITED, nothing done, and retries still replay", async ({
    secondApp,
  }) => {
    const one = await signedInCustomer(secondApp, unique("IdemBound"));
    const inputs = Array.from({ length: KEYS_PER_HOUR + 1 }, (_, i) => ({
      name: `Bo Bound ${i}`,
      phone: uniqueMobile(),
    }));
    const add = (i: number) =>
      one.client.request("POST", "/api/referrals", { json: inputs[i], headers: { "Idempotency-Key": `bound-${i}` } });
    const firsts = [];
    for (let i = 0; i < KEYS_PER_HOUR; i++) firsts.push(await add(i));
    expect(firsts.map((answer) => answer.status)).toEqual([200, 200, 200]);

    const over = await add(KEYS_PER_HOUR);
    expect(over.status).toBe(429);
    expect(over.text).toMatch(/^Too many new idempotency keys: at most 3 an hour for one caller/);
    expect(over.text).toMatch(/Nothing was done; retry in (5\d|60) minutes\.$/);
    const overGraphql = await one.client.graphql(ADD, {
      input: { name: "Bo Over", phone: uniqueMobile(), idempotencyKey: "bound-graphql" },
    });
    expect(overGraphql.data.addReferral).toMatchObject({ __typename: "RateLimitedError", code: "RATE_LIMITED" });
    expect(overGraphql.data.addReferral.message).toMatch(/^Too many new idempotency keys/);
    expect(await secondApp.db.idempotencyKey.count({ where: { caller: `user:${one.userId}` } })).toBe(KEYS_PER_HOUR);
    expect(await secondApp.db.referral.count({ where: { customerId: one.customerId } })).toBe(KEYS_PER_HOUR);
    // A retry of a key already answered makes no new key: it still replays the success.
    const retry = await add(0);
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 200, body: firsts[0]?.body });

    // Without a key, the write is not bounded by keys (the referral rules still apply).
    expect((await one.client.post("/api/referrals", { name: "Bo Unkeyed", phone: uniqueMobile() })).status).toBe(200);

    // Concurrent new keys of one caller: exactly the bound pass.
    const two = await signedInCustomer(secondApp, unique("IdemBoundRace"));
    const race = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        two.client.request("POST", "/api/referrals", {
          json: { name: `Race ${i}`, phone: uniqueMobile() },
          headers: { "Idempotency-Key": `race-${i}` },
        }),
      ),
    );
    expect(race.filter((answer) => answer.status === 200)).toHaveLength(KEYS_PER_HOUR);
    expect(race.filter((answer) => answer.status === 429)).toHaveLength(8 - KEYS_PER_HOUR);
    expect(await secondApp.db.idempotencyKey.count({ where: { caller: `user:${two.userId}` } })).toBe(KEYS_PER_HOUR);
    expect(await secondApp.db.referral.count({ where: { customerId: two.customerId } })).toBe(KEYS_PER_HOUR);
  });
});
