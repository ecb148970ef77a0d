import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertActor } from "../../test/rows.ts";
import { addCredit } from "../../test/scenarios.ts";
import { signedInAdmin, signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { SETTING_CHANGE_MESSAGES } from "./service.ts";

let app: TestApp;
let adminA: TestClient;
let adminB: TestClient;
let adminC: TestClient;
let aId: number;
let bId: number;
let actorId: number;
it.beforeAll(async ({ app: started, admin, adminId }) => {
  app = started;
  adminA = admin;
  aId = adminId;
  adminB = await signedInAdmin(app, "second-admin");
  adminC = await signedInAdmin(app, "third-admin");
  bId = (await app.db.user.findUniqueOrThrow({ where: { username: "second-admin" } })).id;
  actorId = await insertActor(app.db, "setting-actor");
});

const THRESHOLD = "/api/admin/settings/payout-approval-threshold";
const RATE = "/api/admin/settings/credit-rate";
const LIMIT = "/api/admin/settings/referral-daily-limit";
const approve = (client: TestClient, id: number) => client.post(`/api/admin/setting-change-requests/${id}/approve`);
const decline = (client: TestClient, id: number, reason?: string) =>
  client.post(`/api/admin/setting-change-requests/${id}/decline`, reason === undefined ? {} : { reason });
const withdraw = (client: TestClient, id: number) => client.post(`/api/admin/setting-change-requests/${id}/withdraw`);

const APPROVE = `mutation($input: SettingChangeRequestIdInput!) { approveSettingChangeRequest(input: $input) {
  __typename ... on MutationApproveSettingChangeRequestSuccess { data { status } } ... on Error { code message } } }`;
const SET_LIMIT = `mutation($input: SetReferralDailyLimitInput!) { setReferralDailyLimit(input: $input) {
  __typename ... on MutationSetReferralDailyLimitSuccess { data { referralDailyLimit } }
  ... on SettingChangeAwaitingApproval { request { id databaseId setting fromValue toValue fromText toText status requestedByViewer requestedBy { username } } }
  ... on Error { code message } } }`;
const SET_THRESHOLD = `mutation($input: SetPayoutApprovalThresholdInput!) { setPayoutApprovalThreshold(input: $input) {
  __typename ... on MutationSetPayoutApprovalThresholdSuccess { data { payoutApprovalThreshold { pounds } } }
  ... on SettingChangeAwaitingApproval { request { id databaseId } } ... on Error { code message } } }`;

const threshold = async () => (await adminA.get(THRESHOLD)).body.payoutApprovalThreshold;
const creditRate = async () => (await adminA.get("/api/settings")).body.creditRatePercent;
const dailyLimit = async () => (await adminA.get(LIMIT)).body.referralDailyLimit;

/** A request id made by the raise `post`, which must answer 202. */
async function raised(client: TestClient, path: string, body: unknown): Promise<number> {
  const response = await client.post(path, body);
  expect(response.status, response.text).toBe(202);
  return response.body.request.id;
}

/** Back to the defaults: lowering applies at once, raising goes through B. */
async function resetSettings() {
  for (const [path, body] of [
    [THRESHOLD, { amount: "500" }],
    [RATE, { basisPoints: 1100 }],
    [LIMIT, { limit: 20 }],
  ] as const) {
    const response = await adminA.post(path, body);
    if (response.status === 202) expect((await approve(adminB, response.body.request.id)).status).toBe(200);
  }
  await app.db.settingChangeRequest.updateMany({ where: { status: "PENDING" }, data: { status: "WITHDRAWN" } });
}

function bearer(secret: string) {
  const client = app.client();
  const headers = { authorization: `Bearer ${secret}` };
  return {
    graphql: (query: string, variables?: Record<string, unknown>) =>
      client.request("POST", "/graphql", { json: { query, variables }, headers }),
    get: (path: string) => client.request("GET", path, { headers }),
    post: (path: string, json: unknown = {}) => client.request("POST", path, { json, headers }),
  };
}

async function tokenOf(client: TestClient, scopes: string[]) {
  const created = await client.graphql(
    `mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { ... on MutationCreateApiTokenSuccess { data { secret } } ... on Error { message } } }`,
    { input: { name: `token ${scopes.join(" ")} ${Math.random()}`, scopes } },
  );
  return created.data.createApiToken.data.secret as string;
}

/** A verified customer whose 33% milestone is £660.00, above the £500.00 default threshold. */
async function largeCustomer(name: string) {
  const customer = await signedInCustomer(app, name, { originalPurchaseAmount: "2000.00" });
  await addCredit(app, customer.customerId, 66_000, { amountPence: 660_000, actorId });
  return customer;
}

describe("four eyes on the settings that move money", () => {
  it("one administrator cannot raise the payout threshold and then pay a large payout alone", async () => {
    const { customerId } = await largeCustomer("Fouryes1");
    const pay = () => adminA.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" });
    expect((await pay()).status).toBe(409);

    const asked = await adminA.post(THRESHOLD, { amount: "10000000" });
    expect(asked.status).toBe(202);
    expect(asked.body.message).toMatch(/awaits another administrator's approval/);
    expect(asked.body.request).toMatchObject({
      setting: "payout_approval_threshold",
      fromValue: 50_000,
      toValue: 1_000_000_000,
      from: "£500.00",
      to: "£10,000,000.00",
      status: "pending",
      requestedBy: "test-admin",
      decidedBy: null,
    });
    const requestId = asked.body.request.id;
    expect(await threshold()).toBe("500.00");
    expect((await pay()).status).toBe(409);

    // A cannot approve their own request: not by session on REST or GraphQL, not with an admin token.
    const own = await approve(adminA, requestId);
    expect(own.status).toBe(403);
    expect(own.text).toBe(SETTING_CHANGE_MESSAGES.ownRequest);
    const globalId = (await adminA.get("/api/admin/setting-change-requests?status=pending")).body[0];
    expect(globalId.id).toBe(requestId);
    const gqlId = Buffer.from(`SettingChangeRequest:${requestId}`).toString("base64");
    const ownGraphql = await adminA.graphql(APPROVE, { input: { requestId: gqlId } });
    expect(ownGraphql.data.approveSettingChangeRequest).toMatchObject({
      __typename: "ForbiddenError",
      code: "FORBIDDEN",
    });
    const token = bearer(await tokenOf(adminA, ["ADMIN"]));
    expect((await token.post(`/api/admin/setting-change-requests/${requestId}/approve`)).status).toBe(403);
    const tokenGraphql = await token.graphql(APPROVE, { input: { requestId: gqlId } });
    expect(tokenGraphql.body.data.approveSettingChangeRequest.code).toBe("FORBIDDEN");
    expect((await decline(adminA, requestId)).status).toBe(403);
    expect(await threshold()).toBe("500.00");
    expect((await pay()).status).toBe(409);

    // B approves: then, and only then, the threshold is raised (and A may pay).
    const approved = await approve(adminB, requestId);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", decidedBy: "second-admin", requestedBy: "test-admin" });
    expect(await threshold()).toBe("10000000.00");
    expect((await pay()).status).toBe(200);

    const audits = await app.db.auditEntry.findMany({
      where: {
        OR: [
          { resourceType: "setting_change_request", resourceId: String(requestId) },
          { action: "payout_threshold_changed" },
        ],
      },
      orderBy: { id: "asc" },
    });
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([
      ["setting_change_requested", aId],
      ["payout_threshold_changed", bId],
      ["setting_change_approved", bId],
    ]);
    expect(audits[1]).toMatchObject({
      before: { payoutApprovalThresholdPence: 50_000 },
      after: { payoutApprovalThresholdPence: 1_000_000_000 },
    });
    for (const audit of audits) expect(audit.details).not.toMatch(/test-admin|second-admin|@/);
    await resetSettings();
  });

  it("raising the credit rate or the daily referral limit needs a second administrator; lowering applies at once", async () => {
    const rateRequest = await raised(adminA, RATE, { basisPoints: 1500 });
    expect(await creditRate()).toBe("11%");

    const limit = await adminA.graphql(SET_LIMIT, { input: { limit: 500 } });
    expect(limit.data.setReferralDailyLimit).toMatchObject({
      __typename: "SettingChangeAwaitingApproval",
      code: "AWAITING_APPROVAL",
      message: expect.stringContaining("needs a second administrator"),
      request: {
        setting: "REFERRAL_DAILY_LIMIT",
        fromValue: 20,
        toValue: 500,
        fromText: "20 per customer",
        toText: "500 per customer",
        status: "PENDING",
        requestedByViewer: true,
        requestedBy: { username: "test-admin" },
      },
    });
    expect(await dailyLimit()).toBe(20);

    expect((await approve(adminB, rateRequest)).status).toBe(200);
    expect(await creditRate()).toBe("15%");
    const limitApproved = await adminB.graphql(APPROVE, {
      input: { requestId: limit.data.setReferralDailyLimit.request.id },
    });
    expect(limitApproved.data.approveSettingChangeRequest).toEqual({
      __typename: "MutationApproveSettingChangeRequestSuccess",
      data: { status: "APPROVED" },
    });
    expect(await dailyLimit()).toBe(500);

    // Lowering (tightening) takes effect at once, audited with A as the actor.
    const requestsBefore = await app.db.settingChangeRequest.count();
    expect((await adminA.post(RATE, { basisPoints: 900 })).body).toEqual({
      creditRateBasisPoints: 900,
      creditRatePercent: "9%",
    });
    expect((await adminA.post(LIMIT, { limit: 10 })).body).toEqual({ referralDailyLimit: 10 });
    expect((await adminA.post(THRESHOLD, { amount: "100" })).body).toEqual({ payoutApprovalThreshold: "100.00" });
    expect(await app.db.settingChangeRequest.count()).toBe(requestsBefore);
    const lowered = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "credit_rate_changed" },
      orderBy: { id: "desc" },
    });
    expect(lowered).toMatchObject({
      actorId: aId,
      before: { creditRateBasisPoints: 1500 },
      after: { creditRateBasisPoints: 900 },
    });
    await resetSettings();
  });

  it("lists requests with who asked, from what to what and when; the asker withdraws, another declines", async () => {
    const first = await raised(adminA, RATE, { basisPoints: 1200 });
    const listed = await adminB.get("/api/admin/setting-change-requests?status=pending");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        id: first,
        setting: "credit_rate",
        settingName: "Credit rate",
        fromValue: 1100,
        toValue: 1200,
        from: "11%",
        to: "12%",
        status: "pending",
        requestedBy: "test-admin",
        requestedAt: expect.any(String),
        lapsesAt: expect.any(String),
        decidedBy: null,
        decidedAt: null,
        declineReason: null,
      },
    ]);
    const { requestedAt, lapsesAt } = listed.body[0];
    expect(Date.parse(lapsesAt) - Date.parse(requestedAt)).toBe(7 * 24 * 60 * 60 * 1000);

    // One waits per setting; another administrator's raise is refused until it is decided.
    const second = await adminB.post(RATE, { basisPoints: 1300 });
    expect(second.status).toBe(409);
    expect(second.text).toMatch(/already waiting/);

    // Only the asker withdraws.
    const notMine = await withdraw(adminB, first);
    expect(notMine.status).toBe(403);
    expect(notMine.text).toBe(SETTING_CHANGE_MESSAGES.notOwnRequest);
    const withdrawn = await withdraw(adminA, first);
    expect(withdrawn.body).toMatchObject({ status: "withdrawn", decidedBy: "test-admin" });
    expect((await approve(adminB, first)).status).toBe(409);
    expect(await creditRate()).toBe("11%");

    // Another administrator declines, with a reason; the rate stays.
    const next = await raised(adminA, RATE, { basisPoints: 1250 });
    const declined = await decline(adminB, next, "Not this quarter");
    expect(declined.body).toMatchObject({
      status: "declined",
      decidedBy: "second-admin",
      declineReason: "Not this quarter",
    });
    expect((await approve(adminC, next)).status).toBe(409);
    expect(await creditRate()).toBe("11%");

    const all = await adminB.get("/api/admin/setting-change-requests");
    expect(all.body.slice(0, 2).map((r: any) => [r.id, r.status])).toEqual([
      [next, "declined"],
      [first, "withdrawn"],
    ]);
    const actions = await app.db.auditEntry.findMany({
      where: { resourceType: "setting_change_request", resourceId: { in: [String(first), String(next)] } },
      orderBy: { id: "asc" },
    });
    expect(actions.map((a) => [a.action, a.actorId])).toEqual([
      ["setting_change_requested", aId],
      ["setting_change_withdrawn", aId],
      ["setting_change_requested", aId],
      ["setting_change_declined", bId],
    ]);
    await resetSettings();
  });

  it("a lowering meanwhile supersedes the waiting raise; a request whose setting moved otherwise is refused as stale", async () => {
    const waiting = await raised(adminA, THRESHOLD, { amount: "800" });
    expect((await adminB.post(THRESHOLD, { amount: "400" })).status).toBe(200);
    const superseded = await approve(adminB, waiting);
    expect(superseded.status).toBe(409);
    expect(superseded.text).toBe(SETTING_CHANGE_MESSAGES.decided("SUPERSEDED"));
    expect(await threshold()).toBe("400.00");

    const stale = await raised(adminA, THRESHOLD, { amount: "900" });
    await app.db.programmeSettings.update({ where: { id: 1 }, data: { payoutApprovalThresholdPence: 45_000 } });
    const refused = await approve(adminB, stale);
    expect(refused.status).toBe(409);
    expect(refused.text).toMatch(/is now £450\.00, not the £400\.00 this request would change/);
    expect(await threshold()).toBe("450.00");
    await resetSettings();
  });
});

describe("exactly once", () => {
  it("ten parallel approvals of one request change the setting once", async () => {
    const requestId = await raised(adminA, LIMIT, { limit: 40 });
    const auditsBefore = await app.db.auditEntry.count({ where: { action: "referral_daily_limit_changed" } });
    const approvers = [adminB, adminC];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => approve(approvers[i % 2] as TestClient, requestId)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await dailyLimit()).toBe(40);
    expect(await app.db.auditEntry.count({ where: { action: "referral_daily_limit_changed" } })).toBe(auditsBefore + 1);
    expect(
      await app.db.auditEntry.count({ where: { action: "setting_change_approved", resourceId: String(requestId) } }),
    ).toBe(1);
    await resetSettings();
  });

  it("an approval racing the asker's withdrawal gives one outcome", async () => {
    for (let round = 0; round < 4; round++) {
      const requestId = await raised(adminA, RATE, { basisPoints: 1200 + round });
      const [approved, withdrawn] = await Promise.all([approve(adminB, requestId), withdraw(adminA, requestId)]);
      expect([approved.status, withdrawn.status].sort()).toEqual([200, 409]);
      const row = await app.db.settingChangeRequest.findUniqueOrThrow({ where: { id: requestId } });
      const rate = (await adminA.get("/api/settings")).body.creditRateBasisPoints;
      if (approved.status === 200) {
        expect(row.status).toBe("APPROVED");
        expect(rate).toBe(1200 + round);
      } else {
        expect(row.status).toBe("WITHDRAWN");
        expect(rate).toBe(1100);
      }
      await resetSettings();
    }
  });
});

describe("lapse", () => {
  it("a request not decided within 7 days lapses: shown as lapsed, never approved, and no longer blocks a new one", async () => {
    const requestId = await raised(adminA, THRESHOLD, { amount: "700" });
    await app.db.settingChangeRequest.update({
      where: { id: requestId },
      data: { requestedAt: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000 - 60_000) },
    });
    const all = await adminB.get("/api/admin/setting-change-requests");
    expect(all.body.find((r: any) => r.id === requestId).status).toBe("lapsed");
    expect((await adminB.get("/api/admin/setting-change-requests?status=pending")).body).toEqual([]);
    expect((await adminB.get("/api/admin/setting-change-requests?status=lapsed")).body.map((r: any) => r.id)).toEqual([
      requestId,
    ]);
    const refused = await approve(adminB, requestId);
    expect(refused.status).toBe(409);
    expect(refused.text).toBe(SETTING_CHANGE_MESSAGES.lapsed);
    expect((await withdraw(adminA, requestId)).status).toBe(409);
    expect(await threshold()).toBe("500.00");

    const again = await raised(adminA, THRESHOLD, { amount: "700" });
    expect((await approve(adminB, again)).status).toBe(200);
    expect(await threshold()).toBe("700.00");
    await resetSettings();
  });
});

describe("access", () => {
  it("refuses the request paths to a signed-out caller, a customer, and tokens without the admin scope", async () => {
    const requestId = await raised(adminA, LIMIT, { limit: 30 });
    const customer = await signedInCustomer(app, "Fouryes2");
    const read = bearer(await tokenOf(adminB, ["READ"]));
    const purchases = bearer(await tokenOf(adminB, ["PURCHASES_WRITE"]));
    for (const [client, status] of [
      [app.client(), 401],
      [customer.client, 403],
      [read, 403],
      [purchases, 403],
    ] as const) {
      expect((await client.get("/api/admin/setting-change-requests")).status).toBe(status);
      for (const step of ["approve", "decline", "withdraw"])
        expect((await client.post(`/api/admin/setting-change-requests/${requestId}/${step}`, {})).status).toBe(status);
      expect((await client.post(THRESHOLD, { amount: "1" })).status).toBe(status);
    }
    expect(await dailyLimit()).toBe(20);
    expect(await threshold()).toBe("500.00");
    // An admin token of another administrator may approve: it acts as that administrator.
    const bToken = bearer(await tokenOf(adminB, ["ADMIN"]));
    expect((await bToken.post(`/api/admin/setting-change-requests/${requestId}/approve`)).status).toBe(200);
    expect(await dailyLimit()).toBe(30);
    expect((await approve(adminB, 999_999)).status).toBe(404);
    await resetSettings();
  });

  it("documents the 202 answer of each setting raise in the OpenAPI document", async () => {
    const document = (await adminA.get("/api/openapi.json")).body;
    for (const path of [THRESHOLD, RATE, LIMIT]) expect(document.paths[path].post.responses["202"]).toBeDefined();
    expect(document.paths["/api/admin/setting-change-requests/{id}/approve"].post["x-scopes"]).toEqual(["admin"]);
  });

  it("answers a raise on GraphQL with the typed AWAITING_APPROVAL result, even to clients that read only Error", async () => {
    const answer = await adminA.graphql(SET_THRESHOLD, { input: { amount: "600" } });
    expect(answer.data.setPayoutApprovalThreshold).toMatchObject({
      __typename: "SettingChangeAwaitingApproval",
      code: "AWAITING_APPROVAL",
    });
    expect(await threshold()).toBe("500.00");
    await resetSettings();
  });
});
