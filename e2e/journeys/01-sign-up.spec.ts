// Journey 1: a visitor signs up from the landing page, meets each registration message in the
// registration's order, accepts the terms and waits for review.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { baseUrl, newPerson } from "../support/api.ts";
import { linkIn, waitForEmail } from "../support/mailbox.ts";
import { dismissNotices, expect, notice, test } from "../support/pages.ts";

test("landing → Get Started → Create one here → account → Complete Registration → Terms → Account Under Review", async ({
  page,
}) => {
  const person = newPerson("Nia", "Okafor");

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Earn Rewards for Every Referral" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j1-01-landing");

  await page.getByRole("button", { name: "Get Started Now" }).click();
  const signIn = page.getByRole("dialog", { name: "Sign In" });
  await expect(signIn).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j1-02-sign-in-dialog", { modal: true });

  await signIn.getByRole("link", { name: "Create one here" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=create-account$/);
  await expect(page.getByRole("tab", { name: "Create Account", selected: true })).toBeVisible();
  const account = page.getByRole("form", { name: "Create account" });
  await account.getByLabel("First Name").fill(person.firstName);
  await account.getByLabel("Last Name").fill(person.lastName);
  await account.getByLabel("Username").fill(person.username);
  await account.getByLabel("Email").fill(person.email);
  await account.getByLabel("Password").fill(person.password);
  await expectNoSeriousA11yViolations(page, "j1-03-create-account");
  await account.getByRole("button", { name: "Create Account" }).click();
  await expect(notice(page, "Account created!")).toContainText("Welcome to the HNG Referral Scheme.");

  // No customer profile yet: /home sends the new user on to Complete Registration.
  await expect(page).toHaveURL(/\/registration$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Complete Registration" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j1-04-complete-registration");

  const form = page.getByRole("form", { name: "Complete registration" });
  const submit = form.getByRole("button", { name: "Complete Registration" });
  // In the registration's order (docs/rules/customers.md): amount, postcode, contract number, terms; each fixed in turn.
  const steps: { title: string; message: string; screen: string; fix: () => Promise<void> }[] = [
    {
      title: "Invalid Amount",
      message: "Please enter a valid purchase amount.",
      screen: "j1-05-invalid-amount",
      fix: () => form.getByLabel("Original Purchase Amount (£)").fill("2400.00"),
    },
    {
      title: "Missing Postcode",
      message: "Please enter your postcode.",
      screen: "j1-06-missing-postcode",
      fix: () => form.getByLabel("Postcode").fill("m1 1ae"),
    },
    {
      title: "Missing Contract Number",
      message: "Please enter your contract number.",
      screen: "j1-07-missing-contract-number",
      fix: () => form.getByLabel("Contract Number").fill("HNG-J1-0001"),
    },
    {
      title: "Terms Required",
      message: "Please accept the Terms and Conditions to continue.",
      screen: "j1-08-terms-required",
      fix: async () => {},
    },
  ];
  for (const step of steps) {
    await submit.click();
    await expect(notice(page, step.title)).toContainText(step.message);
    await expect(form.getByText(step.message)).toBeVisible();
    // Only this step's message: the earlier ones were fixed.
    for (const other of steps.filter((candidate) => candidate !== step))
      await expect(form.getByText(other.message)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, step.screen);
    await step.fix();
  }

  await dismissNotices(page);
  await form.getByRole("button", { name: "Terms and Conditions" }).click();
  const terms = page.getByRole("dialog", { name: "Terms and Conditions" });
  await expect(terms).toContainText("Last updated: 28/07/2025");
  await expect(terms.getByRole("heading", { name: "10. Contact" })).toBeAttached();
  await expectNoSeriousA11yViolations(page, "j1-09-terms-dialog", { modal: true });
  await terms.getByRole("button", { name: "I Accept" }).click();
  await expect(terms).toBeHidden();
  await expect(form.getByRole("checkbox", { name: /agree to the Terms and Conditions/ })).toBeChecked();

  await submit.click();
  await expect(notice(page, "Registration Successful!")).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account Under Review" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText("£2,400.00");
  await expect(main).toContainText("M1 1AE");
  await expect(main).toContainText("HNG-J1-0001");
  await expectNoSeriousA11yViolations(page, "j1-10-account-under-review");

  // The address is not confirmed yet: the page says so, and the registration email waits for it.
  const pleaseConfirm = page.getByRole("complementary", { name: "Confirm your email address" });
  await expect(pleaseConfirm).toContainText(`We emailed a confirmation link to ${person.email}.`);
  const confirmEmail = await waitForEmail(person.email, "Confirm your email address");
  await page.goto(linkIn(confirmEmail, `${baseUrl()}/confirm-email?token=`));
  await expect(page.getByRole("heading", { level: 1, name: "Email address confirmed" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j1-11-email-confirmed");
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Account Under Review" })).toBeVisible();
  await expect(pleaseConfirm).toBeHidden();

  // The outbox confirmed the registration by email, through the SMTP server, once the address was.
  const confirmation = await waitForEmail(person.email, "We have received your registration");
  expect(confirmation.text).toContain(`Hello ${person.firstName},`);
});
