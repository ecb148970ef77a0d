import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { databaseState } from "../../test/databaseState.ts";
import { fileFixtures, it } from "../../test/fixtures.ts";
import { CUSTOMER_REGISTRATION_FIELDS } from "../../test/restFields.ts";
import { signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { ADMIN_CUSTOMER_MESSAGES } from "./approval.ts";
import { REGISTRATION_MESSAGES } from "./validation.ts";

let app: TestApp;
let admin: TestClient;
let adminId: number;
fileFixtures((f) => ({ app, admin, adminId } = f));

let counter = 0;
const nextName = (prefix: string) => `${prefix}${++counter}`;

/** A customer who registered through the API and waits for review. */
async function pendingCustomer(
  prefix = "Pending",
  options: { originalPurchaseAmount?: string; contractNumber?: string } = {},
) {
  return signedInCustomer(app, nextName(prefix), { verified: false, ...options });
}

const PENDING_KEYS = [...CUSTOMER_REGISTRATION_FIELDS, "status", "createdAt"].sort();

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
    const before = await databaseState(app);
    const again = await admin.post(`/api/admin/approve-customer/${customerId}`);
    expect(again.status).toBe(409);
    expect(again.text).toBe(ADMIN_CUSTOMER_MESSAGES.alreadyVerified);
    expect(await databaseState(app)).toEqual(before);

    const rejected = await pendingCustomer("Rejected");
    expect(
      (await admin.post(`/api/admin/reject-customer/${rejected.customerId}`, { reason: "Contract not found" })).status,
    ).toBe(200);
    const rejectedBefore = await databaseState(app);
    const approveRejected = await admin.post(`/api/admin/approve-customer/${rejected.customerId}`);
    expect(approveRejected.status).toBe(409);
    expect(approveRejected.text).toBe(ADMIN_CUSTOMER_MESSAGES.approveRejected);
    expect(await databaseState(app)).toEqual(rejectedBefore);

    const beforeUnknown = await databaseState(app);
    for (const id of ["999999", "abc", "0", "99999999999"]) {
      const unknown = await admin.post(`/api/admin/approve-customer/${id}`);
      expect(unknown.status, id).toBe(404);
      expect(unknown.text).toBe("Customer not found");
    }
    expect(await databaseState(app)).toEqual(beforeUnknown);
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
    const before = await databaseState(app);
    for (const body of [{ reason: "" }, { reason: "   \n " }, {}, { reason: null }]) {
      const response = await admin.post(`/api/admin/reject-customer/${customerId}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.text).toBe(ADMIN_CUSTOMER_MESSAGES.reasonRequired);
    }
    const tooLong = await admin.post(`/api/admin/reject-customer/${customerId}`, { reason: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toBe(ADMIN_CUSTOMER_MESSAGES.reasonTooLong);
    expect(await databaseState(app)).toEqual(before);
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
    const before = await databaseState(app);
    const again = await admin.post(`/api/admin/reject-customer/${customerId}`, { reason: "Again" });
    expect(again.status).toBe(409);
    expect(again.text).toBe(ADMIN_CUSTOMER_MESSAGES.alreadyRejected);
    expect(await databaseState(app)).toEqual(before);

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
    const before = await databaseState(app);
    const verified = await admin.post(`/api/admin/reject-customer/${customerId}`, { reason: "Too late" });
    expect(verified.status).toBe(409);
    expect(verified.text).toBe(ADMIN_CUSTOMER_MESSAGES.rejectVerified);
    expect((await admin.post("/api/admin/reject-customer/999999", { reason: "Nobody" })).status).toBe(404);
    expect(await databaseState(app)).toEqual(before);
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
      before: { originalPurchaseAmountPence: 100_000 },
      after: { originalPurchaseAmountPence: 123_450, contractNumberChanged: true },
    });
    // The contract number identifies the person: the entry says it changed, never its value.
    expect(JSON.stringify(audit)).not.toMatch(/HNG-OLD|HNG-NEW/);
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
    const before = await databaseState(app);
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
    expect(await databaseState(app)).toEqual(before);
  });

  it("refuses a verified or rejected customer (409) and an unknown one (404)", async () => {
    const verified = await signedInCustomer(app, nextName("EditVerified"));
    const rejected = await pendingCustomer("EditRejected");
    await admin.post(`/api/admin/reject-customer/${rejected.customerId}`, { reason: "Wrong contract" });
    for (const customerId of [verified.customerId, rejected.customerId]) {
      const before = await databaseState(app);
      const response = await admin.post(`/api/admin/update-customer/${customerId}`, {
        originalPurchaseAmount: "500.00",
        contractNumber: "HNG-X",
      });
      expect(response.status).toBe(409);
      expect(response.text).toBe(ADMIN_CUSTOMER_MESSAGES.editNotPending);
      expect(await databaseState(app)).toEqual(before);
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

describe("access", () => {
  it("refuses every admin customer path and field to a signed-out caller (401) and to a customer (403), on REST and GraphQL", async () => {
    const target = await pendingCustomer("Guarded");
    const customer = (await signedInCustomer(app, nextName("Nosy"))).client;
    const globalId = encodeGlobalID("Customer", String(target.customerId));
    const before = await databaseState(app);
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
    expect(await databaseState(app)).toEqual(before);
  });
});
