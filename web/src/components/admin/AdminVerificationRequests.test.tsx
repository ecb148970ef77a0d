// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminCountsProvider } from "./AdminCounts.tsx";
import { AdminPendingReferralsTab } from "./AdminPendingReferralsTab.tsx";
// The form is loaded when a referral is selected; loaded here first, so its first opening does not
// wait on the test runner's compiling it.
import "./AdminVerifyPurchaseForm.tsx";
import { TabBoundary } from "./TabBoundary.tsx";
import { answer, connection, failure, money, pendingOperationNames, success } from "./testing/adminTesting.ts";

afterEach(cleanup);

const SIGNALS = [
  {
    kind: "REFERRER_EMAIL",
    words: "The friend's email is the customer's own address",
    evidence: "sarah+friend@example.com matches sarah@example.com",
    noticedAt: "2025-07-20T10:00:00.000Z",
  },
  {
    kind: "AMOUNT_UNUSUAL",
    words: "The purchase is more than 3× the customer's own",
    evidence: null,
    noticedAt: "2025-07-22T09:00:00.000Z",
  },
];

const IVY = {
  id: "UmVmZXJyYWw6Ng==",
  databaseId: 6,
  name: "Ivy Stone",
  phone: "+447700900106",
  phoneDisplay: "07700 900106",
  email: "sarah+friend@example.com",
  address: null,
  daysRemaining: 80,
  createdAt: "2025-07-20T10:00:00.000Z",
  signalCount: 2,
  signals: SIGNALS,
  hold: null,
  customer: {
    id: "Q3VzdG9tZXI6MQ==",
    databaseId: 1,
    user: { id: "VXNlcjoy", username: "sarah", firstName: "Sarah", lastName: "Johnson", email: "sarah@example.com" },
  },
};
const GRACE = {
  ...IVY,
  id: "UmVmZXJyYWw6NA==",
  databaseId: 4,
  name: "Grace Lee",
  phoneDisplay: "07700 900104",
  email: null,
  signalCount: 0,
  signals: [],
};

/** A flagged verification of £5,000.00 for Ivy Stone, asked for by "ops" (another administrator unless said). */
function verificationRequest(overrides: Record<string, unknown> = {}) {
  return {
    id: "UHVyY2hhc2VWZXJpZmljYXRpb25SZXF1ZXN0OjE=",
    customerName: "Sarah Johnson",
    amount: money(500_000),
    notes: "Receipt 881 seen; her sister",
    requestedAt: "2025-07-22T09:30:00.000Z",
    requestedByViewer: false,
    requestedBy: { id: "VXNlcjo5", username: "ops" },
    referral: IVY,
    ...overrides,
  };
}

async function renderTab(referrals: object[], requests: object[]) {
  const rendered = renderWithProviders(
    <AdminCountsProvider>
      <TabBoundary>
        <AdminPendingReferralsTab />
      </TabBoundary>
    </AdminCountsProvider>,
  );
  await answer(rendered.environment, "AdminPendingReferralsTabQuery", {
    programme: { creditRateBasisPoints: 1100, creditRatePercent: "11%" },
    pendingReferrals: connection(referrals, { totalCount: referrals.length }),
  });
  await answer(rendered.environment, "AdminVerificationRequestsQuery", {
    pendingPurchaseVerificationRequests: connection(requests),
  });
  if (requests.length > 0) await screen.findByRole("region", { name: "Verifications awaiting approval" });
  else await screen.findByTestId("pending-referral-list");
  return rendered;
}

describe("Verifications awaiting approval", () => {
  it("lists nothing when no verification waits: the first thing on the tab is its list", async () => {
    await renderTab([GRACE], []);
    expect(screen.queryByRole("region", { name: "Verifications awaiting approval" })).toBeNull();
  });

  it("shows the friend, the customer, the amount, the signals, who asked, when and why; approving credits it and both lists update", async () => {
    const { environment } = await renderTab([IVY, GRACE], [verificationRequest()]);
    const user = userEvent.setup();
    const request = screen.getByRole("article", { name: "Verification request: Ivy Stone, referred by Sarah Johnson" });
    const text = request.textContent ?? "";
    for (const shown of [
      "Ivy Stone",
      "Referred by Sarah Johnson",
      "£5,000.00",
      "2 signals",
      "The friend's email is the customer's own address",
      "sarah+friend@example.com matches sarah@example.com",
      "The purchase is more than 3× the customer's own",
      "ops",
      "Receipt 881 seen; her sister",
    ])
      expect(text).toContain(shown);
    expect(text).toMatch(/Asked22 Jul 2025, \d\d:30/);

    await user.click(within(request).getByRole("button", { name: "Approve verification of Ivy Stone" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve Verification" });
    await user.click(within(dialog).getByRole("button", { name: "Approve and Credit" }));
    const approved = await answer(environment, "AdminVerificationRequestsApproveMutation", {
      approvePurchaseVerificationRequest: success("MutationApprovePurchaseVerificationRequestSuccess", {
        request: { id: verificationRequest().id, status: "APPROVED" },
        referral: { id: IVY.id, status: "PURCHASED" },
        creditEarned: { pence: 55_000 },
      }),
    });
    expect(approved.request.variables.input).toEqual({ requestId: verificationRequest().id });
    expect(await screen.findByText("Verification approved")).toBeTruthy();
    expect(screen.getByText("£5,000.00 verified for Ivy Stone; Sarah Johnson is credited £550.00.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Verifications awaiting approval" })).toBeNull());
    // The referral is verified: it leaves the pending list, and the tab counts are asked for again.
    const list = screen.getByTestId("pending-referral-list");
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(list.textContent).not.toContain("Ivy Stone");
    expect(pendingOperationNames(environment)).toContain("AdminCountsQuery");
  });

  it("tells the administrator who asked that another must decide, with no Approve or Decline; they may withdraw it", async () => {
    const { environment } = await renderTab([IVY], [verificationRequest({ requestedByViewer: true })]);
    const user = userEvent.setup();
    const request = screen.getByRole("article", { name: /Verification request: Ivy Stone/ });
    expect(within(request).getByText(/^Waiting for another administrator/)).toBeTruthy();
    expect(
      within(request)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Withdraw"]);

    await user.click(within(request).getByRole("button", { name: "Withdraw verification of Ivy Stone" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw Verification" });
    await user.click(within(dialog).getByRole("button", { name: "Withdraw Verification" }));
    const sent = await answer(environment, "AdminVerificationRequestsWithdrawMutation", {
      withdrawPurchaseVerificationRequest: success("MutationWithdrawPurchaseVerificationRequestSuccess", {
        id: verificationRequest().id,
        status: "WITHDRAWN",
      }),
    });
    expect(sent.request.variables.input).toEqual({ requestId: verificationRequest().id });
    expect(await screen.findByText("Verification withdrawn")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("article", { name: /Verification request/ })).toBeNull());
    // Nothing was credited: the referral is still pending, no longer awaiting approval.
    expect(screen.getByTestId("pending-referral-list").textContent).toContain("Ivy Stone");
    await waitFor(() => expect(screen.queryByTestId("awaiting-approval")).toBeNull());
  });

  it("declines with a reason; a refusal shows the server's message and keeps the request", async () => {
    const { environment } = await renderTab([IVY], [verificationRequest()]);
    const user = userEvent.setup();
    const request = screen.getByRole("article", { name: /Verification request: Ivy Stone/ });
    // Its row in the list below says it waits, in the row button's name.
    expect(await screen.findByRole("button", { name: /^Ivy Stone 2 signals Awaiting approval/ })).toBeTruthy();
    await user.click(within(request).getByRole("button", { name: "Decline verification of Ivy Stone" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Decline Verification" });
    await user.type(within(dialog).getByLabelText(/Reason/), "Ask for the till receipt");
    await user.click(within(dialog).getByRole("button", { name: "Decline Verification" }));
    const refused = await answer(environment, "AdminVerificationRequestsDeclineMutation", {
      declinePurchaseVerificationRequest: failure(
        "ConflictError",
        "This verification request has already been approved.",
      ),
    });
    expect(refused.request.variables.input).toEqual({
      requestId: verificationRequest().id,
      reason: "Ask for the till receipt",
    });
    expect(await screen.findByText("This verification request has already been approved.")).toBeTruthy();
    expect(screen.getByText("Verification not declined")).toBeTruthy();
    // Still listed (behind the open dialog).
    expect(screen.getAllByTestId("verification-request")).toHaveLength(1);

    await user.click(within(dialog).getByRole("button", { name: "Decline Verification" }));
    await answer(environment, "AdminVerificationRequestsDeclineMutation", {
      declinePurchaseVerificationRequest: success("MutationDeclinePurchaseVerificationRequestSuccess", {
        id: verificationRequest().id,
        status: "DECLINED",
      }),
    });
    expect(await screen.findByText("Verification declined")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("article", { name: /Verification request/ })).toBeNull());
    // Nothing was credited: the referral is still pending, no longer awaiting approval.
    expect(screen.getByTestId("pending-referral-list").textContent).toContain("Ivy Stone");
    await waitFor(() => expect(screen.queryByTestId("awaiting-approval")).toBeNull());
  });

  it("puts a verification the form was told waits into the list, marked new", async () => {
    const { environment } = await renderTab(
      [IVY, GRACE],
      [
        verificationRequest({
          id: "UHVyY2hhc2VWZXJpZmljYXRpb25SZXF1ZXN0Ojk=",
          referral: { ...GRACE, name: "Grace Lee" },
          amount: money(250_000),
        }),
      ],
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /^Ivy Stone/ }));
    const form = await screen.findByRole("region", { name: "Verify Purchase" });
    await user.type(within(form).getByLabelText(/Purchase Amount/), "5000");
    await user.type(within(form).getByRole("textbox", { name: /^Notes/ }), "Receipt 881 seen; her sister");
    await user.click(within(form).getByRole("button", { name: "Verify Purchase" }));
    await answer(environment, "AdminVerifyPurchaseFormMutation", {
      verifyPurchase: {
        __typename: "PurchaseVerificationAwaitingApproval",
        __isError: "PurchaseVerificationAwaitingApproval",
        code: "AWAITING_APPROVAL",
        message:
          "This referral has signals and its purchase of £5,000.00 is above the £1,000.00 flagged verification approval.",
        request: verificationRequest({ requestedByViewer: true }),
      },
    });
    expect(await screen.findByText("Verification Awaiting Approval")).toBeTruthy();
    const mine = await screen.findByRole("article", {
      name: "Verification request: Ivy Stone, referred by Sarah Johnson",
    });
    expect(within(mine).getByText(/^Waiting for another administrator/)).toBeTruthy();
    expect(screen.getAllByTestId("verification-request")).toHaveLength(2);
    expect(await screen.findByRole("button", { name: /^Ivy Stone 2 signals Awaiting approval/ })).toBeTruthy();
    expect(screen.getByTestId("verification-request-list").querySelector("[data-new]")?.textContent).toContain(
      "Ivy Stone",
    );
  });
});
