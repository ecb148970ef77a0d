// Journey 10: a milestone above the £500.00 payout approval threshold needs two administrators.
// The demo administrator requests the payout; a second, fresh administrator approves it in another
// browser window; only then is it paid, and the customer sees it Paid.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { createAdmin } from "../support/admins.ts";
import { addReferral, createCustomer, uniqueUkMobile, verifyPurchase } from "../support/api.ts";
import { waitForEmail } from "../support/mailbox.ts";
import { dismissNotices, expect, notice, openAdminTab, signInThroughApi, test } from "../support/pages.ts";

test("a £660.00 milestone: requested by one administrator, approved by another, then Paid", async ({
  page,
  adminPage,
  newWindow,
}) => {
  // £2,000.00 purchase: its 33% tranche is £660.00, which one £6,000.00 purchase at 11% reaches exactly.
  const { customer, session } = await createCustomer("Nadia", "Okafor", { purchase: "2000.00" });
  const referralId = await addReferral(session, { name: "Femi Okafor", phone: uniqueUkMobile() });
  await verifyPurchase(referralId, "6000.00", "Invoice J10");
  const approver = await createAdmin("Second", "Approver");
  const milestone = `33% milestone for ${customer.fullName}`;

  // The demo administrator cannot pay it directly: the card offers Request Payout instead.
  await adminPage.goto("/admin?tab=settings");
  await openAdminTab(adminPage, "Settings");
  await expect(adminPage.getByTestId("payout-threshold")).toHaveText("£500.00");
  await openAdminTab(adminPage, "Milestone Payments");
  const card = adminPage.getByRole("article", { name: customer.fullName, exact: true });
  await expect(card).toContainText("£660.00");
  await expect(card.getByRole("button", { name: `Process Payment: ${milestone}` })).toHaveCount(0);
  await card.getByRole("button", { name: `Request Payout: ${milestone}` }).click();
  const ask = adminPage.getByRole("dialog", { name: "Request Payout Approval" });
  await expect(ask).toContainText("above the £500.00 payout approval threshold");
  await expect(ask).toContainText("£660.00");
  await ask.getByLabel("Payment notes (optional)").fill("Bank transfer J10");
  await expectNoSeriousA11yViolations(adminPage, "j10-01-request-payout", { modal: true });
  await ask.getByRole("button", { name: "Request Approval" }).click();
  await expect(notice(adminPage, "Payout requested")).toContainText(`£660.00 to ${customer.fullName}`);
  await expect(ask).toBeHidden();
  await dismissNotices(adminPage);

  // The request waits, shown with who asked; the requester cannot approve it.
  const mine = adminPage.getByRole("article", { name: `Payout request: ${milestone}` });
  await expect(mine).toContainText("£660.00");
  await expect(mine).toContainText("admin");
  await expect(mine).toContainText("You requested this payout: another administrator must approve or decline it.");
  await expect(mine.getByRole("button", { name: /Approve payout/ })).toHaveCount(0);
  await expect(card).toContainText("Awaiting second approval");
  await mine.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(adminPage, "j10-02-payout-awaiting-approval");

  // Not paid yet: the customer still sees the milestone Ready.
  await signInThroughApi(page, customer);
  await page.goto("/milestones");
  await expect(page.getByTestId("milestone-33")).toContainText("Ready");

  // The second administrator, in a window of their own, approves it.
  const approverPage = await newWindow();
  await signInThroughApi(approverPage, approver);
  await approverPage.goto("/admin?tab=milestone-payments");
  await openAdminTab(approverPage, "Milestone Payments");
  const request = approverPage.getByRole("article", { name: `Payout request: ${milestone}` });
  await expect(request).toContainText("£660.00");
  await expect(request).toContainText("Bank transfer J10");
  await expect(request).toContainText("admin");
  await request.getByRole("button", { name: `Approve payout: ${milestone}` }).click();
  const approve = approverPage.getByRole("dialog", { name: "Approve Payout" });
  await expect(approve).toContainText(customer.fullName);
  await expect(approve).toContainText("£660.00");
  await expectNoSeriousA11yViolations(approverPage, "j10-03-approve-payout", { modal: true });
  await approve.getByRole("button", { name: "Approve and Pay" }).click();
  await expect(notice(approverPage, "Payout approved and paid")).toContainText(`£660.00 paid to ${customer.fullName}`);
  await expect(request).toBeHidden();
  await expect(approverPage.getByRole("article", { name: customer.fullName, exact: true })).toBeHidden();

  // The customer sees it Paid, with the payment in the history and an email.
  await page.reload();
  await expect(page.getByTestId("milestone-33")).toContainText("Paid");
  const history = page.getByTestId("payment-history");
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("£660.00");
  await expectNoSeriousA11yViolations(page, "j10-04-milestone-paid");
  const paidEmail = await waitForEmail(customer.email, /milestone has been paid/);
  expect(paidEmail.text).toContain("£660.00");
});

test("the administrator who asked withdraws their payout request: nothing is paid, and it can be requested again", async ({
  adminPage,
}) => {
  const { customer, session } = await createCustomer("Wale", "Adeyemi", { purchase: "2000.00" });
  const referralId = await addReferral(session, { name: "Bola Adeyemi", phone: uniqueUkMobile() });
  await verifyPurchase(referralId, "6000.00", "Invoice J10W");
  const milestone = `33% milestone for ${customer.fullName}`;

  await adminPage.goto("/admin?tab=milestone-payments");
  await openAdminTab(adminPage, "Milestone Payments");
  const card = adminPage.getByRole("article", { name: customer.fullName, exact: true });
  await card.getByRole("button", { name: `Request Payout: ${milestone}` }).click();
  const ask = adminPage.getByRole("dialog", { name: "Request Payout Approval" });
  await ask.getByRole("button", { name: "Request Approval" }).click();
  await expect(notice(adminPage, "Payout requested")).toBeVisible();
  await dismissNotices(adminPage);

  // The asker sees only Withdraw on their own request, confirmed in a dialog.
  const mine = adminPage.getByRole("article", { name: `Payout request: ${milestone}` });
  await expect(mine.getByRole("button")).toHaveText(["Withdraw"]);
  await mine.getByRole("button", { name: `Withdraw payout request: ${milestone}` }).click();
  const withdraw = adminPage.getByRole("dialog", { name: "Withdraw Payout Request" });
  await expect(withdraw).toContainText("Nothing is paid");
  await expect(withdraw).toContainText("£660.00");
  await expectNoSeriousA11yViolations(adminPage, "j10-05-withdraw-payout", { modal: true });
  await withdraw.getByRole("button", { name: "Withdraw Request" }).click();
  await expect(notice(adminPage, "Payout request withdrawn")).toContainText(customer.fullName);
  await expect(mine).toBeHidden();
  await expect(card).not.toContainText("Awaiting second approval");
  await expect(card.getByRole("button", { name: `Request Payout: ${milestone}` })).toBeVisible();
});
