// Journey 3: a customer adds three referrals (a fourth, with a phone already referred, is
// refused), the administrator verifies two purchases, the customer reaches 33% Ready, the
// administrator pays that milestone and the customer sees it Paid and in the payment history.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { createCustomer, uniqueUkMobile } from "../support/api.ts";
import { waitForEmail } from "../support/mailbox.ts";
import { dismissNotices, expect, notice, openAdminTab, signInThroughApi, test } from "../support/pages.ts";

test("three referrals, a refused duplicate, two verified purchases → 33% Ready → paid → Paid in the history", async ({
  page,
  adminPage,
}) => {
  // £1,000.00 purchase: 33% is £330.00, which two £1,500.00 purchases at 11% (£165.00 each) reach exactly.
  const { customer } = await createCustomer("Grace", "Adeyemi", { purchase: "1000.00" });
  const referrals = [
    { name: "Ruby Walker", phone: uniqueUkMobile(), email: `ruby.${customer.username}@example.com` },
    { name: "Tom Hughes", phone: uniqueUkMobile() },
    { name: "Ade Bello", phone: uniqueUkMobile() },
  ];

  await signInThroughApi(page, customer);
  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 1, name: `Welcome back, ${customer.firstName}!` })).toBeVisible();
  const main = page.getByRole("main");
  const drawer = page.getByRole("dialog", { name: "Add Referral" });
  for (const [index, referral] of referrals.entries()) {
    await main.getByRole("button", { name: "Add Referral" }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByLabel("Full Name").fill(referral.name);
    await drawer.getByLabel("Phone Number").fill(referral.phone);
    if (referral.email) await drawer.getByLabel("Email").fill(referral.email);
    if (index === 0) await expectNoSeriousA11yViolations(page, "j3-01-add-referral-sheet", { modal: true });
    await drawer.getByRole("button", { name: "Add Referral" }).click();
    await expect(notice(page, "Referral Added!")).toBeVisible();
    await expect(drawer).toBeHidden();
    await dismissNotices(page);
  }

  // A fourth with the first one's phone number, written the international way, is refused with the reason.
  await main.getByRole("button", { name: "Add Referral" }).click();
  await drawer.getByLabel("Full Name").fill("Ruby W. Again");
  await drawer.getByLabel("Phone Number").fill(`+44 ${referrals[0]!.phone.slice(1)}`);
  await drawer.getByRole("button", { name: "Add Referral" }).click();
  const duplicate = "You have already referred someone with this phone number.";
  await expect(notice(page, "Failed to Add Referral")).toContainText(duplicate);
  // Refused by the server: the sheet stays open with what was typed.
  await expect(drawer.getByLabel("Full Name")).toHaveValue("Ruby W. Again");
  await expectNoSeriousA11yViolations(page, "j3-02-duplicate-phone-refused", { modal: true });
  await drawer.getByRole("button", { name: "Cancel" }).click();
  await expect(drawer).toBeHidden();
  await dismissNotices(page);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Referrals" }).click();
  const list = page.getByTestId("referral-list");
  await expect(list.getByRole("listitem")).toHaveCount(3);
  for (const referral of referrals)
    await expect(list.getByRole("listitem").filter({ hasText: referral.name })).toContainText("Pending");
  await expectNoSeriousA11yViolations(page, "j3-03-referrals-pending");

  // The administrator verifies two of the purchases.
  await adminPage.goto("/admin?tab=pending-referrals");
  await openAdminTab(adminPage, "Pending Referrals");
  // Other journeys fill the queue (oldest first): the administrator searches for this customer.
  await adminPage.getByRole("searchbox", { name: "Search pending referrals" }).fill(customer.fullName);
  const pending = adminPage.getByTestId("pending-referral-list");
  await expect(pending.getByRole("listitem")).toHaveCount(3);
  const verify = adminPage.getByRole("form", { name: "Verify purchase" });
  for (const [index, referral] of referrals.slice(0, 2).entries()) {
    await pending.getByRole("button", { name: referral.name }).click();
    await expect(adminPage.getByRole("region", { name: "Verify Purchase" })).toContainText(referral.name);
    await verify.getByLabel("Purchase Amount (£)").fill("1500.00");
    await expect(adminPage.getByTestId("credit-preview")).toContainText("£165.00");
    await verify.getByLabel("Notes (optional)").fill(`Invoice J3-${index + 1}`);
    if (index === 0) await expectNoSeriousA11yViolations(adminPage, "j3-04-admin-verify-purchase");
    await verify.getByRole("button", { name: "Verify Purchase" }).click();
    await expect(notice(adminPage, "Purchase Verified")).toContainText(
      "Credit has been added to the customer's account.",
    );
    await expect(pending.getByRole("button", { name: referral.name })).toHaveCount(0);
    await dismissNotices(adminPage);
  }

  // The customer's progress ring, credits and milestones: 33%, Ready.
  await page.goto("/home");
  const hero = page.getByRole("region", { name: "Progress towards your full refund" });
  await expect(hero).toContainText("33%");
  await expect(hero).toContainText("£330.00");
  await expect(hero.getByLabel("33% of your full refund", { exact: true })).toBeVisible();
  await expect(main.getByText("Potential Credits Earned").locator("..")).toContainText("£330.00");
  await expectNoSeriousA11yViolations(page, "j3-05-dashboard-33-percent");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rewards" }).click();
  await expect(page.getByTestId("milestone-33")).toContainText("Ready");
  await expectNoSeriousA11yViolations(page, "j3-06-rewards-33-ready");

  await page.getByRole("link", { name: "View Milestone Details" }).click();
  await expect(page).toHaveURL(/\/milestones$/);
  const first = page.getByTestId("milestone-33");
  await expect(first).toContainText("Ready");
  await expect(first).toContainText("Ready for payment! Contact admin for processing.");
  await expect(first).toContainText("£330.00");
  await expect(page.getByTestId("milestone-66")).toContainText("Pending");
  await expect(page.getByText("No milestone payments yet.")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j3-07-milestones-ready");

  // The administrator pays the 33% milestone.
  await openAdminTab(adminPage, "Milestone Payments");
  const card = adminPage.getByRole("article", { name: customer.fullName });
  await expect(card).toContainText("33%");
  await expect(card.getByTestId("flag-M33")).toHaveText("33% Pending");
  await card.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(adminPage, "j3-08-admin-milestone-payments");
  await card.getByRole("button", { name: `Process Payment: 33% milestone for ${customer.fullName}` }).click();
  const pay = adminPage.getByRole("dialog", { name: "Process Milestone Payment" });
  await expect(pay).toContainText(customer.fullName);
  await expect(pay).toContainText("£330.00");
  await pay.getByLabel("Payment notes (optional)").fill("Bank transfer J3");
  await expectNoSeriousA11yViolations(adminPage, "j3-09-admin-process-payment", { modal: true });
  await pay.getByRole("button", { name: "Process Payment" }).click();
  await expect(notice(adminPage, "Milestone payment processed")).toContainText(`£330.00 paid to ${customer.fullName}`);
  await expect(card).toBeHidden();

  // The customer sees it Paid, and the payment in the history.
  await page.reload();
  await expect(page.getByTestId("milestone-33")).toContainText("Paid");
  await expect(page.getByTestId("milestone-33")).not.toContainText("Ready for payment");
  const history = page.getByTestId("payment-history");
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("MILESTONE_33");
  await expect(history).toContainText("£330.00");
  await expect(page.getByRole("region", { name: "Your progress" })).toContainText("£330.00");
  await expectNoSeriousA11yViolations(page, "j3-10-milestones-paid");

  const paidEmail = await waitForEmail(customer.email, /milestone has been paid/);
  expect(paidEmail.text).toContain("£330.00");
});
