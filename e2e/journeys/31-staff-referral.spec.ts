// Journey 31: showroom staff (docs/rules/roles.md). An administrator invites a member of staff, who
// chooses a password through the emailed link, lands on /staff, finds a customer by a phone number
// typed another way and records the friend she sent, with the friend's consent; the customer sees
// who recorded it, an administrator verifies the purchase and the staff report counts it under that
// member. The same member of staff is refused the Admin Panel, an admin REST path and an admin
// GraphQL field.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { addReferral, baseUrl, createCustomer, newPerson, uniqueUkMobile } from "../support/api.ts";
import { lastEmailSequence, linkIn, waitForEmail } from "../support/mailbox.ts";
import {
  dismissNotices,
  expect,
  notice,
  openAdminTab,
  signInThroughApi,
  signInThroughForm,
  test,
} from "../support/pages.ts";

const CONSENT =
  "The friend agreed in person to be contacted about a quote, and knows their details are kept 90 days unless they buy.";
const REFUSED = "Staff accounts cannot do this: it is for administrators.";

/** An admin-only query the web app itself sends (the Staff tab's), by its persisted id: production runs no other text for staff. */
function persistedId(operationName: string): string {
  const documents = JSON.parse(
    readFileSync(new URL("../../persisted-queries.json", import.meta.url), "utf8"),
  ) as Record<string, string>;
  const found = Object.entries(documents).find(([, text]) => text.startsWith(`query ${operationName}`));
  if (!found) throw new Error(`${operationName} is not a persisted document`);
  return found[0];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function staffSees(page: Page) {
  await expect(page).toHaveURL(/\/staff(\?customer=[^&]+)?$/);
  await expect(page.getByRole("heading", { level: 1, name: "Showroom" })).toBeVisible();
}

test("an administrator invites staff; the member records a referral for a customer found by phone; it is verified and reported", async ({
  page,
  adminPage,
  newWindow,
}) => {
  // A verified customer who referred a friend before: that friend's number, typed another way, finds her.
  const { customer: sarah, session: sarahApi } = await createCustomer("Sarah", "Jones");
  const earlierPhone = uniqueUkMobile();
  await addReferral(sarahApi, { name: "Ben Ortiz", phone: earlierPhone });
  const international = `+44 ${earlierPhone.replace(/\s/g, "").slice(1)}`;
  // Both projects run this journey at once: the friend's name is this Sarah's own.
  const friend = `Anna ${sarah.lastName}`;

  // The administrator invites a member of staff from the Admin Panel's Staff tab.
  const staff = newPerson("Sam", "Kay");
  const before = await lastEmailSequence();
  await adminPage.goto("/admin?tab=staff");
  await openAdminTab(adminPage, "Staff");
  await adminPage.getByRole("button", { name: "Invite staff" }).click();
  const invite = adminPage.getByRole("dialog", { name: "Invite staff" });
  await invite.getByLabel("Email").fill(staff.email);
  await invite.getByLabel("First name").fill(staff.firstName);
  await invite.getByLabel("Last name").fill(staff.lastName);
  await expectNoSeriousA11yViolations(adminPage, "j31-01-invite-staff", { modal: true });
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(notice(adminPage, "Invitation Sent")).toBeVisible();
  const member = adminPage.getByTestId("staff-members").getByRole("row").filter({ hasText: staff.email });
  await expect(member).toContainText("Active");
  await dismissNotices(adminPage);
  await expectNoSeriousA11yViolations(adminPage, "j31-02-staff-list");

  // The member of staff opens the emailed link and chooses a password.
  const email = await waitForEmail(staff.email, "You are invited", { afterSequence: before });
  const username = /Your username is (.+?)\.\s*$/m.exec(email.text)?.[1];
  expect(username).toBeTruthy();
  await page.goto(linkIn(email, `${baseUrl()}/reset-password?token=`));
  const choose = page.getByRole("form", { name: "Choose a new password" });
  await choose.getByLabel("New Password", { exact: true }).fill(staff.password);
  await choose.getByLabel("Confirm New Password").fill(staff.password);
  await choose.getByRole("button", { name: "Save New Password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Password reset successful" })).toBeVisible();

  // Signed in, staff land on /staff.
  await signInThroughForm(page, { username: username as string, password: staff.password });
  await staffSees(page);
  await dismissNotices(page);
  await expectNoSeriousA11yViolations(page, "j31-03-staff-page");

  // The search finds Sarah by the phone as +44 ...; her card opens read-only.
  await page.getByRole("searchbox", { name: "Find a customer" }).fill(international);
  await page
    .getByTestId("staff-search-results")
    .getByRole("button", { name: new RegExp(escapeRegExp(sarah.fullName)) })
    .click();
  const card = page.getByTestId("staff-customer-card");
  await expect(card.getByRole("heading", { level: 2, name: sarah.fullName })).toBeVisible();
  await expect(card).toContainText("Verified");
  await expect(card.getByTestId("staff-customer-referrals")).toContainText("Ben Ortiz");
  await expectNoSeriousA11yViolations(page, "j31-04-customer-card");

  // Record a referral: nothing is sent without the friend's consent.
  const form = page.getByRole("form", { name: "Record a referral" });
  await form.getByLabel("Friend's full name").fill(friend);
  await form.getByLabel("Phone number").fill(uniqueUkMobile());
  await form.getByRole("button", { name: "Record referral" }).click();
  await expect(form.getByText("Confirm the friend agreed to be contacted")).toBeVisible();
  await form.getByText(CONSENT).click();
  await form.getByRole("button", { name: "Record referral" }).click();
  await expect(form.getByTestId("record-referral-done")).toContainText(`Referral recorded for ${friend}`);
  await expect(form.getByLabel("Friend's full name")).toHaveValue("");
  const mine = page.getByTestId("my-referrals").getByTestId("my-referral").filter({ hasText: friend });
  await expect(mine).toContainText(`Referred by ${sarah.fullName}`);
  await expect(card.getByTestId("staff-customer-referrals")).toContainText(friend);
  await expectNoSeriousA11yViolations(page, "j31-05-referral-recorded");

  // Sarah, signed in, sees who recorded it.
  const sarahPage = await newWindow();
  await signInThroughApi(sarahPage, sarah);
  await sarahPage.goto("/home");
  await sarahPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Referrals" }).click();
  const row = sarahPage.getByTestId("referral-list").getByRole("listitem").filter({ hasText: friend });
  await expect(row).toContainText(`Recorded by ${staff.firstName} ${staff.lastName.charAt(0)}.`);
  await expectNoSeriousA11yViolations(sarahPage, "j31-06-referrer-sees-recorded-by");

  // The administrator verifies the purchase.
  await adminPage.goto("/admin?tab=pending-referrals");
  await openAdminTab(adminPage, "Pending Referrals");
  await adminPage.getByRole("searchbox", { name: "Search pending referrals" }).fill(sarah.fullName);
  const pending = adminPage.getByTestId("pending-referral-list");
  await pending.getByRole("button", { name: new RegExp(escapeRegExp(friend)) }).click();
  const verify = adminPage.getByRole("form", { name: "Verify purchase" });
  await verify.getByLabel("Purchase Amount (£)").fill("2000.00");
  await verify.getByRole("button", { name: "Verify Purchase" }).click();
  await expect(notice(adminPage, "Purchase Verified")).toBeVisible();
  await dismissNotices(adminPage);

  // The member of staff sees it verified; the staff list and the report count it under them.
  await page.reload();
  await staffSees(page);
  await expect(page.getByTestId("my-referrals").getByTestId("my-referral").filter({ hasText: friend })).toContainText(
    "Verified",
  );
  await adminPage.goto("/admin?tab=staff");
  await expect(member).toContainText("100%");
  await adminPage.goto("/admin/reports");
  const report = adminPage.getByTestId("staff-attribution");
  await report.getByRole("button", { name: "Show as table" }).click();
  const reported = adminPage
    .getByTestId("staff-attribution-table")
    .getByRole("row")
    .filter({ hasText: staff.fullName });
  // One referral recorded, one purchase verified: 100%.
  await expect(reported).toContainText(/1\s*1\s*100%/);
  await expectNoSeriousA11yViolations(adminPage, "j31-07-staff-report");

  // The same member of staff is refused: the Admin Panel sends them to /staff, an admin REST path
  // answers 403 and an admin GraphQL field an error, each with the reason.
  await page.goto("/admin");
  await staffSees(page);
  // Asked from the staff member's own browser, with its session cookie.
  const rest = await page.evaluate(async () => {
    const response = await fetch("/api/admin/customers?limit=1", { headers: { accept: "application/json" } });
    return { status: response.status, body: await response.text() };
  });
  expect(rest.status).toBe(403);
  expect(rest.body).toContain(REFUSED);
  const answer = await page.evaluate(async (sha256Hash) => {
    const response = await fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        operationName: "AdminStaffPanelQuery",
        variables: {},
        extensions: { persistedQuery: { version: 1, sha256Hash } },
      }),
    });
    return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
  }, persistedId("AdminStaffPanelQuery"));
  expect(answer.errors?.map((error) => error.message).join(" ")).toContain(REFUSED);
});
