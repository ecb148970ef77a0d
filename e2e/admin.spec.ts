import { readFile } from "node:fs/promises";
import { type Download, expect, type Page, test } from "@playwright/test";
import { seriousA11yViolations } from "./support/a11y.ts";
import { approveWaitingSettingChanges } from "./support/admins.ts";
import { adminHeaderActions } from "./support/pages.ts";

// The admin app is used at a desk: a laptop-sized window, a mouse and a keyboard.
test.use({ viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1, hasTouch: false });

const SCREENS_DIR = "test-results/screens";

async function snap(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png`, fullPage: true, scale: "css" });
}

/** The one notification on screen with this title (an older one may still be fading out). */
function notice(page: Page, title: string) {
  return page.getByTestId("notice").filter({ hasText: title });
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(notice(page, "Welcome back!")).toBeVisible();
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
}

/** No serious or critical accessibility violation on the page as it is now (docs/rules/web-app.md). */
async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; lines end CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += char;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The CSV's rows as objects keyed by the header line. */
function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((cells) => Object.fromEntries(header.map((column, index) => [column, cells[index] ?? ""])));
}

async function downloaded(download: Download): Promise<string> {
  const file = await download.path();
  return readFile(file, "utf8");
}

test("the administrator approves a registration, verifies purchases, pays a milestone, cancels a purchase and exports the customers", async ({
  page,
}) => {
  // One long journey through both admin pages, with accessibility checks along the way.
  test.setTimeout(240_000);
  await signIn(page, "admin", "admin123");
  // Sign-in leads to /home, which sends an administrator without a customer profile on to /admin.
  await expect(page).toHaveURL(/\/admin$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
  // On a phone the header's buttons are behind its Menu button.
  const header = await adminHeaderActions(page);
  await expect(header.getByRole("link", { name: "Back to Home" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Reports & Analytics" })).toHaveAttribute("href", "/admin/reports");
  await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  // The programme's settings have a tab of their own.
  await openTab(page, "Settings");
  await expect(page.getByTestId("credit-rate")).toHaveText("11%");
  const pendingCustomersBefore = Number(
    (await page.getByTestId("count-pendingCustomers").textContent())?.replace(/\D/g, ""),
  );
  expect(pendingCustomersBefore).toBeGreaterThanOrEqual(1);

  // --- Customer Approval: edit oliver's details, open and abandon a rejection, approve ---
  await openTab(page, "Customer Approval");
  const oliver = page.getByRole("article", { name: "Oliver Davies" });
  await expect(oliver).toContainText("£6,500.00");
  await expect(oliver).toContainText("B1 1BB");
  await expect(oliver).toContainText("HNG-2025-0412");
  await snap(page, "40-admin-customer-approval");
  await expectAccessible(page);

  await oliver.getByRole("button", { name: "Reject Application" }).click();
  const reject = page.getByRole("alertdialog", { name: "Reject Application" });
  await expect(reject).toContainText("Oliver Davies's registration will be rejected");
  const confirmRejection = reject.getByRole("button", { name: "Confirm Rejection" });
  await expect(confirmRejection).toBeDisabled();
  await reject.getByLabel("Reason for rejection").fill("   ");
  await expect(confirmRejection).toBeDisabled();
  await reject.getByLabel("Reason for rejection").fill("Contract number not found");
  await expect(confirmRejection).toBeEnabled();
  await snap(page, "41-admin-reject-dialog");
  await reject.getByRole("button", { name: "Cancel" }).click();
  await expect(reject).toBeHidden();

  await oliver.getByRole("button", { name: "Edit Details" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Details" });
  await expect(edit.getByLabel("Purchase Amount (£)")).toHaveValue("6500.00");
  await expect(edit.getByLabel("Contract Number")).toHaveValue("HNG-2025-0412");
  await edit.getByLabel("Contract Number").fill("HNG-2025-0413");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(notice(page, "Customer Updated")).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(oliver).toContainText("HNG-2025-0413");

  await oliver.getByRole("button", { name: "Approve Customer" }).click();
  await expect(notice(page, "Customer Approved")).toBeVisible();
  await expect(oliver).toBeHidden();
  await expect(page.getByTestId("count-pendingCustomers")).toHaveText(` (${pendingCustomersBefore - 1})`);

  // --- Pending Referrals: the preview uses the rate in force (11%), in pence, half-up ---
  await openTab(page, "Pending Referrals");
  const referralList = page.getByTestId("pending-referral-list");
  await expect(referralList).toContainText("Grace Lee");
  const pendingBefore = Number((await page.getByTestId("count-pendingReferrals").textContent())?.replace(/\D/g, ""));
  await referralList.getByRole("button", { name: "Grace Lee" }).click();
  const verify = page.getByRole("form", { name: "Verify purchase" });
  const form = page.getByRole("region", { name: "Verify Purchase" });
  await expect(form).toContainText("Grace Lee");
  await expect(form).toContainText("07700 900143");
  await expect(form).toContainText("Sarah Johnson (sarah)");
  const amount = verify.getByLabel("Purchase Amount (£)");
  await expect(amount).toHaveAttribute("inputmode", "decimal");
  await expect(amount).toHaveAttribute("min", "0.01");
  await expect(amount).toHaveAttribute("step", "0.01");
  const preview = page.getByTestId("credit-preview");
  await expect(preview).toContainText("Credit earned will be");
  await expect(preview).toContainText("11%");
  await amount.fill("1234.56");
  // 11% of £1,234.56 is £135.8016: £135.80.
  await expect(preview).toContainText("£135.80");
  await amount.fill("0.05");
  // 0.55p rounds half-up to 1p.
  await expect(preview).toContainText("£0.01");
  await amount.fill("");
  await verify.getByRole("button", { name: "Verify Purchase" }).click();
  await expect(notice(page, "Invalid Amount")).toContainText("Please enter a valid purchase amount.");
  await amount.fill("1000");
  await expect(preview).toContainText("£110.00");
  await verify.getByLabel("Notes (optional)").fill("Receipt 4471, kitchen refit");
  await snap(page, "42-admin-verify-purchase");
  await expectAccessible(page);
  await verify.getByRole("button", { name: "Verify Purchase" }).click();
  await expect(notice(page, "Purchase Verified")).toContainText("Credit has been added to the customer's account.");
  await expect(referralList).not.toContainText("Grace Lee");
  await expect(page.getByTestId("count-pendingReferrals")).toHaveText(` (${pendingBefore - 1})`);

  // James Miller's referral takes him to 66% (he was paid at 33% already), by keyboard: focus
  // stays in the list (on its first referral, Noah Clark), Enter opens it, Enter in the amount submits.
  const noah = referralList.getByRole("button", { name: "Noah Clark" });
  await expect(noah).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(form).toContainText("Noah Clark");
  await amount.fill("23000");
  await expect(preview).toContainText("£2,530.00");
  await amount.press("Enter");
  await expect(notice(page, "Purchase Verified")).toBeVisible();
  await expect(referralList).not.toContainText("Noah Clark");

  // Payouts above the approval threshold (£500.00 by default) need a second administrator, and the
  // demo has one: the threshold is raised to £5,000.00 so James's £2,640.00 is paid directly. A raise
  // waits for another administrator (docs/rules/settings.md, "Programme settings"): a second one approves it.
  await openTab(page, "Settings");
  await expect(page.getByTestId("payout-threshold")).toHaveText("£500.00");
  await page.getByRole("button", { name: "Change Threshold" }).click();
  const threshold = page.getByRole("dialog", { name: "Change Payout Approval Threshold" });
  await threshold.getByLabel("Threshold (£)").fill("5000");
  await threshold.getByRole("button", { name: "Save Threshold" }).click();
  await expect(page.getByTestId("payout-threshold")).toHaveText("£500.00");
  await expect(page.getByTestId("payout-threshold-awaiting")).toContainText("£5,000.00");

  // Each customer may add 20 referrals in any 24 hours by default; the limit is a setting too.
  await expect(page.getByTestId("referral-daily-limit")).toHaveText("20");
  await page.getByRole("button", { name: "Change Limit" }).click();
  const referralLimit = page.getByRole("dialog", { name: "Change Daily Referral Limit" });
  await referralLimit.getByLabel("Referrals per customer per day").fill("25");
  await referralLimit.getByRole("button", { name: "Save Limit" }).click();
  await expect(page.getByTestId("referral-daily-limit-awaiting")).toContainText("25 per customer");
  await approveWaitingSettingChanges();
  await page.reload();
  await expect(page.getByTestId("payout-threshold")).toHaveText("£5,000.00");
  await expect(page.getByTestId("referral-daily-limit")).toHaveText("25");

  // --- Milestone Payments: pay James's 66% milestone with a note ---
  await openTab(page, "Milestone Payments");
  const james = page.getByRole("article", { name: "James Miller" });
  await expect(james).toContainText("66%");
  await expect(james.getByTestId("flag-M33")).toHaveText("33% Paid");
  await expect(james.getByTestId("flag-M66")).toHaveText("66% Pending");
  await expect(james).toContainText("66% milestone: the second part of the refund");
  await expect(james).toContainText("£2,640.00");
  await expect(page.getByRole("article", { name: "Sarah Johnson" })).toBeVisible();
  await snap(page, "43-admin-milestone-payments");
  await expectAccessible(page);
  await james.getByRole("button", { name: "Process Payment: 66% milestone for James Miller" }).click();
  const pay = page.getByRole("dialog", { name: "Process Milestone Payment" });
  await expect(pay).toContainText("James Miller");
  await expect(pay).toContainText("66% Milestone");
  await expect(pay).toContainText("£2,640.00");
  await expect(pay).toContainText("66%");
  await pay.getByLabel("Payment notes (optional)").fill("Bank transfer ref 42");
  await snap(page, "44-admin-process-payment");
  await pay.getByRole("button", { name: "Process Payment" }).click();
  await expect(notice(page, "Milestone payment processed")).toContainText("£2,640.00 paid to James Miller");
  // Nothing more is ready for James (100% is locked): he leaves the list; Sarah stays.
  await expect(james).toBeHidden();
  await expect(page.getByRole("article", { name: "Sarah Johnson" })).toBeVisible();

  // --- Purchased Referrals: cancel Grace Lee's purchase with a reason ---
  await openTab(page, "Purchased Referrals");
  const grace = page.getByTestId("purchased-referral").filter({ hasText: "Grace Lee" });
  await expect(grace).toContainText("£1,000.00");
  await expect(grace).toContainText("£110.00");
  await expect(grace).toContainText("Receipt 4471");
  const cancel = grace.getByRole("button", { name: "Cancel Purchase" });
  await expect(cancel).toBeDisabled();
  await grace.getByLabel("Cancellation reason for Grace Lee").fill("Customer returned the goods");
  await expect(cancel).toBeEnabled();
  await cancel.click();
  const confirmCancel = page.getByRole("alertdialog", { name: "Cancel Purchase" });
  await expect(confirmCancel).toContainText(
    "The £1,000.00 purchase by Grace Lee will be cancelled and £110.00 of credit taken back from Sarah Johnson's account",
  );
  await expect(confirmCancel).toContainText("Customer returned the goods");
  await snap(page, "45-admin-cancel-purchase");
  await expectAccessible(page);
  await confirmCancel.getByRole("button", { name: "Cancel Purchase" }).click();
  await expect(notice(page, "Referral Cancelled")).toContainText("Purchase has been cancelled and credits reverted.");
  await expect(grace).toBeHidden();

  // The cancelled referral is pending again: the Pending Referrals list loads afresh.
  await openTab(page, "Pending Referrals");
  await expect(referralList).toContainText("Grace Lee");

  // --- All Customers: the list, then the CSV file, parsed ---
  await openTab(page, "All Customers");
  const emma = page.getByTestId("customer-row").filter({ hasText: "Emma Wilson" });
  await expect(emma).toContainText("Refund Issued");
  await expect(emma).toContainText("100%");
  await expect(page.getByTestId("customer-row").filter({ hasText: "Oliver Davies" })).toContainText("Verified");
  await snap(page, "46-admin-all-customers");
  await expectAccessible(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await downloaded(download);
  expect(csv.split("\r\n")[0]).toBe(
    "id,userName,name,email,originalPurchaseAmount,postcode,contractNumber,currentCredits,creditsPaid,progressPercentage," +
      "totalReferrals,purchasedReferrals,isVerified,refundIssued,createdAt,milestone33Paid,milestone66Paid,milestone100Paid,status,stage,segment,overpaid",
  );
  const customers = csvRecords(csv);
  await expect(notice(page, "Export successful")).toContainText(`Exported ${customers.length} customers to CSV file.`);
  const byUser = Object.fromEntries(customers.map((record) => [record.userName, record]));
  expect(byUser.oliver).toMatchObject({
    name: "Oliver Davies",
    status: "Verified",
    isVerified: "true",
    contractNumber: "HNG-2025-0413",
    originalPurchaseAmount: "6500.00",
  });
  // Sarah's credit came back to £3,960.00 after the cancellation: 33%.
  expect(byUser.sarah).toMatchObject({
    currentCredits: "3960.00",
    progressPercentage: "33",
    creditsPaid: "0.00",
    purchasedReferrals: "3",
  });
  expect(byUser.james).toMatchObject({
    currentCredits: "5280.00",
    creditsPaid: "5280.00",
    milestone33Paid: "true",
    milestone66Paid: "true",
    milestone100Paid: "false",
  });
  expect(byUser.emma).toMatchObject({ refundIssued: "true", segment: "High Progress" });
  expect(byUser.liam).toMatchObject({ status: "Rejected", isVerified: "false" });

  // --- Email System ---
  await openTab(page, "Email System");
  await expect(page.getByTestId("emails-pending")).toBeVisible();
  for (const type of [
    "Registration confirmation",
    "Account verification",
    "New referral alert",
    "Credits earned",
    "Milestone achievement",
  ]) {
    await expect(page.getByTestId("email-types").getByRole("listitem").filter({ hasText: type })).toBeVisible();
  }
  await expect(page.getByTestId("email-not-configured")).toContainText("The email service is not configured");
  await page.getByRole("button", { name: "Process All Pending Emails" }).click();
  await expect(notice(page, "Emails processed")).toContainText("not configured");
  await snap(page, "47-admin-email-system");
  await expectAccessible(page);

  // --- Reports & Analytics ---
  await (await adminHeaderActions(page)).getByRole("link", { name: "Reports & Analytics" }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Reports & Analytics" })).toBeVisible();
  const verifiedCount = customers.filter((record) => record.status === "Verified").length;
  await expect(page.getByTestId("figure-Total Customers")).toContainText(
    new RegExp(`Total Customers\\s*${customers.length}\\s*${verifiedCount} verified`),
  );
  await expect(page.getByTestId("figure-Total Referrals")).toContainText("conversion rate");
  // Revenue and credits of the last 90 days (a chart, its numbers in a table for screen readers).
  await expect(page.getByTestId("revenue-by-period").getByTestId("report-chart")).toBeVisible();
  await expect(
    page.getByTestId("revenue-by-period-table").getByRole("columnheader", { name: "Revenue" }),
  ).toBeAttached();
  await snap(page, "50-reports-analytics");
  await expectAccessible(page);

  await page.getByTestId("figure-Total Customers").click();
  const details = page.getByRole("dialog", { name: "Customer Details" });
  await expect(details).toContainText("Oliver Davies");
  await expect(details).toContainText("HNG-2025-0413");
  await snap(page, "51-reports-customer-details");
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toBeHidden();

  await openTab(page, "Referrals");
  await expect(page.getByTestId("top-performers")).toContainText("Emma Wilson");
  const referralCsv = page.waitForEvent("download");
  await page.getByRole("button", { name: /Export Details/ }).click();
  const referralDownload = await referralCsv;
  expect(referralDownload.suggestedFilename()).toMatch(/^referral-details-\d{4}-\d{2}-\d{2}\.csv$/);
  const referrals = csvRecords(await downloaded(referralDownload));
  expect(referrals.find((record) => record.referralName === "Grace Lee")).toMatchObject({
    status: "pending",
    purchaseAmount: "",
  });
  expect(referrals.find((record) => record.referralName === "Noah Clark")).toMatchObject({
    status: "purchased",
    purchaseAmount: "23000.00",
    creditEarned: "2530.00",
  });

  await openTab(page, "Customers");
  await expect(page.getByTestId("segment-counts")).toContainText("High Progress");
  await snap(page, "52-reports-segments");

  // The JSON format, from the Audit Trail.
  await page.getByText("JSON", { exact: true }).click();
  await openTab(page, "Audit Trail");
  const audit = page.getByTestId("audit-trail");
  await expect(audit).toContainText("purchase_cancelled");
  await expect(audit).toContainText("milestone_paid");
  await expect(audit).toContainText("customer_approved");
  await snap(page, "53-reports-audit-trail");
  await expectAccessible(page);
  const auditJson = page.waitForEvent("download");
  await page.getByRole("button", { name: /Export Audit Log/ }).click();
  const auditDownload = await auditJson;
  expect(auditDownload.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.json$/);
  const entries = JSON.parse(await downloaded(auditDownload)) as { action: string }[];
  expect(entries.map((entry) => entry.action)).toEqual(
    expect.arrayContaining(["purchase_cancelled", "milestone_paid", "customer_approved", "purchase_verified"]),
  );

  // /admin-test: the simplified approval page; oliver is no longer waiting.
  await page.goto("/admin-test");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Test" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Pending Customers|No Pending Approvals/ })).toBeVisible();
  await expect(page.getByRole("article", { name: "Oliver Davies" })).toHaveCount(0);

  // On a narrow window the tabs scroll sideways and nothing overlaps.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin?tab=pending-referrals");
  await expect(page.getByTestId("pending-referral-list")).toContainText("Grace Lee");
  await snap(page, "48-admin-narrow");
  await page.goto("/admin/reports");
  await expect(page.getByTestId("figure-Total Customers")).toBeVisible();
  await snap(page, "54-reports-narrow");

  await page.goto("/admin");
  await (await adminHeaderActions(page)).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("a customer who opens the admin pages sees Access Denied", async ({ page }) => {
  await signIn(page, "mia", "demo123");
  for (const path of ["/admin", "/admin/reports", "/admin-test"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  }
});
