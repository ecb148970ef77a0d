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

const bucket = (start: string, purchases: number, revenue: number, issued: number, reversed = 0) => ({
  start,
  purchases,
  revenue: money(revenue),
  creditsIssued: money(issued),
  creditsReversed: money(reversed),
});
const WEEKS = [
  bucket("2025-07-07", 1, 2_300_000, 253_000),
  bucket("2025-07-14", 0, 0, 0),
  bucket("2025-07-21", 2, 900_000, 99_000, 44_000),
];
const FUNNEL = { added: 40, purchased: 10, expired: 6, withdrawn: 4, pending: 20 };
const CANCELLATIONS = [
  {
    purchaseId: 7,
    customerName: "Sarah Johnson",
    referralName: "Tom Baker",
    amount: money(400_000),
    creditReversed: money(44_000),
    cancelledAt: "2025-07-22T09:30:00.000Z",
    cancelledBy: "admin",
    reason: "Customer returned the kitchen",
  },
];

const CHANNELS = [
  { channel: "TYPED", referrals: 30, verifiedPurchases: 8, linkOpens: 0 },
  { channel: "SHARE_LINK", referrals: 10, verifiedPurchases: 2, linkOpens: 1450 },
  { channel: "STAFF", referrals: 0, verifiedPurchases: 0, linkOpens: 0 },
];

const FRAUD = {
  kinds: [
    {
      kind: "REFERRER_EMAIL",
      words: "Friend's email is the customer's own",
      flagged: 12,
      verified: 2,
      withdrawn: 5,
      expired: 3,
      pending: 2,
      held: 1,
    },
    {
      kind: "BURST",
      words: "Many referrals in an hour",
      flagged: 1040,
      verified: 0,
      withdrawn: 0,
      expired: 40,
      pending: 1000,
      held: 0,
    },
  ],
  customers: [
    {
      customerDatabaseId: 12,
      customerName: "Sarah Johnson",
      flagged: 1041,
      signals: 1052,
      verified: 1,
      withdrawn: 0,
      expired: 40,
      pending: 1000,
      held: 1,
    },
  ],
};

type Environment = ReturnType<typeof renderWithProviders>["environment"];

/** Answers the range's six queries: revenue by period, the funnel, the channels, the staff, fraud signals, the cancellations. */
async function answerRange(environment: Environment, weeks = WEEKS) {
  const revenue = await answer(environment, "AdminAnalyticsTabRevenueQuery", { revenueByPeriod: weeks });
  const funnel = await answer(environment, "AdminAnalyticsTabFunnelQuery", { referralFunnel: FUNNEL });
  const channels = await answer(environment, "AdminReferralChannelsQuery", { referralChannelReport: CHANNELS });
  await answer(environment, "AdminStaffAttributionQuery", {
    staffAttributionReport: [{ staffUserId: 7, name: "Sam Kay", referrals: 8, verifiedPurchases: 3 }],
  });
  const fraud = await answer(environment, "AdminFraudSignalsQuery", { fraudSignalReport: FRAUD });
  const cancellations = await answer(environment, "AdminCancellationHistoryQuery", {
    purchaseCancellations: connection(CANCELLATIONS),
  });
  await waitForLoaded();
  return { revenue, funnel, channels, fraud, cancellations };
}

async function renderReports(path = "/admin/reports", analytics = ANALYTICS) {
  const rendered = renderWithProviders(<AdminReportsPage />, { path });
  if (!path.includes("tab=")) {
    await answer(rendered.environment, "AdminAnalyticsTabQuery", { analytics });
    await answerRange(rendered.environment);
  }
  return rendered;
}

const rowTexts = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole("row")
    .slice(1)
    .map((row) => row.textContent);

describe("/admin/reports (Admin Reports & Analytics)", () => {
  it("shows the four figure cards, and revenue and credits by week as a chart and a table", async () => {
    const { environment } = await renderReports();
    expect(screen.getByRole("heading", { level: 1, name: "Admin Reports & Analytics" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/admin");
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Analytics",
      "Referrals",
      "Customers",
      "Emails",
      "Audit Trail",
      "API Tokens",
      "Webhooks",
    ]);
    expect(screen.getByTestId("figure-Total Customers").textContent).toContain("4 verified");
    expect(screen.getByTestId("figure-Total Referrals").textContent).toContain("77.8% conversion rate");
    expect(screen.getByTestId("figure-Credits Issued").textContent).toContain("£14,740.00");
    expect(screen.getByTestId("figure-Purchase Value").textContent).toContain("£134,000.00");
    expect(screen.getByTestId("figure-Purchase Value").textContent).toContain("£19,142.86 average");
    expect(rowTexts("revenue-by-period-table")).toEqual([
      "w/c 7 Jul1£23,000.00£2,530.00£0.00",
      "w/c 14 Jul0£0.00£0.00£0.00",
      "w/c 21 Jul2£9,000.00£990.00£440.00",
    ]);
    // The details tables load only when opened.
    expect(pendingOperationNames(environment)).toEqual([]);
  });

  it("asks for the last 90 days by week, switches to months, and applies a new date range", async () => {
    vi.useFakeTimers({ now: new Date("2025-07-28T12:00:00Z"), toFake: ["Date"] });
    const rendered = renderWithProviders(<AdminReportsPage />, { path: "/admin/reports" });
    const { environment } = rendered;
    await answer(environment, "AdminAnalyticsTabQuery", { analytics: ANALYTICS });
    const first = await answerRange(environment);
    vi.useRealTimers();
    expect(first.revenue.request.variables).toEqual({ period: "WEEK", from: "2025-04-30", to: "2025-07-28" });
    expect(first.funnel.request.variables).toEqual({ from: "2025-04-30", to: "2025-07-28" });
    expect(first.channels.request.variables).toEqual({ from: "2025-04-30", to: "2025-07-28" });
    expect(first.fraud.request.variables).toEqual({ from: "2025-04-30", to: "2025-07-28" });
    expect(first.cancellations.request.variables).toEqual({ count: 20, from: "2025-04-30", to: "2025-07-28" });

    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "By month" }));
    const months = await answer(environment, "AdminAnalyticsTabRevenueQuery", {
      revenueByPeriod: [bucket("2025-06-01", 3, 1_000_000, 110_000), bucket("2025-07-01", 0, 0, 0)],
    });
    expect(months.request.variables).toMatchObject({ period: "MONTH" });
    await waitFor(() => expect(rowTexts("revenue-by-period-table")[0]).toBe("Jun 20253£10,000.00£1,100.00£0.00"));
    expect(
      within(screen.getByTestId("revenue-by-period-table")).getByRole("columnheader", { name: "Month" }),
    ).toBeTruthy();

    // A from date after the to date is refused in the page, and nothing is asked.
    const from = screen.getByLabelText("From");
    await user.clear(from);
    await user.type(from, "2025-08-01");
    expect(screen.getByText("The from date must not be after the to date.")).toBeTruthy();
    expect(pendingOperationNames(environment)).toEqual([]);
    await user.clear(from);
    await user.type(from, "2025-07-01");
    const revenue = await answer(environment, "AdminAnalyticsTabRevenueQuery", { revenueByPeriod: WEEKS });
    expect(revenue.request.variables).toEqual({ period: "MONTH", from: "2025-07-01", to: "2025-07-28" });
    await answer(environment, "AdminAnalyticsTabFunnelQuery", { referralFunnel: FUNNEL });
    const channels = await answer(environment, "AdminReferralChannelsQuery", { referralChannelReport: CHANNELS });
    expect(channels.request.variables).toEqual({ from: "2025-07-01", to: "2025-07-28" });
    const staff = await answer(environment, "AdminStaffAttributionQuery", { staffAttributionReport: [] });
    expect(staff.request.variables).toEqual({ from: "2025-07-01", to: "2025-07-28" });
    const fraud = await answer(environment, "AdminFraudSignalsQuery", {
      fraudSignalReport: { kinds: [], customers: [] },
    });
    expect(fraud.request.variables).toEqual({ from: "2025-07-01", to: "2025-07-28" });
    await answer(environment, "AdminCancellationHistoryQuery", { purchaseCancellations: connection([]) });
    expect(await screen.findByText("No purchases were cancelled in this period")).toBeTruthy();
  });

  it("shows the funnel and the cancellation history with reasons, each chart's table on demand", async () => {
    await renderReports();
    expect(rowTexts("referral-funnel-table")).toEqual([
      "Added40100.0%",
      "Purchased1025.0%",
      "Expired615.0%",
      "Withdrawn410.0%",
      "Pending2050.0%",
    ]);
    // The tables are always there for screen readers; "Show as table" shows one to everyone.
    const funnel = screen.getByTestId("referral-funnel");
    expect(within(funnel).getByTestId("report-chart")).toBeTruthy();
    await userEvent.setup().click(within(funnel).getByRole("button", { name: "Show as table" }));
    expect(within(funnel).queryByTestId("report-chart")).toBeNull();
    expect(within(funnel).getByRole("button", { name: "Show as chart" }).getAttribute("aria-pressed")).toBe("true");
    expect(rowTexts("cancellation-history")).toEqual([
      expect.stringMatching(
        /^22 Jul 2025, \d\d:30adminSarah JohnsonTom Baker£4,000\.00£440\.00Customer returned the kitchen$/,
      ),
    ]);
  });

  it("shows referrals by channel as a chart and a table, and downloads the same rows as CSV", async () => {
    await renderReports();
    const section = screen.getByTestId("referral-channels");
    expect(within(section).getByRole("heading", { name: "Referrals by channel" })).toBeTruthy();
    expect(within(section).getByTestId("report-chart")).toBeTruthy();
    expect(rowTexts("referral-channels-table")).toEqual([
      "Typed by the customer3080",
      "Share link1021,450",
      "Staff000",
    ]);
    const downloads = captureDownloads();
    restoreDownloads = downloads.restore;
    const fetchMock = vi.fn(
      async () =>
        new Response("channel,referrals\r\n", {
          status: 200,
          headers: { "Content-Disposition": 'attachment; filename="referral-channels-2025-07-28.csv"' },
        }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await userEvent.setup().click(within(section).getByRole("button", { name: /^Download channels/ }));
    expect(await screen.findByText("Export successful")).toBeTruthy();
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toMatch(
      /^\/api\/admin\/reports\/referral-channels\?format=csv&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/,
    );
    expect(downloads.files.map((file) => file.name)).toEqual(["referral-channels-2025-07-28.csv"]);
  });

  it("shows fraud signals by kind as a chart and a table, the flagged customers, and downloads the rows as CSV", async () => {
    await renderReports();
    const section = screen.getByTestId("fraud-signals");
    expect(within(section).getByRole("heading", { name: "Fraud signals" })).toBeTruthy();
    expect(within(section).getByTestId("report-chart")).toBeTruthy();
    expect(
      within(screen.getByTestId("fraud-signals-table"))
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Signal", "Flagged", "Verified", "Withdrawn", "Expired", "Pending", "Held"]);
    expect(rowTexts("fraud-signals-table")).toEqual([
      "Friend's email is the customer's own1225321",
      "Many referrals in an hour1,04000401,0000",
    ]);
    // Figures in tabular figures, right-aligned.
    const cell = within(screen.getByTestId("fraud-signals-table")).getByText("1,040");
    expect(getComputedStyle(cell).textAlign).toBe("end");
    const customers = screen.getByTestId("fraud-signal-customers");
    expect(within(customers).getByRole("link", { name: "Sarah Johnson" }).getAttribute("href")).toBe(
      "/admin/customers/12",
    );
    expect(rowTexts("fraud-signal-customers")).toEqual(["Sarah Johnson1,0411,05210401,0001"]);

    const downloads = captureDownloads();
    restoreDownloads = downloads.restore;
    const fetchMock = vi.fn(
      async () =>
        new Response("kind,words\r\n", {
          status: 200,
          headers: { "Content-Disposition": 'attachment; filename="fraud-signals-2025-07-28.csv"' },
        }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await userEvent.setup().click(within(section).getByRole("button", { name: /^Download fraud signals/ }));
    expect(await screen.findByText("Export successful")).toBeTruthy();
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toMatch(/^\/api\/admin\/reports\/fraud-signals\?format=csv&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
    expect(downloads.files.map((file) => file.name)).toEqual(["fraud-signals-2025-07-28.csv"]);
  });

  it("says when no referral in the range was flagged", async () => {
    const rendered = renderWithProviders(<AdminReportsPage />, { path: "/admin/reports" });
    await answer(rendered.environment, "AdminAnalyticsTabQuery", { analytics: ANALYTICS });
    await answer(rendered.environment, "AdminFraudSignalsQuery", { fraudSignalReport: { kinds: [], customers: [] } });
    expect(await screen.findByText("No referral added in this period was flagged.")).toBeTruthy();
  });

  it("downloads a report of the range with its status filter", async () => {
    await renderReports();
    const downloads = captureDownloads();
    restoreDownloads = downloads.restore;
    const fetchMock = vi.fn(
      async () =>
        new Response("id\r\n", {
          status: 200,
          headers: { "Content-Disposition": 'attachment; filename="referral-details-2025-07-28.csv"' },
        }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole("combobox", { name: "Referral Details status" }), "expired");
    await user.click(screen.getByRole("button", { name: /^Referral Details/ }));
    expect(await screen.findByText("Export successful")).toBeTruthy();
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toMatch(
      /^\/api\/admin\/reports\/referral-details\?format=csv&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d&status=expired$/,
    );
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
            referralPhoneDisplay: "07700 900101",
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
      "07700 900101",
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
    expect(screen.getByTestId("report-chart").getAttribute("aria-hidden")).toBe("true");
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

  it("filters the audit trail by action, administrator, resource and days, and clears the filters", async () => {
    const { environment } = await renderReports("/admin/reports?tab=audit-trail");
    const entry = {
      id: "QXVkaXRFbnRyeTox",
      action: "purchase_cancelled",
      resourceType: "referral",
      resourceId: "4",
      adminId: 2,
      details: "Purchase cancelled",
      createdAt: "2025-07-28T14:03:00.000Z",
      ipAddress: null,
    };
    await answer(environment, "AdminAuditTrailTabQuery", { auditLogs: connection([entry]) });
    await waitForLoaded();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Action"), "purchase_cancelled");
    await user.type(screen.getByLabelText("Administrator (user id)"), "two");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    expect(screen.getByText("The administrator is their user id, a whole number.")).toBeTruthy();
    expect(pendingOperationNames(environment)).toEqual([]);
    await user.clear(screen.getByLabelText("Administrator (user id)"));
    await user.type(screen.getByLabelText("Administrator (user id)"), "2");
    await user.type(screen.getByLabelText("Resource"), "referral");
    await user.type(screen.getByLabelText("From"), "2025-07-01");
    await user.type(screen.getByLabelText("To"), "2025-07-31");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    const filtered = await answer(environment, "AdminAuditTrailTabPaginationQuery", { auditLogs: connection([]) });
    expect(filtered.request.variables).toMatchObject({
      action: "purchase_cancelled",
      adminId: 2,
      resourceType: "referral",
      resourceId: null,
      from: "2025-07-01",
      to: "2025-07-31",
    });
    expect(await screen.findByText("No audit entries match these filters")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    const cleared = await answer(environment, "AdminAuditTrailTabPaginationQuery", { auditLogs: connection([entry]) });
    expect(cleared.request.variables).toMatchObject({ action: null, adminId: null, from: null, to: null });
    await waitFor(() => expect(screen.getByTestId("audit-trail").textContent).toContain("purchase_cancelled"));
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
