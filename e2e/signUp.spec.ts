import { expect, type Page, test } from "@playwright/test";
import { adminHeaderActions } from "./support/pages.ts";

const SCREENS_DIR = "test-results/screens";

async function snap(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png`, fullPage: true, scale: "css" });
}

test("a visitor asks for a password reset and opens a broken reset link", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  const reset = page.getByRole("dialog", { name: "Reset Password" });
  await reset.getByLabel("Username").fill("sarah");
  await snap(page, "06-reset-password-modal");
  await reset.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Check your email", { exact: true })).toBeVisible();
  await expect(reset).toBeHidden();

  // Opening a link changes nothing: the form shows, and only choosing a password tries the link.
  await page.goto("/reset-password?token=not-a-real-token");
  const choose = page.getByRole("form", { name: "Choose a new password" });
  await choose.getByLabel("New Password", { exact: true }).fill("brand-new-secret-5");
  await choose.getByLabel("Confirm New Password").fill("brand-new-secret-5");
  await choose.getByRole("button", { name: "Save New Password" }).click();
  await expect(page.getByRole("heading", { name: "Password reset failed" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("This password reset link is invalid.");
  await snap(page, "07-reset-link-invalid");
});

test("a visitor sees the demo hint, creates an account and lands signed in", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Earn Rewards for Every Referral" })).toBeVisible();
  for (const title of ["Track Your Progress", "Earn 11% Credits", "Full Refund at 100%"]) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
  await snap(page, "01-landing");
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, "01-landing-desktop");
  await page.setViewportSize({ width: 360, height: 780 });

  await page.getByRole("button", { name: "Get Started Now" }).click();
  const signIn = page.getByRole("dialog", { name: "Sign In" });
  await expect(signIn).toBeVisible();
  const demoHint = signIn.getByRole("region", { name: "Demo accounts" });
  await expect(demoHint).toContainText("Administrator: admin / admin123");
  await expect(demoHint).toContainText("Customer: sarah / demo123");
  await snap(page, "02-sign-in-modal");

  await signIn.getByRole("link", { name: "Create one here" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=create-account$/);
  await expect(page.getByRole("tab", { name: "Create Account", selected: true })).toBeVisible();

  const username = `e2e${Date.now().toString(36)}`;
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("First Name").fill("Ada");
  await form.getByLabel("Last Name").fill("Lovelace");
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Email").fill(`${username}@example.com`);
  await form.getByLabel("Password").fill("correct-horse");
  await snap(page, "03-create-account");
  await form.getByRole("button", { name: "Create Account" }).click();

  await expect(page.getByText("Account created!")).toBeVisible();
  await expect(page.getByText("Welcome to the HNG Referral Scheme.")).toBeVisible();
  // /home sends a user without a customer profile on to Complete Registration (e2e/customer.spec.ts goes on from there).
  await expect(page).toHaveURL(/\/registration$/, { timeout: 5_000 });
  await expect(page.getByRole("heading", { name: "Complete Registration" })).toBeVisible();
  await snap(page, "04-home-signed-in");

  // The session is a cookie: a reload stays signed in, and / now leads home (and on to registration).
  await page.goto("/");
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByRole("heading", { name: "Complete Registration" })).toBeVisible();

  // A customer opening an admin page sees Access Denied, and no admin code was downloaded.
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  expect(scripts.filter((url) => /Admin/i.test(url))).toEqual([]);

  // With the system's reduce-motion setting, nothing animates.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const transition = await page
    .getByRole("link", { name: "Back to Home" })
    .evaluate((element) => getComputedStyle(element).transitionDuration);
  expect(transition.split(",").every((duration) => Number.parseFloat(duration) <= 0.0001)).toBe(true);

  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await snap(page, "05-not-found");
});

test("an administrator signs in from the landing page and / then leads to the admin panel", async ({ page }) => {
  await page.goto("/home");
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole("button", { name: "Sign In" }).click();
  const signIn = page.getByRole("dialog", { name: "Sign In" });
  await signIn.getByLabel("Username").fill("admin");
  await signIn.getByLabel("Password").fill("wrong-password");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login failed", { exact: true })).toBeVisible();
  await expect(page.getByText("Invalid username or password")).toBeVisible();

  await signIn.getByLabel("Password").fill("admin123");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Welcome back!", { exact: true })).toBeVisible();
  // Sign-in leads to /home, which sends an administrator without a customer profile on to /admin.
  await expect(page).toHaveURL(/\/(home|admin)$/, { timeout: 5_000 });

  await page.goto("/");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
  await snap(page, "08-admin-panel");

  await (await adminHeaderActions(page)).getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth$/);
});
