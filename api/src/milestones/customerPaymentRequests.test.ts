import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { fileFixtures, it } from "../../test/fixtures.ts";
import { customer } from "../../test/scenarios.ts";
import type { TestApp, TestClient } from "../../test/testApp.ts";
import { PAYMENT_REQUEST_MESSAGES, requestMilestonePayment } from "./service.ts";

let app: TestApp;
let admin: TestClient;
fileFixtures((f) => ({ app, admin } = f));

/** A verified customer with a £100 purchase (tranches £33, £33, £34) and the given credits. */
const customerWithCredits = (creditPence: number) =>
  customer(app, "Requester", { purchase: "100.00", credits: creditPence });

const REQUEST = `mutation Request($input: RequestMilestonePaymentInput!) {
  requestMilestonePayment(input: $input) {
    ... on MutationRequestMilestonePaymentSuccess { data {
      milestone requestedAt alreadyRequested
      customer { milestones { key state paymentRequestedAt } }
    } }
    ... on Error { code message }
  }
}`;
const COUNT = "query { openPaymentRequestCount }";
const REQUESTED_LIST = `query ($requested: Boolean) {
  pendingMilestonePayments(first: 100, requested: $requested) {
    edges { node { customerDatabaseId availableMilestones { key paymentRequestedAt } } }
  }
}`;

const openCount = async () => (await admin.graphql(COUNT)).data.openPaymentRequestCount as number;
const requestedIds = async (requested: boolean) =>
  (await admin.graphql(REQUESTED_LIST, { requested })).data.pendingMilestonePayments.edges.map(
    (edge: any) => edge.node.customerDatabaseId,
  );

describe("a customer requests a READY milestone's payment", () => {
  it("over REST: creates the request, an activity without personal data, an audit entry; admins see it, counted and filtered", async () => {
    const { client, customerId, userId } = await customerWithCredits(3_300);
    const countBefore = await openCount();
    const response = await client.post("/api/customer/milestones/milestone_33/request-payment", {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      milestoneType: "milestone_33",
      requestedAt: expect.any(String),
      alreadyRequested: false,
    });
    const activity = await app.db.activity.findFirstOrThrow({ where: { customerId, type: "PAYMENT_REQUESTED" } });
    expect(activity.description).toBe("Payment of the 33% milestone (£33.00) requested: our team has been told");
    expect(activity.amountPence).toBe(3_300);
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "payment_requested", resourceId: String(customerId) },
    });
    expect(audit).toMatchObject({ actorId: userId, resourceType: "customer", after: { milestone: "M33" } });

    expect(await openCount()).toBe(countBefore + 1);
    expect(await requestedIds(true)).toContain(customerId);
    const list = await admin.get("/api/admin/pending-milestones?requested=true");
    const item = list.body.find((row: any) => row.customerId === customerId);
    expect(item.pendingMilestones[0]).toMatchObject({
      type: "milestone_33",
      paymentRequestedAt: response.body.requestedAt,
    });
    expect((await admin.get("/api/admin/payment-requests/count")).body).toEqual({
      openPaymentRequests: countBefore + 1,
    });

    // The customer's milestones carry it.
    const milestones = await client.get("/api/customer/milestones");
    expect(milestones.body.eligibility.paymentRequestedAt).toEqual({
      milestone33: response.body.requestedAt,
      milestone66: null,
      milestone100: null,
    });
  });

  it("asking again answers the existing request, not an error, and adds nothing", async () => {
    const { client, customerId } = await customerWithCredits(3_300);
    const first = await client.graphql(REQUEST, { input: { milestone: "M33" } });
    const firstData = first.data.requestMilestonePayment.data;
    expect(firstData.alreadyRequested).toBe(false);
    expect(firstData.customer.milestones[0]).toEqual({
      key: "M33",
      state: "READY",
      paymentRequestedAt: firstData.requestedAt,
    });
    const countAfterFirst = await openCount();
    const again = await client.graphql(REQUEST, { input: { milestone: "M33" } });
    expect(again.data.requestMilestonePayment.data).toMatchObject({
      alreadyRequested: true,
      requestedAt: firstData.requestedAt,
    });
    const rest = await client.post("/api/customer/milestones/33/request-payment", {});
    expect(rest.body).toMatchObject({ alreadyRequested: true, requestedAt: firstData.requestedAt });
    expect(await app.db.customerPaymentRequest.count({ where: { customerId } })).toBe(1);
    expect(await app.db.activity.count({ where: { customerId, type: "PAYMENT_REQUESTED" } })).toBe(1);
    expect(await openCount()).toBe(countAfterFirst);
  });

  it("concurrent requests make one request and one activity", async () => {
    const { customerId, userId } = await customerWithCredits(3_300);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => requestMilestonePayment(app.db, customerId, "M33", { id: userId })),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.request.id)).size).toBe(1);
    expect(await app.db.customerPaymentRequest.count({ where: { customerId } })).toBe(1);
    expect(await app.db.activity.count({ where: { customerId, type: "PAYMENT_REQUESTED" } })).toBe(1);
    expect(
      await app.db.auditEntry.count({ where: { action: "payment_requested", resourceId: String(customerId) } }),
    ).toBe(1);
  });

  it("refuses a milestone not ready (409), and a paid one (409), changing nothing", async () => {
    const { client, customerId } = await customerWithCredits(3_300);
    const notReady = await client.post("/api/customer/milestones/milestone_66/request-payment", {});
    expect(notReady.status).toBe(409);
    expect(notReady.text).toBe(PAYMENT_REQUEST_MESSAGES.notReady("M66"));
    const graphql = await client.graphql(REQUEST, { input: { milestone: "M100" } });
    expect(graphql.data.requestMilestonePayment).toEqual({
      code: "CONFLICT",
      message: PAYMENT_REQUEST_MESSAGES.notReady("M100"),
    });

    const paid = await admin.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" });
    expect(paid.status).toBe(200);
    const afterPaid = await client.post("/api/customer/milestones/milestone_33/request-payment", {});
    expect(afterPaid.status).toBe(409);
    expect(afterPaid.text).toBe(PAYMENT_REQUEST_MESSAGES.alreadyPaid("M33"));
    expect(await app.db.customerPaymentRequest.count({ where: { customerId } })).toBe(0);
    expect(await app.db.activity.count({ where: { customerId, type: "PAYMENT_REQUESTED" } })).toBe(0);
  });

  it("paying the milestone answers the request: it no longer counts nor filters", async () => {
    const { client, customerId } = await customerWithCredits(6_700);
    await client.post("/api/customer/milestones/milestone_33/request-payment", {});
    const counted = await openCount();
    expect(await requestedIds(true)).toContain(customerId);
    const paid = await admin.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" });
    expect(paid.status).toBe(200);
    expect(await openCount()).toBe(counted - 1);
    // Still in the list (the 66% milestone is ready), but no longer among the requested.
    expect(await requestedIds(false)).toContain(customerId);
    expect(await requestedIds(true)).not.toContain(customerId);
  });

  it("refuses a bad milestone name (400), a signed-out caller (401), an unverified customer and an administrator (403); the count is admins' only", async () => {
    const { client } = await customerWithCredits(3_300);
    const bad = await client.post("/api/customer/milestones/milestone_50/request-payment", {});
    expect(bad.status).toBe(400);
    expect((await app.client().post("/api/customer/milestones/milestone_33/request-payment", {})).status).toBe(401);
    const pending = await customer(app, "Unverified", { verified: false });
    expect((await pending.client.post("/api/customer/milestones/milestone_33/request-payment", {})).status).toBe(403);
    expect((await admin.post("/api/customer/milestones/milestone_33/request-payment", {})).status).toBe(403);
    expect((await client.get("/api/admin/payment-requests/count")).status).toBe(403);
    const customerCount = await client.graphql(COUNT);
    expect(customerCount.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("a customer reads only their own requests: another customer's milestones are not theirs to read", async () => {
    const { client, customerId } = await customerWithCredits(3_300);
    await client.post("/api/customer/milestones/milestone_33/request-payment", {});
    const other = await customerWithCredits(0);
    const read = await other.client.graphql(
      `query ($id: ID!) { node(id: $id) { ... on Customer { milestones { paymentRequestedAt } } } }`,
      {
        id: encodeGlobalID("Customer", String(customerId)),
      },
    );
    expect(read.data?.node ?? null).toBeNull();
  });
});
