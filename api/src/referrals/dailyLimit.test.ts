import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { databaseState } from "../../test/databaseState.ts";
import { fileFixtures, it } from "../../test/fixtures.ts";
import { insertReferral, uniqueMobile } from "../../test/rows.ts";
import { settingsChangeAudit } from "../../test/settings.ts";
import { signedInAdmin, signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { DEFAULT_REFERRAL_DAILY_LIMIT } from "../settings/service.ts";
import { REFERRAL_REFUSALS, referralLimitMessage } from "./service.ts";

const HOUR_MS = 60 * 60 * 1000;

const ADD = `mutation Add($input: AddReferralInput!) {
  addReferral(input: $input) {
    __typename
    ... on MutationAddReferralSuccess { data { referral { databaseId } } }
    ... on RateLimitedError { retryAfterSeconds }
    ... on Error { code message }
  }
}`;
const UPDATE = `mutation Update($input: UpdateReferralInput!) {
  updateReferral(input: $input) {
    __typename
    ... on MutationUpdateReferralSuccess { data { referral { databaseId } } }
    ... on RateLimitedError { retryAfterSeconds }
    ... on Error { code message }
  }
}`;
const SET_LIMIT = `mutation SetLimit($input: SetReferralDailyLimitInput!) {
  setReferralDailyLimit(input: $input) { ... on MutationSetReferralDailyLimitSuccess { data { referralDailyLimit } } ... on SettingChangeAwaitingApproval { request { databaseId } } ... on Error { code message } }
}`;
const LIMIT_MESSAGE = "The daily referral limit must be a whole number from 1 to 1000.";

let app: TestApp;
let admin: TestClient;
let adminId: number;
fileFixtures((f) => ({ app, admin, adminId } = f));

let counter = 0;
const person = () => ({ name: `Friend ${++counter}`, phone: uniqueMobile().replace("+44", "0") });

/** What adding a referral writes: the referral, its activity and its email. */
async function written(customerId: number) {
  const [referrals, activities, emails] = await Promise.all([
    app.db.referral.count({ where: { customerId } }),
    app.db.activity.count({ where: { customerId } }),
    app.db.email.count({ where: { type: "NEW_REFERRAL_ALERT" } }),
  ]);
  return { referrals, activities, emails };
}

const limitAudits = () =>
  app.db.auditEntry.findMany({ where: { action: "referral_daily_limit_changed" }, orderBy: { id: "asc" } });

/** Referrals added earlier (fixtures), `hoursAgo` each. */
async function addedEarlier(customerId: number, hoursAgo: number[]) {
  for (const hours of hoursAgo)
    await insertReferral(app.db, customerId, { createdAt: new Date(Date.now() - hours * HOUR_MS) });
}

describe("the daily referral limit (default 20 in any 24 hours)", () => {
  it("lets the 20th referral of the last 24 hours through and refuses the 21st on REST (429) and GraphQL (RATE_LIMITED), writing nothing", async () => {
    expect(DEFAULT_REFERRAL_DAILY_LIMIT).toBe(20);
    const { client, customerId } = await signedInCustomer(app, "flooder");
    // 19 in the window (the oldest 23 hours ago), and older ones that no longer count.
    await addedEarlier(customerId, [23, ...Array.from({ length: 18 }, () => 2), 25, 30]);
    const twentieth = await client.post("/api/referrals", person());
    expect(twentieth.status).toBe(200);

    const before = await written(customerId);
    const refused = await client.post("/api/referrals", person());
    expect(refused.status).toBe(429);
    // The oldest of the window leaves it in about an hour.
    expect(refused.text).toBe("You can add at most 20 referrals a day (in any 24 hours). Please try again in 1 hour.");
    const graphql = await client.graphql(ADD, { input: person() });
    expect(graphql.data.addReferral).toMatchObject({
      __typename: "RateLimitedError",
      code: "RATE_LIMITED",
      message: refused.text,
    });
    expect(graphql.data.addReferral.retryAfterSeconds).toBeGreaterThan(59 * 60);
    expect(graphql.data.addReferral.retryAfterSeconds).toBeLessThanOrEqual(60 * 60);
    expect(await written(customerId)).toEqual(before);
  });

  it("counts each customer on their own", async () => {
    const { client, customerId } = await signedInCustomer(app, "neighbour");
    await addedEarlier(
      customerId,
      Array.from({ length: 19 }, () => 1),
    );
    expect((await client.post("/api/referrals", person())).status).toBe(200);
    expect((await client.post("/api/referrals", person())).status).toBe(429);
    const other = await signedInCustomer(app, "quietone");
    expect((await other.client.post("/api/referrals", person())).status).toBe(200);
  });

  it("lets only one of several simultaneous additions at 19 through", async () => {
    const { client, customerId } = await signedInCustomer(app, "racer");
    await addedEarlier(
      customerId,
      Array.from({ length: 19 }, () => 3),
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 ? client.graphql(ADD, { input: person() }) : client.post("/api/referrals", person()),
      ),
    );
    const passed = answers.filter(
      (a: any) => a.status === 200 && (a.data ? a.data.addReferral.__typename === "MutationAddReferralSuccess" : true),
    );
    expect(passed).toHaveLength(1);
    for (const answer of answers as any[]) {
      if (passed.includes(answer)) continue;
      if (answer.data) expect(answer.data.addReferral.code).toBe("RATE_LIMITED");
      else expect(answer.status).toBe(429);
    }
    expect(await app.db.referral.count({ where: { customerId } })).toBe(20);
  });

  it("refuses an existing customer's email exactly as another customer's referral, and each refusal takes one of the day's allowance", async () => {
    const prober = await signedInCustomer(app, "prober");
    const carol = await signedInCustomer(app, "probedcarol");
    const carolEmail = (await app.db.user.findUniqueOrThrow({ where: { id: carol.userId } })).email;
    const bob = await signedInCustomer(app, "probedbob");
    expect(
      (await bob.client.post("/api/referrals", { ...person(), email: "referred-by-bob@example.org" })).status,
    ).toBe(200);
    // 16 in the window: the four refusals below make 20.
    await addedEarlier(
      prober.customerId,
      Array.from({ length: DEFAULT_REFERRAL_DAILY_LIMIT - 4 }, () => 1),
    );
    const before = await written(prober.customerId);

    const asCustomer = await prober.client.post("/api/referrals", { ...person(), email: carolEmail });
    const asReferred = await prober.client.post("/api/referrals", {
      ...person(),
      email: "referred-by-bob@example.org",
    });
    const rest = (answer: typeof asCustomer) => ({
      status: answer.status,
      contentType: answer.headers.get("content-type"),
      body: answer.text,
    });
    expect(rest(asCustomer)).toEqual(rest(asReferred));
    expect(asCustomer.status).toBe(409);
    expect(asCustomer.text).toBe(REFERRAL_REFUSALS.emailReferredByOther);
    expect(asCustomer.text).not.toMatch(/customer: an account/);
    const graphqlCustomer = await prober.client.graphql(ADD, {
      input: { ...person(), email: carolEmail.toUpperCase() },
    });
    const graphqlReferred = await prober.client.graphql(ADD, {
      input: { ...person(), email: "Referred-By-Bob@example.org" },
    });
    expect(graphqlCustomer.data.addReferral).toEqual(graphqlReferred.data.addReferral);
    expect(graphqlCustomer.data.addReferral).toEqual({
      __typename: "ConflictError",
      code: "CONFLICT",
      message: asCustomer.text,
    });
    expect(await written(prober.customerId)).toEqual(before);

    // Four refusals and sixteen referrals: the day's 20 are used, so a new person is refused too.
    const next = await prober.client.post("/api/referrals", person());
    expect(next.status).toBe(429);
    expect(next.text).toMatch(/^You can add at most 20 referrals a day/);
    // At the limit, probing gets the same "try later" as anyone else.
    expect((await prober.client.post("/api/referrals", { ...person(), email: carolEmail })).status).toBe(429);
    expect(await app.db.refusedReferralAttempt.count({ where: { customerId: prober.customerId } })).toBe(4);
  });

  it("counts a correction refused because the person is known elsewhere as an add's refusal, and at the limit answers a correction as it answers an add", async () => {
    const prober = await signedInCustomer(app, "correctingprober");
    const dave = await signedInCustomer(app, "probeddave");
    const daveEmail = (await app.db.user.findUniqueOrThrow({ where: { id: dave.userId } })).email;
    const erin = await signedInCustomer(app, "probederin");
    const erinsFriend = "referred-by-erin@example.org";
    expect((await erin.client.post("/api/referrals", { ...person(), email: erinsFriend })).status).toBe(200);
    const own = { ...person(), email: "probers-friend@example.org", address: "1 High Street" };
    const added = await prober.client.post("/api/referrals", own);
    expect(added.status).toBe(200);
    const referralId = (added.body as { id: number }).id;
    // With the referral above, 17 in the window: one add refused and two corrections refused make 20.
    await addedEarlier(
      prober.customerId,
      Array.from({ length: DEFAULT_REFERRAL_DAILY_LIMIT - 4 }, () => 1),
    );
    const correct = (change: Record<string, string>) =>
      prober.client.post(`/api/referrals/${referralId}/update`, { ...own, ...change });
    const correctOnGraphql = (change: Record<string, string>) =>
      prober.client.graphql(UPDATE, {
        input: { referralId: encodeGlobalID("Referral", String(referralId)), ...own, ...change },
      });
    // The whole database; the refusals' own rows (RefusedReferralAttempt, not compared) are counted on their own.
    const unchanged = () => databaseState(app);
    const before = await unchanged();
    const rest = (answer: Awaited<ReturnType<typeof correct>>) => ({
      status: answer.status,
      contentType: answer.headers.get("content-type"),
      body: answer.text,
    });

    const addRefused = await prober.client.post("/api/referrals", { ...person(), email: daveEmail });
    const correctionRefused = await correct({ email: daveEmail });
    expect(rest(correctionRefused)).toEqual(rest(addRefused));
    expect(correctionRefused.status).toBe(409);
    expect(correctionRefused.text).toBe(REFERRAL_REFUSALS.emailReferredByOther);
    expect((await correctOnGraphql({ email: erinsFriend.toUpperCase() })).data.updateReferral).toEqual({
      __typename: "ConflictError",
      code: "CONFLICT",
      message: addRefused.text,
    });
    expect(await app.db.refusedReferralAttempt.count({ where: { customerId: prober.customerId } })).toBe(3);
    expect(await unchanged()).toEqual(before);

    // The day's 20 are used: probing by correction gets the add's 429, a known address or not.
    const addAtLimit = await prober.client.post("/api/referrals", person());
    expect(addAtLimit.status).toBe(429);
    expect(addAtLimit.text).toMatch(/^You can add at most 20 referrals a day/);
    for (const change of [{ email: daveEmail }, { email: erinsFriend }, { email: "nobody-yet@example.org" }, person()])
      expect(rest(await correct(change))).toEqual(rest(addAtLimit));
    const graphqlAtLimit = (await correctOnGraphql({ email: daveEmail })).data.updateReferral;
    expect(graphqlAtLimit).toMatchObject({
      __typename: "RateLimitedError",
      code: "RATE_LIMITED",
      message: addAtLimit.text,
    });
    expect(graphqlAtLimit.retryAfterSeconds).toBeGreaterThan(0);
    expect(await app.db.refusedReferralAttempt.count({ where: { customerId: prober.customerId } })).toBe(3);
    expect(await unchanged()).toEqual(before);

    // Correcting the name or address, the same person still, is no probe: it is never limited.
    expect((await correct({ name: "Anna Friend-Smith" })).status).toBe(200);
  });

  it("words the refusal plainly for minutes, one hour and several hours", () => {
    expect(referralLimitMessage(20, 30)).toBe(
      "You can add at most 20 referrals a day (in any 24 hours). Please try again in 1 minute.",
    );
    expect(referralLimitMessage(20, 45 * 60)).toBe(
      "You can add at most 20 referrals a day (in any 24 hours). Please try again in 45 minutes.",
    );
    expect(referralLimitMessage(1, 5 * 3600 - 10)).toBe(
      "You can add at most 1 referral a day (in any 24 hours). Please try again in 5 hours.",
    );
  });
});

// In order: the limit starts at the default, then an administrator changes it.
describe("changing the daily referral limit", () => {
  it("is 20 until changed, readable by administrators on REST and GraphQL", async () => {
    expect((await admin.get("/api/admin/settings/referral-daily-limit")).body).toEqual({ referralDailyLimit: 20 });
    expect((await admin.graphql("{ programme { referralDailyLimit } }")).data.programme.referralDailyLimit).toBe(20);
  });

  it("an administrator lowers it on REST: audited with before and after, and it applies to the next addition", async () => {
    const { client, customerId } = await signedInCustomer(app, "limited");
    await addedEarlier(customerId, [1, 2]);
    const changed = await admin.post("/api/admin/settings/referral-daily-limit", { limit: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ referralDailyLimit: 3 });
    const [entry] = await limitAudits();
    expect(entry).toMatchObject(
      settingsChangeAudit(adminId, {
        before: { referralDailyLimit: 20 },
        after: { referralDailyLimit: 3 },
        details: "Daily referral limit changed from 20 to 3 per customer",
      }),
    );
    expect((await client.post("/api/referrals", person())).status).toBe(200);
    const refused = await client.post("/api/referrals", person());
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(
      /^You can add at most 3 referrals a day \(in any 24 hours\)\. Please try again in 22 hours\.$/,
    );

    // Raised on GraphQL, it waits for a second administrator; once approved the customer may add again.
    const raised = await admin.graphql(SET_LIMIT, { input: { limit: 4 } });
    expect(raised.data.setReferralDailyLimit.code).toBe("AWAITING_APPROVAL");
    expect((await client.post("/api/referrals", person())).status).toBe(429);
    const approver = await signedInAdmin(app, "limit-approver");
    const approve = (id: number) => approver.post(`/api/admin/setting-change-requests/${id}/approve`);
    expect((await approve(raised.data.setReferralDailyLimit.request.databaseId)).status).toBe(200);
    expect((await client.post("/api/referrals", person())).status).toBe(200);
    // A number as text is accepted on REST too.
    const back = await admin.post("/api/admin/settings/referral-daily-limit", { limit: "20" });
    expect(back.status).toBe(202);
    expect((await approve(back.body.request.id)).status).toBe(200);
    expect((await limitAudits()).map((a) => [a.before, a.after])).toEqual([
      [{ referralDailyLimit: 20 }, { referralDailyLimit: 3 }],
      [{ referralDailyLimit: 3 }, { referralDailyLimit: 4 }],
      [{ referralDailyLimit: 4 }, { referralDailyLimit: 20 }],
    ]);
  });

  it("accepts the bounds 1 and 1000", async () => {
    expect((await admin.post("/api/admin/settings/referral-daily-limit", { limit: 1 })).body).toEqual({
      referralDailyLimit: 1,
    });
    const highest = await admin.post("/api/admin/settings/referral-daily-limit", { limit: 1000 });
    expect(highest.status).toBe(202);
    expect(highest.body.request).toMatchObject({ fromValue: 1, toValue: 1000 });
    const approver = await signedInAdmin(app, "bounds-approver");
    expect((await approver.post(`/api/admin/setting-change-requests/${highest.body.request.id}/approve`)).status).toBe(
      200,
    );
    expect((await admin.get("/api/admin/settings/referral-daily-limit")).body).toEqual({ referralDailyLimit: 1000 });
    await admin.post("/api/admin/settings/referral-daily-limit", { limit: 20 });
  });

  it.each([[0], [1001], [-1], [2.5], ["abc"], [""], [null], [true], [[20]], [2 ** 40]])(
    "refuses %j with 400 and a clear message, changing nothing",
    async (limit) => {
      const auditsBefore = (await limitAudits()).length;
      const response = await admin.post("/api/admin/settings/referral-daily-limit", { limit });
      expect(response.status).toBe(400);
      expect(response.text).toBe(LIMIT_MESSAGE);
      expect((await admin.get("/api/admin/settings/referral-daily-limit")).body).toEqual({ referralDailyLimit: 20 });
      expect(await limitAudits()).toHaveLength(auditsBefore);
    },
  );

  it("refuses an out-of-range limit on GraphQL as a typed error", async () => {
    const result = await admin.graphql(SET_LIMIT, { input: { limit: 1001 } });
    expect(result.data.setReferralDailyLimit).toEqual({ code: "BAD_INPUT", message: LIMIT_MESSAGE });
  });

  it("refuses reading and changing it to a signed-out caller (401) and a customer (403), on REST and GraphQL", async () => {
    const { client: customer } = await signedInCustomer(app, "curious");
    const auditsBefore = (await limitAudits()).length;
    for (const [client, status, code] of [
      [app.client(), 401, "UNAUTHENTICATED"],
      [customer, 403, "FORBIDDEN"],
    ] as const) {
      expect((await client.get("/api/admin/settings/referral-daily-limit")).status).toBe(status);
      expect((await client.post("/api/admin/settings/referral-daily-limit", { limit: 1000 })).status).toBe(status);
      const graphql = await client.graphql(SET_LIMIT, { input: { limit: 1000 } });
      expect(graphql.errors?.[0]?.extensions?.code).toBe(code);
      const read = await client.graphql("{ programme { referralDailyLimit } }");
      expect(read.errors?.[0]?.extensions?.code).toBe(code);
    }
    expect(await limitAudits()).toHaveLength(auditsBefore);
    expect((await admin.get("/api/admin/settings/referral-daily-limit")).body).toEqual({ referralDailyLimit: 20 });
  });
});
