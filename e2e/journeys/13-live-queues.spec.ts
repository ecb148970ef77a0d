// Journey 13: the Admin Panel is open; a customer adds a referral through the API, and the Pending
// Referrals count and list show it without a reload (live updates over Server-Sent Events), on top.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { addReferral, createCustomer, uniqueUkMobile } from "../support/api.ts";
import { expect, test } from "../support/pages.ts";

test("the Admin Panel is open → a customer adds a referral → the count and the list show it, no reload", async ({
  adminPage,
}) => {
  const { customer, session } = await createCustomer("Nadia", "Khan");
  await adminPage.goto("/admin");
  const live = adminPage.getByTestId("admin-live-status");
  await expect(live.getByRole("status")).toHaveText("Live");
  await expect(live).toContainText("Updated just now");
  const count = adminPage.getByTestId("count-pendingReferrals");
  await expect(count).toHaveText(/\(\d+\)/);
  const before = Number((await count.textContent())?.replace(/\D/g, ""));
  await expectNoSeriousA11yViolations(adminPage, "j13-01-admin-live");

  let navigations = 0;
  adminPage.on("framenavigated", (frame) => {
    if (frame === adminPage.mainFrame()) navigations++;
  });
  const referralName = `Live ${customer.lastName} Friend`;
  await addReferral(session, { name: referralName, phone: uniqueUkMobile() });

  // Others may add referrals meanwhile: the count has at least this one more.
  await expect
    .poll(async () => Number((await count.textContent())?.replace(/\D/g, "")))
    .toBeGreaterThanOrEqual(before + 1);
  // It arrives on top of the open list (above the rows shown before, with any others that arrived
  // meanwhile), marked New, however long the queue (docs/rules/web-app.md, "New rows").
  const items = adminPage.getByTestId("pending-referral-list").getByRole("listitem");
  const row = items.filter({ hasText: referralName });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute("data-new", "true");
  await expect(row).toContainText("New");
  await expect(items.first()).toHaveAttribute("data-new", "true");
  expect(navigations, "the page was not reloaded").toBe(0);
  await expectNoSeriousA11yViolations(adminPage, "j13-02-admin-live-updated");
});
