// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminPendingReferralsTab } from "./AdminPendingReferralsTab.tsx";
// The form is loaded when a referral is selected; loaded here first, so its first opening does not
// wait on the test runner's compiling it.
import "./AdminVerifyPurchaseForm.tsx";
import { TabBoundary } from "./TabBoundary.tsx";
import { answer, connection, failure, pendingOperationNames, success, waitForLoaded } from "./testing/adminTesting.ts";

afterEach(cleanup);

const GRACE = {
  id: "UmVmZXJyYWw6NA==",
  name: "Grace Lee",
  phone: "+447700900104",
  phoneDisplay: "07700 900104",
  email: "grace@example.com",
  address: "2 Mill Lane, Leeds",
  daysRemaining: 84,
  createdAt: "2025-07-20T10:00:00.000Z",
  signalCount: 0,
  signals: [],
  hold: null,
  customer: {
    id: "Q3VzdG9tZXI6MQ==",
    databaseId: 1,
    user: { id: "VXNlcjoy", username: "sarah", firstName: "Sarah", lastName: "Johnson", email: "sarah@example.com" },
  },
};
const HENRY = {
  ...GRACE,
  id: "UmVmZXJyYWw6NQ==",
  name: "Henry Wood",
  phone: "+447700900105",
  phoneDisplay: "07700 900105",
  email: null,
  address: null,
  daysRemaining: 9,
};

async function renderTab(referrals: object[], rateBasisPoints = 1100) {
  const rendered = renderWithProviders(
    <TabBoundary>
      <AdminPendingReferralsTab />
    </TabBoundary>,
  );
  const ratePercent = `${rateBasisPoints / 100}%`;
  await answer(rendered.environment, "AdminPendingReferralsTabQuery", {
    programme: { creditRateBasisPoints: rateBasisPoints, creditRatePercent: ratePercent },
    pendingReferrals: connection(referrals, { totalCount: referrals.length }),
  });
  // No flagged verification waiting (AdminVerificationRequests.test.tsx shows them), when the tab asks.
  if (referrals.length > 0)
    await answer(rendered.environment, "AdminVerificationRequestsQuery", {
      pendingPurchaseVerificationRequests: connection([]),
    });
  await waitForLoaded();
  return rendered;
}

describe("Pending Referrals tab", () => {
  it("lists the pending referrals and opens the Verify Purchase form for the one selected", async () => {
    await renderTab([GRACE, HENRY]);
    const list = screen.getByTestId("pending-referral-list");
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(list.textContent).toContain("07700 900104");
    expect(list.textContent).toContain("Customer: Sarah Johnson");
    expect(list.textContent).toContain("9 days left");
    expect(screen.getByText("Select a referral to verify its purchase.")).toBeTruthy();

    // Each row's button is named by what it shows (the friend, the phone, the days left), nothing hidden.
    const graceRow = screen.getByRole("button", { name: /^Grace Lee \S.* 84 days left$/ });
    expect(graceRow.getAttribute("aria-label")).toBeNull();
    expect(graceRow.textContent).toContain("07700 900104");
    expect(screen.getByRole("button", { name: /^Henry Wood .* 9 days left$/ })).toBeTruthy();
    await userEvent.setup().click(graceRow);
    const form = await screen.findByRole("region", { name: "Verify Purchase" });
    for (const text of [
      "Grace Lee",
      "07700 900104",
      "grace@example.com",
      "2 Mill Lane, Leeds",
      "Sarah Johnson (sarah)",
      "20 Jul 2025",
    ]) {
      expect(form.textContent).toContain(text);
    }
    const amount = within(form).getByLabelText(/Purchase Amount/);
    expect(amount.getAttribute("inputmode")).toBe("decimal");
    expect(amount.getAttribute("min")).toBe("0.01");
    expect(amount.getAttribute("step")).toBe("0.01");
    expect(graceRow.getAttribute("aria-pressed")).toBe("true");
  });

  it("previews the credit with the rate in force, in whole pence rounded half-up", async () => {
    await renderTab([GRACE], 1250);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Grace Lee/ }));
    const preview = await screen.findByTestId("credit-preview");
    expect(preview.textContent).toContain("—");
    expect(preview.textContent).toContain("12.5%");
    const amount = await screen.findByLabelText(/Purchase Amount/);
    // 12.5% of £100.04 is £12.505: half-up gives £12.51 (a float would give £12.50).
    await user.type(amount, "100.04");
    expect(preview.textContent).toContain("£12.51");
    await user.clear(amount);
    await user.type(amount, "1000");
    expect(preview.textContent).toContain("£125.00");
  });

  it("says 'No Pending Referrals' when there are none", async () => {
    await renderTab([]);
    expect(screen.getByRole("heading", { name: "No Pending Referrals" })).toBeTruthy();
  });

  it("refuses an invalid amount without asking the server", async () => {
    const { environment } = await renderTab([GRACE]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Grace Lee/ }));
    await user.click(screen.getByRole("button", { name: "Verify Purchase" }));
    expect(await screen.findByText("Invalid Amount")).toBeTruthy();
    expect(screen.getAllByText("Please enter a valid purchase amount.").length).toBeGreaterThan(0);
    expect(pendingOperationNames(environment)).toEqual([]);
  });

  it("verifies a purchase: the referral leaves the list and the notice says credit was added", async () => {
    const { environment } = await renderTab([GRACE, HENRY]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Grace Lee/ }));
    await user.type(await screen.findByLabelText(/Purchase Amount/), "1,000.5".replace(",", ""));
    await user.type(screen.getByLabelText("Notes (optional)"), "Receipt 4471");
    await user.click(screen.getByRole("button", { name: "Verify Purchase" }));
    const operation = await answer(environment, "AdminVerifyPurchaseFormMutation", {
      verifyPurchase: success("MutationVerifyPurchaseSuccess", {
        referral: { id: GRACE.id, status: "PURCHASED" },
        creditEarned: { pence: 11006 },
      }),
    });
    expect(operation.request.variables.input).toEqual({
      referralId: GRACE.id,
      amount: "1000.50",
      notes: "Receipt 4471",
    });
    expect(await screen.findByText("Purchase Verified")).toBeTruthy();
    expect(screen.getByText("Credit has been added to the customer's account.")).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId("pending-referral-list")).getAllByRole("listitem")).toHaveLength(1),
    );
    expect(screen.getByTestId("pending-referral-list").textContent).not.toContain("Grace Lee");
    expect(screen.getByText("1 waiting")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Verify Purchase" })).toBeNull();
    // The keyboard stays in the list, on the next referral.
    await waitFor(() => expect(document.activeElement?.textContent).toContain("Henry Wood"));
  });

  it("shows the server's refusal as Verification Failed and keeps the referral", async () => {
    const { environment } = await renderTab([GRACE]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Grace Lee/ }));
    await user.type(await screen.findByLabelText(/Purchase Amount/), "250");
    await user.click(screen.getByRole("button", { name: "Verify Purchase" }));
    await answer(environment, "AdminVerifyPurchaseFormMutation", {
      verifyPurchase: failure(
        "ConflictError",
        "This referral has expired: a purchase can no longer be verified for it.",
      ),
    });
    expect(await screen.findByText("Verification Failed")).toBeTruthy();
    expect(screen.getByText("This referral has expired: a purchase can no longer be verified for it.")).toBeTruthy();
    expect(screen.getByTestId("pending-referral-list").textContent).toContain("Grace Lee");
  });
});

describe("Pending Referrals search", () => {
  it("searches as the administrator types (debounced), keeps ?q= in the address and shows a clear no-match state", async () => {
    const rendered = renderWithProviders(
      <TabBoundary>
        <AdminPendingReferralsTab />
      </TabBoundary>,
      { path: "/admin?tab=pending-referrals" },
    );
    await answer(rendered.environment, "AdminPendingReferralsTabQuery", {
      programme: { creditRateBasisPoints: 1100, creditRatePercent: "11%" },
      pendingReferrals: connection([GRACE, HENRY], { totalCount: 2 }),
    });
    await waitForLoaded();
    const user = userEvent.setup();
    const box = screen.getByRole("searchbox", { name: "Search pending referrals" });
    await user.type(box, "07");
    expect(await screen.findByText("Type at least 3 characters to search.")).toBeTruthy();
    await user.type(box, "700 900104");
    const searched = await answer(rendered.environment, "AdminPendingReferralsTabPaginationQuery", {
      pendingReferrals: connection([GRACE], { totalCount: 1 }),
    });
    expect(searched.request.variables).toMatchObject({ search: "07700 900104", count: 20 });
    await waitFor(() =>
      expect(within(screen.getByTestId("pending-referral-list")).getAllByRole("listitem")).toHaveLength(1),
    );
    expect(rendered.history.at(-1)).toBe("/admin?tab=pending-referrals&q=07700+900104");
    expect(screen.getByText("1 matching")).toBeTruthy();
    // The box kept its text and focus while the list was refetched.
    expect(document.activeElement).toBe(box);

    await user.clear(box);
    await user.type(box, "Zebedee");
    await answer(rendered.environment, "AdminPendingReferralsTabPaginationQuery", {
      pendingReferrals: connection([], { totalCount: 0 }),
    });
    expect(await screen.findByText('No referrals match "Zebedee"')).toBeTruthy();
    expect(screen.getByRole("searchbox", { name: "Search pending referrals" })).toBeTruthy();
  });

  it("opens with the search in the address", async () => {
    const rendered = renderWithProviders(
      <TabBoundary>
        <AdminPendingReferralsTab />
      </TabBoundary>,
      { path: "/admin?tab=pending-referrals&q=Grace" },
    );
    const first = await answer(rendered.environment, "AdminPendingReferralsTabQuery", {
      programme: { creditRateBasisPoints: 1100, creditRatePercent: "11%" },
      pendingReferrals: connection([GRACE], { totalCount: 1 }),
    });
    expect(first.request.variables).toMatchObject({ search: "Grace" });
    await waitForLoaded();
    expect((screen.getByRole("searchbox", { name: "Search pending referrals" }) as HTMLInputElement).value).toBe(
      "Grace",
    );
  });
});

const SIGNALS = [
  {
    kind: "REFERRER_EMAIL",
    words: "The friend's email is the customer's own address",
    evidence: "sarah+friend@example.com matches sarah@example.com",
    noticedAt: "2025-07-20T10:00:00.000Z",
  },
  {
    kind: "SAME_POSTCODE",
    words: "The friend's address holds the customer's postcode",
    evidence: "LS1 4AP",
    noticedAt: "2025-07-20T10:00:00.000Z",
  },
];
const FLAGGED = {
  ...GRACE,
  id: "UmVmZXJyYWw6Ng==",
  databaseId: 6,
  name: "Ivy Stone",
  phoneDisplay: "07700 900106",
  signalCount: 2,
  signals: SIGNALS,
};
const HELD = {
  ...HENRY,
  id: "UmVmZXJyYWw6Nw==",
  databaseId: 7,
  name: "Jack Held",
  phoneDisplay: "07700 900107",
  signalCount: 1,
  signals: [SIGNALS[1]],
  hold: {
    heldAt: "2025-07-21T09:00:00.000Z",
    note: "Asked for the receipt",
    heldBy: { id: "VXNlcjox", username: "admin", firstName: "Ada", lastName: "Admin" },
  },
};

describe("Fraud signals in Pending Referrals", () => {
  it("shows the flag with its count in the row's name, and held rows as Under review below the others", async () => {
    await renderTab([HELD, GRACE, FLAGGED]);
    const rows = within(screen.getByTestId("pending-referral-list")).getAllByRole("listitem");
    // The held one sinks below the unheld ones, which keep the list's order.
    expect(rows.map((row) => row.textContent?.split(" ")[0])).toEqual(["Grace", "Ivy", "Jack"]);
    // The flag's words are in the button's name, which is what it shows.
    const ivy = screen.getByRole("button", { name: /^Ivy Stone 2 signals 07700 900106 84 days left$/ });
    expect(ivy.getAttribute("aria-label")).toBeNull();
    expect(
      screen.getByRole("button", { name: /^Jack Held 1 signal Under review 07700 900107 9 days left$/ }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Grace Lee 07700 900104 84 days left$/ })).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByTestId("signal-flag")).toBeNull();
  });

  it("lists the reasons above the amount, and shows the server's refusal of a blank note under the field", async () => {
    const { environment } = await renderTab([FLAGGED]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Ivy Stone/ }));
    const form = await screen.findByRole("region", { name: "Verify Purchase" });
    const reasons = within(form).getByRole("region", { name: "2 signals: why this referral looks wrong" });
    expect(
      within(reasons)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining(`${SIGNALS[0]?.words}${SIGNALS[0]?.evidence}Noticed 20 Jul 2025`),
      expect.stringContaining(`${SIGNALS[1]?.words}${SIGNALS[1]?.evidence}Noticed 20 Jul 2025`),
    ]);
    // Above the amount, in the page's order.
    const amount = within(form).getByLabelText(/Purchase Amount/);
    expect(reasons.compareDocumentPosition(amount) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const notes = within(form).getByRole("textbox", { name: /^Notes/ });
    expect(notes.hasAttribute("required")).toBe(true);

    await user.type(amount, "250");
    await user.click(within(form).getByRole("button", { name: "Verify Purchase" }));
    const refused = await answer(environment, "AdminVerifyPurchaseFormMutation", {
      verifyPurchase: failure(
        "ValidationError",
        "This referral has signals: say in a note why you verify it.",
        "input.notes",
      ),
    });
    expect(refused.request.variables.input).toEqual({ referralId: FLAGGED.id, amount: "250.00", notes: null });
    expect(await screen.findByText("Verification Failed")).toBeTruthy();
    await waitFor(() =>
      expect(
        within(form).getAllByText("This referral has signals: say in a note why you verify it.").length,
      ).toBeGreaterThan(0),
    );
    expect(notes.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(notes);
    expect(screen.getByTestId("pending-referral-list").textContent).toContain("Ivy Stone");

    await user.type(notes, "Her sister; receipt 881 checked");
    await user.click(within(form).getByRole("button", { name: "Verify Purchase" }));
    const verified = await answer(environment, "AdminVerifyPurchaseFormMutation", {
      verifyPurchase: success("MutationVerifyPurchaseSuccess", {
        referral: { id: FLAGGED.id, status: "PURCHASED" },
        creditEarned: { pence: 2750 },
      }),
    });
    expect(verified.request.variables.input).toMatchObject({ notes: "Her sister; receipt 881 checked" });
    expect(await screen.findByText("Purchase Verified")).toBeTruthy();
  });

  it("says when a flagged purchase waits for another administrator's approval", async () => {
    const { environment } = await renderTab([FLAGGED]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Ivy Stone/ }));
    const form = await screen.findByRole("region", { name: "Verify Purchase" });
    await user.type(within(form).getByLabelText(/Purchase Amount/), "5000");
    await user.type(within(form).getByRole("textbox", { name: /^Notes/ }), "Receipt seen");
    await user.click(within(form).getByRole("button", { name: "Verify Purchase" }));
    await answer(environment, "AdminVerifyPurchaseFormMutation", {
      verifyPurchase: {
        __typename: "PurchaseVerificationAwaitingApproval",
        __isError: "PurchaseVerificationAwaitingApproval",
        code: "AWAITING_APPROVAL",
        message: "Another administrator must approve this verification.",
        request: {
          id: "UHVyY2hhc2VWZXJpZmljYXRpb25SZXF1ZXN0OjE=",
          customerName: "Sarah Johnson",
          amount: { pence: 500_000 },
          notes: "Receipt seen",
          requestedAt: "2025-07-22T09:30:00.000Z",
          requestedByViewer: true,
          requestedBy: { id: "VXNlcjox", username: "admin" },
          referral: FLAGGED,
        },
      },
    });
    expect(await screen.findByText("Verification Awaiting Approval")).toBeTruthy();
    expect(screen.getByText("Another administrator must approve this verification.")).toBeTruthy();
    expect(screen.queryByText("Verification Failed")).toBeNull();
    expect(screen.getByTestId("pending-referral-list").textContent).toContain("Ivy Stone");
  });

  it("holds a referral with a note from the form: it reads Under review and sinks; Release brings it back", async () => {
    const { environment } = await renderTab([FLAGGED, GRACE]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Ivy Stone/ }));
    const form = await screen.findByRole("region", { name: "Verify Purchase" });
    await user.click(within(form).getByRole("button", { name: "Hold: Ivy Stone" }));
    const dialog = await screen.findByRole("dialog", { name: "Hold Ivy Stone" });
    const confirm = within(dialog).getByRole("button", { name: "Hold" });
    // A hold needs its note.
    expect(confirm.hasAttribute("disabled")).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Note/), "Same postcode; asking for the receipt");
    await user.click(confirm);
    const held = await answer(environment, "ReferralHoldControlsHoldMutation", {
      holdReferral: success("MutationHoldReferralSuccess", {
        referral: {
          id: FLAGGED.id,
          databaseId: 6,
          name: "Ivy Stone",
          hold: {
            heldAt: "2025-07-22T09:00:00.000Z",
            note: "Same postcode; asking for the receipt",
            heldBy: { id: "VXNlcjox", username: "admin", firstName: "Ada", lastName: "Admin" },
          },
        },
      }),
    });
    expect(held.request.variables.input).toEqual({
      referralId: FLAGGED.id,
      note: "Same postcode; asking for the receipt",
    });
    expect(await screen.findByText("Referral Held")).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByTestId("pending-referral-list"))
          .getAllByRole("listitem")
          .map((row) => row.textContent?.split(" ")[0]),
      ).toEqual(["Grace", "Ivy"]),
    );
    expect(screen.getByRole("button", { name: /^Ivy Stone 2 signals Under review/ })).toBeTruthy();
    expect(within(form).getByTestId("hold-note").textContent).toMatch(
      /^Under review since 22 Jul 2025, \d\d:00, held by Ada Admin: Same postcode; asking for the receipt$/,
    );

    await user.click(within(form).getByRole("button", { name: "Release: Ivy Stone" }));
    const releaseDialog = await screen.findByRole("dialog", { name: "Release Ivy Stone" });
    await user.click(within(releaseDialog).getByRole("button", { name: "Release" }));
    const released = await answer(environment, "ReferralHoldControlsReleaseMutation", {
      releaseReferral: success("MutationReleaseReferralSuccess", {
        referral: { id: FLAGGED.id, databaseId: 6, name: "Ivy Stone", hold: null },
      }),
    });
    expect(released.request.variables.input).toEqual({ referralId: FLAGGED.id, note: null });
    expect(await screen.findByText("Referral Released")).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByTestId("pending-referral-list"))
          .getAllByRole("listitem")
          .map((row) => row.textContent?.split(" ")[0]),
      ).toEqual(["Ivy", "Grace"]),
    );
    expect(within(form).queryByTestId("hold-note")).toBeNull();
  });
});
