// Journey 7: every redirect (docs/rules/web-app.md, "Web app routes"), for a visitor, customers at each stage and the
// administrator; /admin-test's Access Denied; the 404 page.
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { createCustomer, createUser, DEMO_ADMIN, newPerson } from "../support/api.ts";
import { expect, signInThroughApi, test } from "../support/pages.ts";

const LANDING = { url: /\/$/, heading: "Earn Rewards for Every Referral" };
const AUTH = { url: /\/auth$/, heading: "Welcome back" };
const ACCESS_DENIED = { heading: "Access Denied" };

/** Opens `path` and expects to end on `url` (unchanged when not given) showing the level-1 `heading`. */
async function expectLanding(page: Page, path: string, { url, heading }: { url?: RegExp; heading: string }) {
  await test.step(`${path} → ${url ?? "stays"}: ${heading}`, async () => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveURL(url ?? new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
  });
}

test("signed out: /home and /milestones lead to /, /registration and the admin pages to /auth, /admin-test is denied", async ({
  page,
}) => {
  await expectLanding(page, "/", { heading: LANDING.heading });
  await expectLanding(page, "/home", LANDING);
  await expectLanding(page, "/milestones", LANDING);
  await expectLanding(page, "/registration", AUTH);
  await expectLanding(page, "/admin", AUTH);
  await expectLanding(page, "/admin/reports", AUTH);
  await expectLanding(page, "/auth", { heading: AUTH.heading });
  await expectNoSeriousA11yViolations(page, "j7-01-auth-sign-in");
  await expectLanding(page, "/admin-test", ACCESS_DENIED);
  await expectNoSeriousA11yViolations(page, "j7-02-admin-test-access-denied-signed-out");
  await expectLanding(page, "/no-such-page", { heading: "404 Page Not Found" });
  await expectNoSeriousA11yViolations(page, "j7-03-not-found");
});

test("customers: no profile → /registration, pending → Account Under Review, verified → /home; admin pages denied", async ({
  page,
}) => {
  // Signed up, registration not completed: everything customer-facing leads to Complete Registration.
  const newcomer = newPerson("Ivy", "Chen");
  await createUser(newcomer);
  await signInThroughApi(page, newcomer);
  await expectLanding(page, "/", { url: /\/registration$/, heading: "Complete Registration" });
  await expectLanding(page, "/home", { url: /\/registration$/, heading: "Complete Registration" });
  await expectLanding(page, "/auth", { url: /\/registration$/, heading: "Complete Registration" });
  await expectLanding(page, "/admin-test", ACCESS_DENIED);

  // Registered, waiting for review: the milestones and registration pages lead to the review screen.
  const { customer: pending } = await createCustomer("Noor", "Haddad", { state: "pending" });
  await page.context().clearCookies();
  await signInThroughApi(page, pending);
  await expectLanding(page, "/milestones", { url: /\/home$/, heading: "Account Under Review" });
  await expectLanding(page, "/registration", { url: /\/home$/, heading: "Account Under Review" });

  // Verified: / and /auth lead home; the admin pages are denied, with no admin code downloaded.
  const { customer } = await createCustomer("Zara", "Ahmed");
  await page.context().clearCookies();
  await signInThroughApi(page, customer);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  const home = { url: /\/home$/, heading: `Welcome back, ${customer.firstName}!` };
  await expectLanding(page, "/", home);
  await expectLanding(page, "/auth", home);
  await expectLanding(page, "/registration", home);
  await expectLanding(page, "/milestones", { heading: "Milestone Rewards" });
  await expectLanding(page, "/admin", ACCESS_DENIED);
  await expectNoSeriousA11yViolations(page, "j7-04-admin-access-denied-customer");
  await expectLanding(page, "/admin/reports", ACCESS_DENIED);
  await expectLanding(page, "/admin-test", ACCESS_DENIED);
  await expectNoSeriousA11yViolations(page, "j7-05-admin-test-access-denied-customer");
  expect(scripts.filter((url) => /Admin/i.test(url))).toEqual([]);
  await expectLanding(page, "/no-such-page", { heading: "404 Page Not Found" });
});

test("administrator: /, /home and /auth lead to /admin; /admin-test and the reports open", async ({ page }) => {
  await signInThroughApi(page, DEMO_ADMIN);
  const panel = { url: /\/admin$/, heading: "Admin Panel" };
  await expectLanding(page, "/", panel);
  await expectLanding(page, "/home", panel);
  await expectLanding(page, "/auth", panel);
  await expectLanding(page, "/admin-test", { heading: "Admin Test" });
  await expectNoSeriousA11yViolations(page, "j7-06-admin-test");
  await expectLanding(page, "/admin/reports", { heading: "Admin Reports & Analytics" });
  await expectLanding(page, "/no-such-page", { heading: "404 Page Not Found" });
  // No Logout here: it ends every session of the demo administrator, and the other journeys,
  // running at the same time, use that account (e2e/signUp.spec.ts and admin.spec.ts sign out).
});
