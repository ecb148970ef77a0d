// Journey 21: a way to reach the programme. An administrator sets the programme's contact; a
// customer with a ready milestone sees it as mailto:/tel: links and presses Request payment; an
// administrator finds the request (its count, the requested-only filter) on Milestone Payments and
// pays it, which answers the request.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { addReferral, createCustomer, signedInAdminApi, uniqueUkMobile, verifyPurchase } from "../support/api.ts";
import { dismissNotices, expect, notice, openAdminTab, signInThroughApi, test } from "../support/pages.ts";

test("the contact set, a ready milestone's payment requested by its customer, seen and paid by an administrator", async ({
  page,
  adminPage,
}) => {
  // £1,000.00 purchase: its 33% tranche is £330.00, which a £3,000.00 purchase credits at 11%, short of
  // 66%. No more: above three times the customer's own purchase the friend's would be flagged
  // (docs/rules/fraud.md, AMOUNT_UNUSUAL) and, over £1,000.00, wait for a second administrator.
  const { customer, session } = await createCustomer("Priya", "Shah");
  const referralId = await addReferral(session, { name: "Ravi Shah", phone: uniqueUkMobile() });
  await verifyPurchase(referralId, "3000.00", "Invoice J21");
  const milestone = `33% milestone for ${customer.fullName}`;

  // The administrator sets the contact in the settings panel (the hours differ per run, so it saves).
  await adminPage.goto("/admin?tab=settings");
  const settings = adminPage.getByRole("region", { name: "Programme settings" });
  await settings.getByRole("button", { name: "Change Contact" }).click();
  const contact = adminPage.getByRole("dialog", { name: "Change Programme Contact" });
  await contact.getByLabel("Contact email").fill("help@hng.example");
  await contact.getByLabel("Contact phone").fill("0300 123 4567");
  await contact.getByLabel("Opening hours").fill(`Monday to Friday, 9am to 5pm (${customer.username})`);
  await contact.getByRole("button", { name: "Save Contact" }).click();
  await expect(notice(adminPage, "Contact Updated")).toBeVisible();
  await expect(contact).toBeHidden();
  await expect(settings.getByTestId("programme-contact")).toContainText("help@hng.example · 0300 123 4567");
  await dismissNotices(adminPage);

  // The customer sees the contact as links on the ready milestone and in the footer, and asks for the payment.
  await signInThroughApi(page, customer);
  await page.goto("/milestones");
  const ready = page.getByTestId("milestone-33");
  await expect(ready).toContainText("Ready for payment!");
  await expect(ready.getByRole("link", { name: "help@hng.example" })).toHaveAttribute(
    "href",
    "mailto:help@hng.example",
  );
  await expect(ready.getByRole("link", { name: "0300 123 4567" })).toHaveAttribute("href", "tel:+443001234567");
  const footer = page.getByTestId("customer-footer");
  await expect(footer.getByRole("link", { name: "help@hng.example" })).toHaveAttribute(
    "href",
    "mailto:help@hng.example",
  );
  await ready.getByRole("button", { name: "Request payment of the 33% milestone" }).click();
  await expect(notice(page, "Payment Requested")).toBeVisible();
  await expect(ready.getByTestId("payment-requested")).toContainText("Payment requested on");
  await expect(ready.getByRole("button", { name: /Request payment/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "j21-01-payment-requested");

  // The administrator sees it counted in the tab, finds it with the filter, and pays it.
  await adminPage.goto("/admin?tab=milestone-payments");
  await openAdminTab(adminPage, "Milestone Payments");
  await expect(adminPage.getByTestId("count-milestonePayments")).toContainText("requested");
  await adminPage.getByText("Only payments customers requested").click();
  const card = adminPage.getByRole("article", { name: customer.fullName, exact: true });
  await expect(card.getByTestId("payment-requested")).toContainText("Payment requested");
  await expectNoSeriousA11yViolations(adminPage, "j21-02-requested-payments");
  await card.getByRole("button", { name: `Process Payment: ${milestone}` }).click();
  const pay = adminPage.getByRole("dialog", { name: "Process Milestone Payment" });
  await pay.getByRole("button", { name: "Process Payment" }).click();
  await expect(notice(adminPage, "Milestone payment processed")).toBeVisible();
  await expect(card).toBeHidden();

  // Paid, the request no longer counts: it leaves the requested list, and the customer sees the milestone Paid.
  const admin = await signedInAdminApi();
  const requested = await admin.get<{ customerId: number }[]>("/api/admin/pending-milestones?requested=true");
  expect(requested.map((item) => item.customerId)).not.toContain(customer.customerId);
  await page.reload();
  await expect(page.getByTestId("milestone-33")).toContainText("Paid");
});
