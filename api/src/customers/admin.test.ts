import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertActor, insertMilestonePayment, insertPurchase, insertReferral } from "../../test/rows.ts";
import { signedInAdmin, signedInCustomer, startTestApp, type TestApp, type TestClient } from "../../test/testApp.ts";
import type { Db } from "../db/prisma.ts";
import type { CustomerStatus } from "../generated/prisma/client.ts";
import { customerStage } from "./adminList.ts";
import { ADMIN_CUSTOMER_MESSAGES } from "./approval.ts";
import { REGISTRATION_MESSAGES } from "./validation.ts";

let app: TestApp;
let admin: TestClient;
let adminId: number;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInAdmin(app, "approver");
  adminId = (await app.db.user.findUniqueOrThrow({ where: { username: "approver" } })).id;
});
afterAll(async () => {
  await app?.close();
});

let counter = 0;
const nextName = (prefix: string) => `${prefix}${++counter}`;

/** A customer who registered through the API and waits for review. */
async function pendingCustomer(
  prefix = "Pending",
  options: { originalPurchaseAmount?: string; contractNumber?: string } = {},
) {
  return signedInCustomer(app, nextName(prefix), { verified: false, ...options });
}

/** Everything an admin action may write: an unchanged snapshot proves a refused call changed nothing. */
async function snapshot(customerId: number) {
  const [profile, emails, audits, activities] = await Promise.all([
    app.db.customerProfile.findUniqueOrThrow({ where: { id: customerId } }),
    app.db.email.count(),
    app.db.auditEntry.count(),
    app.db.activity.count(),
  ]);
  return { profile, emails, audits, activities };
}

const PENDING_KEYS = [
  "id",
  "userName",
  "name",
  "firstName",
  "lastName",
  "email",
  "emailConfirmed",
  "originalPurchaseAmount",
  "postcode",
  "contractNumber",
  "status",
  "createdAt",
].sort();

describe("pending customers (GET /api/admin/pending-customers)", () => {
  it("lists the registrations awaiting review, oldest first, with the review fields", async () => {
    const first = await pendingCustomer("Queue", { originalPurchaseAmount: "1,250.50", contractNumber: "HNG-Q-1" });
    const second = await pendingCustomer("Queue");
    const verified = await signedInCustomer(app, nextName("Queue"));
    const response = await admin.get("/api/admin/pending-customers");
    expect(response.status).toBe(200);
    const ids = response.body.map((c: any) => c.id);
    expect(ids).toContain(first.customerId);
    expect(ids).not.toContain(verified.customerId);
    expect(ids.indexOf(first.customerId)).toBeLessThan(ids.indexOf(second.customerId));
    const row = response.body.find((c: any) => c.id === first.customerId);
    expect(Object.keys(row).sort()).toEqual(PENDING_KEYS);
    const username = `Queue${counter - 2}`;
    expect(row).toMatchObject({
      userName: username,
      name: `${username} Tester`,
      email: `${username.toLowerCase()}@example.com`,
      originalPurchaseAmount: "1250.50",
      postcode: "SW1A 1AA",
      contractNumber: "HNG-Q-1",
      status: "pending",
    });
    expect(new Date(row.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("pages with ?limit= and ?after=, and on GraphQL with cursors", async () => {
    for (let i = 0; i < 3; i++) await pendingCustomer("Pager");
    const all = (await admin.get("/api/admin/pending-customers")).body.map((c: any) => c.id);
    expect(all.length).toBeGreaterThanOrEqual(4);
    const firstTwo = await admin.get("/api/admin/pending-customers?limit=2");
    expect(firstTwo.body.map((c: any) => c.id)).toEqual(all.slice(0, 2));
    const next = await admin.get(`/api/admin/pending-customers?limit=2&after=${all[1]}`);
    expect(next.body.map((c: any) => c.id)).toEqual(all.slice(2, 4));
    expect((await admin.get("/api/admin/pending-customers?limit=0")).status).toBe(400);
    expect((await admin.get("/api/admin/pending-customers?limit=501")).status).toBe(400);
    expect((await admin.get("/api/admin/pending-customers?after=abc")).status).toBe(400);
    expect((await admin.get("/api/admin/pending-customers?after=999999")).status).toBe(400);

    const query = `query($after: String) { pendingCustomers(first: 2, after: $after) {
      pageInfo { hasNextPage endCursor } edges { node { databaseId status user { username email } } } } }`;
    const page1 = (await admin.graphql(query)).data.pendingCustomers;
    const page2 = (await admin.graphql(query, { after: page1.pageInfo.endCursor })).data.pendingCustomers;
    expect([...page1.edges, ...page2.edges].map((e: any) => e.node.databaseId)).toEqual(all.slice(0, 4));
    expect(page1.edges[0].node.status).toBe("PENDING");
  });
});

describe("approve customer (POST /api/admin/approve-customer/{id})", () => {
  it("verifies the customer, queues the verification email with the credit rate, records the activity and audits", async () => {
    const { client, customerId, userId } = await pendingCustomer("Approve");
    const response = await admin.post(`/api/admin/approve-customer/${customerId}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: customerId,
      isVerified: true,
      status: "verified",
      userName: `Approve${counter}`,
    });
    expect(response.body.verifiedAt).toEqual(expect.any(String));

    const profile = await app.db.customerProfile.findUniqueOrThrow({ where: { id: customerId } });
    expect(profile.status).toBe("VERIFIED");
    expect(profile.verifiedAt).not.toBeNull();

    const email = await app.db.email.findFirstOrThrow({ where: { userId, type: "ACCOUNT_VERIFICATION" } });
    expect(email.toAddress).toBe(`approve${counter}@example.com`);
    expect(email.status).toBe("PENDING");
    expect(email.textBody).toContain("verified and activated");
    expect(email.textBody).toContain("you earn 11% of what they spend");
    expect(email.textBody).toContain("http://localhost:3000/auth");

    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "customer_approved", resourceId: String(customerId) },
    });
    expect(audit).toMatchObject({ resourceType: "customer", actorId: adminId, before: { status: "PENDING" } });
    expect(audit.after).toMatchObject({ status: "VERIFIED" });
    expect(audit.ipAddress).toEqual(expect.any(String));

    // The customer's own view opens at once: verified, with the activity at the top of the feed.
    const own = await client.get("/api/customer/profile");
    expect(own.body).toMatchObject({ isVerified: true, status: "verified" });
    const activities = await client.get("/api/activities");
    expect(activities.body[0]).toMatchObject({ type: "registration", description: "Account verified and activated" });
  });

  it("quotes the credit rate in force", async () => {
    const { customerId, userId } = await pendingCustomer("Rate");
    await app.db.programmeSettings.upsert({
      where: { id: 1 },
      create: { id: 1, creditRateBasisPoints: 1250 },
      update: { creditRateBasisPoints: 1250 },
    });
    try {
      expect((await admin.post(`/api/admin/approve-customer/${customerId}`)).status).toBe(200);
      const email = await app.db.email.findFirstOrThrow({ where: { userId, type: "ACCOUNT_VERIFICATION" } });
      expect(email.textBody).toContain("you earn 12.5% of what they spend");
    } finally {
      await app.db.programmeSettings.update({ where: { id: 1 }, data: { creditRateBasisPoints: 1100 } });
    }
  });

  it("refuses a verified customer (409), a rejected one (409) and unknown ids (404), changing nothing", async () => {
    const { customerId } = await pendingCustomer("Twice");
    expect((await admin.post(`/api/admin/approve-customer/${customerId}`)).status).toBe(200);
    const before = await snapshot(customerId);
    const again = await admin.post(`/api/admin/approve-customer/${customerId}`);
    expect(again.status).toBe(409);
    expect(again.text).toBe(ADMIN_CUSTOMER_MESSAGES.alreadyVerified);
    expect(await snapshot(customerId)).toEqual(before);

    const rejected = await pendingCustomer("Rejected");
    expect(
      (await admin.post(`/api/admin/reject-customer/${rejected.customerId}`, { reason: "Contract not found" })).status,
    ).toBe(200);
    const rejectedBefore = await snapshot(rejected.customerId);
    const approveRejected = await admin.post(`/api/admin/approve-customer/${rejected.customerId}`);
    expect(approveRejected.status).toBe(409);
    expect(approveRejected.text).toBe(ADMIN_CUSTOMER_MESSAGES.approveRejected);
    expect(await snapshot(rejected.customerId)).toEqual(rejectedBefore);

    const beforeUnknown = await snapshot(customerId);
    for (const id of ["999999", "abc", "0", "99999999999"]) {
      const unknown = await admin.post(`/api/admin/approve-customer/${id}`);
      expect(unknown.status, id).toBe(404);
      expect(unknown.text).toBe("Customer not found");
    }
    expect(await snapshot(customerId)).toEqual(beforeUnknown);
  });

  it("answers typed errors on GraphQL", async () => {
    const { customerId } = await pendingCustomer("Typed");
    const mutation = `mutation($input: ApproveCustomerInput!) { approveCustomer(input: $input) {
      __typename ... on MutationApproveCustomerSuccess { data { id databaseId status isVerified } } ... on Error { code message } } }`;
    const globalId = encodeGlobalID("Customer", String(customerId));
    const ok = await admin.graphql(mutation, { input: { customerId: globalId } });
    expect(ok.data.approveCustomer).toEqual({
      __typename: "MutationApproveCustomerSuccess",
      data: { id: globalId, databaseId: customerId, status: "VERIFIED", isVerified: true },
    });
    const conflict = await admin.graphql(mutation, { input: { customerId: globalId } });
    expect(conflict.data.approveCustomer).toMatchObject({ __typename: "ConflictError", code: "CONFLICT" });
    for (const bogus of [
      encodeGlobalID("Customer", "999999"),
      encodeGlobalID("Referral", String(customerId)),
      "not-an-id",
    ]) {
      const missing = await admin.graphql(mutation, { input: { customerId: bogus } });
      expect(missing.data.approveCustomer, bogus).toMatchObject({ __typename: "NotFoundError", code: "NOT_FOUND" });
    }
  });

  it("approves once when ten administrators press at the same moment", async () => {
    const { customerId, userId } = await pendingCustomer("Race");
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/api/admin/approve-customer/${customerId}`)),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await app.db.email.count({ where: { userId, type: "ACCOUNT_VERIFICATION" } })).toBe(1);
    expect(
      await app.db.auditEntry.count({ where: { action: "customer_approved", resourceId: String(customerId) } }),
    ).toBe(1);
  });

  it("lets exactly one of a simultaneous approval and rejection win", async () => {
    const { customerId, userId } = await pendingCustomer("Duel");
    const [approved, rejected] = await Promise.all([
      admin.post(`/api/admin/approve-customer/${customerId}`),
      admin.post(`/api/admin/reject-customer/${customerId}`, { reason: "Duplicate account" }),
    ]);
    expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
    const profile = await app.db.customerProfile.findUniqueOrThrow({ where: { id: customerId } });
    expect(profile.status).toBe(approved.status === 200 ? "VERIFIED" : "REJECTED");
    expect(
      await app.db.email.count({ where: { userId, type: { in: ["ACCOUNT_VERIFICATION", "ACCOUNT_REJECTION"] } } }),
    ).toBe(1);
  });
});

describe("reject customer (POST /api/admin/reject-customer/{id})", () => {
  it("refuses a blank or missing reason (400) and changes nothing", async () => {
    const { customerId } = await pendingCustomer("Blank");
    const before = await snapshot(customerId);
    for (const body of [{ reason: "" }, { reason: "   \n " }, {}, { reason: null }]) {
      const response = await admin.post(`/api/admin/reject-customer/${customerId}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.text).toBe(ADMIN_CUSTOMER_MESSAGES.reasonRequired);
    }
    const tooLong = await admin.post(`/api/admin/reject-customer/${customerId}`, { reason: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toBe(ADMIN_CUSTOMER_MESSAGES.reasonTooLong);
    expect(await snapshot(customerId)).toEqual(before);
  });

  it("rejects with the reason, emails it, audits, and lets the customer correct and resubmit", async () => {
    const { client, customerId, userId } = await pendingCustomer("Reject");
    const reason = "  Your contract number & postcode don't match <our records>.  ";
    const response = await admin.post(`/api/admin/reject-customer/${customerId}`, { reason });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: customerId,
      status: "rejected",
      isVerified: false,
      rejectionReason: reason.trim(),
    });

    const email = await app.db.email.findFirstOrThrow({ where: { userId, type: "ACCOUNT_REJECTION" } });
    expect(email.textBody).toContain(`> ${reason.trim()}`);
    expect(email.textBody).toContain("http://localhost:3000/registration");
    expect(email.htmlBody).toContain("Your contract number &amp; postcode don&#39;t match &lt;our records&gt;.");

    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "customer_rejected", resourceId: String(customerId) },
    });
    expect(audit).toMatchObject({
      actorId: adminId,
      before: { status: "PENDING" },
      after: { status: "REJECTED", rejectionReason: reason.trim() },
    });

    const own = await client.get("/api/customer/profile");
    expect(own.body).toMatchObject({ status: "rejected", rejectionReason: reason.trim() });

    // Rejected twice is a conflict; approval waits for the resubmission.
    const before = await snapshot(customerId);
    const again = await admin.post(`/api/admin/reject-customer/${customerId}`, { reason: "Again" });
    expect(again.status).toBe(409);
    expect(again.text).toBe(ADMIN_CUSTOMER_MESSAGES.alreadyRejected);
    expect(await snapshot(customerId)).toEqual(before);

    const resubmitted = await client.post("/api/customer/register", {
      originalPurchaseAmount: "900.00",
      postcode: "M1 1AE",
      contractNumber: "HNG-FIXED",
    });
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body).toMatchObject({ status: "pending", rejectionReason: null });
    expect((await admin.post(`/api/admin/approve-customer/${customerId}`)).status).toBe(200);
  });

  it("refuses a verified customer (409) and an unknown one (404)", async () => {
    const { customerId } = await signedInCustomer(app, nextName("Verified"));
    const before = await snapshot(customerId);
    const verified = await admin.post(`/api/admin/reject-customer/${customerId}`, { reason: "Too late" });
    expect(verified.status).toBe(409);
    expect(verified.text).toBe(ADMIN_CUSTOMER_MESSAGES.rejectVerified);
    expect((await admin.post("/api/admin/reject-customer/999999", { reason: "Nobody" })).status).toBe(404);
    expect(await snapshot(customerId)).toEqual(before);
  });
});

describe("update customer (POST /api/admin/update-customer/{id})", () => {
  it("corrects the purchase amount and contract number of a pending registration, audited before and after", async () => {
    const { customerId } = await pendingCustomer("Edit", {
      originalPurchaseAmount: "1000.00",
      contractNumber: "HNG-OLD",
    });
    const response = await admin.post(`/api/admin/update-customer/${customerId}`, {
      originalPurchaseAmount: "1,234.5",
      contractNumber: "  HNG-NEW  ",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: customerId,
      originalPurchaseAmount: "1234.50",
      contractNumber: "HNG-NEW",
      status: "pending",
    });
    const profile = await app.db.customerProfile.findUniqueOrThrow({ where: { id: customerId } });
    expect(profile).toMatchObject({
      originalPurchaseAmountPence: 123_450,
      contractNumber: "HNG-NEW",
      status: "PENDING",
    });
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "customer_updated", resourceId: String(customerId) },
    });
    expect(audit).toMatchObject({
      actorId: adminId,
      before: { originalPurchaseAmountPence: 100_000, contractNumber: "HNG-OLD" },
      after: { originalPurchaseAmountPence: 123_450, contractNumber: "HNG-NEW" },
    });
    expect(audit.details).toContain("£1,000.00 → £1,234.50");

    // One field alone; a number is read as its decimal text; the same values again write nothing.
    const amountOnly = await admin.post(`/api/admin/update-customer/${customerId}`, { originalPurchaseAmount: 99.99 });
    expect(amountOnly.body).toMatchObject({ originalPurchaseAmount: "99.99", contractNumber: "HNG-NEW" });
    const audits = await app.db.auditEntry.count({
      where: { action: "customer_updated", resourceId: String(customerId) },
    });
    expect(audits).toBe(2);
    const same = await admin.post(`/api/admin/update-customer/${customerId}`, {
      originalPurchaseAmount: "99.99",
      contractNumber: "HNG-NEW",
    });
    expect(same.status).toBe(200);
    expect(
      await app.db.auditEntry.count({ where: { action: "customer_updated", resourceId: String(customerId) } }),
    ).toBe(2);
  });

  it("refuses bad amounts and contract numbers (400) and changes nothing", async () => {
    const { customerId } = await pendingCustomer("BadEdit");
    const before = await snapshot(customerId);
    const cases: [Record<string, unknown>, string][] = [
      [{ originalPurchaseAmount: "0" }, REGISTRATION_MESSAGES.invalidAmount],
      [{ originalPurchaseAmount: "0.00" }, REGISTRATION_MESSAGES.invalidAmount],
      [{ originalPurchaseAmount: "-5" }, REGISTRATION_MESSAGES.invalidAmount],
      [{ originalPurchaseAmount: "abc" }, REGISTRATION_MESSAGES.invalidAmount],
      [{ originalPurchaseAmount: "" }, REGISTRATION_MESSAGES.invalidAmount],
      [{ originalPurchaseAmount: "12.345" }, REGISTRATION_MESSAGES.amountTooPrecise],
      [{ originalPurchaseAmount: "10000000.01" }, REGISTRATION_MESSAGES.amountTooLarge],
      [{ originalPurchaseAmount: "100.00", contractNumber: "   " }, REGISTRATION_MESSAGES.missingContractNumber],
      [{ contractNumber: "x".repeat(65) }, REGISTRATION_MESSAGES.contractNumberTooLong],
      [{}, ADMIN_CUSTOMER_MESSAGES.nothingToUpdate],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post(`/api/admin/update-customer/${customerId}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.text, JSON.stringify(body)).toBe(message);
    }
    expect(await snapshot(customerId)).toEqual(before);
  });

  it("refuses a verified or rejected customer (409) and an unknown one (404)", async () => {
    const verified = await signedInCustomer(app, nextName("EditVerified"));
    const rejected = await pendingCustomer("EditRejected");
    await admin.post(`/api/admin/reject-customer/${rejected.customerId}`, { reason: "Wrong contract" });
    for (const customerId of [verified.customerId, rejected.customerId]) {
      const before = await snapshot(customerId);
      const response = await admin.post(`/api/admin/update-customer/${customerId}`, {
        originalPurchaseAmount: "500.00",
        contractNumber: "HNG-X",
      });
      expect(response.status).toBe(409);
      expect(response.text).toBe(ADMIN_CUSTOMER_MESSAGES.editNotPending);
      expect(await snapshot(customerId)).toEqual(before);
    }
    expect((await admin.post("/api/admin/update-customer/999999", { contractNumber: "HNG-X" })).status).toBe(404);
  });

  it("works on GraphQL with the Customer's global id", async () => {
    const { customerId } = await pendingCustomer("GqlEdit");
    const result = await admin.graphql(
      `mutation($input: UpdateCustomerInput!) { updateCustomer(input: $input) {
        __typename ... on MutationUpdateCustomerSuccess { data { originalPurchaseAmount { pence } contractNumber } }
        ... on ValidationError { field message } } }`,
      { input: { customerId: encodeGlobalID("Customer", String(customerId)), originalPurchaseAmount: "1.5" } },
    );
    expect(result.data.updateCustomer.data).toEqual({
      originalPurchaseAmount: { pence: 150 },
      contractNumber: `HNG-GqlEdit${counter}`,
    });
    const invalid = await admin.graphql(
      `mutation($input: UpdateCustomerInput!) { updateCustomer(input: $input) { __typename ... on ValidationError { field message } } }`,
      { input: { customerId: encodeGlobalID("Customer", String(customerId)), originalPurchaseAmount: "1.555" } },
    );
    expect(invalid.data.updateCustomer).toEqual({
      __typename: "ValidationError",
      field: "originalPurchaseAmount",
      message: REGISTRATION_MESSAGES.amountTooPrecise,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The customer lists, on a database of their own so the expected rows are exact.
// ---------------------------------------------------------------------------------------------

describe("customer lists", () => {
  let listApp: TestApp;
  let listAdmin: TestClient;
  const ids: Record<string, number> = {};
  const DAY = 24 * 60 * 60 * 1000;
  const base = Date.UTC(2025, 0, 1);

  async function insertCustomer(
    db: Db,
    spec: {
      username: string;
      firstName?: string | null;
      lastName?: string | null;
      status?: CustomerStatus;
      purchasePence?: number;
      createdAt: Date;
      contractNumber?: string;
    },
  ): Promise<number> {
    const user = await db.user.create({
      data: {
        username: spec.username,
        email: `${spec.username.toLowerCase()}@example.com`,
        passwordHash: "unused",
        firstName: spec.firstName ?? null,
        lastName: spec.lastName ?? null,
      },
    });
    const status = spec.status ?? "VERIFIED";
    const profile = await db.customerProfile.create({
      data: {
        userId: user.id,
        originalPurchaseAmountPence: spec.purchasePence ?? 100_000,
        postcode: "SW1A 1AA",
        contractNumber: spec.contractNumber ?? `HNG-${spec.username}`,
        status,
        rejectionReason: status === "REJECTED" ? "Contract not found" : null,
        termsAcceptedAt: spec.createdAt,
        verifiedAt: status === "VERIFIED" ? spec.createdAt : null,
        createdAt: spec.createdAt,
      },
    });
    return profile.id;
  }

  async function credit(db: Db, customerId: number, creditPence: number, actorId: number, purchased = true) {
    const referral = await insertReferral(db, customerId, { status: "PENDING" });
    if (purchased)
      await insertPurchase(db, {
        referralId: referral.id,
        customerId,
        amountPence: creditPence * 10,
        creditPence,
        actorId,
      });
  }

  beforeAll(async () => {
    listApp = await startTestApp();
    listAdmin = await signedInAdmin(listApp, "lister");
    const db = listApp.db;
    const actorId = await insertActor(db);
    ids.alice = await insertCustomer(db, {
      username: "alice",
      firstName: "Alice",
      lastName: "Archer",
      purchasePence: 100_000,
      createdAt: new Date(base),
      contractNumber: "HNG-ALPHA-7",
    });
    await credit(db, ids.alice, 50_000, actorId);
    await credit(db, ids.alice, 0, actorId, false);
    await insertMilestonePayment(db, { customerId: ids.alice, milestone: "M33", amountPence: 33_000, actorId });
    ids.bob = await insertCustomer(db, {
      username: "bob",
      firstName: "Bob",
      lastName: "Baker",
      purchasePence: 200_000,
      createdAt: new Date(base + DAY),
    });
    ids.carol = await insertCustomer(db, {
      username: "carol",
      firstName: "Carol",
      purchasePence: 100_000,
      createdAt: new Date(base + 2 * DAY),
    });
    await credit(db, ids.carol, 0, actorId, false);
    ids.dave = await insertCustomer(db, {
      username: "dave",
      purchasePence: 10_000,
      createdAt: new Date(base + 3 * DAY),
    });
    await credit(db, ids.dave, 6_000, actorId);
    await credit(db, ids.dave, 4_000, actorId);
    await insertMilestonePayment(db, { customerId: ids.dave, milestone: "M33", amountPence: 3_300, actorId });
    await insertMilestonePayment(db, { customerId: ids.dave, milestone: "M66", amountPence: 3_300, actorId });
    await insertMilestonePayment(db, { customerId: ids.dave, milestone: "M100", amountPence: 3_400, actorId });
    ids.erin = await insertCustomer(db, {
      username: "erin",
      firstName: "Erin",
      lastName: "Evans",
      status: "PENDING",
      createdAt: new Date(base + 4 * DAY),
    });
    ids.frank = await insertCustomer(db, {
      username: "frank",
      firstName: "Frank",
      lastName: "Fox",
      status: "REJECTED",
      createdAt: new Date(base + 5 * DAY),
    });
    // Fillers: equal creation times and equal credits, so ties must be broken by id.
    for (let i = 1; i <= 14; i++) {
      const id = await insertCustomer(db, {
        username: `filler${String(i).padStart(2, "0")}`,
        firstName: i % 3 === 0 ? null : "Filler",
        lastName: i % 3 === 0 ? null : String.fromCharCode(80 + (i % 5)),
        purchasePence: 50_000 + (i % 4) * 10_000,
        createdAt: new Date(base + 10 * DAY + (i % 4) * DAY),
      });
      ids[`filler${i}`] = id;
      if (i % 2 === 0) await credit(db, id, (i % 3) * 5_000, actorId);
    }
  });
  afterAll(async () => {
    await listApp?.close();
  });

  const CUSTOMER_KEYS = [
    "id",
    "userName",
    "name",
    "firstName",
    "lastName",
    "email",
    "emailConfirmed",
    "originalPurchaseAmount",
    "postcode",
    "contractNumber",
    "currentCredits",
    "creditsPaid",
    "progressPercentage",
    "totalReferrals",
    "purchasedReferrals",
    "isVerified",
    "refundIssued",
    "createdAt",
    "milestone33Paid",
    "milestone66Paid",
    "milestone100Paid",
    "status",
    "stage",
    "segment",
  ].sort();

  it("lists every customer with the admin-view fields, newest first (GET /api/admin/customers)", async () => {
    const response = await listAdmin.get("/api/admin/customers");
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(20);
    for (const row of response.body) expect(Object.keys(row).sort()).toEqual(CUSTOMER_KEYS);
    const byId = new Map(response.body.map((row: any) => [row.id, row]));
    expect(byId.get(ids.alice)).toEqual({
      id: ids.alice,
      userName: "alice",
      name: "Alice Archer",
      firstName: "Alice",
      lastName: "Archer",
      email: "alice@example.com",
      // Inserted straight into the database, never confirmed.
      emailConfirmed: false,
      originalPurchaseAmount: "1000.00",
      postcode: "SW1A 1AA",
      contractNumber: "HNG-ALPHA-7",
      currentCredits: "500.00",
      creditsPaid: "330.00",
      progressPercentage: 50,
      totalReferrals: 2,
      purchasedReferrals: 1,
      isVerified: true,
      refundIssued: false,
      createdAt: "2025-01-01T00:00:00.000Z",
      milestone33Paid: true,
      milestone66Paid: false,
      milestone100Paid: false,
      status: "Verified",
      stage: "Earning",
      segment: "Medium Progress",
    });
    expect(byId.get(ids.bob)).toMatchObject({
      stage: "Getting Started",
      segment: "Getting Started",
      currentCredits: "0.00",
      totalReferrals: 0,
    });
    expect(byId.get(ids.carol)).toMatchObject({
      name: "Carol",
      stage: "Referring",
      totalReferrals: 1,
      purchasedReferrals: 0,
    });
    expect(byId.get(ids.dave)).toMatchObject({
      name: "dave",
      currentCredits: "100.00",
      creditsPaid: "100.00",
      progressPercentage: 100,
      refundIssued: true,
      milestone100Paid: true,
      stage: "Full Refund",
      segment: "High Progress",
    });
    expect(byId.get(ids.erin)).toMatchObject({ status: "Pending", stage: "Pending Review", isVerified: false });
    expect(byId.get(ids.frank)).toMatchObject({ status: "Rejected", stage: "Rejected", isVerified: false });

    // Newest first, ties broken by the higher id first.
    const order = response.body.map((row: any) => [new Date(row.createdAt).getTime(), row.id]);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(order).toEqual(sorted);
  });

  it("filters by status, segment and search, on REST and GraphQL, with the total count", async () => {
    const names = async (query: string) =>
      (await listAdmin.get(`/api/admin/customers${query}`)).body.map((row: any) => row.userName).sort();
    expect(await names("?status=pending")).toEqual(["erin"]);
    expect(await names("?status=Rejected")).toEqual(["frank"]);
    expect(await names("?segment=high_progress")).toEqual(["dave"]);
    expect(await names("?segment=Medium Progress")).toEqual(["alice"]);
    expect(await names("?search=ARCH")).toEqual(["alice"]);
    expect(await names("?search=alpha-7")).toEqual(["alice"]);
    expect(await names("?search=bob@example")).toEqual(["bob"]);
    expect(await names("?search=Carol")).toEqual(["carol"]);
    expect(await names("?search=100%25")).toEqual([]);
    expect(await names("?search=filler_")).toEqual([]);
    expect((await listAdmin.get("/api/admin/customers?status=gone")).status).toBe(400);
    expect((await listAdmin.get("/api/admin/customers?segment=huge")).status).toBe(400);

    const result = await listAdmin.graphql(`{
      verified: customers(filter: { status: VERIFIED }) { totalCount }
      low: customers(filter: { segment: LOW_PROGRESS }, first: 2) { totalCount edges { node { userName segment segmentDisplay } } }
      fillers: customers(filter: { search: "filler", status: VERIFIED }) { totalCount }
      all: customers { totalCount }
    }`);
    expect(result.errors).toBeUndefined();
    expect(result.data.verified.totalCount).toBe(18);
    expect(result.data.fillers.totalCount).toBe(14);
    expect(result.data.all.totalCount).toBe(20);
    expect(result.data.low.edges).toHaveLength(2);
    for (const edge of result.data.low.edges)
      expect(edge.node).toMatchObject({ segment: "LOW_PROGRESS", segmentDisplay: "Low Progress" });
  });

  const PAGE_QUERY = `query($first: Int, $after: String, $orderBy: CustomerOrder, $filter: CustomerFilter) {
    customers(first: $first, after: $after, orderBy: $orderBy, filter: $filter) {
      pageInfo { hasNextPage endCursor }
      edges { cursor node { databaseId name currentCredits { pence } progressPercentage originalPurchaseAmount { pence } createdAt } }
    }
  }`;

  async function page(variables: Record<string, unknown>) {
    const result = await listAdmin.graphql(PAGE_QUERY, variables);
    expect(result.errors).toBeUndefined();
    return result.data.customers;
  }

  async function walk(orderBy: string, size: number, filter?: Record<string, unknown>) {
    const seen: number[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 50; guard++) {
      const current: any = await page({ first: size, after, orderBy, filter });
      seen.push(...current.edges.map((e: any) => e.node.databaseId));
      if (!current.pageInfo.hasNextPage) return seen;
      after = current.pageInfo.endCursor;
    }
    throw new Error("too many pages");
  }

  it("pages every order with cursors: walking page by page gives the one-page list, in the right order", async () => {
    const orders = [
      "CREATED_AT_DESC",
      "CREATED_AT_ASC",
      "NAME_ASC",
      "NAME_DESC",
      "CREDITS_DESC",
      "CREDITS_ASC",
      "PROGRESS_DESC",
      "PROGRESS_ASC",
    ];
    for (const orderBy of orders) {
      const whole = await page({ first: 100, orderBy });
      const wholeIds = whole.edges.map((e: any) => e.node.databaseId);
      expect(wholeIds, orderBy).toHaveLength(20);
      expect(new Set(wholeIds).size).toBe(20);
      expect(await walk(orderBy, 3), orderBy).toEqual(wholeIds);

      const nodes = whole.edges.map((e: any) => e.node);
      const key = (n: any): number | string => {
        if (orderBy.startsWith("CREATED_AT")) return new Date(n.createdAt).getTime();
        if (orderBy.startsWith("NAME")) return n.name.toLowerCase();
        if (orderBy.startsWith("CREDITS")) return n.currentCredits.pence;
        return Math.floor((n.currentCredits.pence * 1_000_000) / n.originalPurchaseAmount.pence);
      };
      const sign = orderBy.endsWith("DESC") ? -1 : 1;
      const expected = [...nodes].sort((a, b) => {
        const [ka, kb] = [key(a), key(b)];
        const byKey = ka < kb ? -1 : ka > kb ? 1 : 0;
        return sign * (byKey || a.databaseId - b.databaseId);
      });
      expect(wholeIds, orderBy).toEqual(expected.map((n) => n.databaseId));
    }
  });

  it("gives a deep page equal to the same rows reached by walking, and REST ?after= continues after an id", async () => {
    for (const orderBy of ["CREATED_AT_DESC", "CREDITS_DESC", "NAME_ASC"]) {
      const whole = await page({ first: 100, orderBy });
      const deep = await page({ first: 4, after: whole.edges[12].cursor, orderBy });
      expect(
        deep.edges.map((e: any) => e.node.databaseId),
        orderBy,
      ).toEqual(whole.edges.slice(13, 17).map((e: any) => e.node.databaseId));
      expect(deep.pageInfo.hasNextPage).toBe(true);
    }
    const all = (await listAdmin.get("/api/admin/customers?order=credits_desc")).body.map((row: any) => row.id);
    const restPage = await listAdmin.get(`/api/admin/customers?order=credits_desc&limit=5&after=${all[9]}`);
    expect(restPage.body.map((row: any) => row.id)).toEqual(all.slice(10, 15));
    expect((await listAdmin.get("/api/admin/customers?limit=3")).body).toHaveLength(3);
    expect((await listAdmin.get("/api/admin/customers?after=999999")).status).toBe(400);
    expect((await listAdmin.get("/api/admin/customers?limit=abc")).status).toBe(400);
    expect((await listAdmin.get("/api/admin/customers?order=sideways")).status).toBe(400);
  });

  it("refuses cursors it did not make, cursors of another order and backward paging", async () => {
    const whole = await page({ first: 2, orderBy: "CREDITS_DESC" });
    const cases: Record<string, unknown>[] = [
      { after: "garbage" },
      {
        after: Buffer.from(JSON.stringify(["CREDITS_DESC", "1; DROP TABLE x", 1])).toString("base64url"),
        orderBy: "CREDITS_DESC",
      },
      { after: whole.pageInfo.endCursor, orderBy: "NAME_ASC" },
    ];
    for (const variables of cases) {
      const result = await listAdmin.graphql(PAGE_QUERY, variables);
      expect(result.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe("BAD_INPUT");
    }
    const backwards = await listAdmin.graphql(`{ customers(last: 2) { edges { node { databaseId } } } }`);
    expect(backwards.errors?.[0]?.extensions?.code).toBe("BAD_INPUT");
  });

  const DETAILED_KEYS = [
    "id",
    "name",
    "userName",
    "email",
    "contractNumber",
    "originalPurchaseAmount",
    "currentCredits",
    "progressPercentage",
    "totalReferrals",
    "purchasedReferrals",
    "status",
    "stage",
    "segment",
    "createdAt",
  ].sort();

  it("gives the detailed list (GET /api/admin/customers-detailed)", async () => {
    const response = await listAdmin.get("/api/admin/customers-detailed");
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(20);
    for (const row of response.body) expect(Object.keys(row).sort()).toEqual(DETAILED_KEYS);
    expect(response.body.find((row: any) => row.id === ids.alice)).toMatchObject({
      name: "Alice Archer",
      email: "alice@example.com",
      contractNumber: "HNG-ALPHA-7",
      originalPurchaseAmount: "1000.00",
      currentCredits: "500.00",
      progressPercentage: 50,
      totalReferrals: 2,
      purchasedReferrals: 1,
      status: "Verified",
      stage: "Earning",
    });
    expect(
      (await listAdmin.get("/api/admin/customers-detailed?status=pending")).body.map((row: any) => row.userName),
    ).toEqual(["erin"]);
  });
});

describe("stages", () => {
  it("follow the status, then referrals, credits and the refund", () => {
    const verified = { status: "VERIFIED" as const, totalReferrals: 0, creditsPence: 0, refundIssued: false };
    expect(customerStage({ ...verified, status: "PENDING" })).toBe("PENDING_REVIEW");
    expect(customerStage({ ...verified, status: "REJECTED", totalReferrals: 3 })).toBe("REJECTED");
    expect(customerStage(verified)).toBe("GETTING_STARTED");
    expect(customerStage({ ...verified, totalReferrals: 2 })).toBe("REFERRING");
    expect(customerStage({ ...verified, totalReferrals: 2, creditsPence: 1 })).toBe("EARNING");
    expect(customerStage({ ...verified, totalReferrals: 2, creditsPence: 100, refundIssued: true })).toBe(
      "FULL_REFUND",
    );
  });
});

describe("access", () => {
  it("refuses every admin customer path and field to a signed-out caller (401) and to a customer (403), on REST and GraphQL", async () => {
    const target = await pendingCustomer("Guarded");
    const customer = (await signedInCustomer(app, nextName("Nosy"))).client;
    const globalId = encodeGlobalID("Customer", String(target.customerId));
    const before = await snapshot(target.customerId);
    for (const [client, status, code] of [
      [app.client(), 401, "UNAUTHENTICATED"],
      [customer, 403, "FORBIDDEN"],
    ] as const) {
      for (const path of ["/api/admin/pending-customers", "/api/admin/customers", "/api/admin/customers-detailed"]) {
        expect((await client.get(path)).status, path).toBe(status);
      }
      expect((await client.post(`/api/admin/approve-customer/${target.customerId}`)).status).toBe(status);
      expect((await client.post(`/api/admin/reject-customer/${target.customerId}`, { reason: "No" })).status).toBe(
        status,
      );
      expect(
        (await client.post(`/api/admin/update-customer/${target.customerId}`, { contractNumber: "HNG-HACK" })).status,
      ).toBe(status);

      for (const query of [
        "{ pendingCustomers { edges { node { databaseId } } } }",
        "{ customers { totalCount edges { node { databaseId email } } } }",
      ]) {
        const result = await client.graphql(query);
        expect(result.data, query).toBeNull();
        expect(result.errors?.[0]?.extensions?.code, query).toBe(code);
      }
      for (const [mutation, input] of [
        ["approveCustomer(input: { customerId: $id })", {}],
        ['rejectCustomer(input: { customerId: $id, reason: "No" })', {}],
        ['updateCustomer(input: { customerId: $id, contractNumber: "HNG-HACK" })', {}],
      ] as const) {
        const result = await client.graphql(`mutation($id: ID!) { ${mutation} { __typename } }`, {
          id: globalId,
          ...input,
        });
        expect(result.data, mutation).toBeNull();
        expect(result.errors?.[0]?.extensions?.code, mutation).toBe(code);
      }
    }
    expect(await snapshot(target.customerId)).toEqual(before);
  });
});
