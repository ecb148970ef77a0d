// Journey 22: "Your data, your choice". A customer downloads their data (a JSON file holding their
// referral), then deletes the account with their password; signing in again fails, and the
// administrator's customer page shows "erased" where the name was.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { addReferral, createCustomer, uniqueUkMobile } from "../support/api.ts";
import { downloadedText } from "../support/csv.ts";
import { hydrated } from "../support/hydration.ts";
import { expect, notice, signInThroughApi, test } from "../support/pages.ts";

test("a customer downloads their data, deletes the account, and is erased everywhere", async ({ page, adminPage }) => {
  const { customer, session } = await createCustomer("Iris", "Leaver");
  await addReferral(session, { name: "Theo Friend", phone: uniqueUkMobile() });

  await signInThroughApi(page, customer);
  await page.goto("/home?tab=profile");
  const card = page.getByRole("heading", { name: "Your data" });
  await expect(card).toBeVisible();

  // Download my data: a JSON file with the account and the referral.
  // A click while React adopts the server-sent link was lost once on a loaded machine: act once it has.
  const downloadLink = page.getByRole("link", { name: "Download my data" });
  await hydrated(downloadLink);
  const downloading = page.waitForEvent("download");
  await downloadLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await downloadedText(download));
  expect(data.account.username).toBe(customer.username);
  expect(data.referrals).toEqual([expect.objectContaining({ name: "Theo Friend", status: "PENDING" })]);
  expect(JSON.stringify(data)).not.toContain("$argon2");

  // Delete my account: the dialog says what goes and what stays, and needs the password.
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete my account" });
  await expect(dialog).toContainText("What we keep");
  await expectNoSeriousA11yViolations(page, "j22-01-delete-account-dialog", { modal: true });
  await dialog.getByLabel(/Your password/).fill(customer.password);
  await dialog.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(notice(page, "Account deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // Signing in again fails, with the answer a wrong password gets.
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username").fill(customer.username);
  await form.getByLabel("Password").fill(customer.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(notice(page, "Login failed")).toContainText("Invalid username or password");

  // The administrator's customer page: "erased" where the name was.
  await adminPage.goto(`/admin/customers/${customer.customerId}`);
  await expect(adminPage.getByRole("heading", { level: 1, name: "erased" })).toBeVisible();
  await expect(adminPage.getByText("Erased", { exact: true })).toBeVisible();
  await expect(adminPage.getByTestId("story-referral")).toContainText("Withdrawn");
  await expect(adminPage.getByText(customer.lastName)).toHaveCount(0);
});
