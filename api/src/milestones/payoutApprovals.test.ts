import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { grownBy } from "../../test/counts.ts";
import { ADMIN_USERNAME, it } from "../../test/fixtures.ts";
import { customer, admin as scenarioAdmin } from "../../test/scenarios.ts";
import type { TestApp, TestClient } from "../../test/testApp.ts";
import { PAYOUT_REQUEST_MESSAGES } from "./service.ts";

let app: TestApp;
let requester: TestClient;
let approver: TestClient;
let third: TestClient;
let requesterId: number;
let approverId: number;
it.beforeAll(async ({ app: started, admin, adminId }) => {
  app = started;
  requester = admin;
  ({ client: approver, userId: approverId } = await scenarioAdmin(app, "approver"));
  third = (await scenarioAdmin(app, "thirdadmin")).client;
  requesterId = adminId;
});

/** A verified customer with a £2,000 purchase (33% tranche £660, above the £500 default) and the given credits. */
const largeCustomer = (creditPence: number, purchase = "2000.00") =>
  customer(app, "Large", { purchase, credits: creditPence });

async function snapshot() {
  const [payments, requests, emails, activities, audits] = await Promise.all([
    app.db.milestonePayment.count(),
    app.db.payoutRequest.count(),
    app.db.email.count(),
    app.db.activity.count(),
    app.db.auditEntry.count(),
  ]);
  return { payments, requests, emails, activities, audits };
}

const request = (client: TestClient, customerId: number | string, milestoneType: unknown, notes?: string) =>
  client.post("/api/admin/payout-requests", { customerId, milestoneType, ...(notes === undefined ? {} : { notes }) });
const approveSettingChange = (client: TestClient, id: number) =>
  client.post(`/api/admin/setting-change-requests/${id}/approve`);
const approve = (client: TestClient, id: number | string) => client.post(`/api/admin/payout-requests/${id}/approve`);
const decline = (client: TestClient, id: number | string, reason?: string) =>
  client.post(`/api/admin/payout-requests/${id}/decline`, reason === undefined ? {} : { reason });
const withdraw = (client: TestClient, id: number | string) => client.post(`/api/admin/payout-requests/${id}/withdraw`);
const EIGHT_DAYS_MS = 8 * 24 * 60 * 60 * 1000;

describe("the payout approval threshold (GET and POST /api/admin/settings/payout-approval-threshold)", () => {
  it("is £500.00 by default, raised by two administrators with an audit entry, and refuses bad amounts", async () => {
    expect((await requester.get("/api/admin/settings/payout-approval-threshold")).body).toEqual({
      payoutApprovalThreshold: "500.00",
    });
    const asked = await requester.post("/api/admin/settings/payout-approval-threshold", { amount: "750.50" });
    expect(asked.status).toBe(202);
    const changed = await approveSettingChange(approver, asked.body.request.id);
    expect(changed.status).toBe(200);
    expect((await requester.get("/api/admin/settings/payout-approval-threshold")).body).toEqual({
      payoutApprovalThreshold: "750.50",
    });
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "payout_threshold_changed" },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({
      actorId: approverId,
      before: { payoutApprovalThresholdPence: 50_000 },
      after: { payoutApprovalThresholdPence: 75_050 },
    });
    expect(audit.details).toBe(
      `Payout approval threshold changed on approval of request #${asked.body.request.id} from £500.00 to £750.50`,
    );

    const before = await snapshot();
    for (const amount of ["abc", "0", "-5", "1.234", "", undefined]) {
      const bad = await requester.post("/api/admin/settings/payout-approval-threshold", { amount });
      expect(bad.status, String(amount)).toBe(400);
      expect(bad.text).toMatch(/payout approval threshold/);
    }
    expect(await snapshot()).toEqual(before);

    const graphql = await requester.graphql(
      `mutation($input: SetPayoutApprovalThresholdInput!) { setPayoutApprovalThreshold(input: $input) { __typename ... on MutationSetPayoutApprovalThresholdSuccess { data { payoutApprovalThreshold { pence formatted } } } } }`,
      { input: { amount: "500" } },
    );
    expect(graphql.data.setPayoutApprovalThreshold.data.payoutApprovalThreshold).toEqual({
      pence: 50_000,
      formatted: "£500.00",
    });
  });
});

describe("a payout above the threshold", () => {
  it("is refused on Process Payment, with a message saying to request it", async () => {
    const { customerId } = await largeCustomer(66_000);
    const before = await snapshot();
    const direct = await requester.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" });
    expect(direct.status).toBe(409);
    expect(direct.text).toBe(
      "The 33% milestone's £660.00 is above the £500.00 payout approval threshold: request the payout, and another administrator approves it.",
    );
    expect(await snapshot()).toEqual(before);
  });

  it("becomes a request, listed with who asked and when, that another administrator approves: then, and only then, it is paid", async () => {
    const { customerId, userId, client } = await largeCustomer(66_000);
    const before = await snapshot();
    const requested = await request(requester, customerId, "milestone_33", " Bank transfer ");
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({
      id: expect.any(Number),
      customerId,
      customerName: expect.stringContaining("Large"),
      milestoneType: "milestone_33",
      amount: "660.00",
      notes: "Bank transfer",
      status: "pending",
      requestedBy: ADMIN_USERNAME,
      requestedAt: expect.any(String),
      lapsesAt: expect.any(String),
      decidedBy: null,
      decidedAt: null,
      declineReason: null,
    });
    expect(Date.parse(requested.body.lapsesAt) - Date.parse(requested.body.requestedAt)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(await snapshot()).toEqual({ ...before, requests: before.requests + 1, audits: before.audits + 1 });
    expect(
      await app.db.auditEntry.findFirstOrThrow({
        where: { action: "payout_requested", resourceId: String(requested.body.id) },
      }),
    ).toMatchObject({
      resourceType: "payout_request",
      actorId: requesterId,
      after: { customerId, milestone: "M33", amountPence: 66_000, thresholdPence: 50_000 },
    });
    const listed = (await approver.get("/api/admin/payout-requests")).body;
    expect(listed).toContainEqual(requested.body);
    expect((await client.get("/api/customer/milestones")).body.eligibility.states.milestone33).toBe("ready");

    const again = await request(third, customerId, "33");
    expect(again.status).toBe(409);
    expect(again.text).toBe(PAYOUT_REQUEST_MESSAGES.alreadyRequested("M33"));
    for (const response of [await approve(requester, requested.body.id), await decline(requester, requested.body.id)]) {
      expect(response.status).toBe(403);
      expect(response.text).toBe(PAYOUT_REQUEST_MESSAGES.ownRequest);
    }
    expect(await app.db.milestonePayment.count({ where: { customerId } })).toBe(0);

    const approved = await approve(approver, requested.body.id);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      id: requested.body.id,
      status: "approved",
      requestedBy: ADMIN_USERNAME,
      decidedBy: "approver",
      decidedAt: expect.any(String),
      paymentId: expect.any(Number),
      paidBy: "approver",
      creditsPaid: "660.00",
      milestone33Paid: true,
      refundIssued: false,
    });
    const payment = await app.db.milestonePayment.findUniqueOrThrow({ where: { id: approved.body.paymentId } });
    expect(payment).toMatchObject({
      customerId,
      milestone: "M33",
      amountPence: 66_000,
      notes: "Bank transfer",
      paidById: approverId,
    });
    expect(await app.db.email.count({ where: { userId, type: "MILESTONE_PAID" } })).toBe(1);
    expect(
      await app.db.auditEntry.findFirstOrThrow({
        where: { action: "payout_approved", resourceId: String(requested.body.id) },
      }),
    ).toMatchObject({
      actorId: approverId,
      after: { status: "APPROVED", paymentId: payment.id },
    });
    expect(
      await app.db.auditEntry.findFirstOrThrow({ where: { action: "milestone_paid", resourceId: String(customerId) } }),
    ).toMatchObject({
      actorId: approverId,
      after: { payoutRequestId: requested.body.id, requestedById: requesterId },
    });
    expect((await client.get("/api/customer/milestones")).body.eligibility.states.milestone33).toBe("paid");
    expect((await approver.get("/api/admin/payout-requests")).body.map((r: any) => r.id)).not.toContain(
      requested.body.id,
    );

    const twice = await approve(third, requested.body.id);
    expect(twice.status).toBe(409);
    expect(twice.text).toBe(PAYOUT_REQUEST_MESSAGES.alreadyApproved);
    expect(await app.db.milestonePayment.count({ where: { customerId } })).toBe(1);
  });

  it("declined by another administrator is not paid, and can be requested again", async () => {
    const { customerId } = await largeCustomer(66_000);
    const first = await request(requester, customerId, "milestone_33");
    const before = await snapshot();
    const declined = await decline(approver, first.body.id, "  Wrong bank details  ");
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      status: "declined",
      decidedBy: "approver",
      declineReason: "Wrong bank details",
    });
    expect(await snapshot()).toEqual({ ...before, audits: before.audits + 1 });
    expect(
      await app.db.auditEntry.findFirstOrThrow({
        where: { action: "payout_declined", resourceId: String(first.body.id) },
      }),
    ).toMatchObject({ actorId: approverId });

    expect((await approve(third, first.body.id)).text).toBe(PAYOUT_REQUEST_MESSAGES.alreadyDeclined);
    expect((await decline(third, first.body.id)).status).toBe(409);
    const second = await request(approver, customerId, "milestone_33");
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(first.body.id);
    expect((await approve(requester, second.body.id)).body).toMatchObject({
      status: "approved",
      paidBy: ADMIN_USERNAME,
    });
  });

  it("withdrawn by its asker only: nothing paid, no longer listed, audited, and can be requested again", async () => {
    const { customerId, userId } = await largeCustomer(66_000);
    const first = await request(requester, customerId, "milestone_33");
    const before = await snapshot();
    const byAnother = await withdraw(approver, first.body.id);
    expect(byAnother.status).toBe(403);
    expect(byAnother.text).toBe("Only the administrator who asked for this payout may withdraw it.");
    expect(await snapshot()).toEqual(before);
    expect((await app.db.payoutRequest.findUniqueOrThrow({ where: { id: first.body.id } })).status).toBe("PENDING");

    const withdrawn = await withdraw(requester, first.body.id);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({
      id: first.body.id,
      status: "withdrawn",
      requestedBy: ADMIN_USERNAME,
      decidedBy: ADMIN_USERNAME,
      decidedAt: expect.any(String),
      declineReason: null,
    });
    // Nothing paid: only the withdrawal's audit entry.
    expect(await snapshot()).toEqual({ ...before, audits: before.audits + 1 });
    expect(await app.db.email.count({ where: { userId, type: "MILESTONE_PAID" } })).toBe(0);
    expect(
      await app.db.auditEntry.findFirstOrThrow({
        where: { action: "payout_withdrawn", resourceId: String(first.body.id) },
      }),
    ).toMatchObject({
      resourceType: "payout_request",
      actorId: requesterId,
      before: { status: "PENDING", requestedById: requesterId },
      after: { status: "WITHDRAWN", customerId, milestone: "M33", amountPence: 66_000 },
    });
    expect((await approver.get(`/api/admin/payout-requests/${first.body.id}`)).body).toMatchObject({
      status: "withdrawn",
    });
    expect((await approver.get("/api/admin/payout-requests")).body.map((r: any) => r.id)).not.toContain(first.body.id);

    const afterWithdrawal = await snapshot();
    const twice = await withdraw(requester, first.body.id);
    expect(twice.status).toBe(409);
    expect(twice.text).toBe(PAYOUT_REQUEST_MESSAGES.alreadyWithdrawn);
    const approveWithdrawn = await approve(approver, first.body.id);
    expect(approveWithdrawn.status).toBe(409);
    expect(approveWithdrawn.text).toBe(PAYOUT_REQUEST_MESSAGES.alreadyWithdrawn);
    expect((await decline(approver, first.body.id)).status).toBe(409);
    expect(await snapshot()).toEqual(afterWithdrawal);

    const second = await request(requester, customerId, "milestone_33");
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(first.body.id);
    expect((await approve(approver, second.body.id)).body).toMatchObject({ status: "approved", paidBy: "approver" });
    expect(await app.db.milestonePayment.count({ where: { customerId } })).toBe(1);
  });

  it("withdrawn over GraphQL, and refuses a decided request's withdrawal, changing nothing", async () => {
    const { customerId } = await largeCustomer(66_000);
    const mutation = `mutation($input: ApprovePayoutRequestInput!) { withdrawPayoutRequest(input: $input) { __typename
      ... on MutationWithdrawPayoutRequestSuccess { data { id status requestedByViewer decidedBy { username } } }
      ... on Error { code message } } }`;
    const asked = await request(requester, customerId, "milestone_33");
    const requestId = encodeGlobalID("PayoutRequest", asked.body.id);
    const refused = await approver.graphql(mutation, { input: { requestId } });
    expect(refused.data.withdrawPayoutRequest).toMatchObject({
      code: "FORBIDDEN",
      message: PAYOUT_REQUEST_MESSAGES.notAsker,
    });
    const withdrawn = await requester.graphql(mutation, { input: { requestId } });
    expect(withdrawn.data.withdrawPayoutRequest).toEqual({
      __typename: "MutationWithdrawPayoutRequestSuccess",
      data: { id: requestId, status: "WITHDRAWN", requestedByViewer: true, decidedBy: { username: ADMIN_USERNAME } },
    });

    const approvedFirst = await request(requester, customerId, "milestone_33");
    expect((await approve(approver, approvedFirst.body.id)).status).toBe(200);
    const declinedFirst = await largeCustomer(66_000);
    const declined = await request(requester, declinedFirst.customerId, "milestone_33");
    expect((await decline(approver, declined.body.id)).status).toBe(200);
    const before = await snapshot();
    const lateApproved = await withdraw(requester, approvedFirst.body.id);
    expect(lateApproved.status).toBe(409);
    expect(lateApproved.text).toBe(PAYOUT_REQUEST_MESSAGES.alreadyApproved);
    const lateDeclined = await withdraw(requester, declined.body.id);
    expect(lateDeclined.status).toBe(409);
    expect(lateDeclined.text).toBe(PAYOUT_REQUEST_MESSAGES.alreadyDeclined);
    for (const id of ["999999", "abc"]) expect((await withdraw(requester, id)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("changes once when withdrawals and approvals of one request arrive at the same moment", async () => {
    const { customerId } = await largeCustomer(66_000);
    const requested = await request(requester, customerId, "milestone_33");
    const before = await snapshot();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? withdraw(requester, requested.body.id) : approve(approver, requested.body.id),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
    const { status } = await app.db.payoutRequest.findUniqueOrThrow({ where: { id: requested.body.id } });
    const payments = await app.db.milestonePayment.count({ where: { customerId } });
    if (status === "WITHDRAWN") {
      expect(payments).toBe(0);
      expect(await snapshot()).toEqual(grownBy(before, { audits: 1 }));
    } else {
      expect(status).toBe("APPROVED");
      expect(payments).toBe(1);
      expect(await snapshot()).toEqual(grownBy(before, { payments: 1, emails: 1, activities: 1, audits: 2 }));
    }
  });

  it("lapses after 7 days: reads LAPSED, is neither approved nor declined nor listed, and no longer blocks a new request", async () => {
    const { customerId } = await largeCustomer(66_000);
    const asked = await request(requester, customerId, "milestone_33");
    await app.db.payoutRequest.update({
      where: { id: asked.body.id },
      data: { requestedAt: new Date(Date.now() - EIGHT_DAYS_MS) },
    });
    const graphql = await approver.graphql(`query($id: ID!) { node(id: $id) { ... on PayoutRequest { status } } }`, {
      id: encodeGlobalID("PayoutRequest", asked.body.id),
    });
    expect(graphql.data.node).toEqual({ status: "LAPSED" });
    expect((await approver.get(`/api/admin/payout-requests/${asked.body.id}`)).body).toMatchObject({
      id: asked.body.id,
      status: "lapsed",
    });
    expect((await approver.get("/api/admin/payout-requests")).body.map((r: any) => r.id)).not.toContain(asked.body.id);

    const before = await snapshot();
    for (const response of [await approve(approver, asked.body.id), await decline(approver, asked.body.id)]) {
      expect(response.status).toBe(409);
      expect(response.text).toBe(
        "This payout request has lapsed: payout requests are open for 7 days. Process the payment again if it is still wanted.",
      );
    }
    expect((await withdraw(requester, asked.body.id)).status).toBe(409);
    expect(await snapshot()).toEqual(before);

    const again = await request(requester, customerId, "milestone_33");
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "pending" });
    expect(again.body.id).not.toBe(asked.body.id);
    expect((await approver.get(`/api/admin/payout-requests/${asked.body.id}`)).body.status).toBe("lapsed");
    expect((await approve(approver, again.body.id)).body).toMatchObject({ status: "approved" });
    expect(await app.db.milestonePayment.count({ where: { customerId } })).toBe(1);
  });

  it("refuses a request at or below the threshold, for a milestone not ready, and bad input, changing nothing", async () => {
    const small = await largeCustomer(40_000, "1000.00"); // 33% tranche £330
    const locked = await largeCustomer(65_999); // 1p short of the 33% threshold (£660)
    const before = await snapshot();
    const below = await request(requester, small.customerId, "milestone_33");
    expect(below.status).toBe(409);
    expect(below.text).toBe(PAYOUT_REQUEST_MESSAGES.notAboveThreshold("M33", 33_000, 50_000));
    expect((await request(requester, locked.customerId, "milestone_33")).text).toContain("The 33% milestone is locked");
    expect((await request(requester, 999_999, "milestone_33")).status).toBe(404);
    expect((await request(requester, small.customerId, "milestone_50")).status).toBe(400);
    expect((await request(requester, locked.customerId, "milestone_33", "x".repeat(1001))).status).toBe(400);
    for (const id of ["999999", "abc"]) {
      expect((await approve(approver, id)).status).toBe(404);
      expect((await decline(approver, id)).status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("pays once when 20 approvals of one request arrive at the same moment from two administrators", async () => {
    const { customerId, userId } = await largeCustomer(66_000);
    const requested = await request(requester, customerId, "milestone_33");
    const before = await snapshot();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => approve(i % 2 === 0 ? approver : third, requested.body.id)),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = responses.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    for (const response of refused) expect(response.text).toBe(PAYOUT_REQUEST_MESSAGES.alreadyApproved);
    expect(await app.db.milestonePayment.count({ where: { customerId } })).toBe(1);
    expect(await app.db.email.count({ where: { userId, type: "MILESTONE_PAID" } })).toBe(1);
    // One payment, its activity and email, and two audit entries (the payment and the approval).
    expect(await snapshot()).toEqual(grownBy(before, { payments: 1, emails: 1, activities: 1, audits: 2 }));
  });

  it("keeps one request per milestone when 20 requests arrive together", async () => {
    const { customerId } = await largeCustomer(66_000);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => request(i % 2 === 0 ? requester : third, customerId, "milestone_33")),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await app.db.payoutRequest.count({ where: { customerId } })).toBe(1);
  });

  it("works on GraphQL: the request, the pending list (with requestedByViewer) and the approval", async () => {
    const { customerId } = await largeCustomer(66_000);
    const created = await requester.graphql(
      `mutation($input: RequestMilestonePayoutInput!) { requestMilestonePayout(input: $input) { __typename
        ... on MutationRequestMilestonePayoutSuccess { data { id status amount { pence } requestedBy { username } requestedByViewer customer { databaseId } } } } }`,
      { input: { customerId: encodeGlobalID("Customer", customerId), milestone: "M33" } },
    );
    const data = created.data.requestMilestonePayout.data;
    expect(data).toMatchObject({
      status: "PENDING",
      amount: { pence: 66_000 },
      requestedBy: { username: ADMIN_USERNAME },
      requestedByViewer: true,
      customer: { databaseId: customerId },
    });
    const pending = `{ pendingPayoutRequests(first: 100) { edges { node { id requestedByViewer requestedAt customerName } } } }`;
    const seen = (await approver.graphql(pending)).data.pendingPayoutRequests.edges.find(
      (e: any) => e.node.id === data.id,
    );
    expect(seen.node).toMatchObject({ requestedByViewer: false, requestedAt: expect.any(String) });
    const approved = await approver.graphql(
      `mutation($input: ApprovePayoutRequestInput!) { approvePayoutRequest(input: $input) { __typename
        ... on MutationApprovePayoutRequestSuccess { data { payoutRequest { status decidedBy { username } } payment { amount { pence } } customer { milestone33Paid } } } } }`,
      { input: { requestId: data.id } },
    );
    expect(approved.data.approvePayoutRequest).toEqual({
      __typename: "MutationApprovePayoutRequestSuccess",
      data: {
        payoutRequest: { status: "APPROVED", decidedBy: { username: "approver" } },
        payment: { amount: { pence: 66_000 } },
        customer: { milestone33Paid: true },
      },
    });
  });

  it("is paid directly once the threshold is raised above it", async () => {
    const { customerId } = await largeCustomer(66_000);
    const asked = await requester.post("/api/admin/settings/payout-approval-threshold", { amount: "1000" });
    expect(asked.status).toBe(202);
    expect((await approveSettingChange(approver, asked.body.request.id)).status).toBe(200);
    try {
      expect(
        (await requester.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" })).body,
      ).toMatchObject({ amount: "660.00", paidBy: ADMIN_USERNAME });
    } finally {
      await requester.post("/api/admin/settings/payout-approval-threshold", { amount: "500" });
    }
  });
});

describe("access", () => {
  it("refuses every payout request path to a signed-out caller (401) and a customer (403)", async () => {
    const { client: customer, customerId } = await largeCustomer(66_000);
    const requested = await request(requester, customerId, "milestone_33");
    const before = await snapshot();
    for (const [client, status] of [
      [app.client(), 401],
      [customer, 403],
    ] as const) {
      expect((await client.get("/api/admin/payout-requests")).status).toBe(status);
      expect((await request(client, customerId, "milestone_33")).status).toBe(status);
      expect((await approve(client, requested.body.id)).status).toBe(status);
      expect((await decline(client, requested.body.id)).status).toBe(status);
      expect((await withdraw(client, requested.body.id)).status).toBe(status);
      expect((await client.get(`/api/admin/payout-requests/${requested.body.id}`)).status).toBe(status);
      const graphqlWithdraw = await client.graphql(
        `mutation($input: ApprovePayoutRequestInput!) { withdrawPayoutRequest(input: $input) { __typename ... on Error { code } } }`,
        { input: { requestId: encodeGlobalID("PayoutRequest", requested.body.id) } },
      );
      expect(graphqlWithdraw.errors?.[0]?.extensions?.code ?? graphqlWithdraw.data?.withdrawPayoutRequest?.code).toBe(
        status === 401 ? "UNAUTHENTICATED" : "FORBIDDEN",
      );
      expect((await client.get("/api/admin/settings/payout-approval-threshold")).status).toBe(status);
      expect((await client.post("/api/admin/settings/payout-approval-threshold", { amount: "1" })).status).toBe(status);
      const programme = await client.graphql("{ programme { creditRatePercent payoutApprovalThreshold { pence } } }");
      expect(programme.errors?.[0]?.extensions?.code).toBe(status === 401 ? "UNAUTHENTICATED" : "FORBIDDEN");
    }
    expect(await snapshot()).toEqual(before);
    expect((await app.db.payoutRequest.findUniqueOrThrow({ where: { id: requested.body.id } })).status).toBe("PENDING");
  });
});
