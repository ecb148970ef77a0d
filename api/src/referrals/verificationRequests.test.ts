// Verifying a flagged referral (docs/rules/fraud.md, "Verifying a flagged referral"): a note says why, the
// audit lists the signals shown, and above the flagged verification approval a second administrator decides.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { databaseState } from "../../test/databaseState.ts";
import { ADMIN_USERNAME, it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";
import { customer, admin as scenarioAdmin } from "../../test/scenarios.ts";
import { signedInAdmin, type TestApp, type TestClient } from "../../test/testApp.ts";
import { PURCHASE_MESSAGES } from "./purchases.ts";
import { VERIFICATION_REQUEST_MESSAGES } from "./verificationRequests.ts";

let app: TestApp;
let asker: TestClient;
let approver: TestClient;
let third: TestClient;
let askerId: number;
let approverId: number;
it.beforeAll(async ({ app: started, admin, adminId }) => {
  app = started;
  asker = admin;
  askerId = adminId;
  ({ client: approver, userId: approverId } = await scenarioAdmin(app, "approver"));
  third = (await scenarioAdmin(app, "thirdadmin")).client;
});

const NOTE_MESSAGE = "This referral has signals: say in a note why you verify it.";

/**
 * A referrer whose own purchase was `purchase` pounds, with one pending referral. A purchase above
 * three times theirs is the AMOUNT_UNUSUAL signal (the default factor, docs/rules/fraud.md, "Signals").
 */
async function referralOf(purchase: string) {
  const referrer = await customer(app, "Flagged", { purchase });
  const referral = await insertReferral(app.db, referrer.customerId, { name: "Sam Spender" });
  return { referrer, referral };
}

const verify = (client: TestClient, referralId: number, body: Record<string, unknown>) =>
  client.post(`/api/admin/referrals/${referralId}/purchase`, body);
const approve = (client: TestClient, id: number | string) =>
  client.post(`/api/admin/verification-requests/${id}/approve`);
const decline = (client: TestClient, id: number | string, body: Record<string, unknown> = {}) =>
  client.post(`/api/admin/verification-requests/${id}/decline`, body);
const withdraw = (client: TestClient, id: number | string) =>
  client.post(`/api/admin/verification-requests/${id}/withdraw`);

async function moneyRows() {
  const [purchases, ledger, requests] = await Promise.all([
    app.db.referralPurchase.count(),
    app.db.creditLedgerEntry.count(),
    app.db.purchaseVerificationRequest.count(),
  ]);
  return { purchases, ledger, requests };
}

/** A flagged purchase above the approval, asked for by the fixture's administrator: the request's id. */
async function askedFor(purchase = "1000", amount = "5000.00") {
  const { referrer, referral } = await referralOf(purchase);
  const asked = await verify(asker, referral.id, { amount, notes: "Known customer, large kitchen" });
  expect(asked.status).toBe(202);
  return { referrer, referral, requestId: asked.body.request.id as number };
}

describe("verifying a referral with signals", () => {
  it("needs a note (BAD_INPUT on notes, nothing changed), and its audit entry lists the signals shown", async () => {
    const { referral } = await referralOf("100");
    const before = await databaseState(app);
    for (const notes of [undefined, "", "   "]) {
      const refused = await verify(asker, referral.id, { amount: "500.00", ...(notes === undefined ? {} : { notes }) });
      expect(refused.status).toBe(400);
      expect(refused.text).toBe(NOTE_MESSAGE);
    }
    const graphql = await asker.graphql(
      `mutation ($input: VerifyPurchaseInput!) { verifyPurchase(input: $input) { __typename ... on ValidationError { field message } } }`,
      { input: { referralId: encodeGlobalID("Referral", referral.id), amount: "500.00" } },
    );
    expect(graphql.data.verifyPurchase).toEqual({
      __typename: "ValidationError",
      field: "notes",
      message: NOTE_MESSAGE,
    });
    expect(await databaseState(app)).toEqual(before);

    const verified = await verify(asker, referral.id, { amount: "500.00", notes: "Referrer confirmed the order" });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: "purchased", purchaseAmount: "500.00", creditEarned: "55.00" });
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "purchase_verified", resourceId: String(referral.id) },
    });
    expect(audit.after).toMatchObject({
      notes: "Referrer confirmed the order",
      signals: [{ kind: "AMOUNT_UNUSUAL", words: expect.any(String) }],
    });
    expect(JSON.stringify(audit.after)).not.toContain("evidence");
    expect(audit.details).toContain("signals shown: AMOUNT_UNUSUAL");
  });

  it("without signals needs no note and lists none", async () => {
    const { referral } = await referralOf("1000");
    const verified = await verify(asker, referral.id, { amount: "100.00" });
    expect(verified.status).toBe(200);
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "purchase_verified", resourceId: String(referral.id) },
    });
    expect(audit.after).not.toHaveProperty("signals");
  });
});

describe("a flagged purchase above the flagged verification approval", () => {
  it("becomes a request (REST 202, GraphQL AWAITING_APPROVAL): nothing credited, listed, audited with the signals", async () => {
    const { referrer, referral } = await referralOf("1000");
    const before = await moneyRows();
    const asked = await verify(asker, referral.id, { amount: "5000.00", notes: "Known customer, large kitchen" });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({
      message: expect.stringContaining("above the £1,000.00 flagged verification approval"),
      request: {
        id: expect.any(Number),
        referralId: referral.id,
        customerId: referrer.customerId,
        customerName: expect.stringContaining("Flagged"),
        amount: "5000.00",
        notes: "Known customer, large kitchen",
        status: "pending",
        requestedBy: ADMIN_USERNAME,
        requestedAt: expect.any(String),
        lapsesAt: expect.any(String),
        decidedBy: null,
        decidedAt: null,
        declineReason: null,
        purchaseId: null,
      },
    });
    expect(await moneyRows()).toEqual({ ...before, requests: before.requests + 1 });
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe("PENDING");
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "purchase_verification_requested", resourceId: String(referral.id) },
    });
    expect(audit).toMatchObject({ actorId: askerId, resourceType: "referral" });
    expect(audit.after).toMatchObject({
      verificationRequestId: asked.body.request.id,
      amountPence: 500_000,
      thresholdPence: 100_000,
      signals: [{ kind: "AMOUNT_UNUSUAL" }],
    });
    const listed = await approver.get("/api/admin/verification-requests");
    expect(listed.body.map((r: any) => r.id)).toContain(asked.body.request.id);

    const other = await referralOf("1000");
    const graphql = await asker.graphql(
      `mutation ($input: VerifyPurchaseInput!) { verifyPurchase(input: $input) { __typename
        ... on Error { code message } ... on PurchaseVerificationAwaitingApproval { request { status amount { pence } requestedByViewer } } } }`,
      { input: { referralId: encodeGlobalID("Referral", other.referral.id), amount: "5000", notes: "Checked" } },
    );
    expect(graphql.data.verifyPurchase).toMatchObject({
      __typename: "PurchaseVerificationAwaitingApproval",
      code: "AWAITING_APPROVAL",
      request: { status: "PENDING", amount: { pence: 500_000 }, requestedByViewer: true },
    });
  });

  it("asked again with the same Idempotency-Key, answers the same request: one request, nothing credited", async () => {
    const { referral } = await referralOf("1000");
    const rows = await moneyRows();
    const ask = () =>
      asker.request("POST", `/api/admin/referrals/${referral.id}/purchase`, {
        json: { amount: "5000.00", notes: "Retried till" },
        headers: { "Idempotency-Key": `flagged-${referral.id}` },
      });
    const first = await ask();
    const replay = await ask();
    expect([first.status, replay.status]).toEqual([202, 202]);
    expect(replay.body).toEqual(first.body);
    expect(await moneyRows()).toEqual({ ...rows, requests: rows.requests + 1 });
  });

  it("is refused again while its request waits, whatever the amount", async () => {
    const { referral } = await askedFor();
    const before = await databaseState(app);
    for (const amount of ["5000.00", "50.00"]) {
      const again = await verify(third, referral.id, { amount, notes: "Again" });
      expect(again.status).toBe(409);
      expect(again.text).toBe(VERIFICATION_REQUEST_MESSAGES.waiting);
    }
    expect(await databaseState(app)).toEqual(before);
  });

  it("is never approved or declined by its asker; another administrator's approval credits it once", async () => {
    const { referrer, referral, requestId } = await askedFor();
    const before = await databaseState(app);
    for (const own of [await approve(asker, requestId), await decline(asker, requestId, { reason: "mine" })]) {
      expect(own.status).toBe(403);
      expect(own.text).toBe(VERIFICATION_REQUEST_MESSAGES.ownRequest);
    }
    expect(await databaseState(app)).toEqual(before);

    const rows = await moneyRows();
    // Two administrators at once: the referral's lock serves them in turn; the later finds it approved.
    const [first, second] = await Promise.all([approve(approver, requestId), approve(third, requestId)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const approved = first.status === 200 ? first : second;
    const refused = first.status === 200 ? second : first;
    expect(refused.text).toMatch(/already been approved|already been verified/);
    expect(approved.body).toMatchObject({
      id: requestId,
      status: "approved",
      amount: "5000.00",
      creditEarned: "550.00",
      purchaseId: expect.any(Number),
    });
    expect(await moneyRows()).toEqual({ ...rows, purchases: rows.purchases + 1, ledger: rows.ledger + 1 });
    const purchase = await app.db.referralPurchase.findUniqueOrThrow({ where: { liveReferralId: referral.id } });
    expect(purchase).toMatchObject({ amountPence: 500_000, notes: "Known customer, large kitchen" });
    expect([approverId]).not.toContain(askerId);
    const credited = await app.db.creditLedgerEntry.findFirstOrThrow({ where: { purchaseId: purchase.id } });
    expect(credited).toMatchObject({ customerId: referrer.customerId, amountPence: 55_000, kind: "CREDIT" });
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "purchase_verified", resourceId: String(referral.id) },
    });
    expect(audit.after).toMatchObject({
      verificationRequestId: requestId,
      requestedById: askerId,
      signals: [{ kind: "AMOUNT_UNUSUAL" }],
    });
    expect(
      await app.db.auditEntry.count({
        where: { action: "purchase_verification_approved", resourceId: String(referral.id) },
      }),
    ).toBe(1);
    const again = await approve(approver, requestId);
    expect(again.status).toBe(409);
    expect(again.text).toBe(VERIFICATION_REQUEST_MESSAGES.decided("APPROVED"));
  });

  it("declined, credits nothing and can be asked again", async () => {
    const { referral, requestId } = await askedFor();
    const rows = await moneyRows();
    const declined = await decline(approver, requestId, { reason: "Amount not plausible" });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      status: "declined",
      declineReason: "Amount not plausible",
      decidedBy: "approver",
    });
    expect(await moneyRows()).toEqual(rows);
    expect((await approve(third, requestId)).status).toBe(409);
    const askedAgain = await verify(asker, referral.id, { amount: "4000.00", notes: "Corrected amount" });
    expect(askedAgain.status).toBe(202);
  });

  it("withdrawn by its asker only: nothing credited, no longer listed, audited, and can be asked again", async () => {
    const { referral, requestId } = await askedFor();
    const rows = await moneyRows();
    const byAnother = await withdraw(approver, requestId);
    expect(byAnother.status).toBe(403);
    expect(byAnother.text).toBe(VERIFICATION_REQUEST_MESSAGES.notAsker);
    const withdrawn = await withdraw(asker, requestId);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: "withdrawn", decidedBy: ADMIN_USERNAME });
    expect(await moneyRows()).toEqual(rows);
    const waiting = await approver.get("/api/admin/verification-requests");
    expect(waiting.body.map((request: { id: number }) => request.id)).not.toContain(requestId);
    expect((await approve(approver, requestId)).status).toBe(409);
    expect((await withdraw(asker, requestId)).status).toBe(409);
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "purchase_verification_withdrawn", resourceId: String(referral.id) },
    });
    expect(audit).toMatchObject({ actorId: askerId, after: { status: "WITHDRAWN", amountPence: 500000 } });
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } })).status).toBe("PENDING");
    const askedAgain = await verify(asker, referral.id, { amount: "4000.00", notes: "Corrected amount" });
    expect(askedAgain.status).toBe(202);
  });

  it("refuses a stale approval: the referral withdrawn or held meanwhile; nothing credited", async () => {
    const withdrawn = await askedFor();
    expect((await withdrawn.referrer.client.post(`/api/referrals/${withdrawn.referral.id}/withdraw`)).status).toBe(200);
    const held = await askedFor();
    expect((await approver.post(`/api/admin/referrals/${held.referral.id}/hold`, { note: "Look again" })).status).toBe(
      200,
    );
    const rows = await moneyRows();
    const refusedWithdrawn = await approve(approver, withdrawn.requestId);
    expect(refusedWithdrawn.status).toBe(409);
    expect(refusedWithdrawn.text).toBe(PURCHASE_MESSAGES.withdrawn);
    const refusedHeld = await approve(approver, held.requestId);
    expect(refusedHeld.status).toBe(409);
    expect(refusedHeld.text).toBe(PURCHASE_MESSAGES.held);
    expect(await moneyRows()).toEqual(rows);
  });

  it("lapses after 7 days: not approved, not listed, and no longer blocks a new verification", async () => {
    const { referral, requestId } = await askedFor();
    await app.db.purchaseVerificationRequest.update({
      where: { id: requestId },
      data: { requestedAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) },
    });
    const lapsed = await approve(approver, requestId);
    expect(lapsed.status).toBe(409);
    expect(lapsed.text).toBe(VERIFICATION_REQUEST_MESSAGES.lapsed);
    expect((await approver.get("/api/admin/verification-requests")).body.map((r: any) => r.id)).not.toContain(
      requestId,
    );
    const askedAgain = await verify(asker, referral.id, { amount: "5000.00", notes: "Still wanted" });
    expect(askedAgain.status).toBe(202);
    expect(askedAgain.body.request.id).not.toBe(requestId);
  });

  it("is for administrators only: a customer and a staff member are refused the list and the decisions", async () => {
    const { referrer, requestId } = await askedFor();
    const staff = await signedInAdmin(app, "verifystaff");
    await app.db.user.update({ where: { username: "verifystaff" }, data: { role: "STAFF" } });
    for (const client of [referrer.client, staff]) {
      expect((await client.get("/api/admin/verification-requests")).status).toBe(403);
      expect((await approve(client, requestId)).status).toBe(403);
      expect((await decline(client, requestId)).status).toBe(403);
    }
    expect((await app.db.purchaseVerificationRequest.findUniqueOrThrow({ where: { id: requestId } })).status).toBe(
      "PENDING",
    );
  });
});

describe("the flagged verification approval (GET and POST /api/admin/settings/flagged-verification-approval)", () => {
  it("is £1,000.00 by default; a raise waits for a second administrator, a lowering applies at once", async () => {
    expect((await asker.get("/api/admin/settings/flagged-verification-approval")).body).toEqual({
      flaggedVerificationApproval: "1000.00",
    });
    const raise = await asker.post("/api/admin/settings/flagged-verification-approval", { amount: "6000" });
    expect(raise.status).toBe(202);
    expect(raise.body.request).toMatchObject({
      setting: "flagged_verification_approval",
      from: "£1,000.00",
      to: "£6,000.00",
    });
    const ownApproval = await asker.post(`/api/admin/setting-change-requests/${raise.body.request.id}/approve`);
    expect(ownApproval.status).toBe(403);
    expect((await approver.post(`/api/admin/setting-change-requests/${raise.body.request.id}/approve`)).status).toBe(
      200,
    );
    // £5,000 is no longer above it: verified directly, with its note.
    const { referral } = await referralOf("1000");
    expect((await verify(asker, referral.id, { amount: "5000.00", notes: "Within the approval" })).status).toBe(200);
    const lowered = await asker.post("/api/admin/settings/flagged-verification-approval", { amount: "1000.00" });
    expect(lowered.status).toBe(200);
    expect(lowered.body).toEqual({ flaggedVerificationApproval: "1000.00" });
    expect((await asker.post("/api/admin/settings/flagged-verification-approval", { amount: "abc" })).status).toBe(400);
  });
});
