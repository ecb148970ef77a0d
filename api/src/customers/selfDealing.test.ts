import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { databaseState } from "../../test/databaseState.ts";
import { it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";
import { flaggedVerifiedByOneAdministrator } from "../../test/settings.ts";
import { signedInAdmin, type TestApp, type TestClient } from "../../test/testApp.ts";
import { SELF_DEALING_MESSAGES } from "./selfDealing.ts";

/** An administrator who is also a customer of the programme. */
let self: TestClient;
let selfId: number;
let customerId: number;
/** Another administrator, who may act on that profile. */
let other: TestClient;

it.beforeAll(async ({ app }) => {
  self = await signedInAdmin(app, "selfdealer");
  selfId = (await app.db.user.findUniqueOrThrow({ where: { username: "selfdealer" } })).id;
  other = await signedInAdmin(app, "otheradmin");
  const registered = await self.post("/api/customer/register", {
    originalPurchaseAmount: "1000.00",
    postcode: "SW1A 1AA",
    contractNumber: "HNG-SELF-1",
  });
  expect(registered.status).toBe(200);
  customerId = registered.body.id;
});

/** The call is refused with 403 and its message, changes nothing, and leaves one audit entry saying so. */
async function expectRefused(app: TestApp, call: () => Promise<{ status: number; text: string }>, message: string) {
  const before = await databaseState(app);
  const response = await call();
  expect(response.status).toBe(403);
  expect(response.text).toBe(message);
  const audit = await app.db.auditEntry.findFirstOrThrow({ orderBy: { id: "desc" } });
  // That entry aside, every row is as it was.
  expect(await databaseState(app, { AuditEntry: `id = ${audit.id}` })).toEqual(before);
  expect(audit).toMatchObject({
    action: "self_dealing_refused",
    resourceType: "customer",
    resourceId: String(customerId),
    actorId: selfId,
    ipAddress: expect.any(String),
  });
  expect(audit.details).toContain(message);
}

describe("an administrator acting on their own customer profile", () => {
  it("is refused approve, reject and edit while pending, on REST and GraphQL; another administrator may approve", async ({
    app,
  }) => {
    await expectRefused(
      app,
      () => self.post(`/api/admin/approve-customer/${customerId}`),
      SELF_DEALING_MESSAGES.approve,
    );
    await expectRefused(
      app,
      () => self.post(`/api/admin/reject-customer/${customerId}`, { reason: "Mine" }),
      SELF_DEALING_MESSAGES.reject,
    );
    await expectRefused(
      app,
      () => self.post(`/api/admin/update-customer/${customerId}`, { originalPurchaseAmount: "9000.00" }),
      SELF_DEALING_MESSAGES.edit,
    );
    const graphql = await self.graphql(
      `mutation($input: ApproveCustomerInput!) { approveCustomer(input: $input) { __typename ... on Error { code message } } }`,
      {
        input: { customerId: encodeGlobalID("Customer", customerId) },
      },
    );
    expect(graphql.data.approveCustomer).toEqual({
      __typename: "ForbiddenError",
      code: "FORBIDDEN",
      message: SELF_DEALING_MESSAGES.approve,
    });
    expect((await app.db.customerProfile.findUniqueOrThrow({ where: { id: customerId } })).status).toBe("PENDING");

    expect((await other.post(`/api/admin/approve-customer/${customerId}`)).status).toBe(200);
  });

  it("is refused verifying and cancelling purchases of their own referrals, and paying or requesting their own milestones", async ({
    app,
  }) => {
    const referral = await insertReferral(app.db, customerId);
    await expectRefused(
      app,
      () => self.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "3000.00" }),
      SELF_DEALING_MESSAGES.verifyPurchase,
    );
    // £3,000 at 11% is £330: the 33% milestone (£330) of the £1,000 purchase is READY.
    expect((await other.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "3000.00" })).status).toBe(200);

    await expectRefused(
      app,
      () => self.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" }),
      SELF_DEALING_MESSAGES.payMilestone,
    );
    await expectRefused(
      app,
      () => self.post("/api/admin/payout-requests", { customerId, milestoneType: "milestone_33" }),
      SELF_DEALING_MESSAGES.requestPayout,
    );
    await expectRefused(
      app,
      () => self.post(`/api/admin/cancel-referral/${referral.id}`, { reason: "Returned" }),
      SELF_DEALING_MESSAGES.cancelPurchase,
    );

    const graphql = await self.graphql(
      `mutation($input: ProcessMilestoneInput!) { processMilestone(input: $input) { __typename ... on Error { code message } } }`,
      { input: { customerId: encodeGlobalID("Customer", customerId), milestone: "M33" } },
    );
    expect(graphql.data.processMilestone).toEqual({
      __typename: "ForbiddenError",
      code: "FORBIDDEN",
      message: SELF_DEALING_MESSAGES.payMilestone,
    });

    const paid = await other.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ amount: "330.00", paidBy: "otheradmin" });
    expect((await other.post(`/api/admin/cancel-referral/${referral.id}`, { reason: "Returned" })).status).toBe(200);
  });

  it("is refused approving or declining a payout of their own milestones that another administrator requested", async ({
    app,
  }) => {
    const third = await signedInAdmin(app, "thirdadmin");
    const referral = await insertReferral(app.db, customerId);
    // £20,000 at 11% is £2,200: the credits cover every milestone; the 66% tranche is £330, the 100% £340.
    // Twenty times the purchase is a signal (AMOUNT_UNUSUAL): verified with a note, by one administrator here.
    await flaggedVerifiedByOneAdministrator(app.db);
    const verified = await other.post(`/api/admin/referrals/${referral.id}/purchase`, {
      amount: "20000.00",
      notes: "Checked",
    });
    expect(verified.status).toBe(200);
    expect((await other.post("/api/admin/settings/payout-approval-threshold", { amount: "300.00" })).status).toBe(200);
    const requested = await third.post("/api/admin/payout-requests", { customerId, milestoneType: "milestone_66" });
    expect(requested.status).toBe(200);
    await expectRefused(
      app,
      () => self.post(`/api/admin/payout-requests/${requested.body.id}/approve`),
      SELF_DEALING_MESSAGES.approvePayout,
    );
    await expectRefused(
      app,
      () => self.post(`/api/admin/payout-requests/${requested.body.id}/decline`),
      SELF_DEALING_MESSAGES.declinePayout,
    );
    expect((await other.post(`/api/admin/payout-requests/${requested.body.id}/approve`)).body).toMatchObject({
      status: "approved",
      paidBy: "otheradmin",
    });
  });
});
