// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { answer, failure, pendingOperationNames, success } from "../../components/admin/testing/adminTesting.ts";
import { CONSENT_WORDING } from "../../components/staff/RecordReferralForm.tsx";
import { AppRoutes } from "../../routes/AppRoutes.tsx";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";

afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

type Role = "CUSTOMER" | "STAFF" | "ADMIN";

/** The app at `path` for a signed-in user of `role` (null: signed out). */
async function renderAt(path: string, role: Role | null, mustEnrolSecondFactor = false) {
  const rendered = renderWithProviders(<AppRoutes />, { path });
  await answer(rendered.environment, "viewerSessionQuery", {
    viewer: role
      ? {
          id: "VXNlcjo3",
          databaseId: 7,
          username: "sam@example.com",
          firstName: "Sam",
          lastName: "Kay",
          role,
          mustEnrolSecondFactor,
        }
      : null,
  });
  return rendered;
}

const SARAH = {
  id: "Q3VzdG9tZXI6MQ==",
  firstName: "Sarah",
  lastName: "Jones",
  phoneDisplay: "07700 900123",
  postcode: "M1 1AE",
  contractNumber: "HNG-2025-0412",
  status: "VERIFIED",
  progressPercentage: 41.7,
  milestones: [
    { key: "M33", title: "33% Milestone", state: "PAID" },
    { key: "M66", title: "66% Milestone", state: "READY" },
    { key: "M100", title: "Full refund", state: "LOCKED" },
  ],
  referrals: [
    {
      id: "UmVmZXJyYWw6MQ==",
      name: "Tom Brown",
      status: "PURCHASED",
      statusDisplay: "Purchased",
      createdAt: "2026-11-01T10:00:00.000Z",
      channel: "TYPED",
    },
  ],
};

/** /staff for a member of staff, with no recorded referrals yet, and Sarah's card opened from a search. */
async function openSarahsCard() {
  const user = userEvent.setup();
  const rendered = await renderAt("/staff", "STAFF");
  await answer(rendered.environment, "MyRecordedReferralsQuery", { myRecordedReferrals: [] });
  await user.click(await screen.findByRole("searchbox", { name: "Find a customer" }));
  await user.paste("+44 7700 900123");
  await answer(rendered.environment, "StaffSearchQuery", { staffCustomerSearch: [SARAH] });
  await user.click(await screen.findByRole("button", { name: /Sarah Jones/ }));
  await answer(rendered.environment, "StaffPageCustomerQuery", { staffCustomer: SARAH });
  await screen.findByRole("heading", { level: 2, name: "Sarah Jones" });
  return { ...rendered, user };
}

describe("/staff: who may open it, and where staff go elsewhere", () => {
  for (const path of ["/admin", "/admin/reports", "/home", "/milestones", "/registration", "/"]) {
    it(`sends a member of staff from ${path} to /staff`, async () => {
      const { history } = await renderAt(path, "STAFF");
      await waitFor(() => expect(history.at(-1)).toBe("/staff"));
      expect(screen.queryByRole("heading", { name: "Access Denied" })).toBeNull();
    });
  }

  it("keeps a member of staff on /account (their own settings)", async () => {
    const { history, environment } = await renderAt("/account", "STAFF");
    await answer(environment, "AccountPageQuery", {
      viewer: { username: "sam@example.com", role: "STAFF", mustEnrolSecondFactor: false, email: "sam@example.com" },
    });
    const back = await screen.findByRole("link", { name: "Back to Staff" });
    expect(back.getAttribute("href")).toBe("/staff");
    expect(history.at(-1)).toBe("/account");
    // Staff accounts are the business's: no "Your data" row, the second factor instead.
    expect(screen.queryByText("Your data")).toBeNull();
  });

  it("sends a customer to /home, an administrator to /admin and a visitor to /auth", async () => {
    const customer = await renderAt("/staff", "CUSTOMER");
    await waitFor(() => expect(customer.history.at(-1)).toBe("/home"));
    cleanup();
    const admin = await renderAt("/staff", "ADMIN");
    await waitFor(() => expect(admin.history.at(-1)).toBe("/admin"));
    cleanup();
    const visitor = await renderAt("/staff", null);
    await waitFor(() => expect(visitor.history.at(-1)).toBe("/auth"));
  });

  it("sends a member of staff who must enrol a second factor to /account", async () => {
    const { history } = await renderAt("/staff", "STAFF", true);
    await waitFor(() => expect(history.at(-1)).toBe("/account"));
  });
});

describe("/staff: finding a customer", () => {
  it("searches as typing pauses, with the phone as typed, and opens the chosen customer's card", async () => {
    const user = userEvent.setup();
    const { environment } = await renderAt("/staff", "STAFF");
    await answer(environment, "MyRecordedReferralsQuery", { myRecordedReferrals: [] });
    const box = await screen.findByRole("searchbox", { name: "Find a customer" });
    // Pasted, so the search waits for one pause only (a slow machine could pause between keys).
    await user.click(box);
    await user.paste("+44 7700 900123");
    const search = await answer(environment, "StaffSearchQuery", { staffCustomerSearch: [SARAH] });
    expect(search.request.variables).toEqual({ query: "+44 7700 900123" });

    const results = await screen.findByRole("list", { name: "Customers found" });
    const row = within(results).getByRole("button", { name: /Sarah Jones/ });
    expect(row.textContent).toContain("07700 900123 · M1 1AE · HNG-2025-0412");
    await user.click(row);
    const card = await answer(environment, "StaffPageCustomerQuery", { staffCustomer: SARAH });
    expect(card.request.variables).toEqual({ id: SARAH.id });

    const section = await screen.findByTestId("staff-customer-card");
    expect(within(section).getByRole("heading", { level: 2, name: "Sarah Jones" })).toBeTruthy();
    expect(within(section).getByText("Verified")).toBeTruthy();
    // Whole percent rounded down (docs/rules/web-app.md, "Progress").
    expect(within(section).getByText("41%")).toBeTruthy();
    const milestones = within(section).getByTestId("staff-milestones");
    expect(milestones.textContent).toContain("33% MilestonePaid");
    expect(milestones.textContent).toContain("66% MilestoneReady");
    expect(milestones.textContent).toContain("Full refundPending");
    expect(within(section).getByTestId("staff-customer-referrals").textContent).toContain("Tom Brown");
    expect(within(section).getByText("Purchased")).toBeTruthy();
    expect(row.getAttribute("aria-current")).toBe("true");
  });

  it("sends nothing for fewer than three characters, and says so", async () => {
    const user = userEvent.setup();
    const { environment } = await renderAt("/staff", "STAFF");
    await answer(environment, "MyRecordedReferralsQuery", { myRecordedReferrals: [] });
    const box = await screen.findByRole("searchbox", { name: "Find a customer" });
    await user.type(box, "07");
    expect(await screen.findByText("Type at least 3 characters.")).toBeTruthy();
    expect(pendingOperationNames(environment)).not.toContain("StaffSearchQuery");
    // The first search sent is the first one long enough, whenever the pause after "07" ended.
    await user.type(box, "1");
    const search = await answer(environment, "StaffSearchQuery", { staffCustomerSearch: [] });
    expect(search.request.variables).toEqual({ query: "071" });
  });

  it("says what was searched when nobody matches", async () => {
    const user = userEvent.setup();
    const { environment } = await renderAt("/staff", "STAFF");
    await answer(environment, "MyRecordedReferralsQuery", { myRecordedReferrals: [] });
    await user.click(await screen.findByRole("searchbox", { name: "Find a customer" }));
    await user.paste("ZZ9 9ZZ");
    await user.keyboard("{Enter}");
    await answer(environment, "StaffSearchQuery", { staffCustomerSearch: [] });
    expect((await screen.findByTestId("staff-search-empty")).textContent).toContain("ZZ9 9ZZ");
  });
});

describe("/staff: Record a referral", () => {
  it("asks for the name, the phone and the friend's consent before sending anything", async () => {
    const { user, environment } = await openSarahsCard();
    await user.click(screen.getByRole("button", { name: "Record referral" }));
    expect(await screen.findByText("Enter the friend's full name")).toBeTruthy();
    expect(screen.getByText("Enter the friend's phone number")).toBeTruthy();
    expect(screen.getByText("Confirm the friend agreed to be contacted")).toBeTruthy();
    expect(pendingOperationNames(environment)).not.toContain("RecordReferralFormMutation");
  });

  it("shows the server's refusals in place, then names the friend and clears the form on success", async () => {
    const { user, environment } = await openSarahsCard();
    const name = screen.getByRole("textbox", { name: /Friend's full name/ }) as HTMLInputElement;
    const phone = screen.getByRole("textbox", { name: /Phone number/ }) as HTMLInputElement;
    await user.type(name, "Anna Smith");
    await user.type(phone, "07700 900999");
    await user.click(screen.getByText(CONSENT_WORDING));
    await user.click(screen.getByRole("button", { name: "Record referral" }));

    const sent = await answer(environment, "RecordReferralFormMutation", {
      recordReferralForCustomer: failure("ValidationError", "Enter a valid UK phone number", "input.phone"),
    });
    expect(sent.request.variables.input).toEqual({
      customerId: SARAH.id,
      name: "Anna Smith",
      phone: "07700 900999",
      email: null,
      postcode: null,
      consentConfirmed: true,
    });
    expect(await screen.findByText("Enter a valid UK phone number")).toBeTruthy();
    expect(phone.getAttribute("aria-invalid")).toBe("true");

    await user.click(screen.getByRole("button", { name: "Record referral" }));
    await answer(environment, "RecordReferralFormMutation", {
      recordReferralForCustomer: failure("ConflictError", "Anna Smith has already been referred"),
    });
    const refused = await screen.findByTestId("record-referral-refused");
    expect(refused.textContent).toContain("Anna Smith has already been referred");

    await user.click(screen.getByRole("button", { name: "Record referral" }));
    await answer(environment, "RecordReferralFormMutation", {
      recordReferralForCustomer: success("MutationRecordReferralForCustomerSuccess", {
        referral: {
          id: "UmVmZXJyYWw6OQ==",
          name: "Anna Smith",
          referrerName: "Sarah Jones",
          status: "PENDING",
          statusDisplay: "Pending",
          verified: false,
          createdAt: "2026-11-28T10:00:00.000Z",
        },
      }),
    });
    expect((await screen.findByTestId("record-referral-done")).textContent).toContain(
      "Referral recorded for Anna Smith",
    );
    expect(screen.queryByTestId("record-referral-refused")).toBeNull();
    expect(name.value).toBe("");
    expect(phone.value).toBe("");
    expect((screen.getByRole("checkbox", { name: CONSENT_WORDING }) as HTMLInputElement).checked).toBe(false);
    // "My referrals" shows it at once, with its referrer.
    const mine = await screen.findByTestId("my-referrals");
    expect(mine.textContent).toContain("Anna Smith");
    expect(mine.textContent).toContain("Referred by Sarah Jones");
  });

  it("offers no form for a customer not verified yet", async () => {
    const user = userEvent.setup();
    const { environment } = await renderAt("/staff", "STAFF");
    await answer(environment, "MyRecordedReferralsQuery", { myRecordedReferrals: [] });
    await user.click(await screen.findByRole("searchbox", { name: "Find a customer" }));
    await user.paste("Jones");
    const pending = { ...SARAH, status: "PENDING", referrals: [] };
    await answer(environment, "StaffSearchQuery", { staffCustomerSearch: [pending] });
    await user.click(await screen.findByRole("button", { name: /Sarah Jones/ }));
    await answer(environment, "StaffPageCustomerQuery", { staffCustomer: pending });
    expect((await screen.findByTestId("record-referral-unavailable")).textContent).toContain("once their registration");
    expect(screen.queryByRole("button", { name: "Record referral" })).toBeNull();
  });
});
