// Journey 8: both client-side CSV exports of the Admin Panel (All Customers, Purchased Referrals)
// and a server report (Reports & Analytics → Referrals → Export Details), downloaded and parsed.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { addReferral, createCustomer, uniqueUkMobile, verifyPurchase } from "../support/api.ts";
import { csvRecords, downloadedText } from "../support/csv.ts";
import { adminHeaderActions, expect, notice, openAdminTab, test } from "../support/pages.ts";

const DATED = (name: string, extension: string) => new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.${extension}$`);

test("All Customers and Purchased Referrals CSV exports and the referral details report, parsed", async ({
  adminPage: page,
}) => {
  // £2,000.00 purchase; one referral (a name with a comma and quotes) bought £1,200.00: £132.00 at 11%, 6%.
  const { customer, session } = await createCustomer("Ella", "Brooks", { purchase: "2000.00" });
  const referralName = `Jack "JJ" Reid, Jr`;
  const phone = uniqueUkMobile();
  const referralId = await addReferral(session, { name: referralName, phone });
  // A note that a spreadsheet would run as a formula: the exports must neutralise it.
  await verifyPurchase(referralId, "1200.00", "=1+1 kitchen refit");

  // --- All Customers → Export CSV (built in the browser) ---
  await page.goto("/admin?tab=all-customers");
  await openAdminTab(page, "All Customers");
  const row = page.getByTestId("customer-row").filter({ hasText: customer.fullName });
  await expect(row).toContainText("£132.00");
  await expectNoSeriousA11yViolations(page, "j8-01-admin-all-customers");
  const customersDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const customersFile = await customersDownload;
  expect(customersFile.suggestedFilename()).toMatch(DATED("customers", "csv"));
  const customers = csvRecords(await downloadedText(customersFile));
  expect(customers.header).toEqual(
    expect.arrayContaining([
      "id",
      "userName",
      "email",
      "originalPurchaseAmount",
      "currentCredits",
      "progressPercentage",
      "status",
    ]),
  );
  await expect(notice(page, "Export successful")).toContainText(
    `Exported ${customers.records.length} customers to CSV file.`,
  );
  expect(customers.records.find((record) => record.userName === customer.username)).toMatchObject({
    id: String(customer.customerId),
    name: customer.fullName,
    email: customer.email,
    originalPurchaseAmount: "2000.00",
    postcode: customer.postcode,
    contractNumber: customer.contractNumber,
    currentCredits: "132.00",
    creditsPaid: "0.00",
    progressPercentage: "6",
    totalReferrals: "1",
    purchasedReferrals: "1",
    isVerified: "true",
    refundIssued: "false",
    status: "Verified",
  });

  // --- Purchased Referrals → Export CSV (built in the browser) ---
  await openAdminTab(page, "Purchased Referrals");
  await expect(page.getByTestId("purchased-referral").filter({ hasText: customer.fullName })).toContainText(
    "£1,200.00",
  );
  await expectNoSeriousA11yViolations(page, "j8-02-admin-purchased-referrals");
  const purchasesDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const purchasesFile = await purchasesDownload;
  expect(purchasesFile.suggestedFilename()).toMatch(DATED("purchased-referrals", "csv"));
  const purchases = csvRecords(await downloadedText(purchasesFile));
  await expect(notice(page, "Export successful")).toContainText(
    `Exported ${purchases.records.length} purchased referrals to CSV file.`,
  );
  expect(purchases.records.find((record) => record.id === String(referralId))).toMatchObject({
    name: referralName,
    customerId: String(customer.customerId),
    customerName: customer.fullName,
    purchaseAmount: "1200.00",
    creditEarned: "132.00",
    notes: "'=1+1 kitchen refit",
  });

  // --- Reports & Analytics → Referrals → Export Details (the server's referral-details report) ---
  await (await adminHeaderActions(page)).getByRole("link", { name: "Reports & Analytics" }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Reports & Analytics" })).toBeVisible();
  await expect(page.getByTestId("figure-Total Customers")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j8-03-reports-analytics");
  await page.getByRole("tab", { name: "Referrals" }).click();
  await expect(page.getByTestId("top-performers")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j8-04-reports-referrals");
  const reportDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: /Export Details/ }).click();
  const reportFile = await reportDownload;
  expect(reportFile.suggestedFilename()).toMatch(DATED("referral-details", "csv"));
  const report = csvRecords(await downloadedText(reportFile));
  expect(report.header).toEqual(
    expect.arrayContaining([
      "referralName",
      "referralPhone",
      "status",
      "purchaseAmount",
      "creditEarned",
      "daysRemaining",
    ]),
  );
  expect(report.records.find((record) => record.id === String(referralId))).toMatchObject({
    customerId: String(customer.customerId),
    referralName,
    status: "purchased",
    purchaseAmount: "1200.00",
    creditEarned: "132.00",
  });
});
