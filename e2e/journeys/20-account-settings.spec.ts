// Journey 20: a customer opens Account settings from the Profile tab (short rows, each opening a sheet),
// changes the password (a browser signed in before is signed out, this one stays), edits the name, and
// changes the email address through the link sent to the new address, while the old address is told.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { baseUrl, createCustomer } from "../support/api.ts";
import { lastEmailSequence, linkIn, waitForEmail } from "../support/mailbox.ts";
import { dismissNotices, expect, notice, signInThroughApi, test } from "../support/pages.ts";

test("a customer changes the password, the name and the email address from Account settings", async ({
  page,
  newWindow,
}) => {
  const { customer } = await createCustomer("Ravi", "Settings");
  const newPassword = "fresh-settings-secret-4";
  const newEmail = `${customer.username}.new@example.org`;

  // Signed in on another device before anything changes.
  const otherDevice = await newWindow();
  await signInThroughApi(otherDevice, customer);
  await otherDevice.goto("/home");
  await expect(
    otherDevice.getByRole("heading", { level: 1, name: `Welcome back, ${customer.firstName}!` }),
  ).toBeVisible();

  // Profile tab → Account settings.
  await signInThroughApi(page, customer);
  await page.goto("/home?tab=profile");
  await page.getByRole("main").getByRole("link", { name: "Account settings" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page, "j20-01-account-settings");

  // The password: a wrong current one is refused, then the change goes through.
  const before = await lastEmailSequence();
  await page.getByRole("button", { name: /^Password / }).click();
  const passwordSheet = page.getByRole("dialog", { name: "Password" });
  const passwordForm = passwordSheet.getByRole("form", { name: "Change password" });
  await passwordForm.getByLabel("Current password").fill("not-my-password-1");
  await passwordForm.getByLabel("New password", { exact: true }).fill(newPassword);
  await passwordForm.getByLabel("Confirm new password").fill(newPassword);
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByText("Your current password is not correct.")).toBeVisible();
  await passwordForm.getByLabel("Current password").fill(customer.password);
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(notice(page, "Password changed")).toBeVisible();
  await expect(passwordSheet).toBeHidden();
  await dismissNotices(page);

  // The other device is signed out; this one is not.
  await otherDevice.reload();
  await expect(otherDevice).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  // Read later, alongside the other emails: the outbox worker sends every few seconds.
  const changed = waitForEmail(customer.email, "Your password was changed", { afterSequence: before });

  // The name.
  await page.getByRole("button", { name: /^Name / }).click();
  const nameForm = page.getByRole("dialog", { name: "Name" }).getByRole("form", { name: "Your name" });
  await nameForm.getByLabel("First name").fill("Ravindra");
  await nameForm.getByRole("button", { name: "Save name" }).click();
  await expect(notice(page, "Name saved")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Name / })).toContainText("Ravindra Settings");
  await dismissNotices(page);

  // The email address: a link to the new address, a notice to the old one.
  await page.getByRole("button", { name: /^Email / }).click();
  const emailForm = page.getByRole("dialog", { name: "Email" }).getByRole("form", { name: "Change email address" });
  await emailForm.getByLabel("New email address").fill(newEmail);
  await emailForm.getByLabel("Current password").fill(newPassword);
  await emailForm.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByTestId("email-change-sent")).toContainText(newEmail);
  await expect(page.getByTestId("current-email")).toHaveText(customer.email);
  await expectNoSeriousA11yViolations(page, "j20-02-email-change-sent", { modal: true });
  const [passwordNotice, told, confirmation] = await Promise.all([
    changed,
    waitForEmail(customer.email, "A change of your email address was requested", { afterSequence: before }),
    waitForEmail(newEmail, "Confirm your new email address", { afterSequence: before }),
  ]);
  expect(linkIn(passwordNotice, `${baseUrl()}/reset-password?token=`)).toBeTruthy();
  expect(told.text).toContain(newEmail);
  await page.goto(linkIn(confirmation, `${baseUrl()}/confirm-email?token=`));
  await expect(page.getByRole("heading", { level: 1, name: "Email address confirmed" })).toBeVisible();
  await expect(page.getByText("Your new email address is confirmed")).toBeVisible();

  await page.goto("/account");
  await expect(page.getByTestId("current-email")).toHaveText(newEmail);
  await page.getByRole("button", { name: /^Name / }).click();
  await expect(page.getByRole("form", { name: "Your name" }).getByLabel("First name")).toHaveValue("Ravindra");
});
