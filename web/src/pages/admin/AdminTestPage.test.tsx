// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { answer, connection, money, waitForLoaded } from "../../components/admin/testing/adminTesting.ts";
import { AppRoutes } from "../../routes/AppRoutes.tsx";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";

afterEach(cleanup);

async function renderRoute(
  path: string,
  viewer: { role: "CUSTOMER" | "STAFF" | "ADMIN"; mustEnrolSecondFactor?: boolean } | null,
) {
  const rendered = renderWithProviders(<AppRoutes />, { path });
  await answer(rendered.environment, "viewerSessionQuery", {
    viewer: viewer
      ? {
          id: "VXNlcjox",
          databaseId: 1,
          username: "someone",
          firstName: "Alex",
          lastName: "Admin",
          role: viewer.role,
          mustEnrolSecondFactor: viewer.mustEnrolSecondFactor ?? false,
        }
      : null,
  });
  return rendered;
}

describe("admin routes", () => {
  for (const path of ["/admin", "/admin/reports", "/admin-test"]) {
    it(`shows Access Denied on ${path} to a signed-in customer`, async () => {
      await renderRoute(path, { role: "CUSTOMER" });
      expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeTruthy();
    });
  }

  it("shows Access Denied on /admin-test to a visitor who is not signed in", async () => {
    await renderRoute("/admin-test", null);
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeTruthy();
  });

  it("sends an administrator who must enrol a second factor (REQUIRE_ADMIN_MFA) from /admin to /account", async () => {
    const { environment, history } = await renderRoute("/admin", { role: "ADMIN", mustEnrolSecondFactor: true });
    const viewer = {
      id: "VXNlcjox",
      databaseId: 1,
      username: "someone",
      firstName: "Alex",
      lastName: "Admin",
      email: "alex@example.com",
      emailConfirmed: true,
      role: "ADMIN",
      mustEnrolSecondFactor: true,
    };
    await answer(environment, "AccountPageQuery", { viewer });
    await answer(environment, "SecondFactorSectionQuery", {
      viewer,
      secondFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: true, mustEnrol: true },
    });
    expect(await screen.findByText("Set up two-step verification to continue")).toBeTruthy();
    expect(history.at(-1)).toBe("/account");
    expect(screen.getByRole("button", { name: "Set up two-step verification" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Back to Admin" })).toBeNull();
  });

  it("gives an administrator the simplified approval page on /admin-test", async () => {
    const { environment } = await renderRoute("/admin-test", { role: "ADMIN" });
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Test" })).toBeTruthy();
    await answer(environment, "AdminCustomerApprovalTabQuery", {
      pendingCustomers: connection([
        {
          id: "Q3VzdG9tZXI6NQ==",
          createdAt: "2025-07-27T09:30:00.000Z",
          postcode: "B1 1BB",
          contractNumber: "HNG-2025-0412",
          originalPurchaseAmount: money(650_000),
          user: {
            id: "VXNlcjo2",
            username: "oliver",
            email: "oliver@example.com",
            firstName: "Oliver",
            lastName: "Davies",
          },
        },
      ]),
    });
    await waitForLoaded();
    expect(screen.getByRole("heading", { name: "Pending Customers" })).toBeTruthy();
    for (const action of ["Approve Customer", "Edit Details", "Reject Application"])
      expect(screen.getByRole("button", { name: action })).toBeTruthy();
  });
});
