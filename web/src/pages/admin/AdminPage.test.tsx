// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import {
  answer,
  connection,
  failure,
  money,
  pendingOperationNames,
  success,
  waitForLoaded,
} from "../../components/admin/testing/adminTesting.ts";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminPage } from "./AdminPage.tsx";

afterEach(cleanup);

const COUNTS = {
  pendingReferrals: { totalCount: 7 },
  pendingCustomers: connection([{}, {}, {}]),
  pendingMilestonePayments: connection([{}], {}, true),
  customers: { totalCount: 42 },
  purchasedReferrals: { totalCount: 12 },
  emailStats: { pending: 5 },
  openPaymentRequestCount: 2,
};

const SETTINGS = {
  settingChangeRequests: { edges: [] },
  programme: {
    creditRateBasisPoints: 1100,
    creditRatePercent: "11%",
    referralDailyLimit: 20,
    contactEmail: null,
    contactPhone: null,
    contactPhoneDisplay: null,
    contactHours: null,
    signalBurstPerHour: 10,
    signalAmountFactorPercent: 300,
    flaggedVerificationApproval: { pence: 100_000, pounds: "1000.00", formatted: "£1,000.00" },
  },
};

async function renderAdmin(path = "/admin") {
  const rendered = renderWithProviders(<AdminPage />, { path });
  await answer(rendered.environment, "AdminCountsQuery", COUNTS);
  await screen.findByRole("tab", { name: /Pending Referrals/ });
  return rendered;
}

/** The Settings tab, opened from the address. */
async function renderSettings() {
  const rendered = await renderAdmin("/admin?tab=settings");
  await answer(rendered.environment, "ProgrammeSettingsPanelQuery", SETTINGS);
  await screen.findByTestId("credit-rate");
  return rendered;
}

describe("/admin (Admin Panel)", () => {
  it("has the header buttons, six lists with their counts, a Staff tab and a Settings tab; the settings are not above the lists", async () => {
    const { environment } = await renderAdmin();
    expect(screen.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/home");
    expect(screen.getByRole("link", { name: "Reports & Analytics" }).getAttribute("href")).toBe("/admin/reports");
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
        "Pending Referrals (7)",
        "Customer Approval (3)",
        "Milestone Payments (1+, 2 requested)",
        "All Customers (42)",
        "Email System (5)",
        "Purchased Referrals (12)",
        "Staff",
        "Settings",
      ]),
    );
    // Only the open tab loads its list; the settings wait for their tab.
    expect(pendingOperationNames(environment)).toEqual(["AdminPendingReferralsTabQuery"]);
    expect(screen.queryByRole("region", { name: "Programme settings" })).toBeNull();
    expect(screen.queryByTestId("credit-rate")).toBeNull();

    await userEvent.setup().click(screen.getByRole("tab", { name: "Settings" }));
    await answer(environment, "ProgrammeSettingsPanelQuery", SETTINGS);
    expect((await screen.findByTestId("credit-rate")).textContent).toBe("11%");
    expect(within(screen.getByRole("region", { name: "Programme settings" })).getByTestId("credit-rate")).toBeTruthy();
  });

  it("on a phone, the header's buttons open from a Menu button as a sheet", async () => {
    await renderAdmin();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Menu" }));
    const menu = await screen.findByRole("dialog", { name: "Admin Panel" });
    expect(within(menu).getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/home");
    expect(within(menu).getByRole("link", { name: "Reports & Analytics" }).getAttribute("href")).toBe("/admin/reports");
    expect(within(menu).getByRole("link", { name: "My Account" }).getAttribute("href")).toBe("/account");
    expect(within(menu).getByRole("button", { name: "Logout" })).toBeTruthy();
    await user.click(within(menu).getByRole("button", { name: "Close menu" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Admin Panel" })).toBeNull());
  });

  it("opens the tab named in the address, and remembers the tab chosen", async () => {
    const { environment, history } = await renderAdmin("/admin?tab=email-system");
    expect(screen.getByRole("tab", { name: /Email System/ }).getAttribute("aria-selected")).toBe("true");
    await answer(environment, "AdminEmailPanelQuery", {
      emailStats: { pending: 5, sent: 1, failed: 0, configured: false },
    });
    await waitForLoaded();
    expect(screen.getByRole("heading", { name: "Email System" })).toBeTruthy();

    await userEvent.setup().click(screen.getByRole("tab", { name: /Customer Approval/ }));
    await answer(environment, "AdminCustomerApprovalTabQuery", { pendingCustomers: connection([]) });
    expect(await screen.findByRole("heading", { name: "No Pending Approvals" })).toBeTruthy();
    expect(history.at(-1)).toBe("/admin?tab=customer-approval");
  });

  it("changes the credit rate: the new rate shows at once", async () => {
    const { environment } = await renderSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Change Rate" }));
    const dialog = await screen.findByRole("dialog", { name: "Change Credit Rate" });
    const input = within(dialog).getByLabelText(/Credit rate/) as HTMLInputElement;
    expect(input.value).toBe("11");
    expect((within(dialog).getByRole("button", { name: "Save Rate" }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(input);
    await user.type(input, "12.5");
    expect(dialog.textContent).toContain("A £1,000.00 purchase would earn £125.00.");
    await user.click(within(dialog).getByRole("button", { name: "Save Rate" }));
    const operation = await answer(environment, "ProgrammeSettingDialogsCreditRateMutation", {
      setCreditRate: success("MutationSetCreditRateSuccess", {
        creditRateBasisPoints: 1250,
        creditRatePercent: "12.5%",
      }),
    });
    expect(operation.request.variables.input).toEqual({ basisPoints: 1250 });
    expect(await screen.findByText("Credit Rate Updated")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("credit-rate").textContent).toBe("12.5%"));
  });

  it("shows a refused rate change with the server's message", async () => {
    const { environment } = await renderSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Change Rate" }));
    const dialog = await screen.findByRole("dialog", { name: "Change Credit Rate" });
    const input = within(dialog).getByLabelText(/Credit rate/);
    await user.clear(input);
    await user.type(input, "10");
    await user.click(within(dialog).getByRole("button", { name: "Save Rate" }));
    await answer(environment, "ProgrammeSettingDialogsCreditRateMutation", {
      setCreditRate: failure("ValidationError", "You do not have permission to do this"),
    });
    expect(await screen.findByText("Credit Rate Not Changed")).toBeTruthy();
    expect(screen.getByText("You do not have permission to do this")).toBeTruthy();
    expect(screen.getByTestId("credit-rate").textContent).toBe("11%");
  });

  it("changes the daily referral limit: whole numbers from 1 to 1000, the new limit shows at once", async () => {
    const { environment } = await renderSettings();
    expect(screen.getByTestId("referral-daily-limit").textContent).toBe("20");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Change Limit" }));
    const dialog = await screen.findByRole("dialog", { name: "Change Daily Referral Limit" });
    const input = within(dialog).getByLabelText(/Referrals per customer per day/) as HTMLInputElement;
    expect(input.value).toBe("20");
    const save = within(dialog).getByRole("button", { name: "Save Limit" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    for (const bad of ["0", "1001", "2.5", "ten"]) {
      await user.clear(input);
      await user.type(input, bad);
      expect(save.disabled).toBe(true);
    }
    await user.clear(input);
    await user.type(input, "5");
    await user.click(save);
    const operation = await answer(environment, "ProgrammeSettingDialogsReferralLimitMutation", {
      setReferralDailyLimit: success("MutationSetReferralDailyLimitSuccess", { referralDailyLimit: 5 }),
    });
    expect(operation.request.variables.input).toEqual({ limit: 5 });
    expect(await screen.findByText("Referral Limit Updated")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("referral-daily-limit").textContent).toBe("5"));
  });

  it("shows the fraud settings with Change like the others; a raise waits for another administrator", async () => {
    const { environment } = await renderSettings();
    const settings = within(screen.getByRole("region", { name: "Programme settings" }));
    expect(settings.getByRole("heading", { name: "Fraud signals" })).toBeTruthy();
    expect(screen.getByTestId("signal-burst").textContent).toBe("10");
    expect(screen.getByTestId("signal-amount-factor").textContent).toBe("300%");
    expect(screen.getByTestId("flagged-approval").textContent).toBe("£1,000.00");
    const user = userEvent.setup();

    // Lowering the burst limit applies at once.
    await user.click(settings.getByRole("button", { name: "Change Burst Limit" }));
    const burst = await screen.findByRole("dialog", { name: "Change Burst Limit" });
    const perHour = within(burst).getByLabelText(/Referrals per customer per hour/) as HTMLInputElement;
    expect(perHour.value).toBe("10");
    const saveBurst = within(burst).getByRole("button", { name: "Save Limit" }) as HTMLButtonElement;
    for (const bad of ["0", "1001", "2.5", "ten"]) {
      await user.clear(perHour);
      await user.type(perHour, bad);
      expect(saveBurst.disabled).toBe(true);
    }
    await user.clear(perHour);
    await user.type(perHour, "6");
    await user.click(saveBurst);
    const lowered = await answer(environment, "FraudSettingDialogsBurstMutation", {
      setSignalBurstPerHour: success("MutationSetSignalBurstPerHourSuccess", { signalBurstPerHour: 6 }),
    });
    expect(lowered.request.variables.input).toEqual({ perHour: 6 });
    expect(await screen.findByText("Burst Limit Updated")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("signal-burst").textContent).toBe("6"));

    // Raising the amount factor weakens the control: it waits, and the row says so.
    await user.click(settings.getByRole("button", { name: "Change Amount Factor" }));
    const factor = await screen.findByRole("dialog", { name: "Change Amount Factor" });
    const percent = within(factor).getByLabelText(/Share of the customer's purchase/);
    await user.clear(percent);
    await user.type(percent, "500");
    expect(factor.textContent).toContain("above £5,000.00 flagged");
    await user.click(within(factor).getByRole("button", { name: "Save Factor" }));
    const raised = await answer(environment, "FraudSettingDialogsAmountFactorMutation", {
      setSignalAmountFactor: {
        __typename: "SettingChangeAwaitingApproval",
        __isError: "SettingChangeAwaitingApproval",
        code: "AWAITING_APPROVAL",
        message: "Raising the amount factor waits for another administrator's approval.",
        request: {
          id: "U2V0dGluZ0NoYW5nZVJlcXVlc3Q6OQ==",
          setting: "SIGNAL_AMOUNT_FACTOR",
          settingName: "Amount factor",
          toValue: 500,
          fromText: "300%",
          toText: "500%",
          requestedAt: "2025-07-28T10:00:00.000Z",
          lapsesAt: "2025-08-04T10:00:00.000Z",
          requestedByViewer: true,
          requestedBy: { id: "VXNlcjox", username: "admin" },
        },
      },
    });
    expect(raised.request.variables.input).toEqual({ percent: 500 });
    expect(await screen.findByText("Amount Factor Awaiting Approval")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId("signal-amount-factor-awaiting").textContent).toBe(" (awaiting approval: 500%)"),
    );
    expect(screen.getByTestId("signal-amount-factor").textContent).toBe("300%");

    // The approval amount, in pounds.
    await user.click(settings.getByRole("button", { name: "Change Approval Amount" }));
    const approval = await screen.findByRole("dialog", { name: "Change Flagged Verification Approval" });
    const amount = within(approval).getByLabelText(/Amount/) as HTMLInputElement;
    expect(amount.value).toBe("1000.00");
    await user.clear(amount);
    await user.type(amount, "750.50");
    await user.click(within(approval).getByRole("button", { name: "Save Amount" }));
    const approvalChanged = await answer(environment, "FraudSettingDialogsApprovalMutation", {
      setFlaggedVerificationApproval: success("MutationSetFlaggedVerificationApprovalSuccess", {
        flaggedVerificationApproval: money(75_050),
      }),
    });
    expect(approvalChanged.request.variables.input).toEqual({ amount: "750.50" });
    await waitFor(() => expect(screen.getByTestId("flagged-approval").textContent).toBe("£750.50"));
  });

  it("sets the programme's contact: blank parts are sent to clear, a refused part shows its message by its field", async () => {
    const { environment } = await renderSettings();
    expect(screen.getByTestId("programme-contact").textContent).toBe("not set");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Change Contact" }));
    const dialog = await screen.findByRole("dialog", { name: "Change Programme Contact" });
    const save = within(dialog).getByRole("button", { name: "Save Contact" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText("Contact email"), "help@hng.example");
    await user.type(within(dialog).getByLabelText("Contact phone"), "12345");
    await user.click(save);
    const refused = await answer(environment, "ProgrammeSettingDialogsContactMutation", {
      setProgrammeContact: failure("ValidationError", "Enter a valid phone number.", "phone"),
    });
    expect(refused.request.variables.input).toEqual({ email: "help@hng.example", phone: "12345", hours: "" });
    expect(await within(dialog).findByText("Enter a valid phone number.")).toBeTruthy();
    const phone = within(dialog).getByLabelText("Contact phone");
    await user.clear(phone);
    await user.type(phone, "0300 123 4567");
    await user.click(save);
    await answer(environment, "ProgrammeSettingDialogsContactMutation", {
      setProgrammeContact: success("MutationSetProgrammeContactSuccess", {
        contactEmail: "help@hng.example",
        contactPhone: "+443001234567",
        contactPhoneDisplay: "0300 123 4567",
        contactHours: null,
      }),
    });
    expect(await screen.findByText("Contact Updated")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId("programme-contact").textContent).toBe("help@hng.example · 0300 123 4567"),
    );
  });

  it("updates the list an action came from in the store, and reloads only the other lists it changed when they open", async () => {
    const { environment } = await renderAdmin("/admin?tab=purchased-referrals");
    const purchase = (id: number, name: string) => ({
      id: `UmVmZXJyYWxQdXJjaGFzZTo${id}`,
      customerName: "Sarah Johnson",
      verifiedAt: "2025-07-01T10:00:00.000Z",
      notes: null,
      creditRatePercent: "11%",
      amount: money(100_000),
      creditEarned: money(11_000),
      referral: { id: `UmVmZXJyYWw6${id}`, name, phone: "+447700900101", phoneDisplay: "07700 900101", email: null },
    });
    await answer(environment, "AdminPurchasedReferralsTabQuery", {
      purchasedReferrals: connection([purchase(1, "Tom Baker")], { totalCount: 1 }),
    });
    expect(await screen.findByText("1 verified purchase, newest first")).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /Customer Approval/ }));
    await answer(environment, "AdminCustomerApprovalTabQuery", { pendingCustomers: connection([]) });
    await screen.findByRole("heading", { name: "No Pending Approvals" });

    await user.click(screen.getByRole("tab", { name: /Pending Referrals/ }));
    const grace = {
      id: "UmVmZXJyYWw6NA==",
      name: "Grace Lee",
      phone: "+447700900104",
      phoneDisplay: "07700 900104",
      email: null,
      address: null,
      daysRemaining: 84,
      createdAt: "2025-07-20T10:00:00.000Z",
      signalCount: 0,
      signals: [],
      hold: null,
      customer: {
        id: "Q3VzdG9tZXI6MQ==",
        user: {
          id: "VXNlcjoy",
          username: "sarah",
          firstName: "Sarah",
          lastName: "Johnson",
          email: "sarah@example.com",
        },
      },
    };
    await answer(environment, "AdminPendingReferralsTabQuery", {
      programme: { creditRateBasisPoints: 1100, creditRatePercent: "11%" },
      pendingReferrals: connection([grace], { totalCount: 1 }),
    });
    // No flagged verification waits for a second administrator.
    await answer(environment, "AdminVerificationRequestsQuery", {
      pendingPurchaseVerificationRequests: connection([]),
    });
    await user.click(await screen.findByRole("button", { name: /Grace Lee/ }));
    await user.type(await screen.findByLabelText(/Purchase Amount/), "1000");
    await user.click(screen.getByRole("button", { name: "Verify Purchase" }));
    await answer(environment, "AdminVerifyPurchaseFormMutation", {
      verifyPurchase: success("MutationVerifyPurchaseSuccess", {
        referral: { id: grace.id, status: "PURCHASED" },
        creditEarned: { pence: 11_000 },
      }),
    });
    // The labels' counts are asked for again; the list itself is updated in the store.
    await answer(environment, "AdminCountsQuery", { ...COUNTS, pendingReferrals: { totalCount: 0 } });
    expect(await screen.findByRole("heading", { name: "No Pending Referrals" })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: /Pending Referrals/ }).textContent).toBe("Pending Referrals (0)"),
    );

    // Customer Approval did not change: shown from the store, nothing asked.
    await user.click(screen.getByRole("tab", { name: /Customer Approval/ }));
    expect(await screen.findByRole("heading", { name: "No Pending Approvals" })).toBeTruthy();
    expect(pendingOperationNames(environment)).toEqual([]);

    // Purchased Referrals did: it loads afresh.
    await user.click(screen.getByRole("tab", { name: /Purchased Referrals/ }));
    await answer(environment, "AdminPurchasedReferralsTabQuery", {
      purchasedReferrals: connection([purchase(4, "Grace Lee"), purchase(1, "Tom Baker")], { totalCount: 2 }),
    });
    expect(await screen.findByText("2 verified purchases, newest first")).toBeTruthy();
  });
});
