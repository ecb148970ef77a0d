import { describe, expect } from "vitest";
import { adminPaths } from "../../test/adminPaths.ts";
import { it } from "../../test/fixtures.ts";

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
