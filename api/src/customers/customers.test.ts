import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertActor, insertMilestonePayment, insertPurchase, insertReferral } from "../../test/rows.ts";
import { signedInAdmin, signedInCustomer, type TestApp } from "../../test/testApp.ts";
import { VERIFIED_ONLY_MESSAGE } from "./access.ts";
import { normaliseUkPostcode, REGISTRATION_MESSAGES } from "./validation.ts";

let userCounter = 0;
const nextName = (prefix: string) => `${prefix}${++userCounter}`;

const VALID = { originalPurchaseAmount: "120.00", postcode: "SW1A 1AA", contractNumber: "HNG-001" };

const REGISTER_MUTATION = `mutation Register($input: CompleteRegistrationInput!) {
  completeRegistration(input: $input) {
    __typename
    ... on MutationCompleteRegistrationSuccess { data { id databaseId status originalPurchaseAmount { pence pounds } postcode } }
    ... on Error { code message }
    ... on ValidationError { field }
  }
}`;

const PROFILE_KEYS = [
  "id",
  "isVerified",
  "status",
  "rejectionReason",
  "originalPurchaseAmount",
  "currentCredits",
  "creditsPaid",
  "progressPercentage",
  "remainingToTarget",
  "postcode",
  "contractNumber",
  "milestone33Paid",
  "milestone66Paid",
  "milestone100Paid",
  "refundIssued",
  "termsAcceptedAt",
  "verifiedAt",
  "createdAt",
].sort();

async function countsFor(app: TestApp, userId: number) {
  const [profiles, emails, activities] = await Promise.all([
    app.db.customerProfile.count({ where: { userId } }),
    // The sign-up's confirmation link is not the registration's doing.
    app.db.email.count({ where: { userId, type: { not: "EMAIL_CONFIRMATION" } } }),
    app.db.activity.count({ where: { customer: { userId } } }),
  ]);
  return { profiles, emails, activities };
}

describe("complete registration (POST /api/customer/register)", () => {
  it("creates a pending profile with the spec's fields, records the terms, and queues the activity and email", async ({
    app,
  }) => {
    const client = app.client();
    const user = await client.register(nextName("Reg"));
    const before = Date.now();
    const response = await client.post("/api/customer/register", {
      originalPurchaseAmount: "120.5",
      postcode: "sw1a1aa",
      contractNumber: "  HNG-123  ",
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(PROFILE_KEYS);
    expect(response.body).toMatchObject({
      isVerified: false,
      status: "pending",
      rejectionReason: null,
      originalPurchaseAmount: "120.50",
      currentCredits: "0.00",
      creditsPaid: "0.00",
      progressPercentage: 0,
      remainingToTarget: "120.50",
      postcode: "SW1A 1AA",
      contractNumber: "HNG-123",
      milestone33Paid: false,
      milestone66Paid: false,
      milestone100Paid: false,
      refundIssued: false,
      verifiedAt: null,
    });
    const stored = await app.db.customerProfile.findUniqueOrThrow({ where: { userId: user.id } });
    expect(stored.originalPurchaseAmountPence).toBe(12050);
    expect(stored.status).toBe("PENDING");
    expect(stored.termsAcceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(response.body.id).toBe(stored.id);

    const activities = await app.db.activity.findMany({ where: { customerId: stored.id } });
    expect(activities.map((a) => a.type)).toEqual(["REGISTRATION"]);
    const emails = await app.db.email.findMany({ where: { userId: user.id, type: { not: "EMAIL_CONFIRMATION" } } });
    expect(emails.map((e) => e.type)).toEqual(["REGISTRATION_CONFIRMATION"]);
    expect(emails[0]?.toAddress).toBe(`${user.username.toLowerCase()}@example.com`);

    const profile = await client.get("/api/customer/profile");
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual(response.body);
  });

  it.for<[string, Record<string, unknown>, string]>([
    [
      "everything blank: the amount first",
      { originalPurchaseAmount: "", postcode: "", contractNumber: "" },
      REGISTRATION_MESSAGES.invalidAmount,
    ],
    [
      "bad amount and blank postcode: the amount first",
      { originalPurchaseAmount: "abc", postcode: "", contractNumber: "" },
      REGISTRATION_MESSAGES.invalidAmount,
    ],
    [
      "blank postcode and contract: the postcode first",
      { ...VALID, postcode: "  ", contractNumber: "" },
      REGISTRATION_MESSAGES.missingPostcode,
    ],
    ["blank contract number", { ...VALID, contractNumber: "   " }, REGISTRATION_MESSAGES.missingContractNumber],
    ["a postcode that is not a UK one", { ...VALID, postcode: "12345" }, REGISTRATION_MESSAGES.invalidPostcode],
    [
      "an over-long contract number",
      { ...VALID, contractNumber: "x".repeat(65) },
      REGISTRATION_MESSAGES.contractNumberTooLong,
    ],
    ["terms explicitly not accepted", { ...VALID, termsAccepted: false }, REGISTRATION_MESSAGES.termsRequired],
  ])("refuses %s with 400 and the spec's message, changing nothing", async ([_label, body, message], { app }) => {
    const client = app.client();
    const user = await client.register(nextName("Bad"));
    const response = await client.post("/api/customer/register", body);
    expect(response.status).toBe(400);
    expect(response.text).toBe(message);
    expect(await countsFor(app, user.id)).toEqual({ profiles: 0, emails: 0, activities: 0 });
  });

  it("checks the spec's messages word for word", () => {
    expect(REGISTRATION_MESSAGES.invalidAmount).toBe("Invalid Amount: Please enter a valid purchase amount.");
    expect(REGISTRATION_MESSAGES.missingPostcode).toBe("Missing Postcode: Please enter your postcode.");
    expect(REGISTRATION_MESSAGES.missingContractNumber).toBe(
      "Missing Contract Number: Please enter your contract number.",
    );
    expect(REGISTRATION_MESSAGES.termsRequired).toBe(
      "Terms Required: Please accept the Terms and Conditions to continue.",
    );
  });

  it("on GraphQL: typed ValidationErrors naming the field, in the same order, with terms last", async ({ app }) => {
    const client = app.client();
    await client.register(nextName("Gql"));
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { originalPurchaseAmount: "0", postcode: "", contractNumber: "", termsAccepted: false },
        REGISTRATION_MESSAGES.invalidAmount,
        "originalPurchaseAmount",
      ],
      [
        { originalPurchaseAmount: "10", postcode: "", contractNumber: "", termsAccepted: false },
        REGISTRATION_MESSAGES.missingPostcode,
        "postcode",
      ],
      [
        { originalPurchaseAmount: "10", postcode: "M1 1AE", contractNumber: "", termsAccepted: false },
        REGISTRATION_MESSAGES.missingContractNumber,
        "contractNumber",
      ],
      [
        { originalPurchaseAmount: "10", postcode: "M1 1AE", contractNumber: "C1", termsAccepted: false },
        REGISTRATION_MESSAGES.termsRequired,
        "termsAccepted",
      ],
    ];
    for (const [input, message, field] of cases) {
      const result = await client.graphql(REGISTER_MUTATION, { input });
      expect(result.errors).toBeUndefined();
      expect(result.data.completeRegistration).toEqual({
        __typename: "ValidationError",
        code: "BAD_INPUT",
        message,
        field,
      });
    }
    const ok = await client.graphql(REGISTER_MUTATION, {
      input: { originalPurchaseAmount: "10", postcode: "m11ae", contractNumber: "C1", termsAccepted: true },
    });
    expect(ok.data.completeRegistration.__typename).toBe("MutationCompleteRegistrationSuccess");
    expect(ok.data.completeRegistration.data).toMatchObject({
      status: "PENDING",
      postcode: "M1 1AE",
      originalPurchaseAmount: { pence: 1000, pounds: "10.00" },
    });
  });

  it.for<[string, number]>([
    ["0.1", 10],
    ["0.01", 1],
    ["1234.56", 123456],
    ["120", 12000],
    ["120.5", 12050],
    ["1,234.56", 123456],
    ["£99.99", 9999],
    [" 42.10 ", 4210],
    ["10000000", 1_000_000_000],
    ["10000000.00", 1_000_000_000],
  ])("parses %j to exactly %i pence", async ([amount, pence], { app }) => {
    const client = app.client();
    const user = await client.register(nextName("Amt"));
    const response = await client.post("/api/customer/register", { ...VALID, originalPurchaseAmount: amount });
    expect(response.status).toBe(200);
    const stored = await app.db.customerProfile.findUniqueOrThrow({ where: { userId: user.id } });
    expect(stored.originalPurchaseAmountPence).toBe(pence);
  });

  it.for<[string, string]>([
    ["10.005", REGISTRATION_MESSAGES.amountTooPrecise],
    ["0.001", REGISTRATION_MESSAGES.amountTooPrecise],
    ["10000000.01", REGISTRATION_MESSAGES.amountTooLarge],
    ["99999999999999", REGISTRATION_MESSAGES.amountTooLarge],
    ["0", REGISTRATION_MESSAGES.invalidAmount],
    ["0.00", REGISTRATION_MESSAGES.invalidAmount],
    ["-5", REGISTRATION_MESSAGES.invalidAmount],
    ["-0.01", REGISTRATION_MESSAGES.invalidAmount],
    ["abc", REGISTRATION_MESSAGES.invalidAmount],
    ["12abc", REGISTRATION_MESSAGES.invalidAmount],
    ["1e5", REGISTRATION_MESSAGES.invalidAmount],
    ["NaN", REGISTRATION_MESSAGES.invalidAmount],
    ["", REGISTRATION_MESSAGES.invalidAmount],
  ])("refuses the amount %j with 400: %s", async ([amount, message], { app }) => {
    const client = app.client();
    const user = await client.register(nextName("Neg"));
    const response = await client.post("/api/customer/register", { ...VALID, originalPurchaseAmount: amount });
    expect(response.status).toBe(400);
    expect(response.text).toBe(message);
    expect(await countsFor(app, user.id)).toEqual({ profiles: 0, emails: 0, activities: 0 });
  });

  it("accepts the amount sent as a JSON number", async ({ app }) => {
    const client = app.client();
    const user = await client.register(nextName("Num"));
    expect((await client.post("/api/customer/register", { ...VALID, originalPurchaseAmount: 120.5 })).status).toBe(200);
    expect(
      (await app.db.customerProfile.findUniqueOrThrow({ where: { userId: user.id } })).originalPurchaseAmountPence,
    ).toBe(12050);
  });

  it("refuses a second registration (409) and keeps one profile, also when two arrive at once", async ({ app }) => {
    const client = app.client();
    const user = await client.register(nextName("Twice"));
    const both = await Promise.all([
      client.post("/api/customer/register", VALID),
      client.post("/api/customer/register", { ...VALID, contractNumber: "HNG-2" }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.text).toBe(
      "Your registration has already been submitted and is awaiting review.",
    );
    const again = await client.post("/api/customer/register", VALID);
    expect(again.status).toBe(409);
    expect(await countsFor(app, user.id)).toEqual({ profiles: 1, emails: 1, activities: 1 });

    await app.db.customerProfile.update({ where: { userId: user.id }, data: { status: "VERIFIED" } });
    const verified = await client.post("/api/customer/register", VALID);
    expect(verified.status).toBe(409);
    expect(verified.text).toBe("Your registration is already complete and your account is verified.");
  });

  it("lets a rejected customer see the reason, correct the details and resubmit: pending again, reason cleared", async ({
    app,
  }) => {
    const client = app.client();
    const user = await client.register(nextName("Rejected"));
    await client.post("/api/customer/register", VALID);
    await app.db.customerProfile.update({
      where: { userId: user.id },
      data: { status: "REJECTED", rejectionReason: "The contract number does not match our records" },
    });
    const rejected = await client.get("/api/customer/profile");
    expect(rejected.body).toMatchObject({
      status: "rejected",
      isVerified: false,
      rejectionReason: "The contract number does not match our records",
    });

    const invalid = await client.post("/api/customer/register", { ...VALID, contractNumber: "" });
    expect(invalid.status).toBe(400);
    expect((await client.get("/api/customer/profile")).body.status).toBe("rejected");

    const fixed = { originalPurchaseAmount: "150", postcode: "ec1a1bb", contractNumber: "HNG-FIXED" };
    const resubmitted = await client.post("/api/customer/register", fixed);
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body).toMatchObject({
      status: "pending",
      rejectionReason: null,
      originalPurchaseAmount: "150.00",
      postcode: "EC1A 1BB",
      contractNumber: "HNG-FIXED",
    });
    expect(await countsFor(app, user.id)).toEqual({ profiles: 1, emails: 2, activities: 2 });
    expect((await client.post("/api/customer/register", VALID)).status).toBe(409);
  });

  it("refuses a signed-out caller with 401", async ({ app }) => {
    const response = await app.client().post("/api/customer/register", VALID);
    expect(response.status).toBe(401);
    const result = await app.client().graphql(REGISTER_MUTATION, { input: { ...VALID, termsAccepted: true } });
    expect(result.data.completeRegistration).toMatchObject({
      __typename: "NotAuthenticatedError",
      code: "UNAUTHENTICATED",
    });
  });
});

describe("postcodes", () => {
  it.each([
    ["sw1a1aa", "SW1A 1AA"],
    [" ec1a 1bb ", "EC1A 1BB"],
    ["m11ae", "M1 1AE"],
    ["B338TH", "B33 8TH"],
    ["cr2 6xh", "CR2 6XH"],
    ["DN551PT", "DN55 1PT"],
    ["w1a0ax", "W1A 0AX"],
    ["gir0aa", "GIR 0AA"],
  ])("normalises %j to %j", (input, expected) => {
    expect(normaliseUkPostcode(input)).toBe(expected);
  });

  it.each(["12345", "SW1A", "SW1A 1A", "QA1 1AA", "SW1A 1CA", "ABCDEFG", "SW1A-1AA!"])("refuses %j", (input) => {
    expect(normaliseUkPostcode(input)).toBeNull();
  });
});

describe("profile (GET /api/customer/profile and viewer.customer)", () => {
  it("answers 401 signed out and 404 'Customer profile not found' without a profile", async ({ app }) => {
    expect((await app.client().get("/api/customer/profile")).status).toBe(401);
    const client = app.client();
    await client.register(nextName("NoProfile"));
    const response = await client.get("/api/customer/profile");
    expect(response.status).toBe(404);
    expect(response.text).toBe("Customer profile not found");
    const result = await client.graphql("{ viewer { username customer { id } } }");
    expect(result.data.viewer.customer).toBeNull();
  });

  it("derives the figures from the ledger and the milestone payments: capped progress, remaining floored at 0, flags", async ({
    app,
  }) => {
    const { client, customerId } = await signedInCustomer(app, nextName("Figures"), {
      originalPurchaseAmount: "100.00",
    });
    const actorId = await insertActor(app.db);
    const first = await insertReferral(app.db, customerId);
    await insertPurchase(app.db, {
      referralId: first.id,
      customerId,
      amountPence: 30_000,
      creditPence: 3_300,
      actorId,
    });
    let profile = (await client.get("/api/customer/profile")).body;
    expect(profile).toMatchObject({
      isVerified: true,
      status: "verified",
      currentCredits: "33.00",
      creditsPaid: "0.00",
      progressPercentage: 33,
      remainingToTarget: "67.00",
    });

    const second = await insertReferral(app.db, customerId);
    await insertPurchase(app.db, {
      referralId: second.id,
      customerId,
      amountPence: 100_000,
      creditPence: 11_000,
      actorId,
    });
    await insertMilestonePayment(app.db, { customerId, milestone: "M33", amountPence: 3_300, actorId });
    await insertMilestonePayment(app.db, { customerId, milestone: "M66", amountPence: 3_300, actorId });
    await insertMilestonePayment(app.db, { customerId, milestone: "M100", amountPence: 3_400, actorId });
    profile = (await client.get("/api/customer/profile")).body;
    expect(profile).toMatchObject({
      currentCredits: "143.00",
      creditsPaid: "100.00",
      progressPercentage: 100,
      remainingToTarget: "0.00",
      milestone33Paid: true,
      milestone66Paid: true,
      milestone100Paid: true,
      refundIssued: true,
    });

    const gql = await client.graphql(`{ viewer { customer {
      isVerified status currentCredits { pence pounds formatted } creditsPaid { pence } progressPercentage remainingToTarget { pence } refundIssued
    } } }`);
    expect(gql.errors).toBeUndefined();
    expect(gql.data.viewer.customer).toEqual({
      isVerified: true,
      status: "VERIFIED",
      currentCredits: { pence: 14_300, pounds: "143.00", formatted: "£143.00" },
      creditsPaid: { pence: 10_000 },
      progressPercentage: 100,
      remainingToTarget: { pence: 0 },
      refundIssued: true,
    });
  });

  it("lets an unverified customer read their profile and nothing else (403 on the REST paths, FORBIDDEN on GraphQL)", async ({
    app,
  }) => {
    const { client } = await signedInCustomer(app, nextName("Pending"), { verified: false });
    expect((await client.get("/api/customer/profile")).body.status).toBe("pending");
    for (const path of ["/api/referrals", "/api/activities", "/api/customer/milestones"]) {
      const response = await client.get(path);
      expect(response.status, path).toBe(403);
      expect(response.text).toBe(VERIFIED_ONLY_MESSAGE);
    }
    const result = await client.graphql(`{ viewer { customer {
      status
      referrals(first: 5) { edges { node { id } } }
    } } }`);
    expect(result.errors?.[0]).toMatchObject({ message: VERIFIED_ONLY_MESSAGE, extensions: { code: "FORBIDDEN" } });
    for (const field of [
      "activities(first: 5) { edges { node { id } } }",
      "milestones { key }",
      "milestonePayments { id }",
    ]) {
      const denied = await client.graphql(`{ viewer { customer { ${field} } } }`);
      expect(denied.errors?.[0]?.extensions?.code, field).toBe("FORBIDDEN");
    }
    const own = await client.graphql("{ viewer { customer { status postcode } } }");
    expect(own.data.viewer.customer).toEqual({ status: "PENDING", postcode: "SW1A 1AA" });
  });

  it("keeps each customer to their own profile, node(id) included; administrators read any", async ({ app }) => {
    const alice = await signedInCustomer(app, nextName("Alice"));
    const bob = await signedInCustomer(app, nextName("Bob"));
    const bobId = (await bob.client.graphql("{ viewer { customer { id } } }")).data.viewer.customer.id as string;

    const stolen = await alice.client.graphql(
      `query($id: ID!) { node(id: $id) { ... on Customer { postcode contractNumber } } }`,
      { id: bobId },
    );
    expect(stolen.data?.node ?? null).toBeNull();
    expect(stolen.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const stolenViaNodes = await alice.client.graphql(
      `query($id: ID!) { nodes(ids: [$id]) { ... on Customer { contractNumber } } }`,
      { id: bobId },
    );
    expect(stolenViaNodes.data?.nodes?.[0] ?? null).toBeNull();

    const anonymous = await app
      .client()
      .graphql(`query($id: ID!) { node(id: $id) { ... on Customer { postcode } } }`, { id: bobId });
    expect(anonymous.data?.node ?? null).toBeNull();
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const own = await bob.client.graphql(`query($id: ID!) { node(id: $id) { ... on Customer { databaseId } } }`, {
      id: bobId,
    });
    expect(own.data.node).toEqual({ databaseId: bob.customerId });

    const admin = await signedInAdmin(app, nextName("admin"));
    const asAdmin = await admin.graphql(
      `query($id: ID!) { node(id: $id) { ... on Customer { databaseId referrals(first: 1) { edges { node { id } } } } } }`,
      {
        id: bobId,
      },
    );
    expect(asAdmin.errors).toBeUndefined();
    expect(asAdmin.data.node.databaseId).toBe(bob.customerId);

    // From the account back to its profile (read for users other than the signed-in one).
    const accounts = await admin.graphql(
      `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Customer { user { id } } } }`,
      { ids: [bobId] },
    );
    const bobUserId = accounts.data.nodes[0].user.id as string;
    const viaAccount = await admin.graphql(
      `query($id: ID!) { node(id: $id) { ... on User { username customer { databaseId } } } }`,
      { id: bobUserId },
    );
    expect(viaAccount.errors).toBeUndefined();
    expect(viaAccount.data.node.customer).toEqual({ databaseId: bob.customerId });
    const stolenAccount = await alice.client.graphql(
      `query($id: ID!) { node(id: $id) { ... on User { customer { contractNumber } } } }`,
      { id: bobUserId },
    );
    expect(stolenAccount.data?.node ?? null).toBeNull();
    expect(JSON.stringify(stolenAccount)).not.toContain("HNG-");
  });
});
