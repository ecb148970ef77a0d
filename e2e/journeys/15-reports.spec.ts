// Journey 15: the administrator reads the reports of a period: filters by date range, switches
// revenue from weeks to months, reads a chart as its table, finds a cancellation and its reason,
// then filters the audit trail down to that cancellation.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import {
  addReferral,
  createCustomer,
  signedInAdminApi,
  uniqueTag,
  uniqueUkMobile,
  verifyPurchase,
} from "../support/api.ts";
import { expect, openAdminTab, test } from "../support/pages.ts";

const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

test("the administrator filters the reports by period, reads a chart's table and filters the audit trail", async ({
  adminPage: page,
}) => {
  const { session } = await createCustomer("Rhys", "Morgan", { purchase: "2000.00" });
  const referralId = await addReferral(session, { name: "Ffion Davies", phone: uniqueUkMobile() });
  await verifyPurchase(referralId, "800.00");
  // A live purchase too, so the revenue chart has a bar to draw whatever else ran today.
  await verifyPurchase(await addReferral(session, { name: "Owain Price", phone: uniqueUkMobile() }), "500.00");
  const reason = `Kitchen returned ${uniqueTag()}`;
  await (await signedInAdminApi()).post(`/api/admin/cancel-referral/${referralId}`, { reason });

  await page.goto("/admin/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Reports & Analytics" })).toBeVisible();
  const revenue = page.getByTestId("revenue-by-period");
  await expect(revenue.getByTestId("report-chart")).toBeVisible();
  // The chart draws its bars (Recharts 3 draws nothing in a container it cannot measure).
  await expect(revenue.getByTestId("report-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();

  // Today only, by month: one bucket, read as a table.
  await page.getByLabel("From", { exact: true }).fill(today);
  await page.getByLabel("To", { exact: true }).fill(today);
  await revenue.getByText("By month", { exact: true }).click();
  await expect(revenue.getByText(`Per month from ${today} to ${today}`)).toBeVisible();
  await revenue.getByRole("button", { name: "Show as table" }).click();
  const table = page.getByTestId("revenue-by-period-table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Month" })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);

  const cancellation = page.getByTestId("cancellation-history").getByRole("row").filter({ hasText: reason });
  await expect(cancellation).toContainText("Ffion Davies");
  await expect(cancellation).toContainText("£800.00");
  await expect(cancellation).toContainText("£88.00");
  await expectNoSeriousA11yViolations(page, "j15-01-reports-of-today-by-month");

  // Back to weeks: the chart again, grouped by week.
  await revenue.getByText("By week", { exact: true }).click();
  await expect(revenue.getByText(`Per week from ${today} to ${today}`)).toBeVisible();
  await revenue.getByRole("button", { name: "Show as chart" }).click();
  await expect(revenue.getByTestId("report-chart")).toBeVisible();

  // The audit trail, down to this cancellation.
  await openAdminTab(page, "Audit Trail");
  const filters = page.getByRole("form", { name: "Filter the audit trail" });
  await filters.getByLabel("Action", { exact: true }).fill("purchase_cancelled");
  await filters.getByLabel("Resource", { exact: true }).fill("referral");
  await filters.getByLabel("Resource id", { exact: true }).fill(String(referralId));
  await filters.getByLabel("From", { exact: true }).fill(today);
  await filters.getByRole("button", { name: "Filter" }).click();
  const entries = page.getByTestId("audit-trail").getByRole("row");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(1)).toContainText("purchase_cancelled");
  await expect(entries.nth(1)).toContainText(`referral #${referralId}`);
  await expectNoSeriousA11yViolations(page, "j15-02-audit-trail-filtered");
});
