// Journey 14: the administrator reads the email outbox, filtered by type and status, and finds the
// emails of a customer just rejected. (Retrying a failed email is covered by api/src/emails/retry.test.ts
// and the panel's component test: making the shared mail catcher refuse would disturb the other journeys.)
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { createCustomer } from "../support/api.ts";
import { waitForEmail } from "../support/mailbox.ts";
import { expect, openAdminTab, test } from "../support/pages.ts";

test("the outbox filtered by type and status shows a new customer's emails with their status and attempts", async ({
  adminPage,
}) => {
  const { customer } = await createCustomer("Ola", "Nowak", { state: "rejected" });
  await waitForEmail(customer.email, "Your registration needs attention");

  await adminPage.goto("/admin?tab=email-system");
  await openAdminTab(adminPage, "Email System");
  const outbox = adminPage.getByTestId("email-outbox");
  await expect(outbox.getByRole("region", { name: "Email outbox" })).toBeVisible();
  await expect(outbox.getByRole("button", { name: /^Retry all failed \(\d+\)$/ })).toBeVisible();

  // Newest first, all types: the confirmation link, the registration received, the rejection.
  const customerEmails = outbox.getByTestId("outbox-email").filter({ hasText: `To ${customer.email}` });
  await expect(customerEmails).toHaveCount(3);

  await outbox.getByLabel("Type").selectOption({ label: "Account rejection" });
  await expect(customerEmails).toHaveCount(1);
  await expect(customerEmails).toContainText("Account rejection");
  await expect(outbox.getByTestId("outbox-email").filter({ hasNotText: "Account rejection" })).toHaveCount(0);

  // Both filters at once: the customer's sent confirmation email, sent in one attempt.
  await outbox.getByLabel("Status").selectOption({ label: "Sent" });
  await outbox.getByLabel("Type").selectOption({ label: "Email confirmation" });
  await expect(customerEmails).toContainText("Email confirmation");
  await expect(customerEmails).toContainText("Sent");
  await expect(customerEmails).toContainText("Attempts1");
  await expect(outbox.getByTestId("outbox-email").filter({ hasNotText: "Sent" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(adminPage, "j14-01-outbox-filtered");
});
