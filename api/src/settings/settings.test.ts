import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertActor } from "../../test/rows.ts";
import { customer as pendingCustomer } from "../../test/scenarios.ts";
import { approvedIfRaised, settingsChangeAudit } from "../../test/settings.ts";
import { signedInAdmin, type TestApp } from "../../test/testApp.ts";
import {
  DEFAULT_CREDIT_RATE_BASIS_POINTS,
  formatBasisPointsAsPercent,
  formatCreditPerPound,
  getCreditRate,
  setCreditRate,
} from "./service.ts";

const PROGRAMME_QUERY = "query { programme { creditRateBasisPoints creditRatePercent demoMode } }";
const SET_RATE = `mutation SetRate($input: SetCreditRateInput!) {
  setCreditRate(input: $input) {
    ... on MutationSetCreditRateSuccess { data { creditRateBasisPoints creditRatePercent } }
    ... on Error { code message }
  }
}`;
const RATE_MESSAGE =
  "The credit rate must be a whole number of basis points from 1 (0.01%) to 10000 (100%); for example 1100 for 11%.";

const rateAudits = (app: TestApp) =>
  app.db.auditEntry.findMany({ where: { action: "credit_rate_changed" }, orderBy: { id: "asc" } });

describe("percent display", () => {
  it.each([
    [1, "0.01%"],
    [10, "0.1%"],
    [105, "1.05%"],
    [1000, "10%"],
    [1100, "11%"],
    [1250, "12.5%"],
    [1105, "11.05%"],
    [10_000, "100%"],
  ])("%i basis points is %s", (basisPoints, percent) => {
    expect(formatBasisPointsAsPercent(basisPoints)).toBe(percent);
  });

  it.each([
    [1, "£0.0001"],
    [10, "£0.001"],
    [100, "£0.01"],
    [1000, "£0.10"],
    [1100, "£0.11"],
    [1250, "£0.125"],
    [1105, "£0.1105"],
    [10_000, "£1.00"],
  ])("%i basis points earn %s per £1.00 spent", (basisPoints, perPound) => {
    expect(formatCreditPerPound(basisPoints)).toBe(perPound);
  });
});

// The tests below run in order: the rate starts at the default, then changes.
describe("the credit rate", () => {
  it("is 11% (1100 basis points) while no administrator has set it, readable by anyone", async ({ app }) => {
    expect(await app.db.programmeSettings.count()).toBe(0);
    expect(await getCreditRate(app.db)).toBe(DEFAULT_CREDIT_RATE_BASIS_POINTS);
    const rest = await app.client().get("/api/settings");
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({
      creditRateBasisPoints: 1100,
      creditRatePercent: "11%",
      contactEmail: "no-reply@hng-referrals.local",
      contactEmailIsDefault: true,
      contactPhone: null,
      contactHours: null,
    });
    const graphql = await app.client().graphql(PROGRAMME_QUERY);
    expect(graphql.data.programme).toEqual({ creditRateBasisPoints: 1100, creditRatePercent: "11%", demoMode: false });
  });

  it("an administrator lowers it over REST at once: everyone reads the new rate, and the change is audited with before and after", async ({
    app,
    admin,
    adminId,
  }) => {
    const changed = await admin.post("/api/admin/settings/credit-rate", { basisPoints: 950 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ creditRateBasisPoints: 950, creditRatePercent: "9.5%" });
    expect((await app.client().get("/api/settings")).body).toEqual({
      creditRateBasisPoints: 950,
      creditRatePercent: "9.5%",
      contactEmail: "no-reply@hng-referrals.local",
      contactEmailIsDefault: true,
      contactPhone: null,
      contactHours: null,
    });
    expect(await getCreditRate(app.db)).toBe(950);
    expect(await app.db.programmeSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({
      creditRateBasisPoints: 950,
      updatedById: adminId,
    });

    const [entry] = await rateAudits(app);
    expect(entry).toMatchObject(
      settingsChangeAudit(adminId, {
        before: { creditRateBasisPoints: 1100 },
        after: { creditRateBasisPoints: 950 },
        details: "Credit rate changed from 11% to 9.5%",
      }),
    );
  });

  it("an administrator lowers it over GraphQL; a raise sent as text over REST waits for a second administrator", async ({
    app,
    admin,
  }) => {
    const result = await admin.graphql(SET_RATE, { input: { basisPoints: 900 } });
    expect(result.data.setCreditRate.data).toEqual({ creditRateBasisPoints: 900, creditRatePercent: "9%" });
    const asText = await admin.post("/api/admin/settings/credit-rate", { basisPoints: "1100" });
    expect(asText.status).toBe(202);
    expect(asText.body.request).toMatchObject({ fromValue: 900, toValue: 1100, status: "pending" });
    expect(await getCreditRate(app.db)).toBe(900);
    const approver = await signedInAdmin(app, "rate-approver");
    expect((await approver.post(`/api/admin/setting-change-requests/${asText.body.request.id}/approve`)).status).toBe(
      200,
    );
    expect(await getCreditRate(app.db)).toBe(1100);
    const audits = await rateAudits(app);
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [{ creditRateBasisPoints: 1100 }, { creditRateBasisPoints: 950 }],
      [{ creditRateBasisPoints: 950 }, { creditRateBasisPoints: 900 }],
      [{ creditRateBasisPoints: 900 }, { creditRateBasisPoints: 1100 }],
    ]);
  });

  it("accepts the limits 1 (0.01%) and 10000 (100%)", async ({ app, admin, adminId }) => {
    expect((await admin.post("/api/admin/settings/credit-rate", { basisPoints: 1 })).body).toEqual({
      creditRateBasisPoints: 1,
      creditRatePercent: "0.01%",
    });
    const highest = await admin.post("/api/admin/settings/credit-rate", { basisPoints: 10_000 });
    expect(highest.status).toBe(202);
    expect(highest.body.request).toMatchObject({ toValue: 10_000, to: "100%" });
    await app.db.settingChangeRequest.update({ where: { id: highest.body.request.id }, data: { status: "WITHDRAWN" } });
    await approvedIfRaised(
      app.db,
      await setCreditRate(app.db, { basisPoints: 1100 }, { id: adminId }),
      await insertActor(app.db),
    );
  });

  // it.for, not it.each: only it.for hands the test its fixtures.
  it.for<[unknown]>([[0], [-100], [10_001], [12.5], ["11%"], ["abc"], [""], [null], [true], [[1100]], [2 ** 40]])(
    "refuses %j with 400 and a clear message, changing nothing",
    async ([basisPoints], { app, admin }) => {
      const auditsBefore = (await rateAudits(app)).length;
      const response = await admin.post("/api/admin/settings/credit-rate", { basisPoints });
      expect(response.status).toBe(400);
      expect(response.text).toBe(RATE_MESSAGE);
      expect(await getCreditRate(app.db)).toBe(1100);
      expect(await rateAudits(app)).toHaveLength(auditsBefore);
    },
  );

  it("refuses a missing rate, and an out-of-range one over GraphQL as a typed error", async ({ app, admin }) => {
    const missing = await admin.post("/api/admin/settings/credit-rate", {});
    expect(missing.status).toBe(400);
    expect(missing.text).toBe(RATE_MESSAGE);
    const result = await admin.graphql(SET_RATE, { input: { basisPoints: 0 } });
    expect(result.data.setCreditRate).toEqual({ code: "BAD_INPUT", message: RATE_MESSAGE });
    expect(await getCreditRate(app.db)).toBe(1100);
  });

  it("concurrent changes each audit the value they really replaced, and at most one raise waits", async ({
    app,
    adminId,
  }) => {
    const rates = [1000, 1050, 900, 1200, 950, 1300, 800, 1400];
    const auditsBefore = (await rateAudits(app)).length;
    const outcomes = await Promise.allSettled(
      rates.map((basisPoints) => setCreditRate(app.db, { basisPoints }, { id: adminId })),
    );
    const applied = outcomes.filter((o) => o.status === "fulfilled" && o.value.status === "APPLIED");
    const audits = (await rateAudits(app)).slice(auditsBefore - 1);
    // Each entry's "before" is the previous entry's "after": no change was lost or mis-recorded.
    for (let i = 1; i < audits.length; i += 1) expect(audits[i]!.before).toEqual(audits[i - 1]!.after);
    expect(audits).toHaveLength(applied.length + 1);
    expect(await getCreditRate(app.db)).toBe(
      (audits.at(-1)!.after as { creditRateBasisPoints: number }).creditRateBasisPoints,
    );
    expect(await app.db.settingChangeRequest.count({ where: { status: "PENDING" } })).toBeLessThanOrEqual(1);
    await app.db.settingChangeRequest.updateMany({ where: { status: "PENDING" }, data: { status: "WITHDRAWN" } });
    await approvedIfRaised(
      app.db,
      await setCreditRate(app.db, { basisPoints: 1100 }, { id: adminId }),
      await insertActor(app.db),
    );
  });

  it("refuses a change from a signed-out caller (401) and a customer (403), on REST and GraphQL, and lets both read", async ({
    app,
  }) => {
    const anonymous = app.client();
    const { client: customer } = await pendingCustomer(app, "settingscustomer", { verified: false });
    const auditsBefore = (await rateAudits(app)).length;
    for (const [client, status, code] of [
      [anonymous, 401, "UNAUTHENTICATED"],
      [customer, 403, "FORBIDDEN"],
    ] as const) {
      const rest = await client.post("/api/admin/settings/credit-rate", { basisPoints: 5000 });
      expect(rest.status).toBe(status);
      const invalidRest = await client.post("/api/admin/settings/credit-rate", {});
      expect(invalidRest.status).toBe(status);
      const graphql = await client.graphql(SET_RATE, { input: { basisPoints: 5000 } });
      expect(graphql.data).toBeNull();
      expect(graphql.errors?.[0]?.extensions?.code).toBe(code);
      expect((await client.get("/api/settings")).body).toEqual({
        creditRateBasisPoints: 1100,
        creditRatePercent: "11%",
        contactEmail: "no-reply@hng-referrals.local",
        contactEmailIsDefault: true,
        contactPhone: null,
        contactHours: null,
      });
    }
    expect(await getCreditRate(app.db)).toBe(1100);
    expect(await rateAudits(app)).toHaveLength(auditsBefore);
  });
});
