// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  answer,
  captureDownloads,
  connection,
  money,
  pendingOperationNames,
  waitForLoaded,
} from "../../components/admin/testing/adminTesting.ts";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminReportsPage } from "./AdminReportsPage.tsx";

const realFetch = globalThis.fetch;
let restoreDownloads = () => {};
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  restoreDownloads();
});

const ANALYTICS = {
  totalCustomers: 6,
  verifiedCustomers: 4,
  totalReferrals: 9,
  purchasedReferrals: 7,
  conversionRate: 77.8,
  totalCreditsIssued: money(1_474_000),
  totalPurchaseValue: money(13_400_000),
  averagePurchaseValue: money(1_914_286),
};

const TRENDS = [
  { amount: money(2_300_000), credits: money(253_000), date: "2025-07-20T10:00:00.000Z" },
  { amount: money(900_000), credits: money(99_000), date: "2025-07-25T10:00:00.000Z" },
];

async function renderReports(path = "/admin/reports", analytics = ANALYTICS) {
  const rendered = renderWithProviders(<AdminReportsPage />, { path });
  if (!path.includes("tab=")) {
    await answer(rendered.environment, "AdminAnalyticsTabQuery", { analytics, revenueTrends: connection(TRENDS) });
    await waitForLoaded();
  }
  return rendered;
}

describe("/admin/reports (Admin Reports & Analytics)", () => {
  it("shows the four figure cards and the revenue trends as a chart and a table, newest first", async () => {
    const { environment } = await renderReports();
    expect(screen.getByRole("heading", { level: 1, name: "Admin Reports & Analytics" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/admin");
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Analytics",
      "Referrals",
      "Customers",
      "Emails",
      "Audit Trail",
    ]);
    expect(screen.getByTestId("figure-Total Customers").textContent).toContain("4 verified");
    expect(screen.getByTestId("figure-Total Referrals").textContent).toContain("77.8% conversion rate");
    expect(screen.getByTestId("figure-Credits Issued").textContent).toContain("£14,740.00");
    expect(screen.getByTestId("figure-Purchase Value").textContent).toContain("£134,000.00");
    expect(screen.getByTestId("figure-Purchase Value").textContent).toContain("£19,142.86 average");
    expect(screen.getByRole("img", { name: /Revenue trends/ })).toBeTruthy();
    const rows = within(screen.getByTestId("revenue-trends-table")).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "25 Jul 2025£9,000.00£990.00",
      "20 Jul 2025£23,000.00£2,530.00",
    ]);
    // The details tables load only when opened.
    expect(pendingOperationNames(environment)).toEqual([]);
  });

  it("shows totals beyond a 32-bit integer to the penny, up to 2^53 − 1 pence (no division in floating point)", async () => {
    const pence = (value: number) => ({ pence: value, pounds: "unused", formatted: "unused" });
    await renderReports("/admin/reports", {
      ...ANALYTICS,
      totalCreditsIssued: pence(8_999_999_739),
      totalPurchaseValue: pence(Number.MAX_SAFE_INTEGER),
      averagePurchaseValue: pence(999_999_971),
    });
    expect(screen.getByTestId("figure-Credits Issued").textContent).toContain("£89,999,997.39");
    // 9007199254740991 / 100 in floating point is 90071992547409.906..., which would show as .90.
    expect(screen.getByTestId("figure-Purchase Value").textContent).toContain("£90,071,992,547,409.91");
    expect(screen.getByTestId("figure-Purchase Value").textContent).toContain("£9,999,999.71 average");
  });

  it("opens the customer and referral details tables, loading each only when its dialog opens", async () => {
    const { environment } = await renderReports();
    const user = userEvent.setup();
    await user.click(screen.getByTestId("figure-Total Customers"));
    const customers = await screen.findByRole("dialog", { name: "Customer Details" });
    await answer(environment, "AdminCustomerDetailsDialogQuery", {
      customers: connection(
        [
          {
            customerId: "Q3VzdG9tZXI6MQ==",
            name: "Sarah Johnson",
            email: "sarah@example.com",
            contractNumber: "HNG-2025-0147",
            originalPurchaseAmount: money(1_200_000),
            currentCredits: money(396_000),
            progressPercentage: 33,
            purchasedReferrals: 3,
            totalReferrals: 5,
            status: "VERIFIED",
            statusDisplay: "Verified",
            stageDisplay: "Earning",
          },
        ],
        { totalCount: 1 },
      ),
    });
    await waitFor(() => expect(customers.textContent).toContain("HNG-2025-0147"));
    for (const text of [
      "Sarah Johnson",
      "sarah@example.com",
      "£12,000.00",
      "£3,960.00",
      "33%",
      "3/5",
      "Verified",
      "Earning",
    ])
      expect(customers.textContent).toContain(text);
    await user.click(within(customers).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Customer Details" })).toBeNull());

    await user.click(screen.getByTestId("figure-Total Referrals"));
    const referrals = await screen.findByRole("dialog", { name: "Referral Details" });
    await answer(environment, "AdminReferralDetailsDialogQuery", {
      referralDetails: connection(
        [
          {
            referralId: "UmVmZXJyYWw6MQ==",
            customerName: "Sarah Johnson",
            referralName: "Tom Baker",
            referralEmail: "tom.baker@example.com",
            referralPhone: "+447700900101",
            purchaseAmount: money(1_500_000),
            creditEarned: money(165_000),
            status: "PURCHASED",
            statusDisplay: "Purchased",
            daysRemaining: null,
            createdAt: "2025-06-01T10:00:00.000Z",
          },
          {
            referralId: "UmVmZXJyYWw6OQ==",
            customerName: "Sarah Johnson",
            referralName: null,
            referralEmail: null,
            referralPhone: null,
            purchaseAmount: null,
            creditEarned: null,
            status: "EXPIRED",
            statusDisplay: "Expired",
            daysRemaining: 0,
            createdAt: "2025-03-01T10:00:00.000Z",
          },
        ],
        { totalCount: 2 },
      ),
    });
    await waitFor(() => expect(referrals.textContent).toContain("Tom Baker"));
    for (const text of [
      "tom.baker@example.com",
      "+447700900101",
      "£15,000.00",
      "£1,650.00",
      "Purchased",
      "Expired",
      "Erased",
      "1 Jun 2025",
    ]) {
      expect(referrals.textContent).toContain(text);
    }
  });

  it("lists the top performers and downloads the referral details in the chosen format", async () => {
    const { environment } = await renderReports("/admin/reports?tab=referrals");
    await answer(environment, "AdminTopPerformersTabQuery", {
      topPerformers: connection([
        { customerId: 3, customerName: "Emma Wilson", totalCredits: money(550_000), purchasedReferrals: 2 },
        { customerId: 1, customerName: "Sarah Johnson", totalCredits: money(396_000), purchasedReferrals: 3 },
      ]),
    });
    await waitForLoaded();
    const rows = within(screen.getByTestId("top-performers")).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(["1Emma Wilson32£5,500.00", "2Sarah Johnson13£3,960.00"]);

    const downloads = captureDownloads();
    restoreDownloads = downloads.restore;
    const fetchMock = vi.fn(
      async () =>
        new Response('[{"id":1}]', {
          status: 200,
          headers: {
            "Content-Type": "application/json",
            "Content-Disposition": 'attachment; filename="referral-details-2025-07-28.json"',
          },
        }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "JSON" }));
    await user.click(screen.getByRole("button", { name: /Export Details/ }));
    expect(await screen.findByText("Export successful")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith("/api/admin/reports/referral-details?format=json", {
      credentials: "include",
    });
    expect(downloads.files.map((file) => file.name)).toEqual(["referral-details-2025-07-28.json"]);
  });

  it("shows a failed download to the administrator", async () => {
    const { environment } = await renderReports("/admin/reports?tab=referrals");
    await answer(environment, "AdminTopPerformersTabQuery", { topPerformers: connection([]) });
    await waitForLoaded();
    expect(screen.getByRole("heading", { name: "No credits earned yet" })).toBeTruthy();
    globalThis.fetch = vi.fn(
      async () => new Response("You do not have permission to do this", { status: 403 }),
    ) as unknown as typeof fetch;
    await userEvent.setup().click(screen.getByRole("button", { name: /Export Details/ }));
    expect(await screen.findByText("Export failed")).toBeTruthy();
    expect(screen.getByText("403: You do not have permission to do this")).toBeTruthy();
  });

  it("shows the customer segments as a chart and as counts", async () => {
    const { environment } = await renderReports("/admin/reports?tab=customers");
    await answer(environment, "AdminSegmentsTabQuery", {
      customerSegments: [
        { segment: "GETTING_STARTED", name: "Getting Started", customers: 3 },
        { segment: "LOW_PROGRESS", name: "Low Progress", customers: 0 },
        { segment: "MEDIUM_PROGRESS", name: "Medium Progress", customers: 1 },
        { segment: "HIGH_PROGRESS", name: "High Progress", customers: 2 },
      ],
    });
    await waitForLoaded();
    expect(screen.getByRole("img", { name: /Customer segments/ })).toBeTruthy();
    const rows = within(screen.getByTestId("segment-counts")).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "Getting StartedNo credits yet3",
      "Low ProgressUnder 33% of their purchase0",
      "Medium Progress33% to under 66%1",
      "High Progress66% or more2",
    ]);
    expect(screen.getByText("6 customers by progress towards their full refund")).toBeTruthy();
  });

  it("shows the audit trail, 20 entries at a time, with more on demand", async () => {
    const { environment } = await renderReports("/admin/reports?tab=audit-trail");
    const entry = (id: number) => ({
      id: `QXVkaXRFbnRyeTo${id}`,
      action: id === 1 ? "purchase_cancelled" : "customer_approved",
      resourceType: id === 1 ? "referral" : "customer",
      resourceId: String(id),
      adminId: 1,
      details: id === 1 ? "Purchase #7 of referral #4 cancelled: £110.00 reversed" : "Customer oliver approved",
      createdAt: "2025-07-28T14:03:00.000Z",
      ipAddress: "127.0.0.1",
    });
    const first = await answer(environment, "AdminAuditTrailTabQuery", {
      auditLogs: connection([entry(1), entry(2)], {}, true),
    });
    expect(first.request.variables).toEqual({ count: 20 });
    await waitForLoaded();
    const table = screen.getByTestId("audit-trail");
    for (const text of [
      "purchase_cancelled",
      "referral #1",
      "Purchase #7 of referral #4 cancelled",
      "127.0.0.1",
      "28 Jul 2025",
    ])
      expect(table.textContent).toContain(text);
    await userEvent.setup().click(screen.getByRole("button", { name: "Load more" }));
    const more = await answer(environment, "AdminAuditTrailTabPaginationQuery", { auditLogs: connection([entry(3)]) });
    expect(more.request.variables).toMatchObject({ count: 20, cursor: "cursor-1" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(4));
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("shows the email counts with Process Pending Emails", async () => {
    const { environment } = await renderReports("/admin/reports?tab=emails");
    await answer(environment, "AdminEmailPanelQuery", {
      emailStats: { pending: 2, sent: 3, failed: 1, configured: false },
    });
    await waitForLoaded();
    expect(screen.getByRole("heading", { name: "Emails" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Process Pending Emails" })).toBeTruthy();
    expect(screen.getByTestId("email-not-configured")).toBeTruthy();
  });
});
