// Journey 27: the Admin Panel on a 390 × 844 phone. The header's buttons sit behind a Menu, the
// programme settings in a tab of their own (not above the lists), the tab row scrolls with a cue;
// a referral a customer adds while the administrator watches the pending list arrives on top,
// highlighted; with All Customers sorted by name a new registration waits behind an "N new" pill;
// the customer's page reads as sections, its ledger as entries (docs/rules/web-app.md).
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { addReferral, createCustomer, uniqueUkMobile, verifyPurchase } from "../support/api.ts";
import { expect, openAdminTab, test } from "../support/pages.ts";

/** Nothing on the page is wider than the phone: no sideways scroll of the page itself. */
async function expectNoPageScrollSideways(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, "the page scrolls sideways").toBeLessThanOrEqual(clientWidth);
}

test("the Admin Panel on a phone: settings in a tab, tabs that scroll with a cue, new rows on top, the customer's page as entries", async ({
  adminPage,
}, testInfo) => {
  test.skip(testInfo.project.name !== "journeys-phone", "the phone's layout: the desktop's is journey 13 and others");
  const { customer, session } = await createCustomer("Phoebe", "Handset");
  const bought = await addReferral(session, { name: `Bought ${customer.firstName} Friend`, phone: uniqueUkMobile() });
  await verifyPurchase(bought, "500.00", "Receipt P27");

  // --- The first screen: the live status, the tabs and the list, no settings card above them ---
  await adminPage.goto("/admin");
  await expect(adminPage.getByTestId("admin-live-status").getByRole("status")).toHaveText("Live");
  const menuButton = adminPage.getByRole("button", { name: "Menu" });
  await expect(menuButton).toBeVisible();
  await expect(adminPage.getByRole("link", { name: "Reports & Analytics" })).toBeHidden();
  await expect(adminPage.getByRole("region", { name: "Programme settings" })).toHaveCount(0);
  const list = adminPage.getByTestId("pending-referral-list");
  await expect(list.getByRole("listitem").first()).toBeVisible();
  const listTop = (await list.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(listTop, "the list starts on the first screen").toBeLessThan(844);
  await expectNoPageScrollSideways(adminPage);
  await expectNoSeriousA11yViolations(adminPage, "j27-01-admin-panel-phone");

  // --- The header's buttons, from the Menu ---
  await menuButton.click();
  const menu = adminPage.getByRole("dialog", { name: "Admin Panel" });
  await expect(menu.getByRole("link", { name: "Reports & Analytics" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "My Account" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage, "j27-02-admin-menu", { modal: true });
  await menu.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();

  // --- The tabs scroll sideways, with a cue at the edge that has more; Settings is the last ---
  await expect(adminPage.getByTestId("scroll-cue-end")).toBeVisible();
  await openAdminTab(adminPage, "Settings");
  const settings = adminPage.getByRole("region", { name: "Programme settings" });
  await expect(settings.getByTestId("credit-rate")).toBeVisible();
  await expect(adminPage.getByRole("tab", { name: "Settings" })).toBeInViewport();
  await expect(adminPage.getByTestId("scroll-cue-start")).toBeVisible();
  await expectNoPageScrollSideways(adminPage);
  await expectNoSeriousA11yViolations(adminPage, "j27-03-settings-tab");

  // --- A referral added while the administrator watches the pending list: on top, highlighted ---
  await openAdminTab(adminPage, "Pending Referrals");
  await expect(list.getByRole("listitem").first()).toBeVisible();
  const friend = `Newest ${customer.firstName} Friend`;
  await addReferral(session, { name: friend, phone: uniqueUkMobile() });
  const arrived = list.getByRole("listitem").filter({ hasText: friend });
  await expect(arrived).toHaveAttribute("data-new", "true");
  await expect(arrived).toContainText("New");
  await expect(arrived).toBeInViewport();
  // Above every row shown before (others' arrivals may sit beside it).
  await expect(list.getByRole("listitem").first()).toHaveAttribute("data-new", "true");
  await expectNoSeriousA11yViolations(adminPage, "j27-04-new-referral-on-top");

  // --- All Customers sorted by name: a new registration waits behind the "N new" pill ---
  await openAdminTab(adminPage, "All Customers");
  await adminPage.getByRole("combobox", { name: "Sort by" }).selectOption("NAME_ASC");
  const rows = adminPage.getByTestId("customer-row");
  await expect(rows.first()).toBeVisible();
  const { customer: newcomer } = await createCustomer("Aaron", "Newcomer", { state: "pending" });
  const pill = adminPage.getByTestId("new-rows-pill");
  await expect(pill).toHaveText(/^\d+ new$/);
  await expectNoSeriousA11yViolations(adminPage, "j27-05-new-customers-pill");
  await pill.click();
  const newcomerRow = rows.filter({ hasText: newcomer.fullName });
  await expect(newcomerRow).toHaveAttribute("data-new", "true");
  await expect(newcomerRow).toBeInViewport();
  await expect(rows.first()).toHaveAttribute("data-new", "true");
  await expect(pill).toBeHidden();

  // --- The customer's page: sections to jump to, the ledger as entries, the reason box full width ---
  await adminPage.goto(`/admin/customers/${customer.customerId}`);
  await expect(adminPage.getByRole("heading", { level: 1, name: customer.fullName })).toBeVisible();
  await expect(adminPage.getByRole("navigation", { name: "Sections of this page" })).toBeVisible();
  const ledger = adminPage.getByRole("region", { name: "Credit ledger table" });
  const entry = ledger.getByTestId("ledger-line").first();
  await expect(entry).toContainText("Credit");
  await expect(entry).toContainText(`Bought ${customer.firstName} Friend`);
  // An entry, not a table row: its cells one under another, and nothing to scroll sideways.
  await expect(entry).toHaveCSS("display", "block");
  expect(await ledger.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await adminPage
    .getByRole("navigation", { name: "Sections of this page" })
    .getByRole("link", { name: "Ledger" })
    .click();
  await expect(adminPage.getByRole("heading", { name: "Credit Ledger" })).toBeInViewport();
  await expectNoPageScrollSideways(adminPage);
  await expectNoSeriousA11yViolations(adminPage, "j27-06-customer-page");

  const purchases = adminPage.getByRole("region", { name: "Live purchases table" });
  const reason = purchases.getByRole("textbox", { name: /Cancellation reason for/ });
  await reason.scrollIntoViewIfNeeded();
  const reasonWidth = (await reason.boundingBox())?.width ?? 0;
  const entryWidth = (await purchases.getByTestId("purchased-referral").first().boundingBox())?.width ?? 0;
  expect(reasonWidth, "the cancellation reason box is as wide as its entry").toBeGreaterThan(entryWidth * 0.8);
  await expectNoSeriousA11yViolations(adminPage, "j27-07-customer-page-purchases");
});
