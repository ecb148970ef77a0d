// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminMilestonePaymentsTab } from "./AdminMilestonePaymentsTab.tsx";
import { TabBoundary } from "./TabBoundary.tsx";
import { answer, connection, failure, money, success, waitForLoaded } from "./testing/adminTesting.ts";

afterEach(cleanup);

type State = "LOCKED" | "READY" | "PAID";

function milestones(
  states: [State, State, State],
  tranches: [number, number, number],
  requestedAt: (string | null)[] = [null, null, null],
) {
  return (["M33", "M66", "M100"] as const).map((key, index) => ({
    key,
    percent: [33, 66, 100][index],
    title: ["33% Milestone", "66% Milestone", "100% Milestone (Full Refund)"][index],
    state: states[index],
    paymentRequestedAt: requestedAt[index] ?? null,
    tranche: money(tranches[index] ?? 0),
  }));
}

function jamesCustomer(states: [State, State, State], requestedAt?: (string | null)[]) {
  return {
    id: "Q3VzdG9tZXI6Mg==",
    progressPercentage: 66,
    originalPurchaseAmount: money(800_000),
    currentCredits: money(528_000),
    creditsPaid: money(states[1] === "PAID" ? 528_000 : 264_000),
    overpaid: money(0),
    milestones: milestones(states, [264_000, 264_000, 272_000], requestedAt),
    refundIssued: false,
    milestone33Paid: true,
    milestone66Paid: states[1] === "PAID",
    milestone100Paid: false,
  };
}

const JAMES = {
  customerName: "James Miller",
  email: "james@example.com",
  availableMilestones: [{ key: "M66", description: "66% milestone: the second part of the refund" }],
  customer: jamesCustomer(["PAID", "READY", "LOCKED"]),
};

/** A payout request waiting for a second administrator. */
function payoutRequest(overrides: Record<string, unknown> = {}) {
  return {
    id: "UGF5b3V0UmVxdWVzdDox",
    milestone: "M66",
    customer: { id: JAMES.customer.id },
    customerName: "James Miller",
    percent: 66,
    amount: money(264_000),
    notes: "Bank transfer",
    requestedAt: "2026-11-26T10:15:00.000Z",
    lapsesAt: "2026-12-03T10:15:00.000Z",
    requestedByViewer: false,
    requestedBy: { id: "VXNlcjox", username: "admin" },
    ...overrides,
  };
}

/** The tab with its lists; the threshold is £10,000 unless a test says otherwise, so James's £2,640 is paid directly. */
async function renderTab(
  items: (typeof JAMES)[],
  options: { thresholdPence?: number; requests?: ReturnType<typeof payoutRequest>[] } = {},
) {
  const rendered = renderWithProviders(
    <TabBoundary>
      <AdminMilestonePaymentsTab />
    </TabBoundary>,
  );
  await answer(rendered.environment, "AdminMilestonePaymentsTabQuery", {
    pendingMilestonePayments: connection(items),
    pendingPayoutRequests: connection(options.requests ?? []),
    programme: { payoutApprovalThreshold: money(options.thresholdPence ?? 1_000_000) },
  });
  await waitForLoaded();
  return rendered;
}

async function openPayment() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Process Payment: 66% milestone for James Miller" }));
  const dialog = await screen.findByRole("dialog", { name: "Process Milestone Payment" });
  return { user, dialog };
}

describe("Milestone Payments tab", () => {
  it("shows each customer's figures, progress, paid and pending flags and the milestones ready to pay", async () => {
    await renderTab([JAMES]);
    const card = screen.getByRole("article", { name: "James Miller" });
    for (const text of [
      "james@example.com",
      "£8,000.00",
      "£5,280.00",
      "£2,640.00",
      "66%",
      "66% milestone: the second part of the refund",
    ]) {
      expect(card.textContent).toContain(text);
    }
    expect(within(card).getByTestId("flag-M33").textContent).toBe("33% Paid");
    expect(within(card).getByTestId("flag-M66").textContent).toBe("66% Pending");
    expect(within(card).getByTestId("flag-M100").textContent).toBe("100% Pending");
    expect(within(card).getAllByRole("button", { name: /Process Payment/ })).toHaveLength(1);
  });

  it("says 'No Pending Milestone Payments' when nobody has a milestone ready", async () => {
    await renderTab([]);
    expect(screen.getByRole("heading", { name: "No Pending Milestone Payments" })).toBeTruthy();
  });

  it("confirms the payment with its details and notes; a customer with nothing more to pay leaves the list", async () => {
    const { environment } = await renderTab([JAMES]);
    const { user, dialog } = await openPayment();
    for (const text of ["James Miller", "66% Milestone", "£2,640.00", "66%"])
      expect(dialog.textContent).toContain(text);
    await user.type(within(dialog).getByLabelText("Payment notes (optional)"), "Bank transfer ref 42");
    await user.click(within(dialog).getByRole("button", { name: "Process Payment" }));
    const operation = await answer(environment, "AdminMilestoneCustomerCardMutation", {
      processMilestone: success("MutationProcessMilestoneSuccess", {
        payment: { id: "TWlsZXN0b25lUGF5bWVudDo1", amount: money(264_000) },
        customer: jamesCustomer(["PAID", "PAID", "LOCKED"]),
      }),
    });
    expect(operation.request.variables.input).toEqual({
      customerId: JAMES.customer.id,
      milestone: "M66",
      notes: "Bank transfer ref 42",
    });
    expect(await screen.findByText("Milestone payment processed")).toBeTruthy();
    expect(screen.getByText("£2,640.00 paid to James Miller for the 66% milestone.")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("heading", { name: "No Pending Milestone Payments" })).toBeTruthy());
  });

  it("shows Payment processing failed with the server's message and keeps the card", async () => {
    const { environment } = await renderTab([JAMES]);
    const { user, dialog } = await openPayment();
    await user.click(within(dialog).getByRole("button", { name: "Process Payment" }));
    await answer(environment, "AdminMilestoneCustomerCardMutation", {
      processMilestone: failure("ConflictError", "The 66% milestone has already been paid to this customer."),
    });
    expect(await screen.findByText("Payment processing failed")).toBeTruthy();
    expect(screen.getByText("The 66% milestone has already been paid to this customer.")).toBeTruthy();
    // The dialog stays open to try again; the card stays behind it.
    expect(within(dialog).getByRole("button", { name: "Process Payment" })).toBeTruthy();
    expect(screen.getByTestId("milestone-customer").textContent).toContain("James Miller");
  });

  it("asks for a payout above the threshold instead of paying it; the request then waits for another administrator", async () => {
    const { environment } = await renderTab([JAMES], { thresholdPence: 50_000 });
    const user = userEvent.setup();
    const card = screen.getByRole("article", { name: "James Miller" });
    expect(within(card).queryByRole("button", { name: /Process Payment/ })).toBeNull();
    await user.click(within(card).getByRole("button", { name: "Request Payout: 66% milestone for James Miller" }));
    const dialog = await screen.findByRole("dialog", { name: "Request Payout Approval" });
    expect(dialog.textContent).toContain("above the £500.00 payout approval threshold");
    await user.click(within(dialog).getByRole("button", { name: "Request Approval" }));
    const operation = await answer(environment, "AdminMilestoneCustomerCardRequestMutation", {
      requestMilestonePayout: success(
        "MutationRequestMilestonePayoutSuccess",
        payoutRequest({ requestedByViewer: true }),
      ),
    });
    expect(operation.request.variables.input).toEqual({ customerId: JAMES.customer.id, milestone: "M66", notes: null });
    expect(await screen.findByText("Payout requested")).toBeTruthy();
    const request = await screen.findByRole("article", { name: "Payout request: 66% milestone for James Miller" });
    expect(request.textContent).toContain(
      "You requested this payout: another administrator must approve or decline it.",
    );
    expect(within(request).queryByRole("button", { name: /Approve/ })).toBeNull();
    expect(within(card).getByText("Awaiting second approval")).toBeTruthy();
  });

  it("shows who requested a payout, when and how much, and approves it: the request leaves and the milestone is paid", async () => {
    const { environment } = await renderTab([JAMES], { thresholdPence: 50_000, requests: [payoutRequest()] });
    const user = userEvent.setup();
    const request = screen.getByRole("article", { name: "Payout request: 66% milestone for James Miller" });
    for (const text of ["£2,640.00", "admin", "Bank transfer", "Requested by"])
      expect(request.textContent).toContain(text);
    expect(
      within(screen.getByRole("article", { name: "James Miller" })).getByText("Awaiting second approval"),
    ).toBeTruthy();
    await user.click(within(request).getByRole("button", { name: "Approve payout: 66% milestone for James Miller" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve Payout" });
    await user.click(within(dialog).getByRole("button", { name: "Approve and Pay" }));
    const operation = await answer(environment, "AdminPayoutRequestsApproveMutation", {
      approvePayoutRequest: success("MutationApprovePayoutRequestSuccess", {
        payoutRequest: { id: "UGF5b3V0UmVxdWVzdDox", status: "APPROVED" },
        customer: jamesCustomer(["PAID", "PAID", "LOCKED"]),
      }),
    });
    expect(operation.request.variables.input).toEqual({ requestId: "UGF5b3V0UmVxdWVzdDox" });
    expect(await screen.findByText("Payout approved and paid")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("article", { name: /Payout request/ })).toBeNull());
    await waitFor(() => expect(screen.getByRole("heading", { name: "No Pending Milestone Payments" })).toBeTruthy());
  });

  it("lets the administrator who asked withdraw their request, with no Approve or Decline: it leaves and the milestone can be requested again", async () => {
    const { environment } = await renderTab([JAMES], {
      thresholdPence: 50_000,
      requests: [payoutRequest({ requestedByViewer: true })],
    });
    const user = userEvent.setup();
    const request = screen.getByRole("article", { name: "Payout request: 66% milestone for James Miller" });
    expect(request.textContent).toContain("Lapses");
    expect(
      within(request)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Withdraw"]);
    await user.click(
      within(request).getByRole("button", { name: "Withdraw payout request: 66% milestone for James Miller" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Withdraw Payout Request" });
    expect(dialog.textContent).toContain("Nothing is paid");
    await user.click(within(dialog).getByRole("button", { name: "Withdraw Request" }));
    const refused = await answer(environment, "AdminPayoutRequestsWithdrawMutation", {
      withdrawPayoutRequest: failure("ConflictError", "This payout request has already been approved."),
    });
    expect(refused.request.variables.input).toEqual({ requestId: "UGF5b3V0UmVxdWVzdDox" });
    expect(await screen.findByText("This payout request has already been approved.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Withdraw Request" }));
    await answer(environment, "AdminPayoutRequestsWithdrawMutation", {
      withdrawPayoutRequest: success("MutationWithdrawPayoutRequestSuccess", {
        id: "UGF5b3V0UmVxdWVzdDox",
        status: "WITHDRAWN",
      }),
    });
    expect(await screen.findByText("Payout request withdrawn")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("article", { name: /Payout request/ })).toBeNull());
    expect(
      within(screen.getByRole("article", { name: "James Miller" })).getByRole("button", { name: /Request Payout/ }),
    ).toBeTruthy();
  });

  it("declines a payout request with a reason, and shows a refusal with the server's message", async () => {
    const { environment } = await renderTab([JAMES], { thresholdPence: 50_000, requests: [payoutRequest()] });
    const user = userEvent.setup();
    const request = screen.getByRole("article", { name: "Payout request: 66% milestone for James Miller" });
    await user.click(within(request).getByRole("button", { name: "Decline payout: 66% milestone for James Miller" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Decline Payout" });
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "Wrong account");
    await user.click(within(dialog).getByRole("button", { name: "Decline Payout" }));
    const refused = await answer(environment, "AdminPayoutRequestsDeclineMutation", {
      declinePayoutRequest: failure("ConflictError", "This payout request has already been approved."),
    });
    expect(refused.request.variables.input).toEqual({ requestId: "UGF5b3V0UmVxdWVzdDox", reason: "Wrong account" });
    expect(await screen.findByText("This payout request has already been approved.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Decline Payout" }));
    await answer(environment, "AdminPayoutRequestsDeclineMutation", {
      declinePayoutRequest: success("MutationDeclinePayoutRequestSuccess", {
        id: "UGF5b3V0UmVxdWVzdDox",
        status: "DECLINED",
      }),
    });
    expect(await screen.findByText("Payout declined")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("article", { name: /Payout request/ })).toBeNull());
    expect(
      within(screen.getByRole("article", { name: "James Miller" })).getByRole("button", { name: /Request Payout/ }),
    ).toBeTruthy();
  });

  it("shows when the customer requested a payment, and lists only the requested customers on demand", async () => {
    const requested = {
      ...JAMES,
      customer: jamesCustomer(["PAID", "READY", "LOCKED"], [null, "2026-11-26T10:15:00.000Z", null]),
    };
    const { environment } = await renderTab([requested]);
    const card = screen.getByRole("article", { name: "James Miller" });
    expect(within(card).getByTestId("payment-requested").textContent).toMatch(
      /^Payment requested 26 Nov 2026, \d\d:15$/,
    );
    await answer(environment, "AdminCountsQuery", { openPaymentRequestCount: 1 });
    const user = userEvent.setup();
    const filter = await screen.findByRole("checkbox", { name: /Only payments customers requested/ });
    await waitFor(() => expect(screen.getByTestId("count-paymentRequests").textContent).toBe(" (1)"));
    await user.click(filter);
    const refetch = await answer(environment, "AdminMilestonePaymentsTabPaginationQuery", {
      pendingMilestonePayments: connection([]),
    });
    expect(refetch.request.variables.requested).toBe(true);
    expect(await screen.findByRole("heading", { name: "No Payment Requests Waiting" })).toBeTruthy();
  });
});
