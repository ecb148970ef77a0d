// "Your data, your choice": the download (GDPR art. 15/20), deleting one's account (art. 17) and an
// administrator's erasure on request, on GraphQL and REST, with what each keeps for the accounts.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { ADMIN_USERNAME, it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";
import { addCredit } from "../../test/scenarios.ts";
import { signedInCustomer, TEST_PASSWORD } from "../../test/testApp.ts";
import { sendPendingEmails } from "../emails/sender.ts";

const MY_DATA = "query { viewer { myData } }";
const DELETE = `mutation($input: DeleteMyAccountInput!) {
  deleteMyAccount(input: $input) { __typename ... on MutationDeleteMyAccountSuccess { data { message } } ... on Error { code message } }
}`;
const ERASE_REFERRAL = `mutation($input: EraseReferralInput!) {
  eraseReferral(input: $input) { __typename ... on MutationEraseReferralSuccess { data { status name phone } } ... on Error { code message } }
}`;
const ERASE_CUSTOMER = `mutation($input: EraseCustomerInput!) {
  eraseCustomer(input: $input) { __typename ... on MutationEraseCustomerSuccess { data { postcode user { username email firstName erased } } } ... on Error { code message } }
}`;

const ledgerSum = async (app: any, customerId: number) =>
  (await app.db.creditLedgerEntry.aggregate({ where: { customerId }, _sum: { amountPence: true } }))._sum.amountPence;

describe("download my data", () => {
  it("holds the customer's own account, referrals, ledger, activities and emails, and no secret or other person's data", async ({
    app,
    adminId,
    uniqueName,
  }) => {
    const owner = await signedInCustomer(app, uniqueName("Exporter"), { postcode: "EC1A 1BB" });
    const other = await signedInCustomer(app, uniqueName("Stranger"));
    const bought = await addCredit(app, owner.customerId, 1_100, {
      amountPence: 10_000,
      actorId: adminId,
      referral: { name: "Anna Buyer", email: "anna@example.com" },
    });
    await insertReferral(app.db, owner.customerId, { name: "Ben Pending" });
    await insertReferral(app.db, other.customerId, { name: "Someone Else" });

    const response = await owner.client.get("/api/me/data");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.body;
    expect(data.account.username).toMatch(/^Exporter/);
    expect(data.profile).toMatchObject({ postcode: "EC1A 1BB", originalPurchaseAmount: "1000.00" });
    expect(data.referrals.map((r: any) => r.name).sort()).toEqual(["Anna Buyer", "Ben Pending"]);
    expect(data.referrals.find((r: any) => r.name === "Anna Buyer").purchases).toEqual([
      expect.objectContaining({ amount: "100.00", cancelledAt: null }),
    ]);
    expect(data.ledger).toEqual([expect.objectContaining({ kind: "CREDIT", amount: "11.00", referralId: bought.id })]);
    expect(data.activities.map((a: any) => a.type)).toContain("REGISTRATION");
    expect(data.emails).toContainEqual(
      expect.objectContaining({ type: "REGISTRATION_CONFIRMATION", text: expect.stringContaining("Hello") }),
    );
    // The confirmation link is a secret while it works: never its text.
    expect(data.emails.find((e: any) => e.type === "EMAIL_CONFIRMATION")?.text ?? null).toBeNull();
    expect(data.truncated).toEqual([]);
    const text = response.text;
    for (const absent of [
      "passwordHash",
      "$argon2",
      "Someone Else",
      "Stranger",
      ADMIN_USERNAME,
      "sessionVersion",
      "token",
    ])
      expect(text).not.toContain(absent);

    // The same document on GraphQL; signed out, nothing.
    const graphql = await owner.client.graphql(MY_DATA);
    expect(graphql.data.viewer.myData.referrals).toHaveLength(2);
    expect((await app.client().get("/api/me/data")).status).toBe(401);
  });
});

describe("delete my account", () => {
  it("erases the personal data, keeps the money's records, ends every session and refuses sign-in", async ({
    app,
    admin,
    adminId,
    uniqueName,
  }) => {
    const username = uniqueName("Leaver");
    const owner = await signedInCustomer(app, username);
    const otherDevice = app.client();
    expect((await otherDevice.post("/api/login", { username, password: TEST_PASSWORD })).status).toBe(200);
    const bought = await addCredit(app, owner.customerId, 1_100, {
      amountPence: 10_000,
      actorId: adminId,
      referral: { name: "Paid Friend" },
    });
    const pending = await insertReferral(app.db, owner.customerId, { name: "Waiting Friend" });
    const creditsBefore = await ledgerSum(app, owner.customerId);

    // A wrong password changes nothing.
    const wrong = await owner.client.graphql(DELETE, { input: { password: "not-my-password" } });
    expect(wrong.data.deleteMyAccount).toMatchObject({
      code: "BAD_INPUT",
      message: "Your current password is not correct.",
    });
    expect((await app.db.user.findUniqueOrThrow({ where: { id: owner.userId } })).erasedAt).toBeNull();

    const deleted = await owner.client.post("/api/me/delete", { password: TEST_PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toMatch(/deleted/);

    // Sessions: this one's cookie is cleared, the other device's is refused.
    expect((await owner.client.get("/api/user")).status).toBe(401);
    expect((await otherDevice.get("/api/user")).status).toBe(401);
    // Sign-in is refused with the answer a wrong password gets.
    const again = await app.client().post("/api/login", { username, password: TEST_PASSWORD });
    expect(again.status).toBe(401);
    expect(again.text).toBe("Invalid username or password");

    const user = await app.db.user.findUniqueOrThrow({ where: { id: owner.userId } });
    expect(user).toMatchObject({ firstName: null, lastName: null, username: `erased:${owner.userId}` });
    expect(user.email).toBe(`erased-${owner.userId}@erased.invalid`);
    expect(user.erasedAt).not.toBeNull();
    const profile = await app.db.customerProfile.findUniqueOrThrow({ where: { id: owner.customerId } });
    expect(profile).toMatchObject({
      postcode: "erased",
      contractNumber: "erased",
      originalPurchaseAmountPence: 100_000,
    });
    const referrals = await app.db.referral.findMany({
      where: { customerId: owner.customerId },
      orderBy: { id: "asc" },
    });
    expect(referrals.map((r) => [r.id, r.status, r.name, r.phone])).toEqual([
      [bought.id, "PURCHASED", null, null],
      [pending.id, "WITHDRAWN", null, null],
    ]);
    // The accounts: ledger total and purchase amounts unchanged.
    expect(await ledgerSum(app, owner.customerId)).toBe(creditsBefore);
    expect((await app.db.referralPurchase.findFirstOrThrow({ where: { referralId: bought.id } })).amountPence).toBe(
      10_000,
    );
    const emails = await app.db.email.findMany({ where: { userId: owner.userId } });
    expect(emails.length).toBeGreaterThan(0);
    for (const email of emails) {
      expect(email.textBody).toMatch(/removed when the account was erased/);
      expect(email.toAddress).toMatch(/@erased\.invalid$/);
      expect(email.status).not.toBe("PENDING");
    }
    // The outbox never sends to an erased account, whatever is queued for it afterwards.
    const late = await app.db.email.create({
      data: {
        type: "CREDITS_EARNED",
        userId: owner.userId,
        toAddress: "late@example.com",
        subject: "Late",
        textBody: "x",
        htmlBody: "x",
      },
    });
    await sendPendingEmails({
      prisma: app.db,
      config: { smtpUrl: "smtp://127.0.0.1:1?tls=off", mailFrom: "test@example.com" },
    });
    expect(await app.db.email.findUniqueOrThrow({ where: { id: late.id } })).toMatchObject({
      status: "PENDING",
      attempts: 0,
    });
    // Audited without personal data.
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "account_deleted", actorId: owner.userId },
    });
    expect(JSON.stringify(audit)).not.toContain(username);
    expect(JSON.stringify(audit)).not.toContain("Friend");

    // Administrators see "erased" where the name was.
    const page = await admin.graphql(
      `query($id: Int!) { customer(databaseId: $id) { user { username email erased } } }`,
      {
        id: owner.customerId,
      },
    );
    expect(page.data.customer.user).toEqual({ username: "erased", email: "erased", erased: true });
    const list = await admin.get("/api/admin/customers?limit=100");
    expect(list.body.find((row: any) => row.id === owner.customerId)).toMatchObject({
      name: "erased",
      userName: "erased",
      email: "erased",
      postcode: "erased",
    });
  });

  it("is refused while a milestone payment is ready, and for a wrong password too often", async ({
    app,
    adminId,
    uniqueName,
  }) => {
    const owner = await signedInCustomer(app, uniqueName("Owed"));
    // 33% of £1,000 reached: the first milestone (£330.00) is ready and unpaid.
    await addCredit(app, owner.customerId, 33_000, { amountPence: 300_000, actorId: adminId });
    const refused = await owner.client.post("/api/me/delete", { password: TEST_PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.text).toMatch(/A milestone payment of £330\.00 is ready for you/);
    expect((await owner.client.get("/api/user")).status).toBe(200);

    const guesser = await signedInCustomer(app, uniqueName("Guessed"));
    const answers: number[] = [];
    for (let i = 0; i < 6; i++)
      answers.push((await guesser.client.post("/api/me/delete", { password: `wrong-guess-${i}` })).status);
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[5]).toBe(429);
    expect((await guesser.client.post("/api/me/delete", { password: TEST_PASSWORD })).status).toBe(429);
    expect((await app.client().post("/api/me/delete", { password: "x" })).status).toBe(401);
  });
});

describe("erasure on request (administrators)", () => {
  it("erases one referral with a reason, audited; refuses a blank reason, a repeat and a customer", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const owner = await signedInCustomer(app, uniqueName("Asker"));
    const friend = await insertReferral(app.db, owner.customerId, { name: "Private Person" });
    const id = encodeGlobalID("Referral", friend.id);

    const blank = await admin.graphql(ERASE_REFERRAL, { input: { referralId: id, reason: "  " } });
    expect(blank.data.eraseReferral.code).toBe("BAD_INPUT");
    expect((await owner.client.post(`/api/admin/referrals/${friend.id}/erase`, { reason: "x" })).status).toBe(403);

    const erased = await admin.graphql(ERASE_REFERRAL, {
      input: { referralId: id, reason: "Asked by email on 3 March" },
    });
    expect(erased.data.eraseReferral.data).toEqual({ status: "WITHDRAWN", name: null, phone: null });
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "referral_erased", resourceId: String(friend.id) },
    });
    expect(audit.details).toContain("Asked by email on 3 March");
    expect(JSON.stringify(audit)).not.toContain("Private Person");
    const feed = await app.db.activity.findFirstOrThrow({
      where: { customerId: owner.customerId, type: "REFERRAL_ERASED" },
    });
    expect(feed.referralId).toBe(friend.id);

    // A withdrawn referral cannot be verified any more.
    const verify = await admin.post(`/api/admin/referrals/${friend.id}/purchase`, { amount: "100.00" });
    expect(verify.status).toBe(409);
    const repeat = await admin.post(`/api/admin/referrals/${friend.id}/erase`, { reason: "again" });
    expect(repeat.status).toBe(409);
    expect((await admin.post("/api/admin/referrals/999999/erase", { reason: "x" })).status).toBe(404);
  });

  it("erases a whole customer with a reason, never the administrator's own profile", async ({
    app,
    admin,
    adminId,
    uniqueName,
  }) => {
    const owner = await signedInCustomer(app, uniqueName("Requested"));
    await insertReferral(app.db, owner.customerId, { name: "Gone Friend" });
    const noReason = await admin.post(`/api/admin/customers/${owner.customerId}/erase`, {});
    expect(noReason.status).toBe(400);

    const erased = await admin.graphql(ERASE_CUSTOMER, {
      input: { customerId: encodeGlobalID("Customer", owner.customerId), reason: "Written request, ref 42" },
    });
    expect(erased.data.eraseCustomer.data).toEqual({
      postcode: "erased",
      user: { username: "erased", email: "erased", firstName: null, erased: true },
    });
    expect((await owner.client.get("/api/user")).status).toBe(401);
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "customer_erased", resourceId: String(owner.customerId) },
    });
    expect(audit).toMatchObject({ actorId: adminId });
    expect(audit.details).toContain("Written request, ref 42");
    // Erased: not again, and the admin lists show "erased".
    expect((await admin.post(`/api/admin/customers/${owner.customerId}/erase`, { reason: "x" })).status).toBe(409);
    const list = await admin.graphql(
      "query { customers(first: 100) { edges { node { databaseId name userName email } } } }",
    );
    const row = list.data.customers.edges.find((e: any) => e.node.databaseId === owner.customerId).node;
    expect(row).toMatchObject({ name: "erased", userName: "erased", email: "erased" });

    // The administrator's own customer profile is out of scope, and the refusal is audited.
    const own = await app.db.customerProfile.create({
      data: {
        userId: adminId,
        originalPurchaseAmountPence: 1000,
        postcode: "SW1A 1AA",
        contractNumber: `HNG-admin-${uniqueName("c")}`,
        termsAcceptedAt: new Date(),
      },
    });
    const self = await admin.post(`/api/admin/customers/${own.id}/erase`, { reason: "Testing" });
    expect(self.status).toBe(403);
    expect(self.text).toMatch(/cannot erase your own account/);
    expect(
      await app.db.auditEntry.count({ where: { action: "self_dealing_refused", resourceId: String(own.id) } }),
    ).toBe(1);
    await app.db.customerProfile.delete({ where: { id: own.id } });
  });
});
