// Holds (docs/rules/fraud.md, "Holds"): an administrator holds a pending referral for review and releases it.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { databaseState } from "../../test/databaseState.ts";
import { ADMIN_USERNAME, fileFixtures, it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";
import { customer } from "../../test/scenarios.ts";
import { signedInAdmin, type TestApp, TestClient } from "../../test/testApp.ts";
import { expireReferrals, warnExpiringReferrals } from "../referrals/expiry.ts";
import { PURCHASE_MESSAGES } from "../referrals/purchases.ts";
import { HOLD_MESSAGES } from "./holds.ts";

let app: TestApp;
let admin: TestClient;
let adminId: number;
fileFixtures((f) => ({ app, admin, adminId } = f));

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

const hold = (client: TestClient, id: number | string, body: unknown = { note: "Same surname as the referrer" }) =>
  client.post(`/api/admin/referrals/${id}/hold`, body);
const release = (client: TestClient, id: number | string, body: unknown = {}) =>
  client.post(`/api/admin/referrals/${id}/release`, body);

/** A verified referrer (signed in) with one pending referral added `days` ago. */
async function pendingReferral(days = 0, name = "Pat Friend") {
  const referrer = await customer(app, "Holder");
  const referral = await insertReferral(app.db, referrer.customerId, { name, createdAt: daysAgo(days) });
  return { referrer, referral };
}

const PENDING = `query ($first: Int, $after: String, $order: ReferralQueueOrder, $search: String) {
  pendingReferrals(first: $first, after: $after, order: $order, search: $search) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { databaseId hold { note heldBy { username } } } }
  }
}`;

/** Every page of the queue, `size` at a time, as databaseIds. */
async function walkQueue(search: string, order: "OLDEST_FIRST" | "NEWEST_FIRST", size: number) {
  const ids: number[] = [];
  let after: string | null = null;
  let total = 0;
  for (let page = 0; page < 20; page++) {
    const answer: any = await admin.graphql(PENDING, { first: size, after, order, search });
    expect(answer.errors).toBeUndefined();
    const connection = answer.data.pendingReferrals;
    total = connection.totalCount;
    ids.push(...connection.edges.map((edge: any) => edge.node.databaseId));
    if (!connection.pageInfo.hasNextPage) break;
    after = connection.pageInfo.endCursor;
  }
  return { ids, total };
}

describe("holding a referral (POST /api/admin/referrals/:id/hold, holdReferral)", () => {
  it("holds a pending referral with a note, shown to administrators only, audited", async () => {
    const { referrer, referral } = await pendingReferral();
    const answer = await hold(admin, referral.id, { note: "  Same surname as the referrer  " });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: referral.id,
      status: "pending",
      expiresAt: expect.any(String),
      daysRemaining: 90,
      hold: { heldAt: expect.any(String), note: "Same surname as the referrer", heldBy: ADMIN_USERNAME },
    });
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "referral_held", resourceId: String(referral.id) },
    });
    expect(audit).toMatchObject({ actorId: adminId, resourceType: "referral" });
    expect(audit.after).toMatchObject({ held: true, note: "Same surname as the referrer" });
    // While held, the expiry reads as if released now: the stored date, later by the moments held so far.
    const shownExpiry = new Date(answer.body.expiresAt).getTime();
    expect(shownExpiry - referral.expiresAt.getTime()).toBeGreaterThanOrEqual(0);
    expect(shownExpiry - referral.expiresAt.getTime()).toBeLessThan(60_000);

    // The administrator reads it on the referral; the customer never does.
    const id = encodeGlobalID("Referral", referral.id);
    const adminView = await admin.graphql(`query ($id: ID!) { node(id: $id) { ... on Referral { hold { note } } } }`, {
      id,
    });
    expect(adminView.data.node.hold).toEqual({ note: "Same surname as the referrer" });
    const customerView = await referrer.client.graphql(
      "{ viewer { customer { referrals(first: 5) { edges { node { databaseId hold { note } } } } } } }",
    );
    expect(customerView.data?.viewer?.customer?.referrals?.edges?.[0]?.node?.hold ?? null).toBeNull();
    expect(JSON.stringify(customerView)).not.toContain("Same surname");
    const customerRest = await referrer.client.get("/api/referrals");
    expect(customerRest.text).not.toContain("Same surname");
  });

  it("is the same on GraphQL: holdReferral and releaseReferral answer the referral", async () => {
    const { referral } = await pendingReferral();
    const referralId = encodeGlobalID("Referral", referral.id);
    const held = await admin.graphql(
      `mutation ($input: HoldReferralInput!) { holdReferral(input: $input) { __typename ... on MutationHoldReferralSuccess { data { referral { databaseId hold { note heldBy { username } } } } } ... on Error { code message } } }`,
      { input: { referralId, note: "Checking the address" } },
    );
    expect(held.data.holdReferral.data.referral).toEqual({
      databaseId: referral.id,
      hold: { note: "Checking the address", heldBy: { username: ADMIN_USERNAME } },
    });
    const again = await admin.graphql(
      `mutation ($input: HoldReferralInput!) { holdReferral(input: $input) { __typename ... on Error { code message } } }`,
      { input: { referralId, note: "Twice" } },
    );
    expect(again.data.holdReferral).toEqual({
      __typename: "ConflictError",
      code: "CONFLICT",
      message: HOLD_MESSAGES.alreadyHeld,
    });
    const released = await admin.graphql(
      `mutation ($input: ReleaseReferralInput!) { releaseReferral(input: $input) { ... on MutationReleaseReferralSuccess { data { referral { hold { note } } } } } }`,
      { input: { referralId, note: "Address checked" } },
    );
    expect(released.data.releaseReferral.data.referral.hold).toBeNull();
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "referral_released", resourceId: String(referral.id) },
    });
    expect(audit.after).toMatchObject({ held: false, note: "Address checked" });
  });

  it("refuses, changing nothing: no note, not pending, already held, unknown, not held on release", async () => {
    const { referrer, referral } = await pendingReferral();
    const purchased = await insertReferral(app.db, referrer.customerId, { name: "Bought", status: "PURCHASED" });
    const withdrawn = await insertReferral(app.db, referrer.customerId, { name: "Gone", status: "WITHDRAWN" });
    const expired = await insertReferral(app.db, referrer.customerId, { name: "Old", createdAt: daysAgo(91) });
    const before = await databaseState(app);
    for (const note of ["", "   ", undefined]) {
      const blank = await hold(admin, referral.id, note === undefined ? {} : { note });
      expect(blank.status).toBe(400);
      expect(blank.text).toBe(HOLD_MESSAGES.noteRequired);
    }
    expect((await hold(admin, referral.id, { note: "x".repeat(1001) })).status).toBe(400);
    expect((await hold(admin, referral.id, { note: { a: 1 } })).status).toBe(400);
    for (const [id, message] of [
      [purchased.id, HOLD_MESSAGES.purchased],
      [withdrawn.id, HOLD_MESSAGES.withdrawn],
      [expired.id, HOLD_MESSAGES.expired],
    ] as const) {
      const refused = await hold(admin, id);
      expect(refused.status).toBe(409);
      expect(refused.text).toBe(message);
    }
    expect((await hold(admin, 99_999_999)).status).toBe(404);
    expect((await hold(admin, "abc")).status).toBe(404);
    const notHeld = await release(admin, referral.id);
    expect(notHeld.status).toBe(409);
    expect(notHeld.text).toBe(HOLD_MESSAGES.notHeld);
    expect(await databaseState(app)).toEqual(before);

    expect((await hold(admin, referral.id)).status).toBe(200);
    const twice = await hold(admin, referral.id);
    expect(twice.status).toBe(409);
    expect(twice.text).toBe(HOLD_MESSAGES.alreadyHeld);
  });

  it("is for administrators only: a customer, a staff member and a signed-out caller are refused", async () => {
    const { referrer, referral } = await pendingReferral();
    const staff = await signedInAdmin(app, "holdstaff");
    await app.db.user.update({ where: { username: "holdstaff" }, data: { role: "STAFF" } });
    expect((await hold(referrer.client, referral.id)).status).toBe(403);
    expect((await hold(staff, referral.id)).status).toBe(403);
    expect((await hold(new TestClient(admin.baseUrl), referral.id)).status).toBe(401);
    await hold(admin, referral.id);
    expect((await release(referrer.client, referral.id)).status).toBe(403);
    expect((await release(staff, referral.id)).status).toBe(403);
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } })).heldAt).not.toBeNull();
  });
});

describe("a held referral", () => {
  it("cannot be verified until released; then it can", async () => {
    const { referral } = await pendingReferral();
    await hold(admin, referral.id);
    const before = await databaseState(app);
    const refused = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100.00" });
    expect(refused.status).toBe(409);
    expect(refused.text).toBe(PURCHASE_MESSAGES.held);
    expect(await databaseState(app)).toEqual(before);
    expect((await release(admin, referral.id)).status).toBe(200);
    const verified = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100.00" });
    expect(verified.status).toBe(200);
  });

  it("sinks below the unheld in the pending queue, in either order, over every page and on REST", async () => {
    const referrer = await customer(app, "Queuer");
    const made = [];
    for (const days of [40, 30, 20, 10, 5]) {
      made.push(
        await insertReferral(app.db, referrer.customerId, { name: `Queue Friend ${days}`, createdAt: daysAgo(days) }),
      );
    }
    const [d40, d30, d20, d10, d5] = made.map((r) => r.id) as [number, number, number, number, number];
    await hold(admin, d30);
    await hold(admin, d10);
    // Held past its 90 days' date (held 60 days ago): still pending, still listed, never expired.
    const longHeld = await insertReferral(app.db, referrer.customerId, {
      name: "Queue Friend 95",
      createdAt: daysAgo(95),
    });
    await app.db.referral.update({
      where: { id: longHeld.id },
      data: { heldAt: daysAgo(60), heldNote: "Long review", heldById: adminId },
    });
    expect((await expireReferrals(app.db)).referralIds).not.toContain(longHeld.id);

    const oldest = [d40, d20, d5, longHeld.id, d30, d10];
    const newest = [d5, d20, d40, d10, d30, longHeld.id];
    for (const size of [1, 2, 4, 10]) {
      expect(await walkQueue(referrer.username, "OLDEST_FIRST", size)).toEqual({ ids: oldest, total: 6 });
      expect(await walkQueue(referrer.username, "NEWEST_FIRST", size)).toEqual({ ids: newest, total: 6 });
    }
    const rest = await admin.get(`/api/admin/referrals/pending?search=${referrer.username}`);
    expect(rest.body.map((r: any) => r.id)).toEqual(oldest);
    expect(rest.body.find((r: any) => r.id === d30).hold).toEqual({
      heldAt: expect.any(String),
      note: "Same surname as the referrer",
      heldBy: ADMIN_USERNAME,
    });
    expect(rest.body.find((r: any) => r.id === d40).hold).toBeNull();
    // A page that starts after a held referral (?after=<id>) continues among the held.
    const afterHeld = await admin.get(`/api/admin/referrals/pending?search=${referrer.username}&after=${longHeld.id}`);
    expect(afterHeld.body.map((r: any) => r.id)).toEqual([d30, d10]);
    const afterUnheld = await admin.get(
      `/api/admin/referrals/pending?search=${referrer.username}&after=${d20}&limit=2`,
    );
    expect(afterUnheld.body.map((r: any) => r.id)).toEqual([d5, longHeld.id]);
    // The long-held one's time left stopped when it was held: it shows what it had then.
    const longRow = rest.body.find((r: any) => r.id === longHeld.id);
    expect(longRow.daysRemaining).toBe(55);
  });

  it("neither expires nor is warned while held; released, its expiry moves later by the time held and the warning comes again", async () => {
    const { referrer, referral } = await pendingReferral(85, "Warned Friend");
    // Warned (five days left), then held for twenty days.
    await warnExpiringReferrals(app.db, new Date(), { publicUrl: "http://localhost" });
    const warned = await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } });
    expect(warned.expiryWarnedAt).not.toBeNull();
    await app.db.referral.update({
      where: { id: referral.id },
      data: { heldAt: daysAgo(20), heldNote: "Review", heldById: adminId },
    });
    // Past its stored date, the expiry job leaves it; inside the window with no warning noted, so does the warning.
    const pastItsDate = new Date(Date.now() + 6 * DAY_MS);
    expect((await expireReferrals(app.db, pastItsDate)).referralIds).not.toContain(referral.id);
    await app.db.referral.update({ where: { id: referral.id }, data: { expiryWarnedAt: null } });
    expect(
      (await warnExpiringReferrals(app.db, new Date(), { publicUrl: "http://localhost" })).referralIds,
    ).not.toContain(referral.id);
    await app.db.referral.update({ where: { id: referral.id }, data: { expiryWarnedAt: warned.expiryWarnedAt } });

    const released = await release(admin, referral.id, { note: "All fine" });
    expect(released.status).toBe(200);
    const after = await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } });
    const movedBy = after.expiresAt.getTime() - referral.expiresAt.getTime();
    expect(Math.abs(movedBy - 20 * DAY_MS)).toBeLessThan(60_000);
    expect(after).toMatchObject({ heldAt: null, heldNote: null, heldById: null, expiryWarnedAt: null });
    expect(released.body.daysRemaining).toBe(25);
    // Not inside the warning window now; it is warned again (with the new day) when it is.
    expect(
      (await warnExpiringReferrals(app.db, new Date(), { publicUrl: "http://localhost" })).referralIds,
    ).not.toContain(referral.id);
    const inWindow = new Date(Date.now() + 16 * DAY_MS);
    expect((await warnExpiringReferrals(app.db, inWindow, { publicUrl: "http://localhost" })).referralIds).toContain(
      referral.id,
    );
    expect(referrer.customerId).toBeGreaterThan(0);
  });

  it("loses its hold and the note with the friend's details when the customer withdraws it", async () => {
    const { referrer, referral } = await pendingReferral();
    await hold(admin, referral.id, { note: "Friend is Pat, the referrer's cousin" });
    const withdrawn = await referrer.client.post(`/api/referrals/${referral.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    const row = await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } });
    expect(row).toMatchObject({ status: "WITHDRAWN", heldAt: null, heldNote: null, heldById: null, name: null });
  });
});
