// Journey 5: Forgot your password → the emailed link → the new password works, the old one does
// not, and the session that was open elsewhere is gone.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { baseUrl, createCustomer } from "../support/api.ts";
import { lastEmailSequence, linkIn, waitForEmail } from "../support/mailbox.ts";
import { expect, notice, signInThroughForm, test } from "../support/pages.ts";

test("Forgot your password → the emailed link → the new password works and the old session is gone", async ({ page, newWindow }) => {
  const { customer } = await createCustomer("Maya", "Patel");
  const newPassword = "brand-new-secret-5";

  // The customer is signed in on another device.
  const otherDevice = await newWindow();
  await signInThroughForm(otherDevice, customer);
  await expect(otherDevice.getByRole("heading", { level: 1, name: `Welcome back, ${customer.firstName}!` })).toBeVisible();

  // Here, signed out, they ask for a new password.
  const before = await lastEmailSequence();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset Password" });
  await dialog.getByLabel("Username").fill(customer.username);
  await dialog.getByLabel("New Password").fill(newPassword);
  await expectNoSeriousA11yViolations(page, "j5-01-reset-password-dialog", { modal: true });
  await dialog.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Check your email", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectNoSeriousA11yViolations(page, "j5-02-check-your-email");

  // Nothing changed yet: the other device is still signed in.
  const email = await waitForEmail(customer.email, "Confirm your new password", { afterSequence: before });
  expect(email.text).toContain("within 30 minutes");
  const link = linkIn(email, `${baseUrl()}/reset-password?token=`);
  await otherDevice.reload();
  await expect(otherDevice.getByRole("heading", { level: 1, name: `Welcome back, ${customer.firstName}!` })).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Password reset successful" })).toBeVisible();
  await expect(notice(page, "Password reset successful")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j5-03-password-reset-successful");

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Password reset failed" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "already been used" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j5-04-reset-link-used");

  // The old password no longer works; the new one does.
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username").fill(customer.username);
  await form.getByLabel("Password").fill(customer.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(notice(page, "Login failed")).toContainText("Invalid username or password");
  await expectNoSeriousA11yViolations(page, "j5-05-old-password-refused");
  await signInThroughForm(page, { username: customer.username, password: newPassword });
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: `Welcome back, ${customer.firstName}!` })).toBeVisible();

  // The session on the other device ended with the reset: /home sends it to the landing page.
  await otherDevice.reload();
  await expect(otherDevice).toHaveURL(/\/$/);
  await expect(otherDevice.getByRole("heading", { level: 1, name: "Earn Rewards for Every Referral" })).toBeVisible();
  await expect(otherDevice.getByRole("button", { name: "Sign In" })).toBeVisible();
});
