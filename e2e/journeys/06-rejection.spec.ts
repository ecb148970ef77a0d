// Journey 6: the administrator rejects a registration with a reason, the customer reads it (on
// screen and by email), corrects the details and resubmits, and the registration is pending again.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { baseUrl, createCustomer } from "../support/api.ts";
import { linkIn, waitForEmail } from "../support/mailbox.ts";
import { dismissNotices, expect, notice, openAdminTab, signInThroughApi, test } from "../support/pages.ts";

test("rejection with a reason → the customer sees it, corrects the details, resubmits → pending again", async ({
  page,
  adminPage,
}) => {
  const { customer } = await createCustomer("Leo", "Martins", { state: "pending", purchase: "4100.00" });
  const reason = `We could not find contract number ${customer.contractNumber}. Please check it against your paperwork.`;
  const correctedContract = `${customer.contractNumber}-A`;

  await adminPage.goto("/admin?tab=customer-approval");
  await openAdminTab(adminPage, "Customer Approval");
  const card = adminPage.getByRole("article", { name: customer.fullName });
  await card.getByRole("button", { name: "Reject Application" }).click();
  const reject = adminPage.getByRole("alertdialog", { name: "Reject Application" });
  const confirm = reject.getByRole("button", { name: "Confirm Rejection" });
  await expect(confirm).toBeDisabled();
  await reject.getByLabel("Reason for rejection").fill(reason);
  await expect(confirm).toBeEnabled();
  await expectNoSeriousA11yViolations(adminPage, "j6-01-admin-reject-dialog", { modal: true });
  await confirm.click();
  await expect(notice(adminPage, "Customer Rejected")).toContainText(
    `${customer.fullName} has been emailed the reason`,
  );
  await expect(card).toBeHidden();

  // The reason reaches the customer by email, with a link to correct the details.
  const email = await waitForEmail(customer.email, "Your registration needs attention");
  expect(email.text).toContain(reason);
  expect(linkIn(email, baseUrl())).toBe(`${baseUrl()}/registration`);

  await signInThroughApi(page, customer);
  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 1, name: "Registration Not Approved" })).toBeVisible();
  await expect(page.getByTestId("rejection-reason")).toHaveText(reason);
  await expectNoSeriousA11yViolations(page, "j6-02-registration-not-approved");

  await page.getByRole("link", { name: "Correct My Details" }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByTestId("rejection-reason")).toContainText(customer.contractNumber);
  const form = page.getByRole("form", { name: "Complete registration" });
  await expect(form.getByLabel("Original Purchase Amount (£)")).toHaveValue("4100.00");
  await expect(form.getByLabel("Postcode")).toHaveValue(customer.postcode);
  await expect(form.getByLabel("Contract Number")).toHaveValue(customer.contractNumber);
  await form.getByLabel("Contract Number").fill(correctedContract);
  await form.getByRole("button", { name: "Terms and Conditions" }).click();
  await page.getByRole("dialog", { name: "Terms and Conditions" }).getByRole("button", { name: "I Accept" }).click();
  await expectNoSeriousA11yViolations(page, "j6-03-registration-corrected");
  await form.getByRole("button", { name: "Complete Registration" }).click();

  await expect(notice(page, "Registration Successful!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Account Under Review" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(correctedContract);
  await dismissNotices(page);
  await expectNoSeriousA11yViolations(page, "j6-04-pending-again");

  // Back in the administrator's queue, with the corrected contract number.
  await adminPage.reload();
  await openAdminTab(adminPage, "Customer Approval");
  await expect(adminPage.getByRole("article", { name: customer.fullName })).toContainText(correctedContract);
});
