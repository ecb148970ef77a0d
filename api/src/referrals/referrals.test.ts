import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { databaseState } from "../../test/databaseState.ts";
import { it } from "../../test/fixtures.ts";
import { cancelPurchase, insertActor, insertPurchase, insertReferral } from "../../test/rows.ts";
import { addCredit } from "../../test/scenarios.ts";
import { signedInAdmin, signedInCustomer } from "../../test/testApp.ts";
import { fillReferralName } from "../emails/templates.ts";
import { ageDisplay, daysRemaining, REFERRAL_REFUSALS } from "./service.ts";
import { normalisePhone, REFERRAL_MESSAGES } from "./validation.ts";

let counter = 0;
const nextName = (prefix: string) => `${prefix}${++counter}`;
/** A distinct valid UK mobile per call, as a person would type it. */
const typedMobile = () => `07400 ${String(200000 + ++counter).slice(-6)}`;
const e164 = (typed: string) => `+44${typed.replace(/\s/g, "").slice(1)}`;

const REFERRAL_KEYS = [
  "id",
  "name",
  "phone",
  "phoneDisplay",
  "email",
  "address",
  "customerId",
  "status",
  "statusDisplay",
  "channel",
  "recordedByName",
  "createdAt",
  "purchaseDate",
  "purchaseAmount",
  "creditEarned",
  "daysRemaining",
  "expiryDisplay",
  "cancellation",
].sort();

const ADD_MUTATION = `mutation Add($input: AddReferralInput!) {
  addReferral(input: $input) {
    __typename
    ... on MutationAddReferralSuccess { data { referral { id name phone status } activity { type description } } }
    ... on Error { code message }
  }
}`;

describe("adding a referral (POST /api/referrals)", () => {
  it("adds it for the signed-in customer with the spec's fields, normalised, and queues the activity and email", async ({
    app,
  }) => {
    const { client, customerId, userId } = await signedInCustomer(app, nextName("Adder"));
    const response = await client.post("/api/referrals", {
      name: "  Jane   Smith ",
      phone: "+44 (0)7400 123456".replace("(0)", ""),
      email: " Jane.Smith@Example.COM ",
      address: "1 High Street, London",
      customerId,
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(REFERRAL_KEYS);
    expect(response.body).toMatchObject({
      name: "Jane Smith",
      phone: "+447400123456",
      phoneDisplay: "07400 123456",
      email: "jane.smith@example.com",
      address: "1 High Street, London",
      customerId,
      status: "pending",
      statusDisplay: "Pending",
      purchaseDate: null,
      purchaseAmount: null,
      creditEarned: null,
      daysRemaining: 90,
    });
    const stored = await app.db.referral.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(90 * 24 * 60 * 60 * 1000);

    const activities = await client.get("/api/activities");
    expect(activities.status).toBe(200);
    expect(activities.body[0]).toEqual({
      id: expect.any(Number),
      type: "referral_added",
      description: "Referral added: Jane Smith",
      amount: null,
      createdAt: expect.any(String),
    });
    expect(activities.body.map((a: { type: string }) => a.type)).toEqual(["referral_added", "registration"]);
    const alert = await app.db.email.findFirst({ where: { userId, type: "NEW_REFERRAL_ALERT" } });
    // The stored email holds a placeholder, filled in with the referral's name when it is sent.
    expect(alert?.textBody).not.toContain("Jane Smith");
    expect(fillReferralName(alert?.textBody ?? "", "Jane Smith", false)).toContain("Jane Smith has been added");
  });

  it("lists the customer's referrals newest first (GET /api/referrals), and only theirs", async ({ app }) => {
    const { client } = await signedInCustomer(app, nextName("Lister"));
    const other = await signedInCustomer(app, nextName("Other"));
    await other.client.post("/api/referrals", { name: "Not Mine", phone: typedMobile() });
    for (const name of ["First", "Second", "Third"]) {
      expect((await client.post("/api/referrals", { name, phone: typedMobile() })).status).toBe(200);
    }
    const list = await client.get("/api/referrals");
    expect(list.status).toBe(200);
    expect(list.body.map((r: { name: string }) => r.name)).toEqual(["Third", "Second", "First"]);
    for (const referral of list.body) expect(Object.keys(referral).sort()).toEqual(REFERRAL_KEYS);
  });

  // Each refusal with the message the person reads.
  const says = REFERRAL_MESSAGES;
  it.for<[string, Record<string, unknown>, string]>([
    ["a blank name, before anything else", { name: " ", phone: "", email: "bad" }, says.nameRequired],
    ["a missing phone", { name: "Ann", phone: "" }, says.phoneRequired],
    ["a UK number one digit short", { name: "Ann", phone: "07400 12345" }, says.phoneInvalid],
    ["a French number in its national form (read as UK)", { name: "Ann", phone: "06 12 34 56 78" }, says.phoneInvalid],
    [
      "an international number that is not valid",
      { name: "Ann", phone: "+33 6 12 34 56" },
      says.phoneInvalidInternational,
    ],
    ["a phone that is not a number at all", { name: "Ann", phone: "call me", email: "bad" }, says.phoneInvalid],
    ["an invalid email", { name: "Ann", phone: "07400 999001", email: "not-an-email" }, says.emailInvalid],
    ["an over-long address", { name: "Ann", phone: "07400 999001", address: "x".repeat(501) }, says.addressTooLong],
    ["a name with a bidi override", { name: "Bidi \u202Eevil", phone: "07400 999001" }, says.nameNotAllowed],
    ["a name with a control character", { name: "Ctl\u0007x", phone: "07400 999001" }, says.nameNotAllowed],
    ["a name with a lone surrogate", { name: "Ann \uD800", phone: "07400 999001" }, says.nameNotAllowed],
    ["a name with a line break", { name: "Ann\nSmith", phone: "07400 999001" }, says.nameNotAllowed],
    ["a name of 101 characters", { name: "x".repeat(101), phone: "07400 999001" }, says.nameTooLong],
    ["a name of 100 KB", { name: "x".repeat(100_000), phone: "07400 999001" }, says.nameTooLong],
    ["a name that is not text", { name: { first: "Ann" }, phone: "07400 999001" }, "name must be text"],
    [
      "an email that is not text",
      { name: "Ann", phone: "07400 999001", email: ["a@example.com"] },
      "email must be text",
    ],
    [
      "an address with an isolate",
      { name: "Ann", phone: "07400 999001", address: "1 High St \u2067x\u2069" },
      says.addressNotAllowed,
    ],
    ["a phone with a NUL", { name: "Ann", phone: "07400 999001\u0000" }, says.phoneInvalid],
  ])("refuses %s with 400 and changes nothing", async ([_label, body, message], { app }) => {
    const { client, userId } = await signedInCustomer(app, nextName("Invalid"));
    const before = await databaseState(app);
    const response = await client.post("/api/referrals", body);
    expect(response.status).toBe(400);
    expect(response.text).toBe(message);
    expect(await databaseState(app)).toEqual(before);
    expect(await app.db.email.count({ where: { userId, type: "NEW_REFERRAL_ALERT" } })).toBe(0);
  });

  it("accepts a name of 100 characters (an emoji is one) and a multi-line address", async ({ app }) => {
    const { client } = await signedInCustomer(app, nextName("Limits"));
    const name = `${"x".repeat(98)}😀y`;
    const response = await client.post("/api/referrals", {
      name,
      phone: typedMobile(),
      address: "1 High Street\r\n\tLondon",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name, address: "1 High Street\r\n\tLondon" });
  });

  it("refuses the issue's names on GraphQL as a ValidationError on the name field", async ({ app }) => {
    const { client } = await signedInCustomer(app, nextName("GqlBidi"));
    const before = await databaseState(app);
    for (const name of ["Bidi \u202Eevil", "Ctl\u0007x"]) {
      const result = await client.graphql(
        "mutation Add($input: AddReferralInput!) { addReferral(input: $input) { __typename ... on Error { code message } ... on ValidationError { field } } }",
        { input: { name, phone: typedMobile() } },
      );
      expect(result.data.addReferral).toEqual({
        __typename: "ValidationError",
        code: "BAD_INPUT",
        message: REFERRAL_MESSAGES.nameNotAllowed,
        field: "name",
      });
    }
    expect(await databaseState(app)).toEqual(before);
  });

  it("accepts a referral without email or address", async ({ app }) => {
    const { client } = await signedInCustomer(app, nextName("Minimal"));
    const response = await client.post("/api/referrals", {
      name: "Only Phone",
      phone: "020 7946 0958",
      email: "",
      address: "",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      phone: "+442079460958",
      phoneDisplay: "020 7946 0958",
      email: null,
      address: null,
    });
  });

  it("writes each phone as people read it beside the stored one, on GraphQL and REST alike, and nothing once erased", async ({
    app,
  }) => {
    const { client } = await signedInCustomer(app, nextName("Shown"));
    const french = await client.post("/api/referrals", { name: "Amelie Laurent", phone: "0033 6 12 34 56 78" });
    expect(french.body).toMatchObject({ phone: "+33612345678", phoneDisplay: "+33 6 12 34 56 78" });
    await client.post("/api/referrals", { name: "Grace Lee", phone: "+44 20 7946 0959" });
    const read = await client.graphql(
      "{ viewer { customer { referrals(first: 5) { edges { node { name phoneDisplay } } } } } }",
    );
    expect(read.data.viewer.customer.referrals.edges.map(({ node }: any) => node)).toEqual([
      { name: "Grace Lee", phoneDisplay: "020 7946 0959" },
      { name: "Amelie Laurent", phoneDisplay: "+33 6 12 34 56 78" },
    ]);
    const withdrawn = await client.post(`/api/referrals/${french.body.id}/withdraw`, {});
    expect(withdrawn.body).toMatchObject({ status: "withdrawn", phone: null, phoneDisplay: null });
  });

  it("refuses the signed out (401), customers without a verified profile (403) and another customer's id (403)", async ({
    app,
  }) => {
    const body = { name: "Someone", phone: typedMobile() };
    expect((await app.client().post("/api/referrals", body)).status).toBe(401);

    const noProfile = app.client();
    await noProfile.register(nextName("NoProfile"));
    const refusedNoProfile = await noProfile.post("/api/referrals", body);
    expect(refusedNoProfile.status).toBe(403);
    expect(refusedNoProfile.text).toBe(REFERRAL_REFUSALS.noProfile);

    const pending = await signedInCustomer(app, nextName("Pending"), { verified: false });
    const refusedPending = await pending.client.post("/api/referrals", body);
    expect(refusedPending.status).toBe(403);
    expect(refusedPending.text).toBe(REFERRAL_REFUSALS.notVerified);

    const rejected = await signedInCustomer(app, nextName("Rejected"), { verified: false });
    await app.db.customerProfile.update({
      where: { id: rejected.customerId },
      data: { status: "REJECTED", rejectionReason: "No" },
    });
    expect((await rejected.client.post("/api/referrals", body)).status).toBe(403);

    const mine = await signedInCustomer(app, nextName("Mine"));
    const theirs = await signedInCustomer(app, nextName("Theirs"));
    const before = await databaseState(app);
    for (const customerId of [theirs.customerId, String(theirs.customerId), "garbage", 999_999]) {
      const refused = await mine.client.post("/api/referrals", { ...body, customerId });
      expect(refused.status, String(customerId)).toBe(403);
      expect(refused.text).toBe(REFERRAL_REFUSALS.notYourAccount);
    }
    expect(await databaseState(app)).toEqual(before);
    const own = await mine.client.post("/api/referrals", { ...body, customerId: String(mine.customerId) });
    expect(own.status).toBe(200);
    expect(own.body.customerId).toBe(mine.customerId);
  });

  it("answers typed errors on GraphQL and accepts the customer's own global id", async ({ app }) => {
    const { client } = await signedInCustomer(app, nextName("Typed"));
    const other = await signedInCustomer(app, nextName("TypedOther"));
    const ownId = (await client.graphql("{ viewer { customer { id } } }")).data.viewer.customer.id;
    const otherId = (await other.client.graphql("{ viewer { customer { id } } }")).data.viewer.customer.id;
    const phone = typedMobile();

    const invalid = await client.graphql(ADD_MUTATION, { input: { name: "", phone } });
    expect(invalid.data.addReferral).toEqual({
      __typename: "ValidationError",
      code: "BAD_INPUT",
      message: REFERRAL_MESSAGES.nameRequired,
    });
    const forbidden = await client.graphql(ADD_MUTATION, { input: { name: "X", phone, customerId: otherId } });
    expect(forbidden.data.addReferral).toEqual({
      __typename: "ForbiddenError",
      code: "FORBIDDEN",
      message: REFERRAL_REFUSALS.notYourAccount,
    });
    const added = await client.graphql(ADD_MUTATION, { input: { name: "Gql Friend", phone, customerId: ownId } });
    expect(added.data.addReferral).toMatchObject({
      __typename: "MutationAddReferralSuccess",
      data: {
        referral: { name: "Gql Friend", phone: e164(phone), status: "PENDING" },
        activity: { type: "REFERRAL_ADDED", description: "Referral added: Gql Friend" },
      },
    });
    const duplicate = await client.graphql(ADD_MUTATION, { input: { name: "Again", phone } });
    expect(duplicate.data.addReferral).toEqual({
      __typename: "ConflictError",
      code: "CONFLICT",
      message: REFERRAL_REFUSALS.phoneReferredByYou,
    });
    const signedOut = await app.client().graphql(ADD_MUTATION, { input: { name: "X", phone: typedMobile() } });
    expect(signedOut.data.addReferral.__typename).toBe("NotAuthenticatedError");
  });
});

describe("one person is referred once", () => {
  it("refuses the same phone however it is written, saying whose referral it is", async ({ app }) => {
    const alice = await signedInCustomer(app, nextName("PhoneA"));
    const bob = await signedInCustomer(app, nextName("PhoneB"));
    expect((await alice.client.post("/api/referrals", { name: "Pat", phone: "07400 555001" })).status).toBe(200);
    for (const written of ["+44 7400 555001", "0044 7400-555001", "(07400) 555 001"]) {
      const again = await alice.client.post("/api/referrals", { name: "Pat", phone: written });
      expect(again.status, written).toBe(409);
      expect(again.text).toBe(REFERRAL_REFUSALS.phoneReferredByYou);
      const byBob = await bob.client.post("/api/referrals", { name: "Pat", phone: written });
      expect(byBob.status, written).toBe(409);
      expect(byBob.text).toBe(REFERRAL_REFUSALS.phoneReferredByOther);
    }
  });

  it("refuses the same email in any case, on a pending or purchased referral of anyone", async ({ app }) => {
    const alice = await signedInCustomer(app, nextName("MailA"));
    const bob = await signedInCustomer(app, nextName("MailB"));
    // The same friend each time, on a fresh phone, so that only the email can match.
    const sam = (email: string) => ({ name: "Sam", phone: typedMobile(), email });
    expect((await alice.client.post("/api/referrals", sam("sam@example.org"))).status).toBe(200);
    const mine = await alice.client.post("/api/referrals", sam("SAM@example.org"));
    expect(mine.status).toBe(409);
    expect(mine.text).toBe(REFERRAL_REFUSALS.emailReferredByYou);
    const theirs = await bob.client.post("/api/referrals", sam("Sam@Example.org"));
    expect(theirs.status).toBe(409);
    expect(theirs.text).toBe(REFERRAL_REFUSALS.emailReferredByOther);

    const actorId = await insertActor(app.db);
    const purchased = await addCredit(app, alice.customerId, 1_100, {
      amountPence: 10_000,
      actorId,
      referral: { email: "bought@example.org" },
    });
    const onPurchased = await bob.client.post("/api/referrals", { ...sam("bought@example.org"), name: "Buyer" });
    expect(onPurchased.status).toBe(409);
    expect(onPurchased.text).toBe(REFERRAL_REFUSALS.emailReferredByOther);
    const onPurchasedPhone = await bob.client.post("/api/referrals", { name: "Buyer", phone: purchased.phone });
    expect(onPurchasedPhone.status).toBe(409);
  });

  it("allows a person again once their earlier referral has expired", async ({ app }) => {
    const alice = await signedInCustomer(app, nextName("Expired"));
    const expired = await insertReferral(app.db, alice.customerId, { status: "EXPIRED", email: "late@example.org" });
    const again = await alice.client.post("/api/referrals", {
      name: "Late",
      phone: expired.phone!,
      email: "late@example.org",
    });
    expect(again.status).toBe(200);
  });

  it("refuses an existing customer's email and the referrer's own", async ({ app }) => {
    const alice = await signedInCustomer(app, nextName("Self"));
    const carol = await signedInCustomer(app, nextName("Carol"));
    const carolEmail = (await app.db.user.findUniqueOrThrow({ where: { id: carol.userId } })).email;
    const aliceEmail = (await app.db.user.findUniqueOrThrow({ where: { id: alice.userId } })).email;
    const before = await databaseState(app);

    const self = await alice.client.post("/api/referrals", {
      name: "Me",
      phone: typedMobile(),
      email: aliceEmail.toUpperCase(),
    });
    expect(self.status).toBe(409);
    expect(self.text).toBe(REFERRAL_REFUSALS.selfEmail);
    const customer = await alice.client.post("/api/referrals", {
      name: "Carol",
      phone: typedMobile(),
      email: carolEmail,
    });
    expect(customer.status).toBe(409);
    expect(customer.text).toBe(REFERRAL_REFUSALS.emailReferredByOther);
    expect(await databaseState(app)).toEqual(before);
  });

  it("lets exactly one of many simultaneous referrals of one person through", async ({ app }) => {
    const customers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signedInCustomer(app, nextName(`Racer${i}x`))),
    );
    const phone = typedMobile();
    const responses = await Promise.all(
      customers.map(({ client }) =>
        client.post("/api/referrals", { name: "Popular", phone, email: "popular@example.org" }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await app.db.referral.count({ where: { phone: e164(phone) } })).toBe(1);
    expect(await app.db.activity.count({ where: { type: "REFERRAL_ADDED", referral: { phone: e164(phone) } } })).toBe(
      1,
    );
  });
});

describe("referral status, expiry and purchase", () => {
  it("shows the live purchase and its credit once purchased, nothing after a cancellation, and expiry", async ({
    app,
  }) => {
    const { client, customerId } = await signedInCustomer(app, nextName("Status"));
    const actorId = await insertActor(app.db);
    const verifiedAt = new Date("2026-01-15T10:00:00.000Z");
    const purchased = await addCredit(app, customerId, 13_580, {
      amountPence: 123_456,
      actorId,
      verifiedAt,
      referral: { name: "Buyer" },
    });
    const cancelled = await insertReferral(app.db, customerId, { name: "Returner" });
    const { purchaseId } = await insertPurchase(app.db, {
      referralId: cancelled.id,
      customerId,
      amountPence: 5_000,
      creditPence: 550,
      actorId,
    });
    await cancelPurchase(app.db, { purchaseId, actorId });
    const expired = await insertReferral(app.db, customerId, {
      name: "Gone",
      status: "EXPIRED",
      createdAt: new Date(Date.now() - 100 * 86_400_000),
    });
    await app.db.referral.update({
      where: { id: expired.id },
      data: { name: null, phone: null, email: null, address: null, erasedAt: new Date() },
    });

    const byId = new Map<number, any>((await client.get("/api/referrals")).body.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(purchased.id)).toMatchObject({
      status: "purchased",
      statusDisplay: "Purchased",
      purchaseAmount: "1234.56",
      creditEarned: "135.80",
      purchaseDate: verifiedAt.toISOString(),
      daysRemaining: null,
      expiryDisplay: null,
    });
    expect(byId.get(cancelled.id)).toMatchObject({
      status: "pending",
      purchaseAmount: null,
      creditEarned: null,
      purchaseDate: null,
      daysRemaining: 90,
      expiryDisplay: "90 days left",
    });
    expect(byId.get(expired.id)).toMatchObject({
      status: "expired",
      statusDisplay: "Expired",
      daysRemaining: 0,
      expiryDisplay: "Expired after 90 days without a purchase · details erased",
      name: null,
      phone: null,
    });
    expect((await client.get("/api/customer/profile")).body.currentCredits).toBe("135.80");

    const gql = await client.graphql(
      `query($id: ID!) { node(id: $id) { ... on Referral { status purchaseAmount { pence } creditEarned { pence } ageInDays ageDisplay } } }`,
      {
        id: (
          await client.graphql(`{ viewer { customer { referrals(first: 10) { edges { node { id databaseId } } } } } }`)
        ).data.viewer.customer.referrals.edges.find((e: any) => e.node.databaseId === purchased.id).node.id,
      },
    );
    expect(gql.data.node).toEqual({
      status: "PURCHASED",
      purchaseAmount: { pence: 123_456 },
      creditEarned: { pence: 13_580 },
      ageInDays: 0,
      ageDisplay: "Today",
    });
  });

  it("counts days remaining down to the 90th day", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const at = (days: number) => new Date(now.getTime() + days * 86_400_000);
    expect(daysRemaining({ status: "PENDING", expiresAt: at(90) }, now)).toBe(90);
    expect(daysRemaining({ status: "PENDING", expiresAt: at(89.5) }, now)).toBe(90);
    expect(daysRemaining({ status: "PENDING", expiresAt: at(0.1) }, now)).toBe(1);
    expect(daysRemaining({ status: "PENDING", expiresAt: at(-1) }, now)).toBe(0);
    expect(daysRemaining({ status: "EXPIRED", expiresAt: at(10) }, now)).toBe(0);
    expect(daysRemaining({ status: "PURCHASED", expiresAt: at(10) }, now)).toBeNull();
  });

  it("describes ages as the spec does", () => {
    expect([0, 1, 2, 6, 7, 13, 14, 29, 30, 59, 60, 365].map(ageDisplay)).toEqual([
      "Today",
      "Yesterday",
      "2 days ago",
      "6 days ago",
      "1 week ago",
      "1 week ago",
      "2 weeks ago",
      "4 weeks ago",
      "1 month ago",
      "1 month ago",
      "2 months ago",
      "12 months ago",
    ]);
  });
});

describe("phone numbers", () => {
  it.each([
    ["07400 123456", "+447400123456"],
    ["+44 7400 123456", "+447400123456"],
    ["0044 7400 123456", "+447400123456"],
    ["447400123456", "+447400123456"],
    ["07400-123-456", "+447400123456"],
    ["020 7946 0958", "+442079460958"],
    ["(0161) 496 0000", "+441614960000"],
    // Any other country in international form.
    ["+33 6 12 34 56 78", "+33612345678"],
    ["0033 6 12 34 56 78", "+33612345678"],
    ["+33 1 23 45 67 89", "+33123456789"],
    ["+1 202 555 0123", "+12025550123"],
    ["+49 1512 3456789", "+4915123456789"],
    ["+353 85 123 4567", "+353851234567"],
  ])("normalises %j to %j", (typed, expected) => {
    expect(normalisePhone(typed)).toBe(expected);
  });

  it.each(["12345", "07400 12345", "0740012345678", "phone", "06 12 34 56 78", "+33 6 12 34 56", "+999 123 456 789"])(
    "refuses %j",
    (typed) => {
      expect(normalisePhone(typed)).toBeNull();
    },
  );

  it("adds a friend abroad in E.164 and refuses them again in any other form, by anyone", async ({ app }) => {
    const { client } = await signedInCustomer(app, nextName("Abroad"));
    const other = await signedInCustomer(app, nextName("AbroadOther"));
    const added = await client.post("/api/referrals", { name: "Amelie Martin", phone: "+33 6 98 76 54 32" });
    expect(added.status).toBe(200);
    expect(added.body.phone).toBe("+33698765432");
    const gql = await client.graphql(ADD_MUTATION, { input: { name: "Same Again", phone: "0033 698 765 432" } });
    expect(gql.data.addReferral).toEqual({
      __typename: "ConflictError",
      code: "CONFLICT",
      message: REFERRAL_REFUSALS.phoneReferredByYou,
    });
    const byOther = await other.client.post("/api/referrals", { name: "Amelie M", phone: "+33698765432" });
    expect(byOther.status).toBe(409);
    expect(byOther.text).toBe(REFERRAL_REFUSALS.phoneReferredByOther);
    // A UK number typed as before still works, and is one person in either form.
    const uk = typedMobile();
    expect((await client.post("/api/referrals", { name: "Uk Friend", phone: uk })).body.phone).toBe(e164(uk));
    const ukAgain = await other.client.post("/api/referrals", { name: "Uk Friend", phone: e164(uk) });
    expect(ukAgain.text).toBe(REFERRAL_REFUSALS.phoneReferredByOther);
  });
});

describe("authorization", () => {
  it("refuses customer A customer B's referral and activity by global id; admins may read them", async ({ app }) => {
    const alice = await signedInCustomer(app, nextName("NodeA"));
    const bob = await signedInCustomer(app, nextName("NodeB"));
    const added = await bob.client.graphql(ADD_MUTATION, {
      input: { name: "Bob's Friend", phone: typedMobile(), email: "bobs.friend@example.org" },
    });
    const referralId = added.data.addReferral.data.referral.id as string;
    const activityId = (
      await bob.client.graphql("{ viewer { customer { activities(first: 1) { edges { node { id } } } } } }")
    ).data.viewer.customer.activities.edges[0].node.id as string;

    for (const id of [referralId, activityId]) {
      const stolen = await alice.client.graphql(
        `query($id: ID!) { node(id: $id) { id ... on Referral { name phone email } ... on Activity { description } } }`,
        { id },
      );
      expect(stolen.data?.node ?? null).toBeNull();
      expect(stolen.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
      expect(JSON.stringify(stolen)).not.toContain("Bob's Friend");
      const viaNodes = await alice.client.graphql(
        `query($id: ID!) { nodes(ids: [$id]) { ... on Referral { name } ... on Activity { description } } }`,
        { id },
      );
      expect(viaNodes.data?.nodes?.[0] ?? null).toBeNull();
      expect(JSON.stringify(viaNodes)).not.toContain("Bob's Friend");
      const own = await bob.client.graphql(`query($id: ID!) { node(id: $id) { id } }`, { id });
      expect(own.data.node).toEqual({ id });
    }

    // Through the referral's customer field, too: the customer type refuses a non-owner.
    const viaCustomer = await alice.client.graphql(
      `query($id: ID!) { node(id: $id) { ... on Referral { customer { contractNumber } } } }`,
      { id: referralId },
    );
    expect(JSON.stringify(viaCustomer.data ?? {})).not.toContain("HNG-");

    const admin = await signedInAdmin(app, nextName("admin"));
    const asAdmin = await admin.graphql(
      `query($id: ID!) { node(id: $id) { ... on Referral { name customer { databaseId } } } }`,
      { id: referralId },
    );
    expect(asAdmin.errors).toBeUndefined();
    expect(asAdmin.data.node).toEqual({ name: "Bob's Friend", customer: { databaseId: bob.customerId } });
  });

  it("refuses a pending customer their own activity by global id", async ({ app }) => {
    const pending = await signedInCustomer(app, nextName("PendingNode"), { verified: false });
    const activity = await app.db.activity.findFirstOrThrow({ where: { customerId: pending.customerId } });
    const result = await pending.client.graphql(
      `query($id: ID!) { node(id: $id) { ... on Activity { description } } }`,
      {
        id: encodeGlobalID("Activity", activity.id),
      },
    );
    expect(result.data?.node ?? null).toBeNull();
    expect(result.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(JSON.stringify(result)).not.toContain("Registration submitted");
  });
});
