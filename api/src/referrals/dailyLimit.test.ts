import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertReferral, uniqueMobile } from "../../test/rows.ts";
import { signedInAdmin, signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { DEFAULT_REFERRAL_DAILY_LIMIT } from "../settings/service.ts";
import { referralLimitMessage } from "./service.ts";

const HOUR_MS = 60 * 60 * 1000;

const ADD = `mutation Add($input: AddReferralInput!) {
  addReferral(input: $input) {
    __typename
    ... on MutationAddReferralSuccess { data { referral { databaseId } } }
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
it.beforeAll(async ({ app: started, admin: signedIn, adminId: signedInId }) => {
  app = started;
  admin = signedIn;
  adminId = signedInId;
});

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
    expect(entry).toMatchObject({
      resourceType: "programme_settings",
      resourceId: "1",
      actorId: adminId,
      before: { referralDailyLimit: 20 },
      after: { referralDailyLimit: 3 },
      details: "Daily referral limit changed from 20 to 3 per customer",
      ipAddress: "127.0.0.1",
    });
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
