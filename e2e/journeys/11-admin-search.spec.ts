// Journey 11: the administrator finds a referral by a phone typed in another format, a customer by
// a misspelt name, and filters All Customers (docs/rules/lists.md).
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { addReferral, createCustomer, uniqueUkMobile } from "../support/api.ts";
import { expect, openAdminTab, test } from "../support/pages.ts";

test("the administrator searches the lists by phone and a misspelt name, and filters All Customers", async ({
  adminPage,
}) => {
  const { customer, session } = await createCustomer("Rosalind", "Featherstonehaugh");
  const phone = uniqueUkMobile(); // "07123 5xxxxx"
  await addReferral(session, { name: "Benedict Quayle", phone });
  const international = `+44 ${phone.slice(1)}`; // the same number as "+44 7123 5xxxxx"

  await adminPage.goto("/admin?tab=pending-referrals");
  await openAdminTab(adminPage, "Pending Referrals");
  await adminPage.getByRole("searchbox", { name: "Search pending referrals" }).fill(international);
  await expect(adminPage).toHaveURL(/[?&]q=/);
  const found = adminPage.getByRole("button", { name: "Benedict Quayle" });
  await expect(found).toBeVisible();
  await expect(adminPage.getByTestId("pending-referral-list").getByRole("listitem")).toHaveCount(1);
  await expectNoSeriousA11yViolations(adminPage, "j11-01-pending-referrals-search");

  await openAdminTab(adminPage, "All Customers");
  const search = adminPage.getByRole("searchbox", { name: "Search customers" });
  await search.fill("Rosalnd Featherstonehaugh");
  const row = adminPage.getByTestId("customer-row").filter({ hasText: customer.fullName });
  await expect(row).toBeVisible();
  await adminPage.getByRole("combobox", { name: "Status" }).selectOption("VERIFIED");
  await adminPage.getByRole("combobox", { name: "Stage" }).selectOption("REFERRING");
  await expect(row).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage, "j11-02-all-customers-search-filters");
  await adminPage.getByRole("combobox", { name: "Stage" }).selectOption("EARNING");
  await expect(adminPage.getByText("No matching customers")).toBeVisible();
  await expect(row).toBeHidden();
});
