// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import {
  answer,
  connection,
  money,
  pendingOperationNames,
  success,
  waitForLoaded,
} from "../../components/admin/testing/adminTesting.ts";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminCustomerPage } from "./AdminCustomerPage.tsx";

afterEach(cleanup);

const USER = { id: "VXNlcjoy", username: "sarah", firstName: "Sarah", lastName: "Johnson", email: "sarah@example.com" };
const ADMIN = { id: "VXNlcjox", username: "admin", firstName: "Ada", lastName: "Admin" };
const GRACE = {
  id: "UmVmZXJyYWw6NA==",
  databaseId: 4,
  name: "Grace Lee",
  phone: "+447700900104",
  phoneDisplay: "07700 900104",
  email: null,
  address: null,
  status: "PENDING",
  statusDisplay: "Pending",
  createdAt: "2025-07-20T10:00:00.000Z",
  purchaseAmount: null,
  creditEarned: null,
  livePurchase: null,
  signalCount: 0,
  signals: [],
  hold: null,
  customer: { id: "Q3VzdG9tZXI6MTI=", user: USER },
};
const ERASED = {
  ...GRACE,
  id: "UmVmZXJyYWw6Mw==",
  databaseId: 3,
  name: null,
  phone: null,
  phoneDisplay: null,
  status: "EXPIRED",
  statusDisplay: "Expired",
};
const WITHDRAWN = {
  ...ERASED,
  id: "UmVmZXJyYWw6Mg==",
  databaseId: 2,
  status: "WITHDRAWN",
  statusDisplay: "Withdrawn",
};
const line = (id: number, kind: string, amount: number, rate: string, balance: number, referral = GRACE) => ({
  databaseId: id,
  kind,
  ratePercent: rate,
  createdAt: `2025-07-2${id}T10:00:00.000Z`,
  amount: money(amount),
  balance: money(balance),
  referral: { id: referral.id, databaseId: referral.databaseId, name: referral.name },
  actor: ADMIN,
});

const SHARE_LINK = {
  id: "U2hhcmVMaW5rOjM=",
  code: "K7PQ2XMA",
  url: "https://refer.example.com/r/K7PQ2XMA",
  paused: false,
  createdAt: "2025-07-02T10:00:00.000Z",
  opens: 1234,
  signUps: 3,
};

function customer(overrides: Record<string, unknown> = {}) {
  return {
    id: "Q3VzdG9tZXI6MTI=",
    databaseId: 12,
    status: "VERIFIED",
    rejectionReason: null,
    postcode: "SW1A 1AA",
    contractNumber: "HNG-12",
    createdAt: "2025-07-01T10:00:00.000Z",
    verifiedAt: "2025-07-02T10:00:00.000Z",
    user: { ...USER, emailConfirmed: true, erased: false },
    progressPercentage: 31,
    originalPurchaseAmount: money(100_000),
    currentCredits: money(31_000),
    creditsPaid: money(33_000),
    remainingToTarget: money(69_000),
    overpaid: money(2_000),
    milestones: [],
    shareLink: SHARE_LINK,
    creditLedger: connection([line(2, "REVERSAL", -2_000, "11%", 31_000), line(1, "CREDIT", 33_000, "11%", 33_000)]),
    referrals: connection([GRACE, ERASED, WITHDRAWN]),
    milestonePayments: [
      {
        id: "TWlsZXN0b25lUGF5bWVudDox",
        percent: 33,
        paidAt: "2025-07-22T10:00:00.000Z",
        notes: "BACS",
        amount: money(33_000),
        paidBy: ADMIN,
      },
    ],
    activities: connection([
      {
        id: "QWN0aXZpdHk6MQ==",
        description: "Referral added: Grace Lee",
        createdAt: "2025-07-20T10:00:00.000Z",
        amount: null,
      },
    ]),
    emails: connection([
      {
        databaseId: 9,
        type: "CREDITS_EARNED",
        subject: "You earned credits",
        status: "FAILED",
        attempts: 5,
        lastError: "550 mailbox unavailable",
        sentAt: null,
        createdAt: "2025-07-21T10:00:00.000Z",
      },
    ]),
    auditEntries: connection([
      {
        id: "QXVkaXRFbnRyeTo3",
        action: "purchase_cancelled",
        resourceType: "referral",
        resourceId: "4",
        details: "Returned",
        createdAt: "2025-07-22T10:00:00.000Z",
      },
    ]),
    ...overrides,
  };
}

const PROGRAMME = { creditRateBasisPoints: 1100, creditRatePercent: "11%", payoutApprovalThreshold: money(50_000) };

async function renderPage(data: Record<string, unknown> | null = customer()) {
  const rendered = renderWithProviders(<AdminCustomerPage customerId="12" />, { path: "/admin/customers/12" });
  const operation = await answer(rendered.environment, "AdminCustomerPageQuery", {
    programme: PROGRAMME,
    customer: data,
    pendingPayoutRequests: connection([]),
  });
  expect(operation.request.variables.databaseId).toBe(12);
  if (data) {
    const referrals = await answer(rendered.environment, "AdminCustomerPageReferralsQuery", { customer: data });
    expect(referrals.request.variables).toEqual({ databaseId: 12, count: 20 });
    await answer(rendered.environment, "AdminCustomerHistoryQuery", { customer: data });
  }
  await waitForLoaded();
  return rendered;
}

describe("/admin/customers/:id (a customer's whole story)", () => {
  it("explains the progress with the ledger's running balance and shows every section", async () => {
    await renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Sarah Johnson" })).toBeTruthy();
    expect(screen.getByTestId("progress-explained").textContent).toBe("Progress 31% = £310.00 of £1,000.00");
    expect(screen.getByTestId("overpaid-card").textContent).toContain("Overpaid by £20.00");

    const ledger = within(screen.getByRole("region", { name: "Credit ledger table" }));
    expect(
      ledger
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/Reversal.*Grace Lee.*11%.*-£20\.00.*£310\.00.*Ada Admin/),
      expect.stringMatching(/Credit.*Grace Lee.*11%.*£330\.00.*£330\.00.*Ada Admin/),
    ]);
    const referrals = within(screen.getByRole("region", { name: "Referrals table" }));
    // The expired and the withdrawn referral: their details erased.
    expect(referrals.getAllByText("erased")).toHaveLength(2);
    expect(referrals.getByText("Expired")).toBeTruthy();
    expect(referrals.getByText("Withdrawn")).toBeTruthy();
    // Only a pending referral can be verified.
    expect(referrals.getAllByRole("button", { name: /Verify Purchase/ })).toHaveLength(1);
    expect(
      within(screen.getByRole("region", { name: "Milestone payments table" })).getByText("33% milestone"),
    ).toBeTruthy();
    expect(screen.getByRole("region", { name: "Activities table" }).textContent).toContain("Referral added: Grace Lee");
    const emails = screen.getByRole("region", { name: "Emails table" }).textContent;
    expect(emails).toContain("Failed");
    expect(emails).toContain("550 mailbox unavailable");
    expect(screen.getByRole("region", { name: "Audit entries table" }).textContent).toContain("purchase_cancelled");
  });

  it("reads as sections on a phone: links to each, and the milestone card repeats none of the figures", async () => {
    const ready = { key: "M33", percent: 33, title: "33% milestone", state: "READY", paymentRequestedAt: null };
    await renderPage(
      customer({
        overpaid: money(0),
        milestones: [
          { ...ready, tranche: money(33_000) },
          { ...ready, key: "M66", percent: 66, title: "66% milestone", state: "PENDING", tranche: money(33_000) },
          { ...ready, key: "M100", percent: 100, title: "100% milestone", state: "PENDING", tranche: money(34_000) },
        ],
      }),
    );
    const sections = screen.getByRole("navigation", { name: "Sections of this page" });
    expect(
      within(sections)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Figures", "#story-figures"],
      ["Share link", "#story-share-link"],
      ["Ledger", "#story-ledger"],
      ["Referrals", "#story-referrals"],
      ["Payments", "#story-payments"],
      ["Activities", "#story-activities"],
      ["Emails", "#story-emails"],
      ["Audit", "#story-audit"],
    ]);
    for (const id of ["story-figures", "story-share-link", "story-ledger", "story-referrals", "story-payments"])
      expect(document.getElementById(id)).toBeTruthy();
    // The milestone card pays; the figures are said once, above it.
    const card = screen.getByTestId("milestone-customer");
    expect(within(card).getByRole("button", { name: /Process Payment/ })).toBeTruthy();
    for (const repeated of ["Original Purchase", "Potential Credits Earned", "Already Paid", "£310.00", "31%"])
      expect(card.textContent).not.toContain(repeated);
    expect(screen.getAllByText("Already Paid")).toHaveLength(1);
  });

  it("verifies a pending referral's purchase from the page, then reads the story again", async () => {
    const { environment } = await renderPage(customer({ referrals: connection([GRACE]), overpaid: money(0) }));
    expect(screen.queryByTestId("overpaid-card")).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Verify Purchase: Grace Lee" }));
    await user.type(screen.getByLabelText(/Purchase Amount/), "100");
    await user.click(
      within(screen.getByRole("form", { name: "Verify purchase" })).getByRole("button", { name: "Verify Purchase" }),
    );
    const mutation = await answer(environment, "AdminVerifyPurchaseFormMutation", {
      verifyPurchase: success("MutationVerifyPurchaseSuccess", {
        referral: { id: GRACE.id, status: "PURCHASED" },
        creditEarned: { pence: 1100 },
      }),
    });
    expect(mutation.request.variables.input).toMatchObject({ referralId: GRACE.id, amount: "100.00" });
    expect(await screen.findByText("Purchase Verified")).toBeTruthy();
    await waitFor(() => expect(pendingOperationNames(environment)).toContain("AdminCustomerPageQuery"));
    await answer(environment, "AdminCustomerPageQuery", {
      programme: PROGRAMME,
      pendingPayoutRequests: connection([]),
      customer: customer({
        progressPercentage: 32,
        currentCredits: money(32_100),
        overpaid: money(0),
        creditLedger: connection([
          line(3, "CREDIT", 1_100, "11%", 32_100),
          line(2, "REVERSAL", -2_000, "11%", 31_000),
          line(1, "CREDIT", 33_000, "11%", 33_000),
        ]),
        referrals: connection([{ ...GRACE, status: "PURCHASED", statusDisplay: "Purchased" }]),
      }),
    });
    await answer(environment, "AdminCustomerPageReferralsQuery", {
      customer: customer({ referrals: connection([{ ...GRACE, status: "PURCHASED", statusDisplay: "Purchased" }]) }),
    });
    await waitFor(() =>
      expect(screen.getByTestId("progress-explained").textContent).toBe("Progress 32% = £321.00 of £1,000.00"),
    );
    expect(screen.getAllByTestId("ledger-line")).toHaveLength(3);
    expect(screen.queryByRole("form", { name: "Verify purchase" })).toBeNull();
  });

  it("shows the customer's share link with its figures, and pauses and resumes it", async () => {
    const { environment } = await renderPage();
    const section = within(screen.getByRole("region", { name: "Share link" }));
    expect(section.getByRole("link", { name: SHARE_LINK.url }).getAttribute("href")).toBe(SHARE_LINK.url);
    expect(section.getByText("Active")).toBeTruthy();
    expect(screen.getByTestId("admin-share-link").textContent).toMatch(/Made2 Jul 2025.*Link opens1,234.*Sign-ups3/);
    const user = userEvent.setup();
    await user.click(section.getByRole("button", { name: "Pause link" }));
    const paused = await answer(environment, "AdminCustomerShareLinkPauseMutation", {
      setShareLinkPaused: success("MutationSetShareLinkPausedSuccess", {
        shareLink: { id: SHARE_LINK.id, paused: true },
      }),
    });
    expect(paused.request.variables.input).toEqual({ customerId: "Q3VzdG9tZXI6MTI=", paused: true });
    expect(await screen.findByText("Link paused")).toBeTruthy();
    expect(section.getByText("Paused")).toBeTruthy();
    await user.click(section.getByRole("button", { name: "Resume link" }));
    const resumed = await answer(environment, "AdminCustomerShareLinkPauseMutation", {
      setShareLinkPaused: success("MutationSetShareLinkPausedSuccess", {
        shareLink: { id: SHARE_LINK.id, paused: false },
      }),
    });
    expect(resumed.request.variables.input).toEqual({ customerId: "Q3VzdG9tZXI6MTI=", paused: false });
    expect(await section.findByRole("button", { name: "Pause link" })).toBeTruthy();
  });

  it("gives each referral's reasons and holds a pending one from its row", async () => {
    const signal = {
      kind: "REFERRER_PHONE",
      words: "The friend's phone is one digit away from the customer's",
      evidence: "07700 900104 / 07700 900105",
      noticedAt: "2025-07-20T10:00:00.000Z",
    };
    const flagged = { ...GRACE, signalCount: 1, signals: [signal] };
    const erasedFlagged = {
      ...ERASED,
      signalCount: 1,
      signals: [{ ...signal, kind: "FRIEND_READDED", words: "Added again after being withdrawn", evidence: null }],
    };
    const { environment } = await renderPage(customer({ referrals: connection([flagged, erasedFlagged]) }));
    const table = within(screen.getByRole("region", { name: "Referrals table" }));
    expect(table.getByRole("columnheader", { name: "Signals" })).toBeTruthy();
    const [graceCell, erasedCell] = table.getAllByTestId("story-referral-signals");
    expect(graceCell?.textContent).toBe(`1 signal${signal.words}${signal.evidence}`);
    // An erased referral keeps the words, not the evidence.
    expect(erasedCell?.textContent).toBe("1 signalAdded again after being withdrawn");
    // Only a pending referral can be held.
    expect(table.getAllByRole("button", { name: /^(Hold|Release):/ })).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(table.getByRole("button", { name: "Hold: Grace Lee" }));
    const dialog = await screen.findByRole("dialog", { name: "Hold Grace Lee" });
    await user.type(within(dialog).getByLabelText(/^Note/), "Checking with the showroom");
    await user.click(within(dialog).getByRole("button", { name: "Hold" }));
    await answer(environment, "ReferralHoldControlsHoldMutation", {
      holdReferral: success("MutationHoldReferralSuccess", {
        referral: {
          id: GRACE.id,
          databaseId: 4,
          name: "Grace Lee",
          hold: { heldAt: "2025-07-22T09:00:00.000Z", note: "Checking with the showroom", heldBy: ADMIN },
        },
      }),
    });
    expect(await screen.findByText("Referral Held")).toBeTruthy();
    const graceRow = table.getAllByTestId("story-referral")[0] as HTMLElement;
    await waitFor(() => expect(within(graceRow).getByText("Under review")).toBeTruthy());
    expect(within(graceRow).getByRole("button", { name: "Release: Grace Lee" })).toBeTruthy();
  });

  it("says a customer without a link has none", async () => {
    await renderPage(customer({ shareLink: null }));
    expect(within(screen.getByRole("region", { name: "Share link" })).getByText(/No link/)).toBeTruthy();
  });

  it("shows the approval actions while the registration is pending", async () => {
    await renderPage(customer({ status: "PENDING", verifiedAt: null }));
    expect(screen.getByRole("button", { name: "Approve Customer" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit Details" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reject Application" })).toBeTruthy();
  });

  it("erases a referral and then the customer on request, each with a required reason", async () => {
    const { environment } = await renderPage(customer({ referrals: connection([GRACE]) }));
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Erase: Grace Lee" }));
    const referralDialog = await screen.findByRole("alertdialog", { name: "Erase Referral" });
    expect(referralDialog.textContent).toContain("Grace Lee's name, phone, email and address are erased");
    const confirmReferral = within(referralDialog).getByRole("button", { name: "Erase Referral" });
    expect(confirmReferral.hasAttribute("disabled")).toBe(true);
    await user.type(within(referralDialog).getByLabelText(/Reason for erasure/), "Asked by phone");
    await user.click(confirmReferral);
    const erasedReferral = await answer(environment, "AdminErasureDialogsReferralMutation", {
      eraseReferral: success("MutationEraseReferralSuccess", {
        id: GRACE.id,
        name: null,
        phone: null,
        phoneDisplay: null,
        email: null,
        status: "WITHDRAWN",
        statusDisplay: "Withdrawn",
      }),
    });
    expect(erasedReferral.request.variables.input).toEqual({ referralId: GRACE.id, reason: "Asked by phone" });
    expect(await screen.findByText("Referral Erased")).toBeTruthy();
    await waitFor(() => expect(pendingOperationNames(environment)).toContain("AdminCustomerPageQuery"));
    await answer(environment, "AdminCustomerPageQuery", {
      programme: PROGRAMME,
      pendingPayoutRequests: connection([]),
      customer: customer({
        referrals: connection([{ ...GRACE, name: null, phone: null, phoneDisplay: null, status: "WITHDRAWN" }]),
      }),
    });
    await answer(environment, "AdminCustomerPageReferralsQuery", {
      customer: customer({
        referrals: connection([{ ...GRACE, name: null, phone: null, phoneDisplay: null, status: "WITHDRAWN" }]),
      }),
    });

    await user.click(await screen.findByRole("button", { name: "Erase Customer" }));
    const customerDialog = await screen.findByRole("alertdialog", { name: "Erase Customer" });
    expect(customerDialog.textContent).toContain("Credits, purchases and payments stay, anonymised");
    await user.type(within(customerDialog).getByLabelText(/Reason for erasure/), "Written request");
    await user.click(within(customerDialog).getByRole("button", { name: "Erase Customer" }));
    const erasedCustomer = await answer(environment, "AdminErasureDialogsCustomerMutation", {
      eraseCustomer: success("MutationEraseCustomerSuccess", {
        id: "Q3VzdG9tZXI6MTI=",
        status: "VERIFIED",
        postcode: "erased",
        contractNumber: "erased",
        user: { id: USER.id, username: "erased", email: "erased", firstName: null, lastName: null, erased: true },
      }),
    });
    expect(erasedCustomer.request.variables.input).toEqual({
      customerId: "Q3VzdG9tZXI6MTI=",
      reason: "Written request",
    });
    expect(await screen.findByText("Customer Erased")).toBeTruthy();
  });

  it("shows an erased customer as erased, with nothing left to erase", async () => {
    await renderPage(
      customer({
        postcode: "erased",
        contractNumber: "erased",
        user: {
          ...USER,
          username: "erased",
          email: "erased",
          firstName: null,
          lastName: null,
          emailConfirmed: false,
          erased: true,
        },
        referrals: connection([
          {
            ...ERASED,
            customer: {
              id: "Q3VzdG9tZXI6MTI=",
              user: { ...USER, username: "erased", email: "erased", firstName: null, lastName: null },
            },
          },
        ]),
        creditLedger: connection([]),
        activities: connection([]),
      }),
    );
    expect(screen.getByRole("heading", { level: 1, name: "erased" })).toBeTruthy();
    expect(screen.getByText("Erased")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Erase Customer" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Erase:/ })).toBeNull();
  });

  it("says so when there is no such customer", async () => {
    await renderPage(null);
    expect(screen.getByText("There is no customer 12.")).toBeTruthy();
    cleanup();
    const { environment } = renderWithProviders(<AdminCustomerPage customerId="not-a-number" />);
    expect(screen.getByText("There is no customer not-a-number.")).toBeTruthy();
    expect(pendingOperationNames(environment)).toEqual([]);
  });
});
