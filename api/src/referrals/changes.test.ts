import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";
import { signedInCustomer, type TestApp } from "../../test/testApp.ts";
import { REFERRAL_CHANGE_REFUSALS } from "./changes.ts";
import { PURCHASE_MESSAGES } from "./purchases.ts";
import { REFERRAL_REFUSALS } from "./service.ts";
import { REFERRAL_MESSAGES } from "./validation.ts";

let counter = 0;
/** A distinct valid UK mobile per call, as a person would type it, and its stored form. */
const typedMobile = () => `07411 ${String(300000 + ++counter).slice(-6)}`;
const e164 = (typed: string) => `+44${typed.replace(/\s/g, "").slice(1)}`;
const DAY_MS = 24 * 60 * 60 * 1000;

const UPDATE = `mutation Update($input: UpdateReferralInput!) {
  updateReferral(input: $input) {
    __typename
    ... on MutationUpdateReferralSuccess { data { referral { databaseId name email status } activity { type description } } }
    ... on Error { code message }
    ... on ValidationError { field }
  }
}`;
const WITHDRAW = `mutation Withdraw($input: WithdrawReferralInput!) {
  withdrawReferral(input: $input) {
    __typename
    ... on MutationWithdrawReferralSuccess { data { referral { databaseId name phone email address status statusDisplay daysRemaining } activity { type description } } }
    ... on Error { code message }
  }
}`;

/** A verified customer with one referral added through the API. */
async function customerWithReferral(app: TestApp, name: string, friend: Record<string, string> = {}) {
  const customer = await signedInCustomer(app, name);
  const phone = typedMobile();
  const added = await customer.client.post("/api/referrals", {
    name: "Anna Friend",
    phone,
    email: `anna.${counter}@exmaple.com`,
    address: "1 High Street",
    ...friend,
  });
  expect(added.status).toBe(200);
  return { ...customer, referral: added.body as { id: number; phone: string; email: string }, typedPhone: phone };
}

/** What a refused change must leave exactly as it was. */
async function snapshot(app: TestApp, referralId: number) {
  const [referral, activities, audits] = await Promise.all([
    app.db.referral.findUniqueOrThrow({ where: { id: referralId } }),
    app.db.activity.count(),
    app.db.auditEntry.count(),
  ]);
  return { referral, activities, audits };
}

describe("correcting a pending referral (POST /api/referrals/:id/update)", () => {
  it("fixes a typo in the email: stored normalised, same expiry, an activity with the name, an audit without personal data", async ({
    app,
    uniqueName,
  }) => {
    const { client, userId, referral, typedPhone } = await customerWithReferral(app, uniqueName("Fixer"));
    const before = await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } });
    const response = await client.post(`/api/referrals/${referral.id}/update`, {
      name: "Anna Friend",
      phone: typedPhone,
      email: " Anna.Friend@Example.com ",
      address: "1 High Street",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: referral.id,
      name: "Anna Friend",
      phone: e164(typedPhone),
      email: "anna.friend@example.com",
      status: "pending",
      daysRemaining: 90,
    });
    const after = await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } });
    expect(after.expiresAt).toEqual(before.expiresAt);
    expect(after.createdAt).toEqual(before.createdAt);

    const activities = await client.get("/api/activities");
    expect(activities.body[0]).toMatchObject({
      type: "referral_updated",
      description: "Referral details corrected: Anna Friend",
    });
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "referral_updated", resourceId: String(referral.id) },
    });
    expect(audit).toMatchObject({ actorId: userId, before: { status: "PENDING" }, after: { changed: ["email"] } });
    expect(JSON.stringify(audit)).not.toContain("anna");
  });

  it("changes nothing on input the add form refuses, with the add form's messages", async ({ app, uniqueName }) => {
    const { client, referral, typedPhone } = await customerWithReferral(app, uniqueName("Typo"));
    const before = await snapshot(app, referral.id);
    for (const [body, message] of [
      [{ name: " ", phone: typedPhone }, REFERRAL_MESSAGES.nameRequired],
      [{ name: "Anna", phone: "" }, REFERRAL_MESSAGES.phoneRequired],
      [{ name: "Anna", phone: "call me" }, REFERRAL_MESSAGES.phoneInvalid],
      [{ name: "Anna", phone: typedPhone, email: "anna@" }, REFERRAL_MESSAGES.emailInvalid],
      [{ name: "Anna", phone: typedPhone, address: "x".repeat(501) }, REFERRAL_MESSAGES.addressTooLong],
    ] as const) {
      const response = await client.post(`/api/referrals/${referral.id}/update`, body);
      expect(response.status).toBe(400);
      expect(response.text).toBe(message);
    }
    expect(await snapshot(app, referral.id)).toEqual(before);
  });

  it("refuses a person already referred, a customer or oneself, but not the referral itself", async ({
    app,
    uniqueName,
  }) => {
    const { client, referral, typedPhone } = await customerWithReferral(app, uniqueName("Dup"));
    const second = await client.post("/api/referrals", { name: "Ben", phone: typedMobile(), email: "ben@example.com" });
    const other = await customerWithReferral(app, uniqueName("OtherDup"));
    const existing = await signedInCustomer(app, uniqueName("Existing"));
    const ownEmail = (
      await app.db.user.findFirstOrThrow({ where: { customer: { referrals: { some: { id: referral.id } } } } })
    ).email;
    const existingEmail = (await app.db.user.findUniqueOrThrow({ where: { id: existing.userId } })).email;
    const before = await snapshot(app, referral.id);
    for (const [body, message] of [
      [{ phone: second.body.phone }, REFERRAL_REFUSALS.phoneReferredByYou],
      [{ phone: other.typedPhone }, REFERRAL_REFUSALS.phoneReferredByOther],
      [{ email: "BEN@example.com" }, REFERRAL_REFUSALS.emailReferredByYou],
      [{ email: other.referral.email }, REFERRAL_REFUSALS.emailReferredByOther],
      [{ email: existingEmail }, REFERRAL_REFUSALS.emailReferredByOther],
      [{ email: ownEmail }, REFERRAL_REFUSALS.selfEmail],
    ] as const) {
      const response = await client.post(
        `/api/referrals/${referral.id}/update`,
        Object.assign({ name: "Anna Friend", phone: typedPhone, email: referral.email }, body),
      );
      expect(response.status, message).toBe(409);
      expect(response.text).toBe(message);
    }
    expect(await snapshot(app, referral.id)).toEqual(before);

    // Its own phone and email are no duplicate of itself; an email left out is cleared.
    const renamed = await client.post(`/api/referrals/${referral.id}/update`, {
      name: "Anna Smith",
      phone: typedPhone,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Anna Smith", email: null, address: null });
  });

  it("is the owner's alone: another customer's referral is not found; admins, the unverified and the signed out are refused", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const { referral, typedPhone } = await customerWithReferral(app, uniqueName("Owner"));
    const stranger = await signedInCustomer(app, uniqueName("Stranger"));
    const unverified = await signedInCustomer(app, uniqueName("Unverified"), { verified: false });
    const before = await snapshot(app, referral.id);
    const body = { name: "Hijack", phone: typedPhone };
    for (const [client, status, message] of [
      [stranger.client, 404, REFERRAL_CHANGE_REFUSALS.notFound],
      [admin, 403, REFERRAL_CHANGE_REFUSALS.noProfile],
      [unverified.client, 403, REFERRAL_CHANGE_REFUSALS.notVerified],
      [app.client(), 401, REFERRAL_CHANGE_REFUSALS.signedOut],
    ] as const) {
      for (const path of [`/api/referrals/${referral.id}/update`, `/api/referrals/${referral.id}/withdraw`]) {
        const response = await client.post(path, body);
        expect(response.status, path).toBe(status);
        expect(response.text).toBe(message);
      }
    }
    const missing = await stranger.client.post("/api/referrals/999999999/withdraw", {});
    expect(missing.status).toBe(404);
    const notANumber = await stranger.client.post("/api/referrals/abc/update", body);
    expect(notANumber.status).toBe(404);
    expect(await snapshot(app, referral.id)).toEqual(before);
  });

  it("refuses a purchased, expired, overdue or withdrawn referral, both ways, with a clear error", async ({
    app,
    uniqueName,
  }) => {
    const { client, customerId } = await signedInCustomer(app, uniqueName("States"));
    const purchased = await insertReferral(app.db, customerId, { status: "PURCHASED" });
    const expired = await insertReferral(app.db, customerId, { status: "EXPIRED" });
    const overdue = await insertReferral(app.db, customerId, {
      createdAt: new Date(Date.now() - 90 * DAY_MS - 60_000),
    });
    const withdrawn = await insertReferral(app.db, customerId, { status: "WITHDRAWN" });
    for (const [referral, message, withdrawMessage] of [
      [purchased, REFERRAL_CHANGE_REFUSALS.purchased, REFERRAL_CHANGE_REFUSALS.purchased],
      [expired, REFERRAL_CHANGE_REFUSALS.expired, REFERRAL_CHANGE_REFUSALS.expired],
      [overdue, REFERRAL_CHANGE_REFUSALS.expired, REFERRAL_CHANGE_REFUSALS.expired],
      [withdrawn, REFERRAL_CHANGE_REFUSALS.withdrawn, REFERRAL_CHANGE_REFUSALS.withdrawn],
    ] as const) {
      const before = await snapshot(app, referral.id);
      const update = await client.post(`/api/referrals/${referral.id}/update`, { name: "New", phone: typedMobile() });
      expect(update.status).toBe(409);
      expect(update.text).toBe(message);
      const withdraw = await client.post(`/api/referrals/${referral.id}/withdraw`, {});
      expect(withdraw.status).toBe(409);
      expect(withdraw.text).toBe(withdrawMessage);
      expect(await snapshot(app, referral.id)).toEqual(before);
    }
  });

  it("answers on GraphQL in the errors-plugin union, with the field at fault", async ({ app, uniqueName }) => {
    const { client, referral, typedPhone } = await customerWithReferral(app, uniqueName("Gql"));
    const referralId = encodeGlobalID("Referral", String(referral.id));
    const bad = await client.graphql(UPDATE, { input: { referralId, name: "Anna", phone: typedPhone, email: "x@" } });
    expect(bad.data?.updateReferral).toMatchObject({
      __typename: "ValidationError",
      code: "BAD_INPUT",
      message: REFERRAL_MESSAGES.emailInvalid,
      field: "email",
    });
    const good = await client.graphql(UPDATE, {
      input: { referralId, name: "Anna Gql", phone: typedPhone, email: "anna.gql@example.com" },
    });
    expect(good.data?.updateReferral).toEqual({
      __typename: "MutationUpdateReferralSuccess",
      data: {
        referral: { databaseId: referral.id, name: "Anna Gql", email: "anna.gql@example.com", status: "PENDING" },
        activity: { type: "REFERRAL_UPDATED", description: "Referral details corrected: Anna Gql" },
      },
    });
    const withdrawn = await client.graphql(WITHDRAW, { input: { referralId } });
    expect(withdrawn.data?.withdrawReferral).toEqual({
      __typename: "MutationWithdrawReferralSuccess",
      data: {
        referral: {
          databaseId: referral.id,
          name: null,
          phone: null,
          email: null,
          address: null,
          status: "WITHDRAWN",
          statusDisplay: "Withdrawn",
          daysRemaining: null,
        },
        activity: { type: "REFERRAL_WITHDRAWN", description: "Referral withdrawn: their details were erased" },
      },
    });
    const again = await client.graphql(WITHDRAW, { input: { referralId } });
    expect(again.data?.withdrawReferral).toMatchObject({
      __typename: "ConflictError",
      message: REFERRAL_CHANGE_REFUSALS.withdrawn,
    });
  });
});

describe("withdrawing a pending referral (POST /api/referrals/:id/withdraw)", () => {
  it("erases its details at once, audits it, leaves the admin queue, and lets the friend be referred again", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const { client, userId, customerId, referral, typedPhone } = await customerWithReferral(
      app,
      uniqueName("Withdrawer"),
    );
    const response = await client.post(`/api/referrals/${referral.id}/withdraw`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: referral.id,
      name: null,
      phone: null,
      email: null,
      address: null,
      status: "withdrawn",
      statusDisplay: "Withdrawn",
      daysRemaining: null,
    });
    const stored = await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } });
    expect(stored).toMatchObject({ status: "WITHDRAWN", name: null, phone: null, email: null, address: null });
    expect(stored.erasedAt).toBeInstanceOf(Date);

    const activities = await client.get("/api/activities");
    expect(activities.body[0]).toMatchObject({
      type: "referral_withdrawn",
      description: "Referral withdrawn: their details were erased",
    });
    expect(JSON.stringify(activities.body)).not.toContain("Anna");
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "referral_withdrawn", resourceId: String(referral.id) },
    });
    expect(audit).toMatchObject({
      actorId: userId,
      before: { status: "PENDING" },
      after: { status: "WITHDRAWN", erased: ["name", "phone", "email", "address"] },
    });

    const queue = await admin.get("/api/admin/referrals/pending?limit=500");
    expect(queue.body.map((r: { id: number }) => r.id)).not.toContain(referral.id);
    const details = await admin.get(`/api/admin/referrals-detailed?status=withdrawn&customerId=${customerId}`);
    expect(details.status).toBe(200);
    expect(details.body.map((r: { id: number; statusDisplay: string }) => [r.id, r.statusDisplay])).toContainEqual([
      referral.id,
      "Withdrawn",
    ]);
    const verify = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100" });
    expect(verify.status).toBe(409);
    expect(verify.text).toBe(PURCHASE_MESSAGES.withdrawn);

    const readded = await client.post("/api/referrals", {
      name: "Anna Friend",
      phone: typedPhone,
      email: referral.email,
    });
    expect(readded.status).toBe(200);
    expect(readded.body).toMatchObject({ status: "pending", phone: e164(typedPhone) });
  });

  it("counts a withdrawn referral as withdrawn in the funnel: no longer pending, not expired", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    const funnel = async () => (await admin.get(`/api/admin/referral-funnel?from=${today}&to=${today}`)).body;
    const { client, referral } = await customerWithReferral(app, uniqueName("Funnel"));
    const before = await funnel();
    expect((await client.post(`/api/referrals/${referral.id}/withdraw`)).status).toBe(200);
    const after = await funnel();
    expect(after).toEqual({
      ...before,
      withdrawn: before.withdrawn + 1,
      pending: before.pending - 1,
    });
    expect(after.purchased + after.expired + after.withdrawn + after.pending).toBe(after.added);
  });

  it("never lets a withdrawal and a verification of the same referral both win", async ({ app, admin, uniqueName }) => {
    for (let round = 0; round < 4; round++) {
      const { client, customerId, referral } = await customerWithReferral(app, uniqueName("Race"));
      const [withdrawal, verification] = await Promise.all([
        client.post(`/api/referrals/${referral.id}/withdraw`),
        admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100.00" }),
      ]);
      const stored = await app.db.referral.findUniqueOrThrow({ where: { id: referral.id } });
      const credits = await app.db.creditLedgerEntry.count({ where: { customerId } });
      if (withdrawal.status === 200) {
        expect(verification.status).toBe(409);
        expect(verification.text).toBe(PURCHASE_MESSAGES.withdrawn);
        expect(stored.status).toBe("WITHDRAWN");
        expect(credits).toBe(0);
      } else {
        expect(withdrawal.status).toBe(409);
        expect(withdrawal.text).toBe(REFERRAL_CHANGE_REFUSALS.purchased);
        expect(verification.status).toBe(200);
        expect(stored).toMatchObject({ status: "PURCHASED", name: "Anna Friend" });
        expect(credits).toBe(1);
      }
    }
  });
});
