import { describe, expect } from "vitest";
import { adminPaths } from "../../test/adminPaths.ts";
import { it } from "../../test/fixtures.ts";
import { signedInAdmin } from "../../test/testApp.ts";
import { waitFor } from "../../test/waitFor.ts";
import { STAFF_REFUSAL_MESSAGE } from "../graphql/access.ts";

describe("every /api/admin path", () => {
  it("is documented by at least the spec's admin calls", () => {
    expect(adminPaths.length).toBeGreaterThanOrEqual(20);
  });

  it("refuses a signed-out caller with 401 and a verified customer with 403, changing nothing", async ({
    app,
    customer,
  }) => {
    const auditBefore = await app.db.auditEntry.count();
    for (const { method, path, options } of adminPaths) {
      const anonymous = await app.client().request(method, path, options);
      expect(anonymous.status, `${method} ${path} signed out`).toBe(401);
      const asCustomer = await customer.client.request(method, path, options);
      expect(asCustomer.status, `${method} ${path} as a customer`).toBe(403);
    }
    expect(await app.db.auditEntry.count()).toBe(auditBefore);
  });
});

describe("every /api/admin path, for a staff member", () => {
  it("refuses them with 403 and the staff message, audited, changing nothing else (docs/rules/roles.md)", async ({
    app,
  }) => {
    const staff = await signedInAdmin(app, "walkstaff");
    // The role set in the database: the session signed in before stays open.
    const { id } = await app.db.user.update({ where: { username: "walkstaff" }, data: { role: "STAFF" } });
    const auditBefore = await app.db.auditEntry.count({ where: { NOT: { action: "access_refused" } } });
    for (const { method, path, options } of adminPaths) {
      const refused = await staff.request(method, path, options);
      expect(refused.status, `${method} ${path} as staff`).toBe(403);
      expect(refused.text, `${method} ${path} as staff`).toContain(STAFF_REFUSAL_MESSAGE);
    }
    expect(await app.db.auditEntry.count({ where: { NOT: { action: "access_refused" } } })).toBe(auditBefore);
    await waitFor(
      "one refusal entry per path",
      async () =>
        (await app.db.auditEntry.count({ where: { action: "access_refused", actorId: id } })) === adminPaths.length,
      10_000,
    );
  });
});

describe("a path segment that is not valid percent-encoding", () => {
  it("names nothing: 401 signed out, 404 for an administrator, never 500", async ({ app, admin }) => {
    for (const segment of ["%zz", "%", "%ED%A0%80", "%E2%80%AE1"]) {
      for (const path of [
        `/api/admin/approve-customer/${segment}`,
        `/api/admin/payout-requests/${segment}/approve`,
        `/api/admin/reports/${segment}`,
      ]) {
        const method = path.includes("/reports/") ? "GET" : "POST";
        expect((await app.client().request(method, path)).status, `${path} signed out`).toBe(401);
        expect((await admin.request(method, path)).status, `${path} as an administrator`).toBe(404);
      }
    }
  });
});
