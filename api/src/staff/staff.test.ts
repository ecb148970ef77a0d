// Staff at the showroom, on the running server (docs/rules/roles.md, "What staff do"): the customer
// search and card, recording a referral on a customer's behalf with the referrals domain's own rules,
// their own list, the attribution report; customers, signed-out callers and tokens refused.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { type GraphQLObjectType, getNamedType, isObjectType } from "graphql";
import pino from "pino";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";
import { readRawMessage } from "../../test/smtpServer.ts";
import { signedInAdmin, signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { waitFor } from "../../test/waitFor.ts";
import { createApiToken } from "../apiTokens/service.ts";
import { schema } from "../compose/schema.ts";
import { sendPendingEmails } from "../emails/sender.ts";
import { SCOPE_REFUSAL_MESSAGE, STAFF_REFUSAL_MESSAGE } from "../graphql/access.ts";
import { REFERRAL_REFUSALS } from "../referrals/service.ts";
import { DEFAULT_REFERRAL_DAILY_LIMIT } from "../settings/service.ts";
import { STAFF_CONSENT_WORDING, STAFF_MESSAGES } from "./service.ts";

it.override("appOptions", { smtp: true });

let counter = 0;
const next = () => ++counter;
/** A mobile number no other test here uses, as a customer would type it. */
const mobile = () => `07400 8${String(10000 + next()).slice(-5)}`;

/** A staff member with a session: made as the fixtures make accounts, then given the STAFF role. */
async function signedInStaff(app: TestApp, username: string, firstName = "Sam", lastName = "Kelly") {
  const client = await signedInAdmin(app, username);
  const user = await app.db.user.update({ where: { username }, data: { role: "STAFF", firstName, lastName } });
  return { client, id: user.id };
}

/** A verified referrer with their own name, postcode and contract number. */
async function referrer(app: TestApp, name: string, extra: { postcode?: string; verified?: boolean } = {}) {
  const n = next();
  const contractNumber = `HNG-SHOW-${n}`;
  const signedIn = await signedInCustomer(app, `${name}${n}`, {
    postcode: extra.postcode ?? "LS1 4AP",
    contractNumber,
    verified: extra.verified,
  });
  const user = await app.db.user.update({
    where: { id: signedIn.userId },
    data: { firstName: name, lastName: `Jones${n}` },
  });
  return {
    ...signedIn,
    contractNumber,
    email: user.email,
    username: user.username,
    lastName: user.lastName!,
    globalId: encodeGlobalID("Customer", String(signedIn.customerId)),
    cardId: encodeGlobalID("StaffCustomerCard", String(signedIn.customerId)),
  };
}

const CARD = `id firstName lastName postcode contractNumber phoneDisplay status progressPercentage
  milestones { key title state } referrals { id name status statusDisplay createdAt channel }`;
const RECORDED = "id name referrerName status statusDisplay verified createdAt";

const RECORD = `mutation ($input: RecordReferralForCustomerInput!) {
  recordReferralForCustomer(input: $input) {
    __typename
    ... on Error { code message }
    ... on ValidationError { field }
    ... on MutationRecordReferralForCustomerSuccess { data { referral { ${RECORDED} } } }
  }
}`;

const record = (client: TestClient, input: Record<string, unknown>) =>
  client.graphql(RECORD, { input: { consentConfirmed: true, ...input } });

/** Everything a record could have written for this customer: referrals, activities, emails, audit entries. */
async function writtenFor(app: TestApp, customerId: number, userId: number) {
  const [referrals, activities, emails, audits] = await Promise.all([
    app.db.referral.count({ where: { customerId } }),
    app.db.activity.count({ where: { customerId } }),
    app.db.email.count({ where: { userId } }),
    app.db.auditEntry.count({ where: { action: "referral_recorded_by_staff" } }),
  ]);
  return { referrals, activities, emails, audits };
}

const send = (app: TestApp) =>
  sendPendingEmails({ prisma: app.db, config: app.deps.config, log: pino({ level: "silent" }) });

describe("the staff search and card", () => {
  it("finds a customer by a phone typed another way, by postcode in any spacing and by contract number (GraphQL and REST)", async ({
    app,
    uniqueName,
  }) => {
    const staff = await signedInStaff(app, uniqueName("searcher"));
    const sarah = await referrer(app, "Sarah", { postcode: "LS2 7EW" });
    // The friend's number as the customer typed it; staff type it in international form with spaces.
    const added = await sarah.client.post("/api/referrals", { name: "Fay Friend", phone: "07400 800123" });
    expect(added.status, added.text).toBe(200);

    for (const query of ["+44 7400 800 123", "ls27ew", sarah.contractNumber.toLowerCase(), sarah.lastName]) {
      const answer = await staff.client.graphql("query ($q: String!) { staffCustomerSearch(query: $q) { id } }", {
        q: query,
      });
      expect(answer.errors, query).toBeUndefined();
      expect(
        answer.data.staffCustomerSearch.map((card: { id: string }) => card.id),
        query,
      ).toContain(sarah.cardId);
      const rest = await staff.client.get(`/api/staff/customers?search=${encodeURIComponent(query)}`);
      expect(rest.status, rest.text).toBe(200);
      expect(
        rest.body.map((card: { id: number }) => card.id),
        query,
      ).toContain(sarah.customerId);
    }
    // Narrowed to what the card shows: the email and username, which an administrator's search matches, find nothing.
    for (const query of [sarah.email, sarah.username]) {
      const hidden = await staff.client.graphql("query ($q: String!) { staffCustomerSearch(query: $q) { id } }", {
        q: query,
      });
      expect(hidden.data.staffCustomerSearch, query).toEqual([]);
    }
    // Another number finds nobody; a search too short is refused with the admin search's message.
    const none = await staff.client.graphql('{ staffCustomerSearch(query: "+44 7400 800 999") { id } }');
    expect(none.data.staffCustomerSearch).toEqual([]);
    const short = await staff.client.get("/api/staff/customers?search=ab");
    expect(short.status).toBe(400);
  });

  it("the card: name, status, progress, milestone states and referrals, on GraphQL and REST alike; no money, ledger or contact details reachable", async ({
    app,
    uniqueName,
  }) => {
    const staff = await signedInStaff(app, uniqueName("reader"));
    const sarah = await referrer(app, "Sarah");
    expect((await sarah.client.post("/api/referrals", { name: "Card Friend", phone: mobile() })).status).toBe(200);

    const graph = await staff.client.graphql(`query ($id: ID!) { staffCustomer(id: $id) { ${CARD} } }`, {
      id: sarah.globalId,
    });
    expect(graph.errors).toBeUndefined();
    const card = graph.data.staffCustomer;
    // The card has its own id (a browser's store would otherwise merge it into the Customer), and opens by it too.
    const byCardId = await staff.client.graphql("query ($id: ID!) { staffCustomer(id: $id) { id } }", {
      id: sarah.cardId,
    });
    expect(byCardId.data.staffCustomer).toEqual({ id: sarah.cardId });
    expect(card).toMatchObject({
      id: sarah.cardId,
      firstName: "Sarah",
      lastName: sarah.lastName,
      postcode: "LS1 4AP",
      contractNumber: sarah.contractNumber,
      status: "VERIFIED",
      progressPercentage: 0,
      milestones: [
        { key: "M33", title: "33% Milestone", state: "LOCKED" },
        { key: "M66", title: "66% Milestone", state: "LOCKED" },
        { key: "M100", title: "100% Milestone (Full Refund)", state: "LOCKED" },
      ],
    });
    expect(card.referrals).toEqual([
      expect.objectContaining({ name: "Card Friend", status: "PENDING", statusDisplay: "Pending", channel: "TYPED" }),
    ]);

    const rest = await staff.client.get(`/api/staff/customers/${sarah.customerId}`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body).toMatchObject({
      id: sarah.customerId,
      globalId: sarah.cardId,
      firstName: "Sarah",
      status: "verified",
      progressPercentage: 0,
      milestones: [{ state: "locked" }, { state: "locked" }, { state: "locked" }],
      referrals: [{ name: "Card Friend", status: "pending", channel: "typed" }],
    });
    expect((await staff.client.get("/api/staff/customers/999999999")).status).toBe(404);

    // What the card carries, followed through every field: no money, no account, no ledger or emails.
    const reachable = new Set<string>();
    const walk = (type: GraphQLObjectType) => {
      if (reachable.has(type.name)) return;
      reachable.add(type.name);
      for (const field of Object.values(type.getFields())) {
        const named = getNamedType(field.type);
        if (isObjectType(named)) walk(named);
      }
    };
    walk(schema.getType("StaffCustomerCard") as GraphQLObjectType);
    expect([...reachable].sort()).toEqual(["StaffCustomerCard", "StaffMilestoneState", "StaffReferralRow"]);
    const fields = [...reachable].flatMap((name) =>
      Object.keys((schema.getType(name) as GraphQLObjectType).getFields()),
    );
    expect(
      fields.filter((field) => /amount|credit|ledger|payout|email|phone$|address|audit|pence/i.test(field)),
    ).toEqual([]);

    // The customer's own type by node(id) is not found, as any node the caller may not read (no probing ids).
    const byNode = await staff.client.graphql(
      `{ node(id: "${sarah.globalId}") { ... on Customer { currentCredits { pence } } } }`,
    );
    expect(JSON.stringify(byNode.data ?? null)).not.toContain("pence");
    expect(byNode.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    // Its ledger and the admin customer are refused to staff, said and audited.
    for (const query of [
      `{ customer(databaseId: ${sarah.customerId}) { currentCredits { pence } } }`,
      `{ customers(first: 1) { edges { node { databaseId } } } }`,
    ]) {
      const refused = await staff.client.graphql(query);
      expect(JSON.stringify(refused.data ?? null), query).not.toContain("pence");
      expect(refused.errors?.[0]?.extensions?.code, `${query}: ${JSON.stringify(refused.errors)}`).toBe("FORBIDDEN");
    }
  });
});

describe("recording a referral on a customer's behalf", () => {
  it("adds a STAFF referral with who recorded it and the consent; the referrer gets the activity and email naming them; the webhook says staff; audited", async ({
    app,
    admin,
    smtp,
    uniqueName,
  }) => {
    await app.db.webhookEndpoint.create({
      data: { url: "http://127.0.0.1:9/staff-hook", events: ["referral.added"], secret: "x" },
    });
    const staff = await signedInStaff(app, uniqueName("recorder"), "Sam", "Kelly");
    const sarah = await referrer(app, "Sarah");
    const before = Date.now();
    const answer = await record(staff.client, {
      customerId: sarah.globalId,
      name: "Fay Friend",
      phone: "07400 800456",
      email: "fay.friend@example.com",
      postcode: "LS6 2AB",
    });
    expect(answer.errors).toBeUndefined();
    const recorded = answer.data.recordReferralForCustomer;
    expect(recorded.__typename).toBe("MutationRecordReferralForCustomerSuccess");
    expect(recorded.data.referral).toMatchObject({
      name: "Fay Friend",
      referrerName: `Sarah ${sarah.lastName}`,
      status: "PENDING",
      statusDisplay: "Pending",
      verified: false,
    });

    const stored = await app.db.referral.findFirstOrThrow({ where: { customerId: sarah.customerId } });
    expect(stored).toMatchObject({
      name: "Fay Friend",
      phone: "+447400800456",
      email: "fay.friend@example.com",
      address: "LS6 2AB",
      channel: "STAFF",
      recordedById: staff.id,
      consentWording: STAFF_CONSENT_WORDING,
    });
    expect(stored.consentGivenAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(90 * 24 * 60 * 60 * 1000);

    // The referrer sees who recorded it, in their list, their feed and their email.
    const own = await sarah.client.graphql(
      "{ viewer { customer { referrals(first: 5) { edges { node { name channel recordedByName } } } } } }",
    );
    expect(own.data.viewer.customer.referrals.edges.map((edge: any) => edge.node)).toEqual([
      { name: "Fay Friend", channel: "STAFF", recordedByName: "Sam K." },
    ]);
    const ownRest = await sarah.client.get("/api/referrals");
    expect(ownRest.body.map(({ name, channel, recordedByName }: any) => ({ name, channel, recordedByName }))).toEqual([
      { name: "Fay Friend", channel: "staff", recordedByName: "Sam K." },
    ]);
    // Her data download says who recorded it, and nothing of the friend's consent record.
    const download = await sarah.client.get("/api/me/data");
    expect(download.body.referrals[0]).toMatchObject({
      name: "Fay Friend",
      added: "recorded for you by Sam K. of our team",
    });
    expect(JSON.stringify(download.body)).not.toContain(STAFF_CONSENT_WORDING);
    const feed = await sarah.client.get("/api/activities");
    expect(feed.body[0]).toMatchObject({
      type: "referral_added",
      description: "Referral recorded for you by Sam K. of our team: Fay Friend",
    });
    await send(app);
    // Sarah's "Referral added" email among any others sent to her (the address confirmation may come later).
    const text =
      smtp.received
        .filter((message) => message.envelopeTo.includes(sarah.email))
        .map((message) => readRawMessage(message.raw).parts.get("text/plain") ?? "")
        .find((body) => body.includes("Fay Friend")) ?? "";
    expect(text.replace(/\s+/g, " ")).toContain("Sam K. of our team recorded Fay Friend as your referral");
    // An administrator sees it too; another customer does not reach it.
    const adminView = await admin.graphql(
      `query ($id: ID!) { node(id: $id) { ... on Referral { recordedByName channel } } }`,
      { id: encodeGlobalID("Referral", String(stored.id)) },
    );
    expect(adminView.data.node).toEqual({ recordedByName: "Sam K.", channel: "STAFF" });

    const event = await app.db.webhookEvent.findFirstOrThrow({
      where: { type: "referral.added" },
      orderBy: { createdAt: "desc" },
    });
    expect((event.payload as { data: { channel: string; referralId: number } }).data).toMatchObject({
      channel: "staff",
      referralId: stored.id,
    });
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "referral_recorded_by_staff", resourceId: String(stored.id) },
    });
    expect(audit).toMatchObject({ actorId: staff.id, resourceType: "referral" });

    // Their own list (GraphQL and REST), then verified once an administrator verifies the purchase.
    const mine = await staff.client.graphql(`{ myRecordedReferrals { ${RECORDED} } }`);
    expect(mine.data.myRecordedReferrals).toEqual([recorded.data.referral]);
    const verify = await admin.post(`/api/admin/referrals/${stored.id}/purchase`, {
      amount: "100.00",
      notes: "Checked",
    });
    expect(verify.status, verify.text).toBe(200);
    const restMine = await staff.client.get("/api/staff/referrals");
    expect(restMine.status).toBe(200);
    expect(restMine.body).toEqual([
      expect.objectContaining({ id: stored.id, name: "Fay Friend", status: "purchased", verified: true }),
    ]);
  });

  it("the REST path records the same, with the customer's numeric id", async ({ app, uniqueName }) => {
    const staff = await signedInStaff(app, uniqueName("rester"), "Ria", "Patel");
    const sarah = await referrer(app, "Sarah");
    const answer = await staff.client.post("/api/staff/referrals", {
      customerId: sarah.customerId,
      name: "Rex Rest",
      phone: mobile(),
      consentConfirmed: true,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      name: "Rex Rest",
      referrerName: `Sarah ${sarah.lastName}`,
      status: "pending",
      verified: false,
    });
    const stored = await app.db.referral.findUniqueOrThrow({ where: { id: answer.body.id } });
    expect(stored).toMatchObject({ channel: "STAFF", recordedById: staff.id, address: null });
  });

  it("a duplicate is refused as the customer's own add refuses it, and counts against the referrer's day alike", async ({
    app,
    uniqueName,
  }) => {
    const staff = await signedInStaff(app, uniqueName("dup"));
    const sarah = await referrer(app, "Sarah");
    const other = await referrer(app, "Olive");
    const phone = mobile();
    expect((await sarah.client.post("/api/referrals", { name: "Already Mine", phone })).status).toBe(200);
    const otherPhone = mobile();
    expect((await other.client.post("/api/referrals", { name: "Olive's Friend", phone: otherPhone })).status).toBe(200);

    const own = await sarah.client.post("/api/referrals", { name: "Again", phone });
    const staffOwn = await staff.client.post("/api/staff/referrals", {
      customerId: sarah.customerId,
      name: "Again",
      phone,
      consentConfirmed: true,
    });
    expect(own.status).toBe(409);
    expect(staffOwn.status).toBe(409);
    expect(staffOwn.text).toBe(own.text);
    expect(staffOwn.text).toContain(REFERRAL_REFUSALS.phoneReferredByYou);

    const graph = await record(staff.client, { customerId: sarah.globalId, name: "Someone Else's", phone: otherPhone });
    expect(graph.data.recordReferralForCustomer).toMatchObject({
      __typename: "ConflictError",
      message: REFERRAL_REFUSALS.phoneReferredByOther,
    });
    expect(await app.db.referral.count({ where: { customerId: sarah.customerId } })).toBe(1);
    // Known elsewhere counts against the referrer's daily limit, as the customer's own attempt does.
    expect(await app.db.refusedReferralAttempt.count({ where: { customerId: sarah.customerId } })).toBe(1);
  });

  it("the referrer's daily limit holds for staff too", async ({ app, uniqueName }) => {
    const staff = await signedInStaff(app, uniqueName("limit"));
    const sarah = await referrer(app, "Sarah");
    for (let i = 0; i < DEFAULT_REFERRAL_DAILY_LIMIT; i++) await insertReferral(app.db, sarah.customerId);
    const written = await writtenFor(app, sarah.customerId, sarah.userId);
    const refused = await record(staff.client, { customerId: sarah.globalId, name: "One Too Many", phone: mobile() });
    expect(refused.data.recordReferralForCustomer.__typename).toBe("RateLimitedError");
    expect(refused.data.recordReferralForCustomer.message).toContain(
      `You can add at most ${DEFAULT_REFERRAL_DAILY_LIMIT} referrals a day`,
    );
    const rest = await staff.client.post("/api/staff/referrals", {
      customerId: sarah.customerId,
      name: "One Too Many",
      phone: mobile(),
      consentConfirmed: true,
    });
    expect(rest.status).toBe(429);
    expect(await writtenFor(app, sarah.customerId, sarah.userId)).toEqual(written);
  });

  it("without the friend's consent, for an unverified or unknown customer, or with bad details: refused, nothing written", async ({
    app,
    uniqueName,
  }) => {
    const staff = await signedInStaff(app, uniqueName("careful"));
    const sarah = await referrer(app, "Sarah");
    const pending = await referrer(app, "Paula", { verified: false });
    const written = await writtenFor(app, sarah.customerId, sarah.userId);
    const writtenPending = await writtenFor(app, pending.customerId, pending.userId);

    const noConsent = await record(staff.client, {
      customerId: sarah.globalId,
      name: "No Consent",
      phone: mobile(),
      consentConfirmed: false,
    });
    expect(noConsent.data.recordReferralForCustomer).toEqual({
      __typename: "ValidationError",
      code: "BAD_INPUT",
      message: STAFF_MESSAGES.consentRequired,
      field: "consentConfirmed",
    });
    const restNoConsent = await staff.client.post("/api/staff/referrals", {
      customerId: sarah.customerId,
      name: "No Consent",
      phone: mobile(),
    });
    expect(restNoConsent.status).toBe(400);
    expect(restNoConsent.text).toContain(STAFF_MESSAGES.consentRequired);

    const unverified = await record(staff.client, { customerId: pending.globalId, name: "Too Soon", phone: mobile() });
    expect(unverified.data.recordReferralForCustomer).toMatchObject({
      __typename: "ConflictError",
      message: STAFF_MESSAGES.customerNotVerified,
    });
    const restUnverified = await staff.client.post("/api/staff/referrals", {
      customerId: pending.customerId,
      name: "Too Soon",
      phone: mobile(),
      consentConfirmed: true,
    });
    expect(restUnverified.status).toBe(409);

    const unknown = await record(staff.client, {
      customerId: encodeGlobalID("Customer", "999999999"),
      name: "Nobody's",
      phone: mobile(),
    });
    expect(unknown.data.recordReferralForCustomer.__typename).toBe("NotFoundError");

    const badPhone = await record(staff.client, { customerId: sarah.globalId, name: "Bad Phone", phone: "12" });
    expect(badPhone.data.recordReferralForCustomer).toMatchObject({ __typename: "ValidationError", field: "phone" });
    const badPostcode = await record(staff.client, {
      customerId: sarah.globalId,
      name: "Long Postcode",
      phone: mobile(),
      postcode: "x".repeat(600),
    });
    expect(badPostcode.data.recordReferralForCustomer).toMatchObject({
      __typename: "ValidationError",
      field: "postcode",
    });

    expect(await writtenFor(app, sarah.customerId, sarah.userId)).toEqual(written);
    expect(await writtenFor(app, pending.customerId, pending.userId)).toEqual(writtenPending);
  });
});

describe("attribution", () => {
  it("the staff report and its CSV count each member's recorded referrals and verified purchases; the staff list and the channel report agree", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    const channels = `{ referralChannelReport(from: "${today}", to: "${today}") { channel referrals verifiedPurchases } }`;
    const staffRow = (data: any) => data.referralChannelReport.find((row: any) => row.channel === "STAFF");
    const channelsBefore = staffRow((await admin.graphql(channels)).data);

    const staff = await signedInStaff(app, uniqueName("counted"), "Cara", "Counted");
    const sarah = await referrer(app, "Sarah");
    const ids: number[] = [];
    for (const name of ["First Counted", "Second Counted"]) {
      const answer = await record(staff.client, { customerId: sarah.globalId, name, phone: mobile() });
      ids.push(
        Number(Buffer.from(answer.data.recordReferralForCustomer.data.referral.id, "base64").toString().split(":")[1]),
      );
    }
    // One customer's referrals a digit apart are a signal (REFERRER_PHONE): the verification says why.
    expect(
      (await admin.post(`/api/admin/referrals/${ids[0]}/purchase`, { amount: "250.00", notes: "Checked" })).status,
    ).toBe(200);

    const report = await admin.graphql(
      `{ staffAttributionReport(from: "${today}", to: "${today}") { staffUserId name referrals verifiedPurchases } }`,
    );
    expect(report.errors).toBeUndefined();
    expect(report.data.staffAttributionReport).toContainEqual({
      staffUserId: staff.id,
      name: "Cara Counted",
      referrals: 2,
      verifiedPurchases: 1,
    });
    const csv = await admin.get(`/api/admin/reports/staff?from=${today}&to=${today}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe("staffUserId,name,referrals,verifiedPurchases");
    expect(lines).toContain(`${staff.id},Cara Counted,2,1`);
    const json = await admin.get(`/api/admin/reports/staff?from=${today}&to=${today}&format=json`);
    expect(json.body).toContainEqual({
      staffUserId: staff.id,
      name: "Cara Counted",
      referrals: 2,
      verifiedPurchases: 1,
    });

    const list = await admin.graphql(
      "{ staffMembers { databaseId recordedReferrals verifiedPurchases deactivatedAt } }",
    );
    expect(list.data.staffMembers).toContainEqual({
      databaseId: staff.id,
      recordedReferrals: 2,
      verifiedPurchases: 1,
      deactivatedAt: null,
    });
    const channelsAfter = staffRow((await admin.graphql(channels)).data);
    expect(channelsAfter.referrals).toBe(channelsBefore.referrals + 2);
    expect(channelsAfter.verifiedPurchases).toBe(channelsBefore.verifiedPurchases + 1);

    // The report is administrators': staff are refused on GraphQL and the download, with the message, audited.
    const refused = await staff.client.graphql(`{ staffAttributionReport(from: "${today}", to: "${today}") { name } }`);
    expect(refused.errors?.[0]).toMatchObject({ message: STAFF_REFUSAL_MESSAGE, extensions: { code: "FORBIDDEN" } });
    const download = await staff.client.get(`/api/admin/reports/staff?from=${today}&to=${today}`);
    expect(download.status).toBe(403);
    expect(download.text).toContain(STAFF_REFUSAL_MESSAGE);
    const figures = await staff.client.graphql("{ staffMembers { recordedReferrals } }");
    expect(figures.errors?.[0]?.message).toBe(STAFF_REFUSAL_MESSAGE);
    await waitFor(
      "the refusals' audit entries",
      async () => (await app.db.auditEntry.count({ where: { action: "access_refused", actorId: staff.id } })) >= 3,
      5_000,
    );
  });
});

describe("who may use the staff operations", () => {
  it("customers and signed-out callers are refused on every staff operation, GraphQL and REST; no token runs them; staff make no tokens", async ({
    app,
    adminId,
    customer,
    uniqueName,
  }) => {
    const staff = await signedInStaff(app, uniqueName("gate"));
    const sarah = await referrer(app, "Sarah");
    const operations: [string, Record<string, unknown>][] = [
      ["query ($q: String!) { staffCustomerSearch(query: $q) { id } }", { q: sarah.contractNumber }],
      ["query ($id: ID!) { staffCustomer(id: $id) { id } }", { id: sarah.globalId }],
      ["{ myRecordedReferrals { id } }", {}],
      [RECORD, { input: { customerId: sarah.globalId, name: "Gate Friend", phone: mobile(), consentConfirmed: true } }],
    ];
    const paths: [string, string, Record<string, unknown>?][] = [
      ["GET", `/api/staff/customers?search=${sarah.contractNumber}`],
      ["GET", `/api/staff/customers/${sarah.customerId}`],
      ["GET", "/api/staff/referrals"],
      [
        "POST",
        "/api/staff/referrals",
        { customerId: sarah.customerId, name: "Gate Friend", phone: mobile(), consentConfirmed: true },
      ],
    ];
    const token = (await createApiToken(app.db, { name: "staff gate", scopes: ["admin"] }, { id: adminId })).secret;
    const callers: [string, TestClient, string, number][] = [
      ["customer", customer.client, "FORBIDDEN", 403],
      ["signed out", app.client(), "UNAUTHENTICATED", 401],
    ];
    for (const [who, client, code, status] of callers) {
      for (const [query, variables] of operations) {
        const answer = await client.graphql(query, variables);
        const error = answer.errors?.[0] ?? answer.data?.recordReferralForCustomer;
        expect(error?.extensions?.code ?? error?.code, `${who}: ${query}`).toBe(code);
        expect(JSON.stringify(answer.data ?? null), `${who}: ${query}`).not.toContain(sarah.contractNumber);
      }
      for (const [method, path, body] of paths) {
        const answer = await client.request(method as "GET" | "POST", path, body ? { json: body } : {});
        expect(answer.status, `${who}: ${method} ${path}`).toBe(status);
      }
    }
    for (const [query, variables] of operations) {
      const answer = await app.client().request("POST", "/graphql", {
        json: { query, variables },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.body.errors?.[0]?.message, `token: ${query}`).toBe(SCOPE_REFUSAL_MESSAGE);
    }
    expect(await app.db.referral.count({ where: { customerId: sarah.customerId } })).toBe(0);

    const tokenByStaff = await staff.client.graphql(
      'mutation { createApiToken(input: { name: "mine", scopes: [READ] }) { __typename } }',
    );
    expect(tokenByStaff.errors?.[0]?.message).toBe(STAFF_REFUSAL_MESSAGE);
    expect((await staff.client.post("/api/admin/api-tokens", { name: "mine", scopes: ["read"] })).status).toBe(403);
    // And the staff member runs them all.
    for (const [query, variables] of operations) {
      const answer = await staff.client.graphql(query, variables);
      expect(answer.errors, query).toBeUndefined();
    }
  });
});
