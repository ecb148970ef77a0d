// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { answer, connection, money, waitForLoaded } from "../../components/admin/testing/adminTesting.ts";
import { AppRoutes } from "../../routes/AppRoutes.tsx";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";

afterEach(cleanup);

async function renderRoute(path: string, viewer: { isAdmin: boolean } | null) {
  const rendered = renderWithProviders(<AppRoutes />, { path });
  await answer(rendered.environment, "viewerSessionQuery", {
      viewer: viewer ? { id: "VXNlcjox", databaseId: 1, username: "someone", firstName: "Alex", lastName: "Admin", isAdmin: viewer.isAdmin, mustEnrolSecondFactor: false } : null,
    });
  return rendered;
}

describe("admin routes", () => {
  for (const path of ["/admin", "/admin/reports", "/admin-test"]) {
    it(`shows Access Denied on ${path} to a signed-in customer`, async () => {
      await renderRoute(path, { isAdmin: false });
      expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeTruthy();
    });
  }

  it("shows Access Denied on /admin-test to a visitor who is not signed in", async () => {
    await renderRoute("/admin-test", null);
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeTruthy();
  });

  it("gives an administrator the simplified approval page on /admin-test", async () => {
    const { environment } = await renderRoute("/admin-test", { isAdmin: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Test" })).toBeTruthy();
    await answer(environment, "AdminCustomerApprovalTabQuery", {
        pendingCustomers: connection([
          {
            id: "Q3VzdG9tZXI6NQ==",
            createdAt: "2025-07-27T09:30:00.000Z",
            postcode: "B1 1BB",
            contractNumber: "HNG-2025-0412",
            originalPurchaseAmount: money(650_000),
            user: { id: "VXNlcjo2", username: "oliver", email: "oliver@example.com", firstName: "Oliver", lastName: "Davies" },
          },
        ]),
      });
    await waitForLoaded();
    expect(screen.getByRole("heading", { name: "Pending Customers" })).toBeTruthy();
    for (const action of ["Approve Customer", "Edit Details", "Reject Application"]) expect(screen.getByRole("button", { name: action })).toBeTruthy();
  });
});
