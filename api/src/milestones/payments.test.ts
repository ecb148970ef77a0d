import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { grownBy } from "../../test/counts.ts";
import { ADMIN_USERNAME, fileFixtures, it } from "../../test/fixtures.ts";
import { addCredit, addPayment, customer, scenario } from "../../test/scenarios.ts";
import type { TestApp, TestClient } from "../../test/testApp.ts";
import { isUniqueViolation } from "../db/locks.ts";
import { MILESTONE_TYPE_MESSAGE } from "./paymentRestRoutes.ts";
import { PAYMENT_MESSAGES } from "./service.ts";

let app: TestApp;
let admin: TestClient;
let adminId: number;
fileFixtures((f) => ({ app, admin, adminId } = f));

const PROCESS = `mutation Process($input: ProcessMilestoneInput!) {
  processMilestone(input: $input) {
    __typename
    ... on MutationProcessMilestoneSuccess { data {
      payment { milestone milestoneType amount { pence } notes paidBy { username } }
      customer { refundIssued milestone100Paid creditsPaid { pence } overpaid { pence } }
    } }
    ... on Error { code message }
  }
}`;
const PENDING_QUERY = `query PendingMilestones($first: Int, $after: String) {
  pendingMilestonePayments(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges { node {
      customerDatabaseId customerName originalPurchase { pence } creditsEarned { pence } alreadyPaid { pence } progressPercentage overpaid { pence }
      milestone33Paid milestone66Paid milestone100Paid
      availableMilestones { key milestoneType percent description amount { pence } }
      milestones { key state creditsNeeded { pence } }
      customer { databaseId currentCredits { pence } }
    } }
  }
}`;

/** What a failed operation must leave untouched. */
async function snapshot() {
  const [payments, emails, activities, audits, ledger] = await Promise.all([
    app.db.milestonePayment.count(),
    app.db.email.count(),
    app.db.activity.count(),
    app.db.auditEntry.count(),
    app.db.creditLedgerEntry.count(),
  ]);
  return { payments, emails, activities, audits, ledger };
}

/** Gives the customer `creditPence` more credit through one purchased referral; returns the referral's id. */
const credit = async (customerId: number, creditPence: number) => (await addCredit(app, customerId, creditPence)).id;

/** A verified customer with a £100 purchase (tranches £33, £33, £34) and the given credits. */
const customerWithCredits = (creditPence: number, purchase = "100.00") =>
  customer(app, "Payee", { purchase, credits: creditPence });

const pay = (customerId: number | string, milestoneType: unknown, notes?: string) =>
  admin.post("/api/admin/process-milestone", { customerId, milestoneType, ...(notes === undefined ? {} : { notes }) });

async function pendingFor(customerId: number) {
  const response = await admin.get("/api/admin/pending-milestones");
  expect(response.status).toBe(200);
  return response.body.find((item: any) => item.customerId === customerId);
}

describe("customers with milestones to pay (GET /api/admin/pending-milestones, pendingMilestonePayments)", () => {
  it("lists a customer once a milestone is READY, with the figures and each available milestone", async () => {
    const { customerId, userId } = await customerWithCredits(6_700);
    await app.db.user.update({ where: { id: userId }, data: { firstName: "Mia", lastName: "Payee" } });
    expect(await pendingFor(customerId)).toEqual({
      id: customerId,
      customerId,
      customerName: "Mia Payee",
      email: expect.stringContaining("@example.com"),
      originalPurchaseAmount: "100.00",
      currentCredits: "67.00",
      creditsPaid: "0.00",
      progressPercentage: 67,
      overpaidAmount: "0.00",
      milestone33Paid: false,
      milestone66Paid: false,
      milestone100Paid: false,
      pendingMilestones: [
        {
          type: "milestone_33",
          percent: 33,
          description: "33% milestone: the first part of the refund",
          amount: "33.00",
          paymentRequestedAt: null,
        },
        {
          type: "milestone_66",
          percent: 66,
          description: "66% milestone: the second part of the refund",
          amount: "33.00",
          paymentRequestedAt: null,
        },
      ],
    });
  });

  it("leaves out customers with nothing to pay: below the first threshold, all paid, unverified, or held back after a cancellation", async () => {
    const { customers } = await scenario(app, {
      customers: {
        below: { purchase: "100.00", credits: 3_299 },
        allPaid: {
          purchase: "100.00",
          credits: 10_000,
          payments: [
            { milestone: "M33", amountPence: 3_300 },
            { milestone: "M66", amountPence: 3_300 },
            { milestone: "M100", amountPence: 3_400 },
          ],
        },
        unverified: { verified: false, purchase: "100.00", credits: 5_000 },
        // 100% paid first, then credits of £50: the 33% threshold is met but only £16 is unpaid.
        heldBack: { purchase: "100.00", credits: 5_000, payments: [{ milestone: "M100", amountPence: 3_400 }] },
        atThreshold: { purchase: "100.00", credits: 3_300 },
      },
    });
    const { below, allPaid, unverified, heldBack, atThreshold } = customers;

    const listed = (await admin.get("/api/admin/pending-milestones")).body.map((item: any) => item.customerId);
    expect(listed).not.toContain(below.customerId);
    expect(listed).not.toContain(allPaid.customerId);
    expect(listed).not.toContain(unverified.customerId);
    expect(listed).not.toContain(heldBack.customerId);
    expect(listed).toContain(atThreshold.customerId);
    expect([...listed].sort((a: number, b: number) => a - b)).toEqual(listed);
  });

  it("agrees with the customer's own milestone states at the exact midpoints", async () => {
    // A £1.50 purchase: 33% is 49.5p → 50p.
    const short = await customerWithCredits(49, "1.50");
    const exact = await customerWithCredits(50, "1.50");
    expect(await pendingFor(short.customerId)).toBeUndefined();
    expect((await pendingFor(exact.customerId)).pendingMilestones.map((m: any) => [m.type, m.amount])).toEqual([
      ["milestone_33", "0.50"],
    ]);
    expect((await short.client.get("/api/customer/milestones")).body.eligibility.states.milestone33).toBe("locked");
    expect((await exact.client.get("/api/customer/milestones")).body.eligibility.states.milestone33).toBe("ready");
  });

  it("agrees with the customer's own milestone states for a 1p purchase, whose 0p first milestone is ready before any credit", async () => {
    // 33% of 1p rounds to 0p: the only case where a customer without ledger entries has a READY milestone.
    const penny = await customerWithCredits(0, "0.01");
    expect((await penny.client.get("/api/customer/milestones")).body.eligibility.states.milestone33).toBe("ready");
    expect((await pendingFor(penny.customerId)).pendingMilestones.map((m: any) => [m.type, m.amount])).toEqual([
      ["milestone_33", "0.00"],
    ]);
  });

  it("pages on GraphQL with first and after, in customer order", async () => {
    for (let i = 0; i < 3; i++) await customerWithCredits(4_000);
    const all = (await admin.graphql(PENDING_QUERY, { first: 100 })).data.pendingMilestonePayments.edges.map(
      (e: any) => e.node.customerDatabaseId,
    );
    expect(all.length).toBeGreaterThanOrEqual(3);
    const first = await admin.graphql(PENDING_QUERY, { first: 2 });
    expect(first.errors).toBeUndefined();
    const page = first.data.pendingMilestonePayments;
    expect(page.pageInfo.hasNextPage).toBe(true);
    const second = await admin.graphql(PENDING_QUERY, { first: 2, after: page.pageInfo.endCursor });
    expect(
      [...page.edges, ...second.data.pendingMilestonePayments.edges].map((e: any) => e.node.customerDatabaseId),
    ).toEqual(all.slice(0, 4));
    const node = page.edges[0].node;
    expect(node.customer.databaseId).toBe(node.customerDatabaseId);
    expect(node.customer.currentCredits.pence).toBe(node.creditsEarned.pence);
    const bad = await admin.graphql(PENDING_QUERY, { first: 2, after: "nonsense" });
    expect(bad.errors?.[0]?.message).toBe("Invalid page cursor.");
  });
});

describe("paying a milestone (POST /api/admin/process-milestone, processMilestone)", () => {
  it("pays the fixed tranche with notes, the activity, the email and the audit entry", async () => {
    const { customerId, userId, client } = await customerWithCredits(3_500);
    const before = await snapshot();
    const response = await pay(customerId, "milestone_33", "  Bank transfer ref 123  ");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.any(Number),
      customerId,
      milestoneType: "milestone_33",
      amount: "33.00",
      notes: "Bank transfer ref 123",
      paidAt: expect.any(String),
      paidBy: ADMIN_USERNAME,
      currentCredits: "35.00",
      creditsPaid: "33.00",
      milestone33Paid: true,
      milestone66Paid: false,
      milestone100Paid: false,
      refundIssued: false,
      overpaidAmount: "0.00",
    });
    expect(await snapshot()).toEqual(grownBy(before, { payments: 1, emails: 1, activities: 1, audits: 1 }));
    const payment = await app.db.milestonePayment.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(payment).toMatchObject({
      customerId,
      milestone: "M33",
      amountPence: 3_300,
      notes: "Bank transfer ref 123",
      paidById: adminId,
    });

    const email = await app.db.email.findFirstOrThrow({ where: { userId, type: "MILESTONE_PAID" } });
    expect(email.subject).toBe("Your 33% milestone has been paid");
    expect(email.textBody).toContain("We have paid your 33% milestone reward of £33.00.");
    expect(email.textBody).not.toContain("refunded in full");
    const activity = (await client.get("/api/activities")).body[0];
    expect(activity).toMatchObject({ type: "milestone_paid", description: "33% milestone paid", amount: "33.00" });
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "milestone_paid", resourceId: String(customerId) },
    });
    expect(audit).toMatchObject({ resourceType: "customer", actorId: adminId, ipAddress: expect.any(String) });
    expect(audit.after).toMatchObject({
      milestone: "M33",
      amountPence: 3_300,
      notes: "Bank transfer ref 123",
      refundIssued: false,
    });

    const own = (await client.get("/api/customer/milestones")).body;
    expect(own.eligibility.states).toEqual({ milestone33: "paid", milestone66: "locked", milestone100: "locked" });
    expect(own.payments).toEqual([
      { id: response.body.id, milestoneType: "milestone_33", amount: "33.00", paidAt: response.body.paidAt },
    ]);
    expect(await pendingFor(customerId)).toBeUndefined();
  });

  it("accepts the spec's spellings of the milestone and issues the refund with the 100% payment", async () => {
    const { customerId, userId, client } = await customerWithCredits(10_000, "100.01");
    // £100.01: tranches round(33.0033) = £33.00, round(66.0066) − 33.00 = £33.01, the rest £34.00.
    expect((await pay(customerId, 66)).body).toMatchObject({ milestoneType: "milestone_66", amount: "33.01" });
    expect((await pay(customerId, "33")).body).toMatchObject({ milestoneType: "milestone_33", amount: "33.00" });
    expect((await pay(customerId, "milestone_100")).status).toBe(409); // £100.00 of credits: a penny short of £100.01
    await credit(customerId, 1);
    const last = await pay(String(customerId), "MILESTONE_100");
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({
      milestoneType: "milestone_100",
      amount: "34.00",
      creditsPaid: "100.01",
      refundIssued: true,
      milestone100Paid: true,
    });
    const email = await app.db.email.findFirstOrThrow({
      where: { userId, type: "MILESTONE_PAID", subject: "Your 100% milestone has been paid" },
    });
    expect(email.textBody).toContain("refunded in full");
    expect((await client.get("/api/customer/profile")).body).toMatchObject({
      refundIssued: true,
      creditsPaid: "100.01",
    });
  });

  it("pays on GraphQL with the customer's global id", async () => {
    const { customerId } = await customerWithCredits(6_600);
    const result = await admin.graphql(PROCESS, {
      input: { customerId: encodeGlobalID("Customer", customerId), milestone: "M66", notes: "Cheque" },
    });
    expect(result.data.processMilestone).toEqual({
      __typename: "MutationProcessMilestoneSuccess",
      data: {
        payment: {
          milestone: "M66",
          milestoneType: "milestone_66",
          amount: { pence: 3_300 },
          notes: "Cheque",
          paidBy: { username: ADMIN_USERNAME },
        },
        customer: {
          refundIssued: false,
          milestone100Paid: false,
          creditsPaid: { pence: 3_300 },
          overpaid: { pence: 0 },
        },
      },
    });
  });

  it("refuses a LOCKED milestone (409) with a message that says why, changing nothing", async () => {
    const { customerId } = await customerWithCredits(6_599);
    const before = await snapshot();
    const response = await pay(customerId, "milestone_66");
    expect(response.status).toBe(409);
    expect(response.text).toBe(
      "The 66% milestone is locked: this customer's credits (£65.99) have not reached its threshold of £66.00.",
    );
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a milestone already paid (409), changing nothing", async () => {
    const { customerId } = await customerWithCredits(4_000);
    expect((await pay(customerId, "milestone_33")).status).toBe(200);
    const before = await snapshot();
    const again = await pay(customerId, "milestone_33");
    expect(again.status).toBe(409);
    expect(again.text).toBe("The 33% milestone has already been paid to this customer.");
    const graphql = await admin.graphql(PROCESS, {
      input: { customerId: encodeGlobalID("Customer", customerId), milestone: "M33" },
    });
    expect(graphql.data.processMilestone).toEqual({
      __typename: "ConflictError",
      code: "CONFLICT",
      message: "The 33% milestone has already been paid to this customer.",
    });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an unverified customer (409), an unknown customer (404) and bad input (400), changing nothing", async () => {
    const { pending, payee } = (
      await scenario(app, {
        customers: {
          pending: { verified: false, purchase: "100.00", credits: 5_000 },
          payee: { purchase: "100.00", credits: 5_000 },
        },
      })
    ).customers;
    const { customerId } = payee;
    const before = await snapshot();

    const unverified = await pay(pending.customerId, "milestone_33");
    expect(unverified.status).toBe(409);
    expect(unverified.text).toBe(PAYMENT_MESSAGES.notVerified);
    for (const unknownId of [999_999, "abc", "", null, -1, 1.5]) {
      const unknown = await pay(unknownId as any, "milestone_33");
      expect(unknown.status).toBe(404);
      expect(unknown.text).toBe(PAYMENT_MESSAGES.customerNotFound);
    }
    const wrongType = await admin.graphql(PROCESS, {
      input: { customerId: encodeGlobalID("Referral", customerId), milestone: "M33" },
    });
    expect(wrongType.data.processMilestone).toMatchObject({
      __typename: "NotFoundError",
      message: PAYMENT_MESSAGES.customerNotFound,
    });
    for (const milestoneType of ["milestone_50", "", undefined, "thirty-three"]) {
      const bad = await pay(customerId, milestoneType);
      expect(bad.status).toBe(400);
      expect(bad.text).toBe(MILESTONE_TYPE_MESSAGE);
    }
    const longNotes = await pay(customerId, "milestone_33", "x".repeat(1001));
    expect(longNotes.status).toBe(400);
    expect(longNotes.text).toBe("Notes can be at most 1000 characters.");
    expect(await snapshot()).toEqual(before);
  });

  it("pays once when 20 requests for one tranche arrive at the same moment", async () => {
    const { customerId, userId } = await customerWithCredits(4_000);
    const before = await snapshot();
    const responses = await Promise.all(Array.from({ length: 20 }, () => pay(customerId, "milestone_33")));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = responses.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    for (const response of refused)
      expect(response.text).toBe("The 33% milestone has already been paid to this customer.");
    expect(await app.db.milestonePayment.count({ where: { customerId } })).toBe(1);
    expect(await app.db.email.count({ where: { userId, type: "MILESTONE_PAID" } })).toBe(1);
    expect(await snapshot()).toEqual(grownBy(before, { payments: 1, emails: 1, activities: 1, audits: 1 }));
  });

  it("pays each tranche once when 20 requests spread over all three arrive together on GraphQL", async () => {
    const { customerId } = await customerWithCredits(10_000);
    const milestones = ["M33", "M66", "M100"] as const;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.graphql(PROCESS, {
          input: { customerId: encodeGlobalID("Customer", customerId), milestone: milestones[i % 3] },
        }),
      ),
    );
    const typenames = results.map((r) => r.data.processMilestone.__typename);
    expect(typenames.filter((t) => t === "MutationProcessMilestoneSuccess")).toHaveLength(3);
    expect(typenames.filter((t) => t === "ConflictError")).toHaveLength(17);
    const payments = await app.db.milestonePayment.findMany({ where: { customerId }, orderBy: { milestone: "asc" } });
    expect(payments.map((p) => [p.milestone, p.amountPence])).toEqual([
      ["M33", 3_300],
      ["M66", 3_300],
      ["M100", 3_400],
    ]);
  });
});

describe("the database backstop", () => {
  it("refuses a second payment of one milestone even when written without the service's lock", async () => {
    const { customerId } = await customerWithCredits(4_000);
    await addPayment(app, customerId, { milestone: "M33", amountPence: 3_300 });
    const second = addPayment(app, customerId, { milestone: "M33", amountPence: 3_300 });
    await expect(second).rejects.toMatchObject({ code: "P2002" });
    await expect(second.catch((error) => isUniqueViolation(error))).resolves.toBe(true);
    expect(await app.db.milestonePayment.count({ where: { customerId } })).toBe(1);
  });
});

describe("overpayment: nothing more is payable until credits catch up", () => {
  it("holds back every milestone after a cancellation leaves paid tranches above the credits", async () => {
    const { customerId, client } = await customerWithCredits(0);
    const big = await credit(customerId, 7_700);
    expect((await pay(customerId, "milestone_33")).status).toBe(200);
    expect((await pay(customerId, "milestone_66")).status).toBe(200);

    const cancelled = await admin.post(`/api/admin/cancel-referral/${big}`, { reason: "Returned" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ currentCredits: "0.00", creditsPaid: "66.00", overpaidAmount: "66.00" });

    await credit(customerId, 9_999); // £99.99: the 100% tranche needs £66 paid + £34 = £100
    const before = await snapshot();
    const held = await pay(customerId, "milestone_100");
    expect(held.status).toBe(409);
    expect(held.text).toBe(
      "The 100% milestone is locked: this customer's credits (£99.99) have not reached its threshold of £100.00.",
    );
    expect(await snapshot()).toEqual(before);
    expect(await pendingFor(customerId)).toBeUndefined();

    await credit(customerId, 1);
    expect((await pendingFor(customerId)).pendingMilestones.map((m: any) => m.type)).toEqual(["milestone_100"]);
    const paid = await pay(customerId, "milestone_100");
    expect(paid.body).toMatchObject({ refundIssued: true, creditsPaid: "100.00", overpaidAmount: "0.00" });
    expect((await client.get("/api/customer/milestones")).body.eligibility.states).toEqual({
      milestone33: "paid",
      milestone66: "paid",
      milestone100: "paid",
    });
  });

  it("counts what was paid out of order: a threshold met is not enough while the unpaid credits fall short of the tranche", async () => {
    const { customerId, client } = await customerWithCredits(0);
    const returned = await credit(customerId, 7_000);
    await credit(customerId, 3_000);
    expect((await pay(customerId, "milestone_100")).body).toMatchObject({ amount: "34.00", refundIssued: true });

    const cancelled = await admin.post(`/api/admin/cancel-referral/${returned}`, { reason: "Returned" });
    expect(cancelled.body).toMatchObject({ currentCredits: "30.00", creditsPaid: "34.00", overpaidAmount: "4.00" });
    const overpaid = await admin.graphql(
      `query($id: ID!) { node(id: $id) { ... on Customer { overpaid { pence } } } }`,
      { id: encodeGlobalID("Customer", customerId) },
    );
    expect(overpaid.data.node.overpaid.pence).toBe(400);

    // £66.99: the 33% threshold (£33) is long passed, but only £32.99 has not been paid out.
    await credit(customerId, 3_699);
    const held = await pay(customerId, "milestone_33");
    expect(held.status).toBe(409);
    expect(held.text).toBe(
      "The 33% milestone is locked: a cancellation left £34.00 paid against credits of £66.99, so the credits not yet paid out do not cover its £33.00 payment. Nothing more is payable until the credits catch up.",
    );
    const own = (await client.get("/api/customer/milestones")).body;
    expect(own.eligibility).toMatchObject({
      milestone33: false,
      states: { milestone33: "locked", milestone66: "locked", milestone100: "paid" },
    });
    const gql = await client.graphql("{ viewer { customer { milestones { key state creditsNeeded { pence } } } } }");
    expect(gql.data.viewer.customer.milestones).toEqual([
      { key: "M33", state: "LOCKED", creditsNeeded: { pence: 1 } },
      { key: "M66", state: "LOCKED", creditsNeeded: { pence: 1 } },
      { key: "M100", state: "PAID", creditsNeeded: { pence: 0 } },
    ]);

    // Exactly £67.00: £34 paid + £33 unpaid. Both show READY, and paying one holds the other back.
    await credit(customerId, 1);
    expect((await pendingFor(customerId)).pendingMilestones.map((m: any) => m.type)).toEqual([
      "milestone_33",
      "milestone_66",
    ]);
    expect((await pay(customerId, "milestone_33")).status).toBe(200);
    const second = await pay(customerId, "milestone_66");
    expect(second.status).toBe(409);
    expect(second.text).toContain("Nothing more is payable until the credits catch up.");
    expect(await pendingFor(customerId)).toBeUndefined();
  });
});

describe("access", () => {
  it("refuses every milestone payment path and field to a signed-out caller (401) and a customer (403)", async () => {
    const { client: customer, customerId } = await customerWithCredits(4_000);
    const before = await snapshot();
    for (const [client, status, code] of [
      [app.client(), 401, "UNAUTHENTICATED"],
      [customer, 403, "FORBIDDEN"],
    ] as const) {
      expect((await client.get("/api/admin/pending-milestones")).status).toBe(status);
      expect(
        (await client.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" })).status,
      ).toBe(status);
      expect(
        (
          await client.post("/api/admin/process-milestone", {
            customerId: 999_999,
            milestoneType: "33",
            notes: "x".repeat(2000),
          })
        ).status,
      ).toBe(status);
      for (const [query, variables] of [
        [PENDING_QUERY, {}],
        [PROCESS, { input: { customerId: encodeGlobalID("Customer", customerId), milestone: "M33" } }],
      ] as const) {
        const result = await client.graphql(query, variables);
        expect(result.data).toBeNull();
        expect(result.errors?.[0]?.extensions?.code).toBe(code);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(await app.db.milestonePayment.count({ where: { customerId } })).toBe(0);
  });

  it("keeps payment notes and the paying administrator from the customer", async () => {
    const { client, customerId } = await customerWithCredits(4_000);
    await pay(customerId, "milestone_33", "Internal note");
    const result = await client.graphql("{ viewer { customer { milestonePayments { amount { pence } notes } } } }");
    expect(result.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const allowed = await client.graphql("{ viewer { customer { milestonePayments { amount { pence } } } } }");
    expect(allowed.data.viewer.customer.milestonePayments).toEqual([{ amount: { pence: 3_300 } }]);
  });
});
