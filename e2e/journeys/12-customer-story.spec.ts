// Journey 12: the administrator opens a customer from All Customers, reads the ledger lines that
// explain the progress figure, verifies a pending referral's purchase from the page and sees both move.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { addReferral, createCustomer, uniqueUkMobile, verifyPurchase } from "../support/api.ts";
import { expect, notice, openAdminTab, test } from "../support/pages.ts";

test("the administrator reads a customer's whole story and verifies a purchase from it", async ({ adminPage }) => {
  // £1,000.00 purchase; one referral bought £1,000.00 (£110.00 at 11%): 11%. A second one is pending.
  const { customer, session } = await createCustomer("Nadia", "Story");
  const bought = await addReferral(session, { name: "Lily Evans", phone: uniqueUkMobile() });
  await addReferral(session, { name: "Sam Jones", phone: uniqueUkMobile() });
  await verifyPurchase(bought, "1000.00", "Invoice J12-1");

  await adminPage.goto("/admin?tab=all-customers");
  await openAdminTab(adminPage, "All Customers");
  // By contract number: journeys running alongside add customers, so the first page may not hold this one.
  await adminPage.getByRole("searchbox", { name: "Search customers" }).fill(customer.contractNumber);
  await expect(adminPage.getByTestId("customer-row")).toHaveCount(1);
  await adminPage.getByTestId("customer-row").getByRole("link", { name: customer.fullName }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/admin/customers/${customer.customerId}$`));
  await expect(adminPage.getByRole("heading", { level: 1, name: customer.fullName })).toBeVisible();

  const progress = adminPage.getByTestId("progress-explained");
  await expect(progress).toHaveText("Progress 11% = £110.00 of £1,000.00");
  const ledger = adminPage.getByTestId("ledger-line");
  await expect(ledger).toHaveCount(1);
  await expect(ledger.first()).toContainText("Lily Evans");
  await expect(ledger.first()).toContainText("11%");
  await expect(ledger.first()).toContainText("£110.00");
  // Nothing wider than the screen: the tables scroll inside their cards.
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(adminPage, "j12-01-customer-story");

  await adminPage.getByRole("button", { name: "Verify Purchase: Sam Jones" }).click();
  const form = adminPage.getByRole("form", { name: "Verify purchase" });
  await form.getByLabel(/Purchase Amount/).fill("1000.00");
  await form.getByRole("button", { name: "Verify Purchase" }).click();
  await expect(notice(adminPage, "Purchase Verified")).toBeVisible();

  await expect(progress).toHaveText("Progress 22% = £220.00 of £1,000.00");
  await expect(ledger).toHaveCount(2);
  await expect(ledger.first()).toContainText("Sam Jones");
  await expect(ledger.first()).toContainText("£220.00");
  await expect(adminPage.getByTestId("story-referral").filter({ hasText: "Sam Jones" })).toContainText("Purchased");
  await expectNoSeriousA11yViolations(adminPage, "j12-02-customer-story-after-verification");
});
