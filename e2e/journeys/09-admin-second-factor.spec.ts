// Journey 9: a new administrator turns on two-step verification from My Account (their password
// again, then a QR code, key as text, a first code), then signs in with a code from the app, and once
// with a recovery code. A wrong password is refused both to set it up and to turn it off.
import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { createAdmin } from "../support/admins.ts";
import type { Person } from "../support/api.ts";
import { adminHeaderActions, expect, notice, signInThroughApi, test } from "../support/pages.ts";

/** What the authenticator app shows `steps` periods from now (each code is accepted once). */
const appCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** The admin panel's "Logout" (behind the header's Menu on a phone), or the "Sign Out" of the account settings' header. */
async function signOut(page: Page): Promise<void> {
  const scope = new URL(page.url()).pathname.startsWith("/admin") ? await adminHeaderActions(page) : page;
  await scope.getByRole("button", { name: /^(Logout|Sign Out)$/ }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** Username and password on /auth; the form then asks for the code. */
async function startSignIn(page: Page, admin: Person) {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username").fill(admin.username);
  await form.getByLabel("Password").fill(admin.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(form.getByLabel("Verification code")).toBeVisible();
  return form;
}

test("An administrator turns on two-step verification, then signs in with a code and with a recovery code", async ({
  page,
}) => {
  const admin = await createAdmin("Nadia", "Okafor");
  await signInThroughApi(page, admin);

  // My Account, from the admin panel's header.
  await page.goto("/admin");
  await (await adminHeaderActions(page)).getByRole("link", { name: "My Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  // A row of its own, saying it is off; its sheet holds the set-up.
  const row = page.getByRole("button", { name: /^Two-step verification / });
  await expect(row).toContainText("Off");
  await row.click();
  const sheet = page.getByRole("dialog", { name: "Two-step verification" });
  await expect(sheet.getByText("Two-step verification is off.")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j9-01-account-second-factor-off", { modal: true });

  // The set-up asks for the password again: a wrong one is refused and starts nothing.
  const setUp = page.getByRole("form", { name: "Set up two-step verification" });
  await setUp.getByLabel("Current password").fill("not-my-password-9");
  await setUp.getByRole("button", { name: "Set up two-step verification" }).click();
  await expect(notice(page, "Could not start the set-up")).toContainText("Your current password is not correct.");
  await expect(setUp.getByText("Your current password is not correct.")).toBeVisible();
  await expect(page.getByTestId("totp-secret")).toHaveCount(0);

  // The QR code, with the key as text for typing in by hand.
  await setUp.getByLabel("Current password").fill(admin.password);
  await setUp.getByRole("button", { name: "Set up two-step verification" }).click();
  await expect(page.getByRole("img", { name: "QR code to add this account to your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{26,}$/);
  await expectNoSeriousA11yViolations(page, "j9-02-scan-qr-code", { modal: true });

  // A wrong code is refused; the app's current code turns it on and shows ten recovery codes once.
  const codeField = page.getByLabel("2. Enter the 6-digit code the app shows");
  await codeField.fill("000000");
  await page.getByRole("button", { name: "Turn on two-step verification" }).click();
  await expect(notice(page, "Code not accepted")).toBeVisible();
  await codeField.fill(await appCode(secret));
  await page.getByRole("button", { name: "Turn on two-step verification" }).click();
  await expect(notice(page, "Two-step verification is on")).toBeVisible();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expectNoSeriousA11yViolations(page, "j9-03-recovery-codes", { modal: true });
  await page.getByRole("button", { name: "I have saved my recovery codes" }).click();
  await expect(page.getByTestId("second-factor-on")).toContainText("You have 10 unused recovery codes.");
  await sheet.getByRole("button", { name: "Close" }).click();
  await expect(row).toContainText("On");

  // Signing in now asks for a code after the password; the app's next code lets them in.
  await signOut(page);
  const form = await startSignIn(page, admin);
  await expectNoSeriousA11yViolations(page, "j9-04-sign-in-asks-for-code");
  await form.getByLabel("Verification code").fill(await appCode(secret, 1));
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(notice(page, "Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();

  // A recovery code works once.
  await signOut(page);
  const withRecovery = await startSignIn(page, admin);
  await withRecovery.getByLabel("Verification code").fill(recoveryCodes[0] ?? "");
  await withRecovery.getByRole("button", { name: "Sign In" }).click();
  await expect(notice(page, "Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/account");
  await page.getByRole("button", { name: /^Two-step verification / }).click();
  await expect(page.getByTestId("second-factor-on")).toContainText("You have 9 unused recovery codes.");

  // Turning it off asks for the password too: a wrong one is refused and uses up no code.
  const turnOff = page.getByRole("form", { name: "Turn off two-step verification" });
  await turnOff.getByLabel("Current password").fill("not-my-password-9");
  await turnOff.getByLabel("Code from your app, or a recovery code").fill(recoveryCodes[1] ?? "");
  await turnOff.getByRole("button", { name: "Turn off two-step verification" }).click();
  await expect(notice(page, "Could not turn it off")).toContainText("Your current password is not correct.");
  await expect(turnOff.getByText("Your current password is not correct.")).toBeVisible();
  await expect(page.getByTestId("second-factor-on")).toContainText("You have 9 unused recovery codes.");
  await sheet.getByRole("button", { name: "Close" }).click();

  await signOut(page);
  const again = await startSignIn(page, admin);
  await again.getByLabel("Verification code").fill(recoveryCodes[0] ?? "");
  await again.getByRole("button", { name: "Sign In" }).click();
  await expect(notice(page, "Login failed")).toContainText("Invalid verification code");
  await expect(again.getByText("Invalid verification code")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j9-05-recovery-code-used-up");
});
