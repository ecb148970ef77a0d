// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { csvLine } from "../../../../api/src/lib/csv.ts";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminAllCustomersTab } from "./AdminAllCustomersTab.tsx";
import { AdminLiveProvider } from "./AdminLive.tsx";
import { CUSTOMER_COLUMNS, customerRow } from "./adminExports.ts";
import { TabBoundary } from "./TabBoundary.tsx";
import {
  answer,
  captureDownloads,
  connection,
  liveEvent,
  money,
  pendingOperationNames,
  waitForLoaded,
} from "./testing/adminTesting.ts";

let restoreDownloads = () => {};
afterEach(() => {
  cleanup();
  restoreDownloads();
});

function customer(overrides: Record<string, unknown>) {
  return {
    customerId: "Q3VzdG9tZXI6MQ==",
    databaseId: 1,
    name: "Sarah Johnson",
    userName: "sarah",
    email: "sarah@example.com",
    status: "VERIFIED",
    statusDisplay: "Verified",
    isVerified: true,
    refundIssued: false,
    originalPurchaseAmount: money(1_200_000),
    currentCredits: money(396_000),
    creditsPaid: money(0),
    progressPercentage: 33,
    purchasedReferrals: 3,
    totalReferrals: 5,
    postcode: "SW1A 1AA",
    contractNumber: "HNG-2025-0147",
    createdAt: "2025-06-01T12:00:00.000Z",
    milestone33Paid: false,
    milestone66Paid: false,
    milestone100Paid: false,
    stageDisplay: "Earning",
    segmentDisplay: "Medium Progress",
    overpaid: money(0),
    ...overrides,
  };
}

const SARAH = customer({});
const EMMA = customer({
  customerId: "Q3VzdG9tZXI6Mw==",
  databaseId: 3,
  name: "Emma Wilson",
  userName: "emma",
  email: "emma@example.com",
  refundIssued: true,
  originalPurchaseAmount: money(500_000),
  currentCredits: money(550_000),
  creditsPaid: money(500_000),
  progressPercentage: 100,
  purchasedReferrals: 2,
  totalReferrals: 2,
  milestone33Paid: true,
  milestone66Paid: true,
  milestone100Paid: true,
  stageDisplay: "Full Refund",
  segmentDisplay: "High Progress",
  overpaid: money(33_000),
});
// A formula in a name must reach the spreadsheet as text.
const MALLORY = customer({
  customerId: "Q3VzdG9tZXI6OQ==",
  databaseId: 9,
  name: '=HYPERLINK("http://x","Mallory, Esq")',
  userName: "mallory",
  email: "mallory@example.com",
  status: "PENDING",
  statusDisplay: "Pending",
  isVerified: false,
  currentCredits: money(0),
  progressPercentage: 0,
  purchasedReferrals: 0,
  totalReferrals: 0,
  stageDisplay: "Pending Review",
  segmentDisplay: "Getting Started",
});

// OWASP's CSV-injection payloads, and a semicolon that would start a new cell in a ;-separated spreadsheet.
const EVE = customer({
  customerId: "Q3VzdG9tZXI6MTA=",
  databaseId: 10,
  name: "Eve;=1+1",
  userName: "eve",
  email: "eve@example.com",
  postcode: "@SUM(1+1)*cmd|' /C calc'!A0",
  contractNumber: "-2+3+cmd|' /C calc'!A0",
});

async function renderTab(customers: ReturnType<typeof customer>[]) {
  const rendered = renderWithProviders(
    <TabBoundary>
      <AdminAllCustomersTab />
    </TabBoundary>,
  );
  await answer(rendered.environment, "AdminAllCustomersTabQuery", {
    customers: connection(customers, { totalCount: customers.length }),
  });
  await waitForLoaded();
  return rendered;
}

describe("All Customers tab", () => {
  it("lists every customer with the count, badges, amounts, progress capped at 100% and referrals", async () => {
    await renderTab([SARAH, EMMA, MALLORY]);
    expect(screen.getByTestId("customer-total").textContent).toBe("3 customers");
    const rows = screen.getAllByTestId("customer-row");
    expect(rows).toHaveLength(3);
    const [sarah, emma, mallory] = rows as [HTMLElement, HTMLElement, HTMLElement];
    for (const text of ["Sarah Johnson", "Verified", "£12,000.00", "£3,960.00", "33%", "3/5"])
      expect(sarah.textContent).toContain(text);
    expect(sarah.textContent).not.toContain("Refund Issued");
    // Credits beyond the purchase still show 100%, never more.
    expect(emma.textContent).toContain("Refund Issued");
    expect(within(emma).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    expect(emma.textContent).toContain("100%");
    expect(mallory.textContent).toContain("Pending");
    // Numbers are right-aligned in their columns.
    expect(screen.getByRole("columnheader", { name: "Current Credits" })).toBeTruthy();
  });

  it("says there are no customers yet, and that there is no data to export", async () => {
    const { environment } = await renderTab([]);
    expect(screen.getByRole("heading", { name: "No customers yet" })).toBeTruthy();
    const downloads = captureDownloads();
    restoreDownloads = downloads.restore;
    await userEvent.setup().click(screen.getByRole("button", { name: "Export CSV" }));
    await answer(environment, "adminExportsCustomersQuery", { customers: connection([]) });
    expect(await screen.findByText("No data to export")).toBeTruthy();
    expect(downloads.files).toEqual([]);
  });

  it("exports every customer, page after page, to a dated, formula-safe RFC 4180 CSV", async () => {
    const { environment } = await renderTab([SARAH]);
    const downloads = captureDownloads();
    restoreDownloads = downloads.restore;
    await userEvent.setup().click(screen.getByRole("button", { name: "Export CSV" }));
    const first = await answer(environment, "adminExportsCustomersQuery", {
      customers: connection([SARAH, EMMA], {}, true),
    });
    expect(first.request.variables).toEqual({ first: 100, after: null });
    const second = await answer(environment, "adminExportsCustomersQuery", { customers: connection([MALLORY, EVE]) });
    expect(second.request.variables).toEqual({ first: 100, after: "cursor-1" });

    expect(await screen.findByText("Export successful")).toBeTruthy();
    expect(screen.getByText("Exported 4 customers to CSV file.")).toBeTruthy();
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    const file = downloads.files[0]!;
    expect(file.name).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await file.blob.text()).split("\r\n");
    expect(lines[0]).toBe(
      "id,userName,name,email,originalPurchaseAmount,postcode,contractNumber,currentCredits,creditsPaid,progressPercentage," +
        "totalReferrals,purchasedReferrals,isVerified,refundIssued,createdAt,milestone33Paid,milestone66Paid,milestone100Paid,status,stage,segment,overpaid",
    );
    expect(lines[1]).toBe(
      "1,sarah,Sarah Johnson,sarah@example.com,12000.00,SW1A 1AA,HNG-2025-0147,3960.00,0.00,33,5,3,true,false,2025-06-01T12:00:00.000Z,false,false,false,Verified,Earning,Medium Progress,0.00",
    );
    expect(lines[2]).toContain("emma,Emma Wilson");
    expect(lines[2]).toContain(",true,true,true,Verified,Full Refund,High Progress,330.00");
    // The apostrophe defuses the formula; the comma and the quotes are quoted as RFC 4180 says.
    expect(lines[3]).toContain(`9,mallory,"'=HYPERLINK(""http://x"",""Mallory, Esq"")",mallory@example.com`);
    expect(lines[4]).toContain(
      `10,eve,"Eve;=1+1",eve@example.com,12000.00,'@SUM(1+1)*cmd|' /C calc'!A0,'-2+3+cmd|' /C calc'!A0,`,
    );
    // Written by the module the server's reports use, byte for byte.
    expect(`${lines[4]}\r\n`).toBe(csvLine(CUSTOMER_COLUMNS, customerRow(EVE as Parameters<typeof customerRow>[0])));
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe("");
  });

  it("shows an export the server refuses as Export failed", async () => {
    const { environment } = await renderTab([SARAH]);
    await userEvent.setup().click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    environment.mock.rejectMostRecentOperation(new Error("403: You do not have permission to do this"));
    expect(await screen.findByText("Export failed")).toBeTruthy();
    expect(screen.getByText("403: You do not have permission to do this")).toBeTruthy();
  });
});

describe("All Customers search, filters and sort", () => {
  it("refetches with the search, each filter and the order combined, and says when nothing matches", async () => {
    const { environment, history } = await renderTab([SARAH, EMMA]);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole("combobox", { name: "Overpaid" }), "Overpaid only");
    const overpaid = await answer(environment, "AdminAllCustomersTabPaginationQuery", {
      customers: connection([EMMA], { totalCount: 1 }),
    });
    expect(overpaid.request.variables).toMatchObject({ filter: { overpaid: true }, orderBy: "CREATED_AT_DESC" });
    await waitFor(() => expect(screen.getAllByTestId("customer-row")).toHaveLength(1));

    await user.selectOptions(screen.getByRole("combobox", { name: "Stage" }), "Full Refund");
    const stage = await answer(environment, "AdminAllCustomersTabPaginationQuery", {
      customers: connection([EMMA], { totalCount: 1 }),
    });
    expect(stage.request.variables).toMatchObject({ filter: { overpaid: true, stage: "FULL_REFUND" } });

    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Name A–Z");
    const sorted = await answer(environment, "AdminAllCustomersTabPaginationQuery", {
      customers: connection([EMMA], { totalCount: 1 }),
    });
    expect(sorted.request.variables).toMatchObject({ orderBy: "NAME_ASC", filter: { stage: "FULL_REFUND" } });

    await user.type(screen.getByRole("searchbox", { name: "Search customers" }), "Smiht");
    const searched = await answer(environment, "AdminAllCustomersTabPaginationQuery", {
      customers: connection([], { totalCount: 0 }),
    });
    expect(searched.request.variables).toMatchObject({
      search: "Smiht",
      orderBy: "NAME_ASC",
      filter: { overpaid: true, stage: "FULL_REFUND" },
    });
    expect(await screen.findByText("No matching customers")).toBeTruthy();
    expect(history.at(-1)).toContain("q=Smiht");
    for (const name of ["Status", "Stage", "Progress", "Overpaid", "Sort by"])
      expect(screen.getByRole("combobox", { name })).toBeTruthy();
  });
});

describe("All Customers, live", () => {
  const NEWCOMER = customer({
    customerId: "Q3VzdG9tZXI6NDI=",
    databaseId: 42,
    name: "Nina Newcomer",
    userName: "nina",
    email: "nina@example.com",
    status: "PENDING",
    statusDisplay: "Pending",
    createdAt: new Date(Date.now() + 60_000).toISOString(),
  });

  async function renderLive() {
    const rendered = renderWithProviders(
      <AdminLiveProvider watching={["CUSTOMERS"]}>
        <TabBoundary>
          <AdminAllCustomersTab />
        </TabBoundary>
      </AdminLiveProvider>,
    );
    await answer(rendered.environment, "AdminAllCustomersTabQuery", {
      customers: connection([EMMA, SARAH], { totalCount: 2 }),
    });
    await waitForLoaded();
    await liveEvent(rendered.environment, []);
    return rendered;
  }
  it("newest first: a customer who registers while the list is open goes on top, marked New", async () => {
    const { environment } = await renderLive();
    await liveEvent(environment, ["CUSTOMERS"]);
    const newest = await answer(environment, "AdminAllCustomersTabNewestQuery", {
      customers: connection([NEWCOMER, EMMA, SARAH], { totalCount: 3 }),
    });
    expect(newest.request.variables).toMatchObject({ count: 10, search: null, filter: {} });
    await waitFor(() => expect(screen.getAllByTestId("customer-row")).toHaveLength(3));
    const [first] = screen.getAllByTestId("customer-row");
    expect(first?.textContent).toContain("Nina Newcomer");
    expect(first?.getAttribute("data-new")).toBe("true");
    expect(screen.getByTestId("customer-total").textContent).toBe("3 customers");
    expect(screen.queryByTestId("new-rows-pill")).toBeNull();
    expect(pendingOperationNames(environment)).not.toContain("AdminAllCustomersTabQuery");
  });

  it("sorted otherwise: the new customer waits behind an 'N new' pill, which puts them on top", async () => {
    const { environment } = await renderLive();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Name A–Z");
    await answer(environment, "AdminAllCustomersTabPaginationQuery", {
      customers: connection([EMMA, SARAH], { totalCount: 2 }),
    });
    await liveEvent(environment, ["CUSTOMERS"]);
    await answer(environment, "AdminAllCustomersTabNewestQuery", {
      customers: connection([NEWCOMER, EMMA, SARAH], { totalCount: 3 }),
    });
    const pill = await screen.findByRole("button", { name: "1 new" });
    // The sorted list is left as it was.
    expect(screen.getAllByTestId("customer-row").map((row) => row.getAttribute("data-row-key"))).toEqual([
      EMMA.customerId,
      SARAH.customerId,
    ]);
    await user.click(pill);
    await waitFor(() =>
      expect(screen.getAllByTestId("customer-row").map((row) => row.getAttribute("data-row-key"))).toEqual([
        NEWCOMER.customerId,
        EMMA.customerId,
        SARAH.customerId,
      ]),
    );
    const [first] = screen.getAllByTestId("customer-row");
    expect(first?.getAttribute("data-new")).toBe("true");
    expect(within(first as HTMLElement).getByText("New")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "1 new" })).toBeNull();
    // The keyboard is on the new customer's link.
    expect(document.activeElement?.textContent).toBe("Nina Newcomer");
  });
});
