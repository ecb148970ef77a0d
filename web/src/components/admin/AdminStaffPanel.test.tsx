// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { AdminPage } from "../../pages/admin/AdminPage.tsx";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { answer, failure, success } from "./testing/adminTesting.ts";

afterEach(cleanup);

const SAM = {
  id: "VXNlcjo3",
  databaseId: 7,
  username: "sam@example.com",
  firstName: "Sam",
  lastName: "Kay",
  email: "sam@example.com",
  role: "STAFF",
  deactivatedAt: null,
  recordedReferrals: 8,
  verifiedPurchases: 3,
};

async function renderStaffTab() {
  const rendered = renderWithProviders(<AdminPage />, { path: "/admin?tab=staff" });
  await answer(rendered.environment, "AdminStaffPanelQuery", { staffMembers: [SAM] });
  return { ...rendered, user: userEvent.setup() };
}

describe("the Admin Panel's Staff tab", () => {
  it("lists the staff with their recorded referrals, verified purchases and conversion", async () => {
    await renderStaffTab();
    const row = within(await screen.findByTestId("staff-members")).getByRole("row", { name: /Sam Kay/ });
    const cells = within(row)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual(["Sam Kay", "sam@example.com", "Active", "8", "3", "37%"]);
    expect(within(row).getByRole("button", { name: "Change role of Sam Kay" })).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Deactivate Sam Kay" })).toBeTruthy();
  });

  it("invites a member of staff, showing a refusal under its field", async () => {
    const { environment, user } = await renderStaffTab();
    await user.click(await screen.findByRole("button", { name: "Invite staff" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite staff" });
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText("Enter their email address")).toBeTruthy();

    await user.type(within(dialog).getByRole("textbox", { name: /Email/ }), "ria@example.com");
    await user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Ria");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Shah");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    const sent = await answer(environment, "AdminStaffPanelInviteMutation", {
      inviteStaff: failure("ConflictError", "Another account has this email address"),
    });
    expect(sent.request.variables.input).toEqual({ email: "ria@example.com", firstName: "Ria", lastName: "Shah" });
    expect(await within(dialog).findByText("Another account has this email address")).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await answer(environment, "AdminStaffPanelInviteMutation", {
      inviteStaff: success("MutationInviteStaffSuccess", { id: "VXNlcjo4", email: "ria@example.com" }),
    });
    expect(await screen.findByText(/ria@example.com has an email with a link/)).toBeTruthy();
    // The list is read again with the new member.
    await answer(environment, "AdminStaffPanelQuery", { staffMembers: [SAM] });
  });

  it("deactivates a member of staff after a red dialog says what happens", async () => {
    const { environment, user } = await renderStaffTab();
    await user.click(await screen.findByRole("button", { name: "Deactivate Sam Kay" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Sam Kay?" });
    expect(dialog.textContent).toContain("signed out everywhere at once");
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    const sent = await answer(environment, "AdminStaffPanelDeactivateMutation", {
      deactivateUser: success("MutationDeactivateUserSuccess", {
        id: SAM.id,
        deactivatedAt: "2026-11-28T10:00:00.000Z",
      }),
    });
    expect(sent.request.variables.input).toEqual({ userId: 7 });
    expect(await screen.findByText("Sam Kay can no longer sign in.")).toBeTruthy();
  });
});
