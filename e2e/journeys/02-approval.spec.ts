// Journey 2: the administrator approves a pending registration, the verification email reaches
// the SMTP server, and the customer follows it, signs in and sees their dashboard.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { baseUrl, createCustomer } from "../support/api.ts";
import { linkIn, waitForEmail } from "../support/mailbox.ts";
import { dismissNotices, expect, notice, openAdminTab, signInThroughForm, test } from "../support/pages.ts";

test("the administrator approves → the verification email arrives → the customer signs in to their dashboard", async ({
  page,
  adminPage,
}) => {
  const { customer } = await createCustomer("Priya", "Shah", { state: "pending", purchase: "3000.00" });

  await adminPage.goto("/admin?tab=customer-approval");
  await expect(adminPage.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
  await openAdminTab(adminPage, "Customer Approval");
  const card = adminPage.getByRole("article", { name: customer.fullName });
  await expect(card).toContainText("£3,000.00");
  await expect(card).toContainText(customer.contractNumber);
  await card.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(adminPage, "j2-01-admin-customer-approval");

  await card.getByRole("button", { name: "Approve Customer" }).click();
  await expect(notice(adminPage, "Customer Approved")).toContainText(`${customer.fullName}'s account is verified`);
  await expect(card).toBeHidden();
  await expectNoSeriousA11yViolations(adminPage, "j2-02-admin-customer-approved");

  // The outbox worker sends the verification email to the loopback SMTP server.
  const email = await waitForEmail(customer.email, "Your account is verified");
  expect(email.text).toContain(`Hello ${customer.firstName},`);
  expect(email.text).toContain("Your account has been verified and activated.");
  expect(email.html).toContain("Sign in");
  const signInLink = linkIn(email, baseUrl());

  // The link leads to the app's sign-in; the customer signs in there.
  await page.goto(signInLink);
  await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
  await signInThroughForm(page, customer);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: `Welcome back, ${customer.firstName}!` })).toBeVisible();
  const hero = page.getByRole("region", { name: "Progress towards your full refund" });
  await expect(hero).toContainText("0%");
  await expect(hero).toContainText("£3,000.00");
  await expect(page.getByText("No recent activity").or(page.getByTestId("recent-activity"))).toBeVisible();
  await dismissNotices(page);
  await expectNoSeriousA11yViolations(page, "j2-03-customer-dashboard");
});
