import { expect, type Page, test } from "@playwright/test";
import { seriousA11yViolations } from "./support/a11y.ts";

const SCREENS_DIR = "test-results/screens";

/** A screenshot of the whole page, or of the phone's screen as the customer sees it (fixed bars in place, no notice on top). */
async function snap(page: Page, name: string, { screen = false } = {}) {
  if (screen) {
    for (const dismiss of await page.getByRole("button", { name: "Dismiss notification" }).all())
      await dismiss.click().catch(() => {});
  }
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png`, fullPage: !screen, scale: "css" });
}

/** The one notification on screen with this title (an older one may still be fading out). */
function notice(page: Page, title: string) {
  return page.getByTestId("notice").filter({ hasText: title });
}

/** Every page passes axe with no serious or critical violation (docs/rules/web-app.md). */
async function expectAccessible(page: Page, what: string, { dialogOnly = false } = {}) {
  // With a modal open, the page behind it is dimmed and inert: check the dialog.
  expect(
    await seriousA11yViolations(page, { include: dialogOnly ? "[role=dialog]" : undefined }),
    `${what}: accessibility violations`,
  ).toEqual([]);
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 10_000 });
}

/** Graphql operations the page sends from now on, by name. */
function recordOperations(page: Page): string[] {
  const operations: string[] = [];
  page.on("request", (request) => {
    if (!request.url().endsWith("/graphql")) return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    operations.push(body?.operationName ?? "?");
  });
  return operations;
}

test("a new customer signs up, meets each registration message in order, accepts the terms and waits for review", async ({
  page,
}) => {
  await page.goto("/auth?tab=create-account");
  const username = `cust${Date.now().toString(36)}`;
  const account = page.getByRole("form", { name: "Create account" });
  await account.getByLabel("First Name").fill("Nia");
  await account.getByLabel("Last Name").fill("Okafor");
  await account.getByLabel("Username").fill(username);
  await account.getByLabel("Email").fill(`${username}@example.com`);
  await account.getByLabel("Password").fill("correct-horse");
  await account.getByRole("button", { name: "Create Account" }).click();

  // No customer profile yet: /home sends the new user to Complete Registration.
  await expect(page).toHaveURL(/\/registration$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Complete Registration" })).toBeVisible();
  const form = page.getByRole("form", { name: "Complete registration" });
  const amount = form.getByLabel("Original Purchase Amount (£)");
  await expect(amount).toHaveAttribute("inputmode", "decimal");
  await expect(amount).toHaveAttribute("step", "0.01");
  await expect(amount).toHaveAttribute("min", "0.01");
  await expect(amount).toHaveAttribute("placeholder", "120.00");
  await expect(page.getByRole("region", { name: "How it works" })).toContainText("you earn 11% of what they spend");
  await snap(page, "10-registration");
  await expectAccessible(page, "Complete Registration");

  const submit = form.getByRole("button", { name: "Complete Registration" });
  // In the registration's order: amount, postcode, contract number, terms (docs/rules/customers.md).
  await submit.click();
  await expect(notice(page, "Invalid Amount")).toContainText("Please enter a valid purchase amount.");
  await expect(form.getByText("Please enter a valid purchase amount.")).toBeVisible();
  // Error text in red.600 (4.8:1 on white), not Chakra's default red.500 (3.8:1).
  await expect(form.getByText("Please enter a valid purchase amount.")).toHaveCSS("color", "rgb(220, 38, 38)");
  await expect(amount).toBeFocused();
  await snap(page, "11-registration-invalid-amount");
  await expectAccessible(page, "Complete Registration with an error under a field");

  await amount.fill("120.00");
  await submit.click();
  await expect(notice(page, "Missing Postcode")).toContainText("Please enter your postcode.");
  await expect(form.getByText("Please enter your postcode.")).toBeVisible();

  await form.getByLabel("Postcode").fill("sw1a 1aa");
  await submit.click();
  await expect(notice(page, "Missing Contract Number")).toContainText("Please enter your contract number.");
  await expect(form.getByText("Please enter your contract number.")).toBeVisible();

  await form.getByLabel("Contract Number").fill("HNG-E2E-0001");
  await submit.click();
  await expect(notice(page, "Terms Required")).toContainText("Please accept the Terms and Conditions to continue.");
  await expect(form.getByText("Please accept the Terms and Conditions to continue.")).toBeVisible();

  // Reading the terms does not tick the box; accepting them in the dialog does.
  const terms = form.getByRole("checkbox", { name: /agree to the Terms and Conditions/ });
  await form.getByRole("button", { name: "Terms and Conditions" }).click();
  const dialog = page.getByRole("dialog", { name: "Terms and Conditions" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Effective date: 28/07/2025");
  await expect(dialog).toContainText("Last updated: 28/07/2025");
  for (const section of [
    "1. Introduction",
    "2. Referral Programme Overview",
    "3. Data You Provide About Others",
    "4. How Recommendee Data Is Used",
    "5. Lawful Basis",
    "6. Data Retention",
    "7. Your Responsibilities",
    "8. Your Rights",
    "9. Changes to These Terms",
    "10. Contact",
  ]) {
    await expect(dialog.getByRole("heading", { name: section })).toBeAttached();
  }
  await expect(dialog).toContainText("within 90 days");
  // The text scrolls inside the dialog.
  const scrollable = dialog.getByTestId("terms-text");
  expect(await scrollable.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await snap(page, "12-terms-dialog");
  await expectAccessible(page, "Terms and Conditions dialog", { dialogOnly: true });
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();
  await expect(terms).not.toBeChecked();

  await form.getByRole("button", { name: "Terms and Conditions" }).click();
  await dialog.getByRole("button", { name: "I Accept" }).click();
  await expect(dialog).toBeHidden();
  await expect(terms).toBeChecked();

  await submit.click();
  await expect(notice(page, "Registration Successful!")).toContainText(
    "Welcome to HNG Referral Scheme! Start referring friends to earn credits.",
  );
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account Under Review" })).toBeVisible();
  await expect(page.getByText("Account Pending", { exact: true })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText("£120.00");
  await expect(main).toContainText("SW1A 1AA");
  await expect(main).toContainText("HNG-E2E-0001");
  await snap(page, "13-account-under-review");
  await snap(page, "13-account-under-review-screen", { screen: true });
  await expectAccessible(page, "Account Under Review");

  // A reload asks the server again and shows the same screen; the milestones page is not open yet.
  await page.goto("/milestones");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account Under Review" })).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).last().click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("the demo customer sees her dashboard and a new referral shows at once in the list and the activity", async ({
  page,
}) => {
  await signIn(page, "sarah", "demo123");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Sarah!" })).toBeVisible();
  const hero = page.getByRole("region", { name: "Progress towards your full refund" });
  await expect(hero).toContainText("33%");
  await expect(hero).toContainText("Complete");
  await expect(hero).toContainText("£3,960.00");
  await expect(hero).toContainText("£8,040.00");
  await expect(page.getByText("Original Purchase")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("button", { name: "Admin Panel" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
  await snap(page, "20-dashboard-home");
  await snap(page, "20-dashboard-home-screen", { screen: true });
  await expectAccessible(page, "dashboard, Home tab");

  const operations = recordOperations(page);
  await page.getByRole("button", { name: "Add Referral" }).click();
  const drawer = page.getByRole("dialog", { name: "Add Referral" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByLabel("Phone Number")).toHaveAttribute("inputmode", "tel");
  await drawer.getByRole("button", { name: "Add Referral" }).click();
  await expect(drawer.getByText("Full name is required")).toBeVisible();
  await expect(drawer.getByText("Phone number is required")).toBeVisible();
  expect(operations).toEqual([]);

  // The server's own rules: a number that is not a UK phone is refused with its message.
  await drawer.getByLabel("Full Name").fill("Ruby Walker");
  await drawer.getByLabel("Phone Number").fill("12345");
  await drawer.getByRole("button", { name: "Add Referral" }).click();
  await expect(notice(page, "Failed to Add Referral")).toContainText("Please enter a valid UK phone number");
  await expect(drawer.getByText("Please enter a valid UK phone number, for example 07400 123456")).toBeVisible();

  const phone = `07400 ${String(100_000 + Math.floor(Math.random() * 800_000))}`;
  await drawer.getByLabel("Phone Number").fill(phone);
  await drawer.getByLabel("Email").fill("ruby.walker@example.com");
  await drawer.getByLabel("Address").fill("1 High Street, Leeds");
  await snap(page, "21-add-referral-sheet");
  await expectAccessible(page, "Add Referral sheet", { dialogOnly: true });
  await drawer.getByRole("button", { name: "Add Referral" }).click();
  await expect(notice(page, "Referral Added!")).toContainText("You'll earn credits when they make a purchase.");
  await expect(drawer).toBeHidden();

  const activity = page.getByTestId("recent-activity").getByRole("listitem").first();
  await expect(activity).toContainText("Referral added: Ruby Walker");
  await expect(activity).toContainText("Just now");
  await snap(page, "22-dashboard-after-referral");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Referrals" }).click();
  await expect(page).toHaveURL(/\/home\?tab=referrals$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Referrals" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
  const newest = page.getByTestId("referral-list").getByRole("listitem").first();
  await expect(newest).toContainText("Ruby Walker");
  await expect(newest).toContainText("Pending");
  await expect(newest).toContainText("Today");
  await expect(page.getByTestId("referral-list")).toContainText("Tom Baker");
  await expect(page.getByTestId("referral-list")).toContainText("Purchased");
  // Shown from the store: nothing but the mutation went to the server.
  expect(operations).toEqual(["AddReferralDrawerMutation", "AddReferralDrawerMutation"]);
  await snap(page, "23-referrals-tab");
  await snap(page, "23-referrals-tab-screen", { screen: true });
  await expectAccessible(page, "Referrals tab");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rewards" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rewards" })).toBeVisible();
  await expect(page.getByTestId("milestone-33")).toContainText("Ready");
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
  await snap(page, "24-rewards-tab");
  await expectAccessible(page, "Rewards tab");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Sarah Johnson");
  await expect(page.getByRole("main")).toContainText("Verified");
  await expect(page.getByRole("main")).toContainText("£12,000.00");
  await snap(page, "25-profile-tab");
  await expectAccessible(page, "Profile tab");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rewards" }).click();
  await page.getByRole("link", { name: "View Milestone Details" }).click();
  await expect(page).toHaveURL(/\/milestones$/);
  await expect(page.getByRole("heading", { level: 1, name: "Milestone Rewards" })).toBeVisible();
  const ready = page.getByTestId("milestone-33");
  await expect(ready).toContainText("Ready");
  await expect(ready).toContainText("Ready for payment! Contact admin for processing.");
  await expect(ready).toContainText("£3,960.00");
  await expect(page.getByTestId("milestone-100")).toContainText("Pending");
  await expect(page.getByTestId("milestone-100")).toContainText("100% Milestone (Full Refund)");
  await expect(page.getByText("No milestone payments yet.")).toBeVisible();
  await snap(page, "26-milestones");
  await expectAccessible(page, "Milestone Rewards");
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, "26-milestones-desktop");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Sarah!" })).toBeVisible();
  await snap(page, "20-dashboard-home-desktop");
});

test("a customer whose registration was rejected reads the reason, corrects the details and is reviewed again", async ({
  page,
}) => {
  await signIn(page, "liam", "demo123");
  await expect(page.getByRole("heading", { level: 1, name: "Registration Not Approved" })).toBeVisible();
  await expect(page.getByTestId("rejection-reason")).toHaveText(
    "We could not find contract number HNG-2025-9999. Please check it against your paperwork.",
  );
  await snap(page, "30-registration-rejected");
  await expectAccessible(page, "Registration Not Approved");

  await page.getByRole("link", { name: "Correct My Details" }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByTestId("rejection-reason")).toContainText("HNG-2025-9999");
  const form = page.getByRole("form", { name: "Complete registration" });
  await expect(form.getByLabel("Original Purchase Amount (£)")).toHaveValue("4100.00");
  await expect(form.getByLabel("Postcode")).toHaveValue("LS1 1UR");
  await form.getByLabel("Contract Number").fill("HNG-2025-0999");
  await form.getByRole("button", { name: "Terms and Conditions" }).click();
  await page.getByRole("dialog", { name: "Terms and Conditions" }).getByRole("button", { name: "I Accept" }).click();
  await snap(page, "31-registration-resubmit");
  await form.getByRole("button", { name: "Complete Registration" }).click();

  await expect(notice(page, "Registration Successful!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Account Under Review" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("HNG-2025-0999");
});
