// Journey 17: the administrator cancels a friend's purchase from the customer's page with a reason;
// the customer is told by an activity and an email (read from the SMTP catcher) giving the amount
// reversed, the reason and the credits left, and the customer's page lists the email.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { addReferral, createCustomer, uniqueUkMobile, verifyPurchase } from "../support/api.ts";
import { lastEmailSequence, waitForEmail } from "../support/mailbox.ts";
import { expect, notice, signInThroughApi, test } from "../support/pages.ts";

const REASON = "Order returned within 14 days";

test("the administrator cancels a purchase with a reason → the customer gets an activity and an email", async ({
  page,
  adminPage,
}) => {
  // £1,000.00 bought by Mia (£110.00 at 11%), £200.00 by Theo (£22.00): £22.00 left after the cancellation.
  const { customer, session } = await createCustomer("Owain", "Reese");
  const cancelled = await addReferral(session, { name: "Mia Long", phone: uniqueUkMobile() });
  const kept = await addReferral(session, { name: "Theo Kept", phone: uniqueUkMobile() });
  await verifyPurchase(cancelled, "1000.00", "Invoice J17-1");
  await verifyPurchase(kept, "200.00", "Invoice J17-2");
  const before = await lastEmailSequence();

  await adminPage.goto(`/admin/customers/${customer.customerId}`);
  await expect(adminPage.getByRole("heading", { level: 1, name: customer.fullName })).toBeVisible();
  await adminPage.getByLabel("Cancellation reason for Mia Long").fill(REASON);
  const row = adminPage.getByTestId("purchased-referral").filter({ hasText: "Mia Long" });
  await row.getByRole("button", { name: "Cancel Purchase" }).click();
  const confirm = adminPage.getByRole("alertdialog", { name: "Cancel Purchase" });
  await expect(confirm).toContainText(REASON);
  await confirm.getByRole("button", { name: "Cancel Purchase" }).click();
  await expect(notice(adminPage, "Referral Cancelled")).toBeVisible();

  const email = await waitForEmail(customer.email, "A referral's purchase was cancelled", { afterSequence: before });
  expect(email.text).toContain(
    "Mia Long's purchase was cancelled, so the £110.00 in credits it earned you has been reversed.",
  );
  expect(email.text).toContain(REASON);
  expect(email.text).toContain("Your credits now total £22.00.");

  // The customer's page lists it among their emails, by its type's name.
  await adminPage.reload();
  await expect(
    adminPage.getByTestId("story-email").filter({ hasText: "A referral's purchase was cancelled" }),
  ).toContainText("Purchase cancelled");
  await expectNoSeriousA11yViolations(adminPage, "j17-01-customer-emails-after-cancellation");

  await signInThroughApi(page, customer);
  await page.goto("/home");
  await expect(page.getByTestId("recent-activity")).toContainText(
    `Mia Long's purchase was cancelled (other reason): £110.00 of credit taken back. Reason: ${REASON}`,
  );
  await expectNoSeriousA11yViolations(page, "j17-02-cancellation-activity");
});
