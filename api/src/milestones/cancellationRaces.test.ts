// A cancellation against the payments it can make unpayable, as real parallel requests: whichever
// commits first, the outcome must be one that running the two one after the other could give
// (docs/rules/milestones.md, "Payout approval" and "Cancelling a purchase"). Two things order a
// cancellation behind a payment that locked the customer first: its own customer lock, and the
// reversal's foreign key (a key-share lock on the same row), so either alone passes these tests.
import pg from "pg";
import { describe, expect } from "vitest";
import { fileFixtures, it } from "../../test/fixtures.ts";
import { addCredit, customer, admin as scenarioAdmin } from "../../test/scenarios.ts";
import type { TestApp, TestClient } from "../../test/testApp.ts";

let app: TestApp;
let admin: TestClient;
let approver: TestClient;
let adminId: number;
let approverId: number;
fileFixtures((f) => ({ app, admin, adminId } = f));
it.beforeAll(async ({ app }) => {
  ({ client: approver, userId: approverId } = await scenarioAdmin(app, "raceapprover"));
});

/** Rounds per race: each is a fresh customer, so every round can go either way. */
const ROUNDS = 6;

/** A verified customer whose one purchase makes the 33% milestone ready; cancelling it locks it again. */
async function readyCustomer(purchase: string, creditPence: number) {
  const racer = await customer(app, "Racer", { purchase, credits: creditPence });
  return { ...racer, referralId: racer.referrals[0]!.id };
}

const cancel = (referralId: number, by: TestClient = admin) =>
  by.post(`/api/admin/cancel-referral/${referralId}`, { reason: "Returned the kitchen" });

async function ledgerSum(customerId: number): Promise<number> {
  const entries = await app.db.creditLedgerEntry.findMany({ where: { customerId }, select: { amountPence: true } });
  return entries.reduce((sum, entry) => sum + entry.amountPence, 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sessions of the test database waiting for a row lock (a request held at a lock, seen from outside). */
async function lockWaiters(observer: pg.Client): Promise<number> {
  const { rows } = await observer.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]?.waiting ?? 0;
}

/**
 * Holds a payment at its INSERT, after its readiness check: another session locks the paying
 * administrator's user row, and the payment's row must take a key-share lock on it (paidById). The
 * cancellation, by the other administrator, is then sent; it must wait for the payment (both lock
 * the customer) rather than finish on credits and payments the payment is about to change.
 * Releasing the row lets the payment through; the cancellation runs after it.
 */
async function cancelWhilePaymentHeld(
  referralId: number,
  payer: { id: number; pay: () => Promise<{ status: number; text: string; body: any }> },
  canceller: TestClient,
) {
  const blocker = new pg.Client({ connectionString: app.databaseUrl });
  const observer = new pg.Client({ connectionString: app.databaseUrl });
  await Promise.all([blocker.connect(), observer.connect()]);
  try {
    await blocker.query("BEGIN");
    await blocker.query(`SELECT 1 FROM "User" WHERE id = $1 FOR UPDATE`, [payer.id]);
    const paying = payer.pay();
    while ((await lockWaiters(observer)) < 1) await sleep(20);
    let cancelDone = false;
    const cancelling = cancel(referralId, canceller).finally(() => {
      cancelDone = true;
    });
    // Either the cancellation waits behind the payment (a second lock waiter), or it finished without waiting.
    while (!cancelDone && (await lockWaiters(observer)) < 2) await sleep(20);
    await blocker.query("ROLLBACK");
    return { paid: await paying, cancelled: await cancelling };
  } finally {
    await blocker.query("ROLLBACK").catch(() => undefined);
    await Promise.all([blocker.end(), observer.end()]);
  }
}

async function cancellationAudit(referralId: number) {
  const entry = await app.db.auditEntry.findFirstOrThrow({
    where: { action: "purchase_cancelled", resourceType: "referral", resourceId: String(referralId) },
  });
  return entry.after as { creditsPaidPence: number; overpaidPence: number };
}

describe("a cancellation racing Process Payment (£1,000 purchase, £400 of credit, a £330 tranche)", () => {
  it("sent while the payment is past its check, waits for it, then reports the overpayment", async () => {
    const { customerId, referralId } = await readyCustomer("1000.00", 40_000);
    const { paid, cancelled } = await cancelWhilePaymentHeld(
      referralId,
      {
        id: adminId,
        pay: () => admin.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" }),
      },
      approver,
    );
    expect(paid.status, paid.text).toBe(200);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ currentCredits: "0.00", creditsPaid: "330.00", overpaidAmount: "330.00" });
    expect(await cancellationAudit(referralId)).toMatchObject({ creditsPaidPence: 33_000, overpaidPence: 33_000 });
  });

  it("either pays first and the cancellation reports the overpayment, or cancels first and the payment is refused", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const { customerId, referralId } = await readyCustomer("1000.00", 40_000);
      const [cancelled, paid] = await Promise.all([
        cancel(referralId),
        admin.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" }),
      ]);
      expect(cancelled.status, cancelled.text).toBe(200);
      expect([200, 409], paid.text).toContain(paid.status);
      const payments = await app.db.milestonePayment.findMany({ where: { customerId } });
      expect(await ledgerSum(customerId)).toBe(0);
      if (paid.status === 200) {
        outcomes.add("paid, then cancelled");
        expect(payments.map((payment) => payment.amountPence)).toEqual([33_000]);
        // The cancellation saw the payment: what it told the administrator and audited includes it.
        expect(cancelled.body).toMatchObject({ creditsPaid: "330.00", overpaidAmount: "330.00" });
        expect(await cancellationAudit(referralId)).toMatchObject({ creditsPaidPence: 33_000, overpaidPence: 33_000 });
      } else {
        outcomes.add("cancelled, then refused");
        expect(payments).toEqual([]);
        expect(cancelled.body).toMatchObject({ creditsPaid: "0.00", overpaidAmount: "0.00" });
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

describe("a cancellation racing the approval of a payout request (£2,000 purchase, a £660 tranche above £500)", () => {
  it("sent while the approval is past its check, waits for it, then reports the overpayment", async () => {
    const { customerId, referralId } = await readyCustomer("2000.00", 70_000);
    const requested = await admin.post("/api/admin/payout-requests", { customerId, milestoneType: "milestone_33" });
    expect(requested.status, requested.text).toBe(200);
    const { paid, cancelled } = await cancelWhilePaymentHeld(
      referralId,
      { id: approverId, pay: () => approver.post(`/api/admin/payout-requests/${requested.body.id}/approve`) },
      admin,
    );
    expect(paid.status, paid.text).toBe(200);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ creditsPaid: "660.00", overpaidAmount: "660.00" });
    expect(await cancellationAudit(referralId)).toMatchObject({ creditsPaidPence: 66_000, overpaidPence: 66_000 });
  });

  it("either approves and pays first, or cancels first and the approval is 409 with the request still pending", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { customerId, referralId } = await readyCustomer("2000.00", 70_000);
      const requested = await admin.post("/api/admin/payout-requests", { customerId, milestoneType: "milestone_33" });
      expect(requested.status, requested.text).toBe(200);
      const [cancelled, approved] = await Promise.all([
        cancel(referralId),
        approver.post(`/api/admin/payout-requests/${requested.body.id}/approve`),
      ]);
      expect(cancelled.status, cancelled.text).toBe(200);
      expect([200, 409], approved.text).toContain(approved.status);
      const payments = await app.db.milestonePayment.findMany({ where: { customerId } });
      const request = await app.db.payoutRequest.findUniqueOrThrow({ where: { id: requested.body.id } });
      if (approved.status === 200) {
        expect(payments.map((payment) => payment.amountPence)).toEqual([66_000]);
        expect(request.status).toBe("APPROVED");
        expect(cancelled.body).toMatchObject({ creditsPaid: "660.00", overpaidAmount: "660.00" });
        expect(await cancellationAudit(referralId)).toMatchObject({ creditsPaidPence: 66_000, overpaidPence: 66_000 });
      } else {
        expect(payments).toEqual([]);
        expect(request.status).toBe("PENDING");
        expect(cancelled.body).toMatchObject({ creditsPaid: "0.00", overpaidAmount: "0.00" });
      }
    }
  });

  it("an approval after the cancellation is 409 and the request stays pending, until declined", async () => {
    const { customerId, referralId } = await readyCustomer("2000.00", 70_000);
    const requested = await admin.post("/api/admin/payout-requests", { customerId, milestoneType: "milestone_33" });
    expect((await cancel(referralId)).status).toBe(200);
    const approved = await approver.post(`/api/admin/payout-requests/${requested.body.id}/approve`);
    expect(approved.status).toBe(409);
    expect(await app.db.milestonePayment.count({ where: { customerId } })).toBe(0);
    expect((await app.db.payoutRequest.findUniqueOrThrow({ where: { id: requested.body.id } })).status).toBe("PENDING");
    const declined = await approver.post(`/api/admin/payout-requests/${requested.body.id}/decline`, {
      reason: "Purchase returned",
    });
    expect(declined.status, declined.text).toBe(200);
    expect((await app.db.payoutRequest.findUniqueOrThrow({ where: { id: requested.body.id } })).status).toBe(
      "DECLINED",
    );
  });
});

describe("a cancellation and a customer's payment request", () => {
  const requestPayment = (client: TestClient) => client.post("/api/customer/milestones/milestone_33/request-payment");

  it("racing: the request is either refused (cancelled first) or made and stays open after the cancellation", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { customerId, referralId, client } = await readyCustomer("1000.00", 40_000);
      const [cancelled, requested] = await Promise.all([cancel(referralId), requestPayment(client)]);
      expect(cancelled.status, cancelled.text).toBe(200);
      expect([200, 409], requested.text).toContain(requested.status);
      const open = await app.db.customerPaymentRequest.findMany({ where: { customerId } });
      expect(open).toHaveLength(requested.status === 200 ? 1 : 0);
      expect(await ledgerSum(customerId)).toBe(0);
    }
  });

  it("a request made before the cancellation stays open (and counted) until the milestone is ready again and paid", async () => {
    const { customerId, referralId, client } = await readyCustomer("1000.00", 40_000);
    expect((await requestPayment(client)).status).toBe(200);
    const countBefore = await admin.get("/api/admin/payment-requests/count");
    expect((await cancel(referralId)).status).toBe(200);
    expect(await app.db.customerPaymentRequest.count({ where: { customerId } })).toBe(1);
    expect((await admin.get("/api/admin/payment-requests/count")).body).toEqual(countBefore.body);
    // Not payable now: the milestone is locked again, and the request waits.
    const paid = await admin.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" });
    expect(paid.status).toBe(409);
    expect(await app.db.customerPaymentRequest.count({ where: { customerId } })).toBe(1);
    // Credit again: ready, paid, and the request is answered.
    await addCredit(app, customerId, 40_000);
    const paidNow = await admin.post("/api/admin/process-milestone", { customerId, milestoneType: "milestone_33" });
    expect(paidNow.status, paidNow.text).toBe(200);
    expect((await admin.get("/api/admin/payment-requests/count")).body).toEqual({
      openPaymentRequests: countBefore.body.openPaymentRequests - 1,
    });
  });
});
