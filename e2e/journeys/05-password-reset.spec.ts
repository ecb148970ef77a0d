// Journey 5: Forgot your password → the emailed link → the holder of the email chooses the new
// password there → it works, the old one does not, and the session that was open elsewhere is gone.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { baseUrl, createCustomer } from "../support/api.ts";
import { lastEmailSequence, linkIn, waitForEmail } from "../support/mailbox.ts";
import { expect, notice, signInThroughForm, test } from "../support/pages.ts";

test("Forgot your password → the emailed link → choose a password → it signs in and the old session is gone", async ({
  page,
  newWindow,
}) => {
  const { customer } = await createCustomer("Maya", "Patel");
  const newPassword = "brand-new-secret-5";

  // The customer is signed in on another device.
  const otherDevice = await newWindow();
  await signInThroughForm(otherDevice, customer);
  await expect(
    otherDevice.getByRole("heading", { level: 1, name: `Welcome back, ${customer.firstName}!` }),
  ).toBeVisible();

  // Here, signed out, they ask for a reset: the modal asks only who they are.
  const before = await lastEmailSequence();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset Password" });
  await dialog.getByLabel("Username").fill(customer.username);
  await expect(dialog.getByLabel("New Password")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "j5-01-reset-password-dialog", { modal: true });
  await dialog.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Check your email", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectNoSeriousA11yViolations(page, "j5-02-check-your-email");

  const email = await waitForEmail(customer.email, "Choose a new password", { afterSequence: before });
  expect(email.text).toContain("within 30 minutes");
  const link = linkIn(email, `${baseUrl()}/reset-password?token=`);

  // Opening the link changes nothing: the other device is still signed in.
  await page.goto(link);
  const form = page.getByRole("form", { name: "Choose a new password" });
  await expect(form.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  // The token leaves the address bar once the page has it.
  await expect(page).toHaveURL(/\/reset-password$/);
  await otherDevice.reload();
  await expect(
    otherDevice.getByRole("heading", { level: 1, name: `Welcome back, ${customer.firstName}!` }),
  ).toBeVisible();

  // The two entries must match, and a common password is refused by the server.
  const password = form.getByLabel("New Password", { exact: true });
  const confirmation = form.getByLabel("Confirm New Password");
  await password.fill(newPassword);
  await confirmation.fill("something-else-7");
  await form.getByRole("button", { name: "Save New Password" }).click();
  await expect(form.getByText("The two passwords do not match")).toBeVisible();
  await password.fill("password123");
  await confirmation.fill("password123");
  await form.getByRole("button", { name: "Save New Password" }).click();
  await expect(notice(page, "Password reset failed")).toContainText("one of the most common");
  await expect(form.getByText("This password is one of the most common ones.", { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j5-03-choose-a-new-password");

  await password.fill(newPassword);
  await confirmation.fill(newPassword);
  await form.getByRole("button", { name: "Save New Password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Password reset successful" })).toBeVisible();
  await expect(notice(page, "Password reset successful")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j5-04-password-reset-successful");

  // The link works once.
  await page.goto(link);
  const again = page.getByRole("form", { name: "Choose a new password" });
  await again.getByLabel("New Password", { exact: true }).fill("another-secret-6");
  await again.getByLabel("Confirm New Password").fill("another-secret-6");
  await again.getByRole("button", { name: "Save New Password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Password reset failed" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "already been used" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j5-05-reset-link-used");

  // The old password no longer works; the new one does.
  await page.goto("/auth");
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("Username").fill(customer.username);
  await signIn.getByLabel("Password").fill(customer.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(notice(page, "Login failed")).toContainText("Invalid username or password");
  await expectNoSeriousA11yViolations(page, "j5-06-old-password-refused");
  await signInThroughForm(page, { username: customer.username, password: newPassword });
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: `Welcome back, ${customer.firstName}!` })).toBeVisible();

  // The session on the other device ended with the reset: /home sends it to the landing page.
  await otherDevice.reload();
  await expect(otherDevice).toHaveURL(/\/$/);
  await expect(otherDevice.getByRole("heading", { level: 1, name: "Earn Rewards for Every Referral" })).toBeVisible();
  await expect(otherDevice.getByRole("button", { name: "Sign In" })).toBeVisible();
});
