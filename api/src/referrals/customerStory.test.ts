// A customer's whole story as an administrator reads it on the customer page: the ledger that explains
// the progress figure line by line, every referral, payments, emails and the audit entries about them.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { ADMIN_USERNAME, it } from "../../test/fixtures.ts";
import { insertMilestonePayment, insertReferral } from "../../test/rows.ts";
import { setCreditRateApproved } from "../../test/settings.ts";
import { signedInCustomer } from "../../test/testApp.ts";

const STORY = `query Story($id: Int!, $first: Int, $after: String) {
  customer(databaseId: $id) {
    databaseId currentCredits { pence } progressPercentage overpaid { pence }
    creditLedger(first: $first, after: $after) {
      edges { node { kind amount { pence } ratePercent rateBasisPoints balance { pence } referral { databaseId } actor { username } createdAt } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;
const REFERRALS = `query Referrals($id: Int!) {
  customer(databaseId: $id) { referrals(first: 50) { edges { node { databaseId status name phone } } } }
}`;
const EMAILS = `query Emails($id: Int!, $first: Int, $after: String) {
  customer(databaseId: $id) { emails(first: $first, after: $after) {
    edges { node { databaseId type status attempts lastError toAddress } }
    pageInfo { hasNextPage endCursor }
  } }
}`;
const AUDIT = `query Audit($id: Int!, $first: Int, $after: String) {
  customer(databaseId: $id) { auditEntries(first: $first, after: $after) {
    edges { node { action resourceType resourceId } }
    pageInfo { hasNextPage endCursor }
  } }
}`;
const VERIFY = `mutation($input: VerifyPurchaseInput!) { verifyPurchase(input: $input) { __typename ... on Error { message } } }`;
const CANCEL = `mutation($input: CancelReferralPurchaseInput!) { cancelReferralPurchase(input: $input) { __typename ... on Error { message } } }`;
const RATE = `mutation($input: SetCreditRateInput!) { setCreditRate(input: $input) { __typename ... on Error { message } } }`;

const referralId = (id: number) => encodeGlobalID("Referral", id);

describe("a customer's whole story", () => {
  it("explains the credits line by line with a running balance that is right on every page", async ({
    app,
    admin,
    adminId,
    uniqueName,
  }) => {
    const owner = await signedInCustomer(app, uniqueName("Storyteller"), { originalPurchaseAmount: "1000.00" });
    const first = await insertReferral(app.db, owner.customerId, { name: "First Buyer" });
    const second = await insertReferral(app.db, owner.customerId, { name: "Second Buyer" });
    const ok = (result: any, field: string) =>
      expect(result.data?.[field]?.__typename, JSON.stringify(result)).toMatch(/Success$/);

    ok(
      await admin.graphql(VERIFY, { input: { referralId: referralId(first.id), amount: "100.00" } }),
      "verifyPurchase",
    );
    // A raise waits for a second administrator (docs/rules/settings.md, "Programme settings"): approved here by one.
    await setCreditRateApproved(app.db, 2000, adminId);
    try {
      ok(
        await admin.graphql(VERIFY, { input: { referralId: referralId(second.id), amount: "50.00" } }),
        "verifyPurchase",
      );
    } finally {
      ok(await admin.graphql(RATE, { input: { basisPoints: 1100 } }), "setCreditRate");
    }
    ok(
      await admin.graphql(CANCEL, { input: { referralId: referralId(first.id), reason: "Returned" } }),
      "cancelReferralPurchase",
    );

    const lines: any[] = [];
    let after: string | null = null;
    for (let page = 0; page < 4; page++) {
      const result: any = await admin.graphql(STORY, { id: owner.customerId, first: 1, after });
      expect(result.errors).toBeUndefined();
      lines.push(...result.data.customer.creditLedger.edges.map((edge: any) => edge.node));
      if (!result.data.customer.creditLedger.pageInfo.hasNextPage) break;
      after = result.data.customer.creditLedger.pageInfo.endCursor;
    }
    // Newest first; each balance is the sum of that entry and every earlier one, whichever page it is on.
    expect(
      lines.map((line) => [
        line.kind,
        line.amount.pence,
        line.ratePercent,
        line.balance.pence,
        line.referral.databaseId,
      ]),
    ).toEqual([
      ["REVERSAL", -1100, "11%", 1000, first.id],
      ["CREDIT", 1000, "20%", 2100, second.id],
      ["CREDIT", 1100, "11%", 1100, first.id],
    ]);
    expect(lines.every((line) => line.actor.username === ADMIN_USERNAME)).toBe(true);

    const purchases: any = await admin.graphql(
      `query($id: Int!) { customer(databaseId: $id) { referrals { edges { node { databaseId livePurchase { amount { pence } creditEarned { pence } } } } } } }`,
      { id: owner.customerId },
    );
    // The cancelled purchase is no longer live: only the second referral can be cancelled from the page.
    expect(purchases.data.customer.referrals.edges.map((edge: any) => edge.node)).toEqual([
      { databaseId: second.id, livePurchase: { amount: { pence: 5000 }, creditEarned: { pence: 1000 } } },
      { databaseId: first.id, livePurchase: null },
    ]);

    const whole: any = await admin.graphql(STORY, { id: owner.customerId });
    expect(whole.data.customer).toMatchObject({ currentCredits: { pence: 1000 }, progressPercentage: 1 });
    expect(whole.data.customer.creditLedger.edges[0].node.balance.pence).toBe(whole.data.customer.currentCredits.pence);
  });

  it("lists referrals in every state, an expired one anonymised, and the overpaid figure", async ({
    app,
    admin,
    adminId,
    uniqueName,
  }) => {
    const owner = await signedInCustomer(app, uniqueName("Storyteller"), { originalPurchaseAmount: "300.00" });
    const pending = await insertReferral(app.db, owner.customerId, { name: "Still Pending" });
    const expired = await insertReferral(app.db, owner.customerId, { name: "Gone Quiet" });
    await app.db.referral.update({
      where: { id: expired.id },
      data: { status: "EXPIRED", name: null, phone: null, email: null, address: null, erasedAt: new Date() },
    });
    const bought = await insertReferral(app.db, owner.customerId, { name: "Bought One" });
    await admin.graphql(VERIFY, { input: { referralId: referralId(bought.id), amount: "1000.00" } });
    await insertMilestonePayment(app.db, {
      customerId: owner.customerId,
      milestone: "M33",
      amountPence: 9900,
      actorId: adminId,
    });
    await admin.graphql(CANCEL, { input: { referralId: referralId(bought.id), reason: "Returned" } });

    const result: any = await admin.graphql(REFERRALS, { id: owner.customerId });
    expect(result.errors).toBeUndefined();
    expect(result.data.customer.referrals.edges.map((edge: any) => edge.node)).toEqual([
      { databaseId: bought.id, status: "PENDING", name: "Bought One", phone: bought.phone },
      { databaseId: expired.id, status: "EXPIRED", name: null, phone: null },
      { databaseId: pending.id, status: "PENDING", name: "Still Pending", phone: pending.phone },
    ]);
    const story: any = await admin.graphql(STORY, { id: owner.customerId });
    // £99 paid for the 33% milestone, then the £110 credit reversed: £99 more paid than earned.
    expect(story.data.customer.overpaid.pence).toBe(9900);
  });

  it("shows the emails sent to the customer with their status, and never anyone else's", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const owner = await signedInCustomer(app, uniqueName("Storyteller"));
    const other = await signedInCustomer(app, uniqueName("Bystander"));
    const email = (userId: number, status: "SENT" | "FAILED", createdAt: Date) =>
      app.db.email.create({
        data: {
          type: "CREDITS_EARNED",
          userId,
          toAddress: `user${userId}@example.com`,
          subject: "Credits",
          textBody: "secret body",
          htmlBody: "<p>secret body</p>",
          status,
          attempts: status === "FAILED" ? 5 : 1,
          lastError: status === "FAILED" ? "550 mailbox unavailable" : null,
          createdAt,
        },
      });
    const base = Date.UTC(2030, 0, 1);
    const sent = await email(owner.userId, "SENT", new Date(base));
    const failed = await email(owner.userId, "FAILED", new Date(base + 1000));
    await email(other.userId, "FAILED", new Date(base + 2000));

    const firstPage: any = await admin.graphql(EMAILS, { id: owner.customerId, first: 1 });
    expect(firstPage.errors).toBeUndefined();
    expect(firstPage.data.customer.emails.edges[0].node).toEqual({
      databaseId: failed.id,
      type: "CREDITS_EARNED",
      status: "FAILED",
      attempts: 5,
      lastError: "550 mailbox unavailable",
      toAddress: `user${owner.userId}@example.com`,
    });
    const rest: any = await admin.graphql(EMAILS, {
      id: owner.customerId,
      first: 10,
      after: firstPage.data.customer.emails.pageInfo.endCursor,
    });
    // Registration and confirmation emails were queued too: the seeded SENT one is among the older ones.
    const older = rest.data.customer.emails.edges.map((edge: any) => edge.node);
    expect(older.map((node: any) => node.databaseId)).toContain(sent.id);
    expect(
      older.every(
        (node: any) => node.toAddress === `user${owner.userId}@example.com` || node.type !== "CREDITS_EARNED",
      ),
    ).toBe(true);
    expect(JSON.stringify([firstPage, rest])).not.toContain("secret body");
  });

  it("shows the audit entries about the customer, their account, referrals and payout requests", async ({
    app,
    admin,
    adminId,
    uniqueName,
  }) => {
    const owner = await signedInCustomer(app, uniqueName("Storyteller"));
    const other = await signedInCustomer(app, uniqueName("Bystander"));
    const referral = await insertReferral(app.db, owner.customerId);
    await admin.graphql(VERIFY, { input: { referralId: referralId(referral.id), amount: "10.00" } });
    const audit = (resourceType: string, resourceId: number, action: string) =>
      app.db.auditEntry.create({ data: { action, resourceType, resourceId: String(resourceId), actorId: adminId } });
    await audit("customer", owner.customerId, "customer_updated");
    await audit("user", owner.userId, "password_changed");
    await audit("customer", other.customerId, "not_about_them");

    const seen: any[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const result: any = await admin.graphql(AUDIT, { id: owner.customerId, first: 2, after });
      expect(result.errors).toBeUndefined();
      seen.push(...result.data.customer.auditEntries.edges.map((edge: any) => edge.node));
      if (!result.data.customer.auditEntries.pageInfo.hasNextPage) break;
      after = result.data.customer.auditEntries.pageInfo.endCursor;
    }
    const actions = seen.map((entry) => entry.action);
    expect(actions.slice(0, 2)).toEqual(["password_changed", "customer_updated"]);
    expect(seen).toContainEqual({
      action: "purchase_verified",
      resourceType: "referral",
      resourceId: String(referral.id),
    });
    expect(actions).not.toContain("not_about_them");
  });

  it("is for administrators only", async ({ app, admin, customer, uniqueName }) => {
    const owner = await signedInCustomer(app, uniqueName("Storyteller"));
    const asOther = await customer.client.graphql(STORY, { id: owner.customerId });
    expect(asOther.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(asOther.data?.customer ?? null).toBeNull();
    const signedOut = await app.client().graphql(STORY, { id: owner.customerId });
    expect(signedOut.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    // Not even the customer's own: the ledger lines, emails and audit entries are the administrators' view.
    const own = await owner.client.graphql(`{ viewer { customer { creditLedger { edges { node { kind } } } } } }`);
    expect(own.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await admin.graphql(STORY, { id: 2 ** 31 })).data?.customer ?? null).toBeNull();
    expect((await admin.graphql(STORY, { id: 999_999 })).data?.customer).toBeNull();
  });
});
