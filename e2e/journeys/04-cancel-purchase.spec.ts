// Journey 4: the administrator cancels a verified purchase with a reason and its category, and the
// customer's credits drop back, the friend's row saying why.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { addReferral, createCustomer, uniqueUkMobile, verifyPurchase } from "../support/api.ts";
import { expect, notice, openAdminTab, signInThroughApi, test } from "../support/pages.ts";

test("the administrator cancels a purchase with a reason → the customer's credits drop back", async ({
  page,
  adminPage,
}) => {
  // £1,100.00 purchase; one referral bought £1,000.00 (£110.00 at 11%), another £500.00 (£55.00):
  // 15% together, 5% once the first is cancelled.
  const { customer, session } = await createCustomer("Owen", "Price", { purchase: "1100.00" });
  const cancelled = await addReferral(session, { name: "Lily Evans", phone: uniqueUkMobile() });
  const kept = await addReferral(session, { name: "Sam Jones", phone: uniqueUkMobile() });
  await verifyPurchase(cancelled, "1000.00", "Invoice J4-1");
  await verifyPurchase(kept, "500.00", "Invoice J4-2");

  await signInThroughApi(page, customer);
  await page.goto("/home");
  const hero = page.getByRole("region", { name: "Progress towards your full refund" });
  await expect(hero.getByLabel("15% of your full refund", { exact: true })).toBeVisible();
  await expect(hero).toContainText("£165.00");
  await expectNoSeriousA11yViolations(page, "j4-01-dashboard-before-cancellation");

  await adminPage.goto("/admin?tab=purchased-referrals");
  await openAdminTab(adminPage, "Purchased Referrals");
  const row = adminPage
    .getByTestId("purchased-referral")
    .filter({ hasText: customer.fullName })
    .filter({ hasText: "Lily Evans" });
  await expect(row).toContainText("£1,000.00");
  await expect(row).toContainText("£110.00");
  const cancel = row.getByRole("button", { name: "Cancel Purchase" });
  await expect(cancel).toBeDisabled();
  await row.getByLabel("Cancellation reason for Lily Evans").fill("Order returned within 14 days");
  await expect(cancel).toBeEnabled();
  await row.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(adminPage, "j4-02-admin-purchased-referrals");
  await cancel.click();
  const confirm = adminPage.getByRole("alertdialog", { name: "Cancel Purchase" });
  await expect(confirm).toContainText("£110.00");
  await expect(confirm).toContainText("Order returned within 14 days");
  await confirm.getByLabel("What the customer is told").selectOption("GOODS_RETURNED");
  await expectNoSeriousA11yViolations(adminPage, "j4-03-admin-cancel-confirm", { modal: true });
  await confirm.getByRole("button", { name: "Cancel Purchase" }).click();
  await expect(notice(adminPage, "Referral Cancelled")).toContainText(
    "Purchase has been cancelled and credits reverted.",
  );
  await expect(row).toBeHidden();
  await expect(
    adminPage.getByTestId("purchased-referral").filter({ hasText: customer.fullName }).filter({ hasText: "Sam Jones" }),
  ).toBeVisible();

  // The customer's credits are back to the one purchase still standing: £55.00, 5%.
  await page.reload();
  await expect(hero.getByLabel("5% of your full refund", { exact: true })).toBeVisible();
  await expect(hero).toContainText("£55.00");
  await expect(hero).not.toContainText("£165.00");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Referrals" }).click();
  const lily = page.getByTestId("referral-list").getByRole("listitem").filter({ hasText: "Lily Evans" });
  await expect(lily).toContainText("Pending");
  await expect(lily.getByTestId("referral-cancellation")).toContainText(
    "(goods returned): £110.00 of credit taken back.",
  );
  await expect(page.getByTestId("referral-list").getByRole("listitem").filter({ hasText: "Sam Jones" })).toContainText(
    "Purchased",
  );
  await expectNoSeriousA11yViolations(page, "j4-04-referrals-after-cancellation");
});
