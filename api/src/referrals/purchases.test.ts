import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { grownBy } from "../../test/counts.ts";
import { databaseState } from "../../test/databaseState.ts";
import { ADMIN_USERNAME, fileFixtures, it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";
import { addPayment, addPurchase, customer, scenario, scenarioActor } from "../../test/scenarios.ts";
import { setCreditRateApproved, setFlaggedVerificationApprovalApproved } from "../../test/settings.ts";
import type { TestApp, TestClient } from "../../test/testApp.ts";
import { fillReferralName } from "../emails/templates.ts";
import type { Referral } from "../generated/prisma/client.ts";
import { formatPhone } from "../lib/phoneDisplay.ts";
import { PURCHASE_MESSAGES } from "./purchases.ts";

let app: TestApp;
let admin: TestClient;
let adminId: number;
fileFixtures((f) => ({ app, admin, adminId } = f));

const DAY_MS = 24 * 60 * 60 * 1000;

const VERIFY = `mutation Verify($input: VerifyPurchaseInput!) {
  verifyPurchase(input: $input) {
    __typename
    ... on MutationVerifyPurchaseSuccess { data {
      purchase { databaseId amount { pence } creditEarned { pence pounds } creditRateBasisPoints creditRatePercent notes isCancelled verifiedBy { username } }
      referral { status purchaseAmount { pence } creditEarned { pence } }
      customer { currentCredits { pence } }
      creditEarned { pence } creditRateBasisPoints milestonesReached
    } }
    ... on Error { code message }
  }
}`;
const CANCEL = `mutation Cancel($input: CancelReferralPurchaseInput!) {
  cancelReferralPurchase(input: $input) {
    __typename
    ... on MutationCancelReferralPurchaseSuccess { data {
      purchase { isCancelled cancellationReason cancelledBy { username } }
      referral { status }
      customer { currentCredits { pence } creditsPaid { pence } }
      creditReversed { pence } overpaid { pence pounds }
    } }
    ... on Error { code message }
  }
}`;
const PENDING_QUERY = `query Pending($first: Int, $after: String, $order: ReferralQueueOrder) {
  pendingReferrals(first: $first, after: $after, order: $order) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { databaseId name phone email address createdAt customer { databaseId user { firstName lastName } } } }
  }
}`;
const PURCHASED_QUERY = `query Purchased($first: Int, $includeCancelled: Boolean) {
  purchasedReferrals(first: $first, includeCancelled: $includeCancelled) {
    totalCount
    edges { node { databaseId referralDatabaseId customerName amount { pounds } creditEarned { pounds } creditRatePercent notes isCancelled cancellationReason } }
  }
}`;

const referralGlobalId = (id: number) => encodeGlobalID("Referral", id);

/** The rows a verification or a cancellation adds, counted (a refusal is checked with databaseState). */
async function rowCounts() {
  const [purchases, ledger, emails, activities, audits, payments] = await Promise.all([
    app.db.referralPurchase.count(),
    app.db.creditLedgerEntry.count(),
    app.db.email.count(),
    app.db.activity.count(),
    app.db.auditEntry.count(),
    app.db.milestonePayment.count(),
  ]);
  return { purchases, ledger, emails, activities, audits, payments };
}

async function customerWithReferral(options: { purchase?: string; referralName?: string; createdAt?: Date } = {}) {
  const referrer = await customer(app, "Referrer", { purchase: options.purchase });
  const referral = await insertReferral(app.db, referrer.customerId, {
    name: options.referralName ?? "Pat Buyer",
    createdAt: options.createdAt,
  });
  return { ...referrer, referral };
}

const creditsOf = async (customerId: number) =>
  (await app.db.creditLedgerEntry.aggregate({ where: { customerId }, _sum: { amountPence: true } }))._sum.amountPence ??
  0;

describe("pending referrals (GET /api/admin/referrals/pending, pendingReferrals)", () => {
  it("lists pending referrals oldest first with the customer's name, leaving out purchased and expired ones; refuses an order it does not have", async () => {
    const now = Date.now();
    const { lister } = (
      await scenario(app, {
        customers: {
          lister: {
            referrals: [
              { name: "Older One", email: "older@example.com", createdAt: new Date(now - 10 * DAY_MS) },
              { name: "Newer One", createdAt: new Date(now - 1 * DAY_MS) },
              { name: "Bought One", createdAt: new Date(now - 20 * DAY_MS), amountPence: 10_000, creditPence: 1_100 },
              { name: "Expired One", status: "EXPIRED", createdAt: new Date(now - 95 * DAY_MS) },
              // 91 days old but not yet marked by the expiry run: expired all the same.
              { name: "Overdue One", createdAt: new Date(now - 91 * DAY_MS) },
            ],
          },
        },
      })
    ).customers;
    const { customerId } = lister;
    const [older, newer] = lister.referrals as [Referral, Referral];
    await app.db.user.update({ where: { id: lister.userId }, data: { firstName: "Lena", lastName: "Lister" } });
    await app.db.referral.update({ where: { id: older.id }, data: { address: "1 Old Road" } });

    const response = await admin.get("/api/admin/referrals/pending");
    expect(response.status).toBe(200);
    const mine = response.body.filter((r: any) => r.customerId === customerId);
    expect(mine.map((r: any) => r.name)).toEqual(["Older One", "Newer One"]);
    expect(mine[0]).toEqual({
      id: older.id,
      name: "Older One",
      phone: older.phone,
      phoneDisplay: formatPhone(String(older.phone)),
      email: "older@example.com",
      address: "1 Old Road",
      customerId,
      customerName: "Lena Lister",
      customerFullName: "Lena Lister",
      customerEmail: expect.stringContaining("@example.com"),
      status: "pending",
      createdAt: older.createdAt.toISOString(),
      expiresAt: older.expiresAt.toISOString(),
      daysRemaining: 80,
      signals: [],
      signalCount: 0,
      hold: null,
    });
    const newest = await admin.get("/api/admin/referrals/pending?order=newest");
    expect(newest.body.filter((r: any) => r.customerId === customerId).map((r: any) => r.id)).toEqual([
      newer.id,
      older.id,
    ]);
    // An order the list does not have is refused, not taken as the default.
    for (const [order, message] of [
      ["newset", "order must be one of: oldest, newest"],
      ["Newest\u2068", "order contains characters that are not allowed"],
      ["random", "order must be one of: oldest, newest"],
    ]) {
      const refused = await admin.get(`/api/admin/referrals/pending?order=${encodeURIComponent(order as string)}`);
      expect(refused.status).toBe(400);
      expect(refused.text).toBe(message);
    }
    expect((await admin.get("/api/admin/referrals/pending?order=OLDEST")).status).toBe(200);

    const graphql = await admin.graphql(PENDING_QUERY, { first: 100 });
    expect(graphql.errors).toBeUndefined();
    const nodes = graphql.data.pendingReferrals.edges.map((e: any) => e.node);
    expect(graphql.data.pendingReferrals.totalCount).toBe(nodes.length);
    const mineGraphql = nodes.filter((n: any) => n.customer.databaseId === customerId);
    expect(mineGraphql.map((n: any) => n.name)).toEqual(["Older One", "Newer One"]);
    expect(mineGraphql[0].customer.user).toEqual({ firstName: "Lena", lastName: "Lister" });
  });

  it("pages on REST with ?limit= and ?after= like the other admin lists", async () => {
    const { customerId } = await customer(app, "RestPager");
    for (let i = 0; i < 3; i++) await insertReferral(app.db, customerId, { name: `Rest paged ${i}` });
    const whole = (await admin.get("/api/admin/referrals/pending")).body.map((r: any) => r.id);
    expect(whole.length).toBeGreaterThanOrEqual(3);
    const first = await admin.get("/api/admin/referrals/pending?limit=2");
    expect(first.body.map((r: any) => r.id)).toEqual(whole.slice(0, 2));
    const next = await admin.get(`/api/admin/referrals/pending?limit=2&after=${whole[1]}`);
    expect(next.body.map((r: any) => r.id)).toEqual(whole.slice(2, 4));
    expect((await admin.get("/api/admin/referrals/pending?limit=0")).status).toBe(400);
    expect((await admin.get("/api/admin/referrals/pending?after=x")).status).toBe(400);
  });

  it("pages with first and after", async () => {
    const { customerId } = await customer(app, "Pager");
    for (let i = 0; i < 3; i++) await insertReferral(app.db, customerId, { name: `Paged ${i}` });
    const all = (await admin.graphql(PENDING_QUERY, { first: 100 })).data.pendingReferrals.edges.map(
      (e: any) => e.node.databaseId,
    );
    const first = await admin.graphql(PENDING_QUERY, { first: 2 });
    expect(first.data.pendingReferrals.pageInfo.hasNextPage).toBe(true);
    const second = await admin.graphql(PENDING_QUERY, {
      first: 2,
      after: first.data.pendingReferrals.pageInfo.endCursor,
    });
    expect(
      [...first.data.pendingReferrals.edges, ...second.data.pendingReferrals.edges].map((e: any) => e.node.databaseId),
    ).toEqual(all.slice(0, 4));
  });
});

describe("verifying a purchase (POST /api/admin/referrals/{id}/purchase, verifyPurchase)", () => {
  it("credits the customer at the rate in force, records everything in one go and answers the purchase", async () => {
    const { customerId, userId, referral } = await customerWithReferral({ referralName: "Pat Buyer" });
    const before = await rowCounts();
    const response = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, {
      amount: 120.5,
      notes: "  Kitchen refit  ",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: referral.id,
      name: "Pat Buyer",
      phone: referral.phone,
      phoneDisplay: formatPhone(String(referral.phone)),
      email: null,
      address: null,
      status: "purchased",
      purchaseId: expect.any(Number),
      customerId,
      customerName: expect.any(String),
      purchaseAmount: "120.50",
      // 11% of £120.50 is £13.255: half-up to £13.26.
      creditEarned: "13.26",
      creditRateBasisPoints: 1100,
      creditRate: "11%",
      purchaseDate: expect.any(String),
      notes: "Kitchen refit",
      verifiedBy: ADMIN_USERNAME,
      currentCredits: "13.26",
      milestonesReached: [],
    });

    const purchase = await app.db.referralPurchase.findUniqueOrThrow({
      where: { id: response.body.purchaseId },
      include: { ledgerEntries: true },
    });
    expect(purchase).toMatchObject({
      referralId: referral.id,
      liveReferralId: referral.id,
      amountPence: 12_050,
      notes: "Kitchen refit",
      verifiedById: adminId,
      cancelledAt: null,
    });
    expect(purchase.ledgerEntries).toEqual([
      expect.objectContaining({
        kind: "CREDIT",
        amountPence: 1_326,
        rateBasisPoints: 1100,
        customerId,
        referralId: referral.id,
        actorId: adminId,
      }),
    ]);
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe("PURCHASED");
    const after = await rowCounts();
    expect(after).toEqual(grownBy(before, { purchases: 1, ledger: 1, emails: 1, activities: 1, audits: 1 }));

    const activity = await app.db.activity.findFirstOrThrow({ where: { customerId, type: "REFERRAL_PURCHASED" } });
    expect(activity).toMatchObject({ amountPence: 1_326, referralId: referral.id });
    expect(activity.description).toBe("A referral made a purchase: you earned £13.26 in credits");
    const email = await app.db.email.findFirstOrThrow({ where: { userId, type: "CREDITS_EARNED" } });
    expect(email.textBody).not.toContain("Pat Buyer");
    expect(fillReferralName(email.textBody, "Pat Buyer", false)).toContain(
      "Pat Buyer made a purchase and you earned £13.26 in credits.",
    );
    expect(email.textBody).toContain("Your credits now total £13.26.");
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "purchase_verified", resourceId: String(referral.id) },
    });
    expect(audit).toMatchObject({ resourceType: "referral", actorId: adminId, ipAddress: expect.any(String) });
    expect(audit.after).toMatchObject({
      status: "PURCHASED",
      amountPence: 12_050,
      creditPence: 1_326,
      rateBasisPoints: 1100,
    });
  });

  it("shows the purchase on the customer's own referral list", async () => {
    const { client, referral } = await customerWithReferral();
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "200" });
    const own = (await client.get("/api/referrals")).body.find((r: any) => r.id === referral.id);
    expect(own).toMatchObject({
      status: "purchased",
      purchaseAmount: "200.00",
      creditEarned: "22.00",
      daysRemaining: null,
    });
    expect((await client.get("/api/customer/profile")).body.currentCredits).toBe("22.00");
  });

  it.each([
    // [rate in basis points, amount, credit in pence]: the exact midpoints round half-up.
    [1100, "0.50", 6], // 5.5p
    [1100, "1.50", 17], // 16.5p
    [1100, "0.04", 0], // 0.44p
    [1250, "0.04", 1], // 0.5p
    [1250, "0.12", 2], // 1.5p
    [1250, "0.20", 3], // 2.5p
    [1, "50.00", 1], // 0.5p at 0.01%
    [1, "49.99", 0], // 0.4999p
    [1100, "1,234.56", 13_580], // 13,580.16p
    [1100, "10000000.00", 110_000_000], // the largest amount
    [10_000, "0.01", 1],
  ])("at %i basis points, %s earns %i pence", async (rate, amount, creditPence) => {
    await setCreditRateApproved(app.db, rate, adminId);
    // An amount unusual for the referrer is flagged: verified with a note, by one administrator up to £10,000,000.
    await setFlaggedVerificationApprovalApproved(app.db, 1_000_000_000, adminId);
    try {
      const { customerId, referral } = await customerWithReferral();
      const result = await admin.graphql(VERIFY, {
        input: { referralId: referralGlobalId(referral.id), amount, notes: "Checked" },
      });
      expect(result.data.verifyPurchase.__typename).toBe("MutationVerifyPurchaseSuccess");
      const data = result.data.verifyPurchase.data;
      expect(data.creditEarned.pence).toBe(creditPence);
      expect(data.creditRateBasisPoints).toBe(rate);
      expect(data.purchase.creditRateBasisPoints).toBe(rate);
      expect(data.purchase.creditEarned.pence).toBe(creditPence);
      expect(data.referral).toEqual({
        status: "PURCHASED",
        purchaseAmount: { pence: data.purchase.amount.pence },
        creditEarned: { pence: creditPence },
      });
      expect(data.customer.currentCredits.pence).toBe(creditPence);
      const entry = await app.db.creditLedgerEntry.findFirstOrThrow({ where: { referralId: referral.id } });
      expect(entry).toMatchObject({ amountPence: creditPence, rateBasisPoints: rate, customerId });
    } finally {
      await setCreditRateApproved(app.db, 1100, adminId);
      await setFlaggedVerificationApprovalApproved(app.db, 100_000, adminId);
    }
  });

  it("keeps the rate each credit was computed with when the rate changes later", async () => {
    const { customerId, referral } = await customerWithReferral();
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100.00", notes: "Checked" });
    await setCreditRateApproved(app.db, 2000, adminId);
    try {
      const second = await insertReferral(app.db, customerId);
      const response = await admin.post(`/api/admin/referrals/${second.id}/purchase`, {
        amount: "100.00",
        notes: "Checked",
      });
      expect(response.body).toMatchObject({ creditEarned: "20.00", creditRate: "20%", currentCredits: "31.00" });
      const entries = await app.db.creditLedgerEntry.findMany({ where: { customerId }, orderBy: { id: "asc" } });
      expect(entries.map((e) => [e.amountPence, e.rateBasisPoints])).toEqual([
        [1_100, 1100],
        [2_000, 2000],
      ]);
    } finally {
      await setCreditRateApproved(app.db, 1100, adminId);
    }
  });

  it.each([
    ["zero", "0", "The purchase amount must be more than £0.00."],
    ["zero as a number", 0, "The purchase amount must be more than £0.00."],
    ["zero pence", "0.00", "The purchase amount must be more than £0.00."],
    ["a negative amount", "-5.00", "The purchase amount must be more than £0.00."],
    ["a negative number", -5, "The purchase amount must be more than £0.00."],
    ["text", "ten pounds", "Please enter a valid purchase amount in pounds, for example 120.00."],
    ["nothing", undefined, "Please enter a valid purchase amount in pounds, for example 120.00."],
    ["three decimals", "12.345", "The purchase amount can have at most two decimal places."],
    ["a float that is not a penny amount", 0.1 + 0.2, "The purchase amount can have at most two decimal places."],
    ["more than £10,000,000", "10000000.01", "The purchase amount cannot be more than £10,000,000.00."],
  ])("refuses %s with 400 and changes nothing", async (_label, amount, message) => {
    const { referral } = await customerWithReferral();
    const before = await databaseState(app);
    const response = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount });
    expect(response.status).toBe(400);
    expect(response.text).toBe(message);
    expect(await databaseState(app)).toEqual(before);
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe("PENDING");
  });

  it("answers a bad amount on GraphQL as a ValidationError on the amount field", async () => {
    const { referral } = await customerWithReferral();
    const before = await databaseState(app);
    const result = await admin.graphql(
      `mutation($input: VerifyPurchaseInput!) { verifyPurchase(input: $input) { __typename ... on ValidationError { message field } } }`,
      { input: { referralId: referralGlobalId(referral.id), amount: "-1" } },
    );
    expect(result.data.verifyPurchase).toEqual({
      __typename: "ValidationError",
      message: "The purchase amount must be more than £0.00.",
      field: "purchase amount",
    });
    expect(await databaseState(app)).toEqual(before);
  });

  it("refuses notes over 1000 characters with 400", async () => {
    const { referral } = await customerWithReferral();
    const before = await databaseState(app);
    const response = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, {
      amount: "10",
      notes: "x".repeat(1001),
    });
    expect(response.status).toBe(400);
    expect(response.text).toBe("Notes can be at most 1000 characters.");
    expect(await databaseState(app)).toEqual(before);
  });

  it("answers 404 for an unknown referral, by REST id or GraphQL id", async () => {
    const { customerId } = await customer(app, "WrongType");
    const before = await databaseState(app);
    for (const id of ["999999", "abc", "0", "99999999999"]) {
      const response = await admin.post(`/api/admin/referrals/${id}/purchase`, { amount: "10" });
      expect(response.status).toBe(404);
      expect(response.text).toBe(PURCHASE_MESSAGES.referralNotFound);
    }
    for (const referralId of [encodeGlobalID("Customer", customerId), "not-a-global-id", referralGlobalId(999_999)]) {
      const result = await admin.graphql(VERIFY, { input: { referralId, amount: "10" } });
      expect(result.data.verifyPurchase).toEqual({
        __typename: "NotFoundError",
        code: "NOT_FOUND",
        message: PURCHASE_MESSAGES.referralNotFound,
      });
    }
    expect(await databaseState(app)).toEqual(before);
  });

  it("refuses to verify twice (409), changing nothing the second time", async () => {
    const { customerId, referral } = await customerWithReferral();
    expect((await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "50" })).status).toBe(200);
    const before = await databaseState(app);
    const again = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "75" });
    expect(again.status).toBe(409);
    expect(again.text).toBe(PURCHASE_MESSAGES.alreadyPurchased);
    expect(await databaseState(app)).toEqual(before);
    expect(await creditsOf(customerId)).toBe(550);
  });

  it("refuses an expired referral (409), whether or not the expiry run has marked it yet", async () => {
    const { customerId } = await customer(app, "Expired");
    const marked = await insertReferral(app.db, customerId, {
      status: "EXPIRED",
      createdAt: new Date(Date.now() - 100 * DAY_MS),
    });
    const overdue = await insertReferral(app.db, customerId, {
      createdAt: new Date(Date.now() - 90 * DAY_MS - 60_000),
    });
    const before = await databaseState(app);
    for (const referral of [marked, overdue]) {
      const response = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "50" });
      expect(response.status).toBe(409);
      expect(response.text).toBe(PURCHASE_MESSAGES.expired);
    }
    expect(await databaseState(app)).toEqual(before);
  });

  it("credits once when 20 verifications of one referral arrive at the same moment", async () => {
    const { customerId, userId, referral } = await customerWithReferral();
    const before = await rowCounts();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: `${100 + i}.00` }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const refused of responses.filter((r) => r.status === 409))
      expect(refused.text).toBe(PURCHASE_MESSAGES.alreadyPurchased);
    const winner = responses.find((r) => r.status === 200)!;
    expect(await app.db.referralPurchase.count({ where: { referralId: referral.id } })).toBe(1);
    expect(await app.db.creditLedgerEntry.count({ where: { referralId: referral.id } })).toBe(1);
    expect(await creditsOf(customerId)).toBe(Math.round(Number(winner.body.creditEarned) * 100));
    expect(await app.db.email.count({ where: { userId, type: "CREDITS_EARNED" } })).toBe(1);
    expect(await rowCounts()).toEqual(
      grownBy(before, { purchases: 1, ledger: 1, emails: 1, activities: 1, audits: 1 }),
    );
  });
});

describe("the database backstop", () => {
  it("refuses (409, not 500) a verification that meets a live purchase written past the lock", async () => {
    const { userId, referral } = await customerWithReferral();
    let signalInserted!: () => void;
    let commit!: () => void;
    const inserted = new Promise<void>((resolve) => (signalInserted = resolve));
    const committed = new Promise<void>((resolve) => (commit = resolve));
    // A writer that does not take the referral lock: its live purchase is not committed yet when
    // the verification starts, and the referral is still PENDING when it commits.
    const rogue = app.db.$transaction(
      async (tx) => {
        await tx.referralPurchase.create({
          data: {
            referralId: referral.id,
            liveReferralId: referral.id,
            amountPence: 100,
            verifiedById: await scenarioActor(app),
          },
        });
        signalInserted();
        await committed;
      },
      { timeout: 20_000 },
    );
    await inserted;
    const ledgerBefore = await app.db.creditLedgerEntry.count();
    const request = admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "10" });
    await expect
      .poll(
        async () =>
          (
            await app.db.$queryRaw<{ waiting: number }[]>`
              SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`
          )[0]?.waiting,
        { timeout: 10_000, interval: 20 },
      )
      .toBeGreaterThan(0);
    commit();
    await rogue;
    const response = await request;
    expect(response.status).toBe(409);
    expect(response.text).toBe(PURCHASE_MESSAGES.alreadyPurchased);
    expect(await app.db.referralPurchase.count({ where: { referralId: referral.id } })).toBe(1);
    expect(await app.db.creditLedgerEntry.count()).toBe(ledgerBefore);
    expect(await app.db.email.count({ where: { userId, type: "CREDITS_EARNED" } })).toBe(0);
  });
});

describe("milestones reached by a credit", () => {
  it("adds a milestone_reached activity and a milestone email for each milestone a credit makes ready", async () => {
    // A £100 purchase: thresholds £33, £66, £100. At 11%, £300 earns exactly £33.00.
    const { customerId, userId, client } = await customer(app, "Crosser", { purchase: "100.00" });
    const verify = async (amount: string) => {
      const referral = await insertReferral(app.db, customerId);
      // Four times the referrer's purchase is flagged (docs/rules/fraud.md): verified with a note.
      const response = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount, notes: "Checked" });
      expect(response.status).toBe(200);
      return response.body;
    };
    const reachedEmails = () =>
      app.db.email.findMany({ where: { userId, type: "MILESTONE_ACHIEVEMENT" }, orderBy: { id: "asc" } });

    expect((await verify("299.90")).milestonesReached).toEqual([]); // 3,298.9p → £32.99: a penny short
    expect(await reachedEmails()).toEqual([]);
    expect((await verify("0.10")).milestonesReached).toEqual(["milestone_33"]); // 1.1p → 1p: exactly £33.00
    expect((await reachedEmails()).map((e) => e.subject)).toEqual(["You have reached the 33% milestone"]);
    expect((await reachedEmails())[0]?.textBody).toContain("£33.00 is ready to be paid to you");

    // One credit crossing two thresholds: £33.00 → £100.10 reaches both 66% and 100%.
    const both = await verify("610.00"); // £67.10
    expect(both.milestonesReached).toEqual(["milestone_66", "milestone_100"]);
    expect((await reachedEmails()).map((e) => e.subject)).toEqual([
      "You have reached the 33% milestone",
      "You have reached the 66% milestone",
      "You have reached the 100% milestone",
    ]);
    const activities = (await client.get("/api/activities")).body.filter((a: any) => a.type === "milestone_reached");
    expect(activities.map((a: any) => [a.description, a.amount])).toEqual([
      ["100% milestone reached: £34.00 is ready to be paid", "34.00"],
      ["66% milestone reached: £33.00 is ready to be paid", "33.00"],
      ["33% milestone reached: £33.00 is ready to be paid", "33.00"],
    ]);
    // Past every threshold: no more milestone news.
    expect((await verify("100.00")).milestonesReached).toEqual([]);
    expect(await reachedEmails()).toHaveLength(3);
  });

  it("does not announce a milestone already paid when credits cross its threshold again", async () => {
    const { customerId, userId } = await customer(app, "Repaid", { purchase: "100.00" });
    await addPayment(app, customerId, { milestone: "M33", amountPence: 3_300 });
    const referral = await insertReferral(app.db, customerId);
    const response = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, {
      amount: "400.00", // £44
      notes: "Checked",
    });
    expect(response.body.milestonesReached).toEqual([]);
    expect(await app.db.email.count({ where: { userId, type: "MILESTONE_ACHIEVEMENT" } })).toBe(0);
  });
});

describe("purchased referrals (GET /api/admin/purchased-referrals, purchasedReferrals)", () => {
  it("lists live purchases newest first with their details", async () => {
    const { customerId, referral } = await customerWithReferral({ referralName: "Listed Buyer" });
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "250.00", notes: "Windows" });
    const response = await admin.get("/api/admin/purchased-referrals");
    expect(response.status).toBe(200);
    expect(response.body[0]).toEqual({
      id: referral.id,
      name: "Listed Buyer",
      phone: referral.phone,
      phoneDisplay: formatPhone(String(referral.phone)),
      email: null,
      address: null,
      status: "purchased",
      createdAt: referral.createdAt.toISOString(),
      customerFullName: expect.any(String),
      customerEmail: expect.stringContaining("@example.com"),
      purchaseId: expect.any(Number),
      customerId,
      customerName: expect.any(String),
      purchaseAmount: "250.00",
      creditEarned: "27.50",
      creditRateBasisPoints: 1100,
      creditRate: "11%",
      purchaseDate: expect.any(String),
      notes: "Windows",
      verifiedBy: ADMIN_USERNAME,
      signals: [],
      signalCount: 0,
    });
    const dates = response.body.map((r: any) => r.purchaseDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe("cancelling a purchase (POST /api/admin/cancel-referral/{id}, cancelReferralPurchase)", () => {
  it("emails the customer the amount reversed, the reason and the credits the ledger holds after it", async () => {
    const { userId, client, customerId, referral } = await customerWithReferral({ referralName: "Anna Cole" });
    const kept = await insertReferral(app.db, customerId, { name: "Ben Kept" });
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "300.00", notes: "Checked" });
    await admin.post(`/api/admin/referrals/${kept.id}/purchase`, { amount: "100.00", notes: "Checked" });
    const response = await admin.post(`/api/admin/cancel-referral/${referral.id}`, {
      reason: "Order returned within 14 days",
    });
    expect(response.status).toBe(200);

    const email = await app.db.email.findFirstOrThrow({
      where: { userId, type: "PURCHASE_CANCELLED" },
      orderBy: { id: "desc" },
    });
    const user = await app.db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(email.toAddress).toBe(user.email);
    expect(email.subject).toBe("A referral's purchase was cancelled");
    expect(fillReferralName(email.textBody, "Anna Cole", false)).toContain(
      "Anna Cole's purchase was cancelled, so the £33.00 in credits it earned you has been reversed.",
    );
    expect(email.textBody).toContain("Order returned within 14 days");
    // £33.00 + £11.00 earned, £33.00 reversed: the ledger's total, as the pages show it.
    expect(email.textBody).toContain("Your credits now total £11.00.");
    expect(email.htmlBody).toContain("Order returned within 14 days");
    expect((await client.get("/api/customer/profile")).body).toMatchObject({ currentCredits: "11.00" });
    expect((await client.get("/api/activities")).body[0]).toMatchObject({
      type: "purchase_cancelled",
      description:
        "Anna Cole's purchase was cancelled (other reason): £33.00 of credit taken back. Reason: Order returned within 14 days",
      amount: "-33.00",
    });
  });

  it("reverses the credit, keeps the purchase as history and returns the referral to pending", async () => {
    const { customerId, client, referral } = await customerWithReferral();
    const verified = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, {
      amount: "300.00",
      notes: "Checked",
    });
    const before = await rowCounts();
    const response = await admin.post(`/api/admin/cancel-referral/${referral.id}`, { reason: "  Goods returned  " });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: referral.id,
      status: "pending",
      expiresAt: referral.expiresAt.toISOString(),
      daysRemaining: 90,
      purchaseId: verified.body.purchaseId,
      purchaseAmount: "300.00",
      creditEarned: "33.00",
      creditReversed: "33.00",
      cancelledBy: ADMIN_USERNAME,
      cancellationReason: "Goods returned",
      currentCredits: "0.00",
      creditsPaid: "0.00",
      overpaidAmount: "0.00",
    });
    expect(await rowCounts()).toEqual(grownBy(before, { ledger: 1, emails: 1, activities: 1, audits: 1 }));

    const purchase = await app.db.referralPurchase.findUniqueOrThrow({
      where: { id: verified.body.purchaseId },
      include: { ledgerEntries: { orderBy: { id: "asc" } } },
    });
    expect(purchase).toMatchObject({
      liveReferralId: null,
      cancelledById: adminId,
      cancellationReason: "Goods returned",
      cancelledAt: expect.any(Date),
    });
    expect(purchase.ledgerEntries.map((e) => [e.kind, e.amountPence, e.rateBasisPoints])).toEqual([
      ["CREDIT", 3_300, 1100],
      ["REVERSAL", -3_300, 1100],
    ]);
    const stored = await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } });
    expect(stored.status).toBe("PENDING");
    expect(stored.expiresAt).toEqual(referral.expiresAt);
    expect(await creditsOf(customerId)).toBe(0);

    const activity = (await client.get("/api/activities")).body[0];
    expect(activity).toMatchObject({
      type: "purchase_cancelled",
      description:
        "Pat Buyer's purchase was cancelled (other reason): £33.00 of credit taken back. Reason: Goods returned",
      amount: "-33.00",
    });
    expect((await client.get("/api/referrals")).body.find((r: any) => r.id === referral.id)).toMatchObject({
      status: "pending",
      purchaseAmount: null,
    });
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "purchase_cancelled", resourceId: String(referral.id) },
    });
    expect(audit).toMatchObject({ resourceType: "referral", actorId: adminId });
    expect(audit.after).toMatchObject({
      status: "PENDING",
      reason: "Goods returned",
      reversedPence: 3_300,
      currentCreditsPence: 0,
      overpaidPence: 0,
    });

    // Gone from the purchased list, kept in the history, and back in the pending queue.
    expect((await admin.get("/api/admin/purchased-referrals")).body.some((r: any) => r.id === referral.id)).toBe(false);
    const history = await admin.graphql(PURCHASED_QUERY, { first: 100, includeCancelled: true });
    expect(
      history.data.purchasedReferrals.edges
        .map((e: any) => e.node)
        .find((n: any) => n.referralDatabaseId === referral.id),
    ).toMatchObject({
      isCancelled: true,
      cancellationReason: "Goods returned",
      amount: { pounds: "300.00" },
    });
    expect((await admin.get("/api/admin/referrals/pending")).body.some((r: any) => r.id === referral.id)).toBe(true);

    // It can be verified again: a second purchase, the first kept.
    const again = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, {
      amount: "200.00",
      notes: "Checked",
    });
    expect(again.status).toBe(200);
    expect(await app.db.referralPurchase.count({ where: { referralId: referral.id } })).toBe(2);
    expect(await creditsOf(customerId)).toBe(2_200);
  });

  it("drops the credits below milestones already paid and shows the overpaid amount", async () => {
    const { customerId, referral } = await customerWithReferral({ purchase: "100.00" });
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "700.00", notes: "Checked" }); // £77
    await addPayment(app, customerId, { milestone: "M33", amountPence: 3_300 });
    await addPayment(app, customerId, { milestone: "M66", amountPence: 3_300 });
    const other = await insertReferral(app.db, customerId);
    await admin.post(`/api/admin/referrals/${other.id}/purchase`, { amount: "100.00", notes: "Checked" }); // £11: £88 in all

    const result = await admin.graphql(CANCEL, {
      input: { referralId: referralGlobalId(referral.id), reason: "Refunded by the shop" },
    });
    expect(result.data.cancelReferralPurchase.__typename).toBe("MutationCancelReferralPurchaseSuccess");
    const data = result.data.cancelReferralPurchase.data;
    expect(data.creditReversed.pence).toBe(7_700);
    expect(data.customer).toEqual({ currentCredits: { pence: 1_100 }, creditsPaid: { pence: 6_600 } });
    expect(data.overpaid).toEqual({ pence: 5_500, pounds: "55.00" });
    expect(data.purchase).toEqual({
      isCancelled: true,
      cancellationReason: "Refunded by the shop",
      cancelledBy: { username: ADMIN_USERNAME },
    });
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "purchase_cancelled", resourceId: String(referral.id) },
    });
    expect(audit.details).toContain("milestones paid now exceed credits by £55.00");

    const overpaid = await admin.graphql(
      `query($id: ID!) { node(id: $id) { ... on Customer { overpaid { pounds } currentCredits { pounds } } } }`,
      {
        id: encodeGlobalID("Customer", customerId),
      },
    );
    expect(overpaid.data.node).toEqual({ overpaid: { pounds: "55.00" }, currentCredits: { pounds: "11.00" } });
  });

  it("leaves an expiry date already passed as it was: the referral is pending but overdue, and cannot be verified again", async () => {
    const { customerId } = await customer(app, "Overdue");
    const referral = await insertReferral(app.db, customerId, { createdAt: new Date(Date.now() - 100 * DAY_MS) });
    await addPurchase(app, { referralId: referral.id, customerId, amountPence: 10_000, creditPence: 1_100 });
    const response = await admin.post(`/api/admin/cancel-referral/${referral.id}`, { reason: "Returned late" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: "pending",
      expiresAt: referral.expiresAt.toISOString(),
      daysRemaining: 0,
    });
    expect((await admin.get("/api/admin/referrals/pending")).body.some((r: any) => r.id === referral.id)).toBe(false);
    const again = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100", notes: "Checked" });
    expect(again.status).toBe(409);
    expect(again.text).toBe(PURCHASE_MESSAGES.expired);
  });

  it.each([
    ["a blank reason", { reason: "   " }, PURCHASE_MESSAGES.reasonRequired],
    ["an empty reason", { reason: "" }, PURCHASE_MESSAGES.reasonRequired],
    ["no reason", {}, PURCHASE_MESSAGES.reasonRequired],
    ["a reason that is not text", { reason: { text: "x" } }, "reason must be text"],
    [
      "a reason with a control character",
      { reason: "Refunded\u0007" },
      "The cancellation reason contains characters that are not allowed",
    ],
    [
      "a reason with a bidi override",
      { reason: "Refunded \u202Ednufer" },
      "The cancellation reason contains characters that are not allowed",
    ],
  ])("refuses %s with 400 and changes nothing", async (_label, body, message) => {
    const { referral } = await customerWithReferral();
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100", notes: "Checked" });
    const before = await databaseState(app);
    const response = await admin.post(`/api/admin/cancel-referral/${referral.id}`, body);
    expect(response.status).toBe(400);
    expect(response.text).toBe(message);
    expect(await databaseState(app)).toEqual(before);
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe("PURCHASED");
  });

  it("refuses a reason over 1000 characters with 400", async () => {
    const { referral } = await customerWithReferral();
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100", notes: "Checked" });
    const before = await databaseState(app);
    const response = await admin.post(`/api/admin/cancel-referral/${referral.id}`, { reason: "x".repeat(1001) });
    expect(response.status).toBe(400);
    expect(response.text).toBe(PURCHASE_MESSAGES.reasonTooLong);
    expect(await databaseState(app)).toEqual(before);
  });

  it("refuses a pending referral, an expired one and a second cancellation (409), and an unknown id (404)", async () => {
    const { customerId, referral } = await customerWithReferral();
    const expired = await insertReferral(app.db, customerId, {
      status: "EXPIRED",
      createdAt: new Date(Date.now() - 100 * DAY_MS),
    });
    let before = await databaseState(app);
    const pending = await admin.post(`/api/admin/cancel-referral/${referral.id}`, { reason: "Changed mind" });
    expect(pending.status).toBe(409);
    expect(pending.text).toBe(PURCHASE_MESSAGES.cancelPending);
    const expiredResponse = await admin.post(`/api/admin/cancel-referral/${expired.id}`, { reason: "Changed mind" });
    expect(expiredResponse.status).toBe(409);
    expect(expiredResponse.text).toBe(PURCHASE_MESSAGES.cancelExpired);
    for (const id of ["999999", "abc"]) {
      const unknown = await admin.post(`/api/admin/cancel-referral/${id}`, { reason: "Changed mind" });
      expect(unknown.status).toBe(404);
      expect(unknown.text).toBe(PURCHASE_MESSAGES.referralNotFound);
    }
    expect(await databaseState(app)).toEqual(before);

    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100", notes: "Checked" });
    expect((await admin.post(`/api/admin/cancel-referral/${referral.id}`, { reason: "Returned" })).status).toBe(200);
    before = await databaseState(app);
    const twice = await admin.graphql(CANCEL, {
      input: { referralId: referralGlobalId(referral.id), reason: "Returned" },
    });
    expect(twice.data.cancelReferralPurchase).toEqual({
      __typename: "ConflictError",
      code: "CONFLICT",
      message: PURCHASE_MESSAGES.cancelPending,
    });
    expect(await databaseState(app)).toEqual(before);
  });

  it("reverses once when 20 cancellations of one purchase arrive at the same moment", async () => {
    const { customerId, referral } = await customerWithReferral();
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100", notes: "Checked" });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => admin.post(`/api/admin/cancel-referral/${referral.id}`, { reason: "Returned" })),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await app.db.creditLedgerEntry.count({ where: { referralId: referral.id, kind: "REVERSAL" } })).toBe(1);
    expect(await creditsOf(customerId)).toBe(0);
  });
});

describe("access", () => {
  it("refuses every purchase path and field to a signed-out caller (401) and a customer (403)", async () => {
    const { client: customer, referral, customerId } = await customerWithReferral();
    const purchased = await insertReferral(app.db, customerId);
    await admin.post(`/api/admin/referrals/${purchased.id}/purchase`, { amount: "100", notes: "Checked" });
    const purchaseId = (await app.db.referralPurchase.findFirstOrThrow({ where: { referralId: purchased.id } })).id;
    const before = await databaseState(app);
    for (const [client, status, code] of [
      [app.client(), 401, "UNAUTHENTICATED"],
      [customer, 403, "FORBIDDEN"],
    ] as const) {
      expect((await client.get("/api/admin/referrals/pending")).status).toBe(status);
      expect((await client.get("/api/admin/purchased-referrals")).status).toBe(status);
      expect((await client.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100" })).status).toBe(
        status,
      );
      expect((await client.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "-1" })).status).toBe(status);
      expect((await client.post(`/api/admin/referrals/999999/purchase`, {})).status).toBe(status);
      expect((await client.post(`/api/admin/cancel-referral/${purchased.id}`, { reason: "Mine now" })).status).toBe(
        status,
      );
      expect((await client.post(`/api/admin/cancel-referral/${purchased.id}`, { reason: "" })).status).toBe(status);
      for (const [query, variables] of [
        [PENDING_QUERY, {}],
        [PURCHASED_QUERY, {}],
        [VERIFY, { input: { referralId: referralGlobalId(referral.id), amount: "100" } }],
        [CANCEL, { input: { referralId: referralGlobalId(purchased.id), reason: "Mine now" } }],
      ] as const) {
        const result = await client.graphql(query, variables);
        expect(result.data).toBeNull();
        expect(result.errors?.[0]?.extensions?.code).toBe(code);
      }
      const node = await client.graphql(
        `query($id: ID!) { node(id: $id) { ... on ReferralPurchase { amount { pence } } } }`,
        {
          id: encodeGlobalID("ReferralPurchase", purchaseId),
        },
      );
      expect(node.data?.node ?? null).toBeNull();
      // node(id) answers a signed-in reader what it answers for an id that does not exist.
      expect(node.errors?.[0]?.extensions?.code).toBe(code === "FORBIDDEN" ? "NOT_FOUND" : code);
    }
    expect(await databaseState(app)).toEqual(before);
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe("PENDING");
  });

  it("refuses a customer the admin-only overpaid figure on their own profile", async () => {
    const { client } = await customer(app, "Curious");
    const result = await client.graphql("{ viewer { customer { overpaid { pence } } } }");
    expect(result.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});

describe("a cancellation explained to the customer (Referral.cancellation, the feed named)", () => {
  const REFERRAL_ROWS = `query { viewer { customer { referrals(first: 10) { edges { node {
    databaseId status cancellation { cancelledAt category categoryDisplay creditReversed { pence } }
  } } } } } }`;
  const WITHDRAW_ANSWER = `mutation Withdraw($input: WithdrawReferralInput!) {
    withdrawReferral(input: $input) {
      ... on MutationWithdrawReferralSuccess { data { referral { name } referralActivities { type description } } }
      ... on Error { code message }
    }
  }`;

  it("the friend's row and feed name the friend, the reason's category and the credit taken back, on GraphQL and REST", async () => {
    const { client, referral } = await customerWithReferral({ referralName: "Carla Returned" });
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "300.00", notes: "Checked" });
    expect((await client.get("/api/activities")).body[0]).toMatchObject({
      type: "referral_purchased",
      description: "Carla Returned made a purchase: you earned £33.00 in credits",
    });
    expect((await client.get("/api/referrals")).body[0]).toMatchObject({ status: "purchased", cancellation: null });

    const response = await admin.post(`/api/admin/cancel-referral/${referral.id}`, {
      reason: "Sent back after a week",
      category: "GOODS_returned",
    });
    expect(response.status).toBe(200);
    expect(response.body.cancellationCategory).toBe("goods_returned");

    expect((await client.get("/api/activities")).body[0]).toMatchObject({
      type: "purchase_cancelled",
      description:
        "Carla Returned's purchase was cancelled (goods returned): £33.00 of credit taken back. Reason: Sent back after a week",
      amount: "-33.00",
    });
    const rest = (await client.get("/api/referrals")).body.find((r: any) => r.id === referral.id);
    expect(rest).toMatchObject({
      status: "pending",
      cancellation: {
        cancelledAt: expect.any(String),
        category: "goods_returned",
        categoryDisplay: "Goods returned",
        creditReversed: "33.00",
      },
    });
    const graphql = await client.graphql(REFERRAL_ROWS);
    expect(graphql.data.viewer.customer.referrals.edges[0].node).toMatchObject({
      databaseId: referral.id,
      status: "PENDING",
      cancellation: { category: "GOODS_RETURNED", categoryDisplay: "Goods returned", creditReversed: { pence: 3_300 } },
    });
    expect(graphql.data.viewer.customer.referrals.edges[0].node.cancellation.cancelledAt).toBe(
      rest.cancellation.cancelledAt,
    );

    // Bought again: the row shows the new purchase, no longer the cancellation.
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100.00", notes: "Checked" });
    expect((await client.get("/api/referrals")).body[0]).toMatchObject({ status: "purchased", cancellation: null });
  });

  it("no category is 'other reason'; a category not on the list is refused with 400, changing nothing", async () => {
    const { client, referral } = await customerWithReferral({ referralName: "Dan Other" });
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100.00", notes: "Checked" });
    const before = await databaseState(app);
    const refused = await admin.post(`/api/admin/cancel-referral/${referral.id}`, { reason: "x", category: "lost" });
    expect(refused.status).toBe(400);
    expect(refused.text).toBe(
      "The cancellation category must be one of: goods_returned, order_cancelled, payment_not_received, recorded_in_error, other.",
    );
    expect(await databaseState(app)).toEqual(before);

    expect((await admin.post(`/api/admin/cancel-referral/${referral.id}`, { reason: "Mistake" })).status).toBe(200);
    expect((await client.get("/api/activities")).body[0].description).toBe(
      "Dan Other's purchase was cancelled (other reason): £11.00 of credit taken back. Reason: Mistake",
    );
    expect((await client.get("/api/referrals")).body[0].cancellation).toMatchObject({
      category: "other",
      categoryDisplay: "Other reason",
    });
  });

  it("once the friend is withdrawn, no feed entry or answer carries the erased name", async () => {
    const { client, referral } = await customerWithReferral({ referralName: "Erin Erased" });
    await client.post("/api/referrals", { name: "Kept Friend", phone: "07400 111222" });
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "300.00", notes: "Checked" });
    await admin.post(`/api/admin/cancel-referral/${referral.id}`, { reason: "Returned", category: "order_cancelled" });

    const withdrawn = await client.graphql(WITHDRAW_ANSWER, { input: { referralId: referralGlobalId(referral.id) } });
    const data = withdrawn.data.withdrawReferral.data;
    expect(data.referral.name).toBeNull();
    // Every entry about the friend, as the feed reads it now: the client replaces its copies with these.
    expect(data.referralActivities).toEqual([
      { type: "REFERRAL_WITHDRAWN", description: "Referral withdrawn: their details were erased" },
      {
        type: "PURCHASE_CANCELLED",
        description:
          "A referral's purchase was cancelled (order cancelled): £33.00 of credit taken back. Reason: Returned",
      },
      { type: "REFERRAL_PURCHASED", description: "A referral made a purchase: you earned £33.00 in credits" },
    ]);
    const feed = (await client.get("/api/activities")).body.map((a: any) => a.description).join("\n");
    expect(feed).not.toContain("Erin");
    expect(feed).toContain("Referral added: Kept Friend");
    const row = (await client.get("/api/referrals")).body.find((r: any) => r.id === referral.id);
    expect(row).toMatchObject({ name: null, status: "withdrawn", cancellation: null });
  });
});
