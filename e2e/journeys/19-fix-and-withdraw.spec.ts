// Journey 19: a customer fixes a typo in a friend's email, withdraws another friend (their details
// erased at once), then refers the withdrawn friend again.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { addReferral, createCustomer, uniqueTag, uniqueUkMobile } from "../support/api.ts";
import { dismissNotices, expect, notice, signInThroughApi, test } from "../support/pages.ts";

test("a customer fixes a friend's email, withdraws another friend, then refers them again", async ({ page }) => {
  const { customer, session } = await createCustomer("Nora", "Fixer");
  // Unique per run: the phone and desktop runs share one server, where a friend's email is referred once.
  const mailbox = `priya.shah.${uniqueTag()}`;
  await addReferral(session, { name: "Priya Shah", phone: uniqueUkMobile(), email: `${mailbox}@exmaple.com` });
  const danPhone = uniqueUkMobile();
  await addReferral(session, { name: "Dan Wells", phone: danPhone });

  await signInThroughApi(page, customer);
  await page.goto("/home?tab=referrals");
  const list = page.getByTestId("referral-list");
  const priya = list.getByRole("listitem").filter({ hasText: "Priya Shah" });
  await expect(priya).toContainText(`${mailbox}@exmaple.com`);

  // Edit opens the add form with Priya's details; only the email changes.
  await priya.getByRole("button", { name: "Edit Priya Shah" }).click();
  const sheet = page.getByRole("dialog", { name: "Edit Referral" });
  await expect(sheet.getByLabel("Full Name")).toHaveValue("Priya Shah");
  const email = sheet.getByLabel("Email");
  await expect(email).toHaveValue(`${mailbox}@exmaple.com`);
  await email.fill(`${mailbox}@example.com`);
  await expectNoSeriousA11yViolations(page, "j19-01-edit-referral", { modal: true });
  await sheet.getByRole("button", { name: "Save Changes" }).click();
  await expect(notice(page, "Referral Updated")).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(priya).toContainText(`${mailbox}@example.com`);
  await dismissNotices(page);

  // Withdraw asks first, and says the details go.
  const dan = list.getByRole("listitem").filter({ hasText: "Dan Wells" });
  await dan.getByRole("button", { name: "Withdraw Dan Wells" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Withdraw Dan Wells?" });
  await expect(confirm).toContainText("will be erased straight away");
  await expectNoSeriousA11yViolations(page, "j19-02-withdraw-confirm", { modal: true });
  await confirm.getByRole("button", { name: "Withdraw and erase" }).click();
  await expect(notice(page, "Referral Withdrawn")).toBeVisible();
  const withdrawn = list.getByRole("listitem").filter({ hasText: "Withdrawn · details erased" });
  await expect(withdrawn).toHaveCount(1);
  await expect(dan).toHaveCount(0);
  await dismissNotices(page);

  // Dan can be referred again straight away: the withdrawn referral blocks nobody.
  await page.getByRole("button", { name: "Add Referral" }).first().click();
  const add = page.getByRole("dialog", { name: "Add Referral" });
  await add.getByLabel("Full Name").fill("Dan Wells");
  await add.getByLabel("Phone Number").fill(danPhone);
  await add.getByRole("button", { name: "Add Referral" }).click();
  await expect(notice(page, "Referral Added!")).toBeVisible();
  await expect(list.getByRole("listitem").first()).toContainText("Dan Wells");
  await expect(list.getByRole("listitem").first()).toContainText("Pending");
  await expect(withdrawn).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, "j19-03-referrals-after");
});
