// Journey 28, on a phone (390 × 844): an administrator cancels a friend's purchase and the customer's
// row and feed say who, why and how much; the customer withdraws another friend and the name leaves
// every screen at once, with no reload; the account settings are short rows that open sheets.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import {
  addReferral,
  createCustomer,
  signedInAdminApi,
  uniqueTag,
  uniqueUkMobile,
  verifyPurchase,
} from "../support/api.ts";
import { dismissNotices, expect, notice, signInThroughApi, test } from "../support/pages.ts";

const PHONE = { width: 390, height: 844 };

test("on a phone, every change a customer did not make is explained where it happened, a withdrawn name leaves every screen, and settings open as sheets", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "journeys-phone", "a phone journey: the desktop project runs the others");
  expect(page.viewportSize()).toEqual(PHONE);
  const { customer, session } = await createCustomer("Maya", "Phone");
  const tag = uniqueTag();
  // Long enough to be cut beside the status badge on a phone if the row did not wrap it.
  const carla = `Carla Returned Underwood ${tag}`;
  const wes = `Wes Leaving ${tag}`;
  const carlaId = await addReferral(session, { name: carla, phone: uniqueUkMobile() });
  await addReferral(session, { name: wes, phone: uniqueUkMobile() });
  await verifyPurchase(carlaId, "1000.00", "Sofa");

  // "made a purchase" names the friend.
  await signInThroughApi(page, customer);
  await page.goto("/home");
  const feed = page.getByTestId("recent-activity");
  await expect(feed).toContainText(`${carla} made a purchase: you earned £110.00 in credits`);
  await expectNoSeriousA11yViolations(page, "j28-01-home-purchase-named");

  // The administrator cancels the purchase: goods returned.
  const admin = await signedInAdminApi();
  await admin.post(`/api/admin/cancel-referral/${carlaId}`, { reason: "Sofa sent back", category: "goods_returned" });

  // The friend's row says it was cancelled, why, and the credit taken back; the name is whole.
  await page.goto("/home?tab=referrals");
  const list = page.getByTestId("referral-list");
  const carlaRow = list.getByRole("listitem").filter({ hasText: carla });
  await expect(carlaRow).toContainText("Pending");
  await expect(carlaRow.getByTestId("referral-cancellation")).toContainText(
    "(goods returned): £110.00 of credit taken back.",
  );
  const name = carlaRow.getByTestId("referral-name");
  await expect(name).toHaveText(carla);
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // The badge took a line of its own, under the name, rather than cut it.
  const nameBox = await name.boundingBox();
  const badgeBox = await carlaRow.getByText("Pending", { exact: true }).boundingBox();
  expect(nameBox && badgeBox && badgeBox.y >= nameBox.y + nameBox.height - 1).toBe(true);
  await expectNoSeriousA11yViolations(page, "j28-02-referral-cancellation-explained");

  // The feed names the friend, the category, the credit taken back (and the reason given).
  await page.goto("/activity");
  await expect(
    page.getByText(
      `${carla}'s purchase was cancelled (goods returned): £110.00 of credit taken back. Reason: Sofa sent back`,
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j28-03-activity-cancellation-named");

  // Home has loaded "Referral added: Wes …"; the customer withdraws Wes from the Referrals tab.
  await page.goto("/home");
  await expect(feed).toContainText(`Referral added: ${wes}`);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Referrals" }).click();
  const wesRow = list.getByRole("listitem").filter({ hasText: wes });
  await wesRow.getByRole("button", { name: `Withdraw ${wes}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Withdraw ${wes}?` });
  await expectNoSeriousA11yViolations(page, "j28-04-withdraw-confirm", { modal: true });
  await confirm.getByRole("button", { name: "Withdraw and erase" }).click();
  await expect(notice(page, "Referral Withdrawn")).toBeVisible();
  await dismissNotices(page);
  await expect(list.getByRole("listitem").filter({ hasText: "Withdrawn referral" })).toHaveCount(1);
  await expect(page.locator("body")).not.toContainText(wes);
  await expectNoSeriousA11yViolations(page, "j28-05-referrals-after-withdrawal");

  // Back on Home, no reload: the feed's entry about Wes has lost the name.
  await nav.getByRole("link", { name: "Home" }).click();
  await expect(feed).toContainText("Referral withdrawn: their details were erased");
  await expect(feed).toContainText("Referral added");
  await expect(page.locator("body")).not.toContainText(wes);
  await expectNoSeriousA11yViolations(page, "j28-06-home-after-withdrawal");
  await page.getByRole("link", { name: "See all activity" }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByText("Referral withdrawn: their details were erased")).toBeVisible();
  await expect(page.locator("body")).not.toContainText(wes);

  // Account settings: short rows on one screen, each opening a bottom sheet with its one form.
  await page.goto("/account");
  const rows = page.getByTestId("account-rows").getByRole("button");
  await expect(rows).toHaveText([
    `Name ${customer.fullName}`,
    new RegExp(`^Email ${customer.email.replace(/[.+]/g, "\\$&")}`),
    "Password Change your password",
    "Your data Download it, or delete your account",
  ]);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(PHONE.height);
  await expectNoSeriousA11yViolations(page, "j28-07-account-rows");
  for (const [title, form, currentPasswords] of [
    ["Name", "Your name", 0],
    ["Email", "Change email address", 1],
    ["Password", "Change password", 1],
  ] as const) {
    await page.getByRole("button", { name: new RegExp(`^${title} `) }).click();
    const sheet = page.getByRole("dialog", { name: title });
    await expect(sheet.getByRole("form", { name: form })).toBeVisible();
    await expect(sheet.getByLabel("Current password")).toHaveCount(currentPasswords);
    await expect(page.getByRole("form")).toHaveCount(1);
    // A bottom sheet: it rests on the bottom of the screen.
    const box = await sheet.boundingBox();
    expect(box && Math.abs(box.y + box.height - PHONE.height) <= 1).toBe(true);
    await expectNoSeriousA11yViolations(page, `j28-08-account-sheet-${title.toLowerCase()}`, { modal: true });
    await sheet.getByRole("button", { name: "Close" }).click();
    await expect(sheet).toBeHidden();
  }
  await page.getByRole("button", { name: /^Your data / }).click();
  const data = page.getByRole("dialog", { name: "Your data" });
  await expect(data.getByRole("link", { name: "Download my data" })).toHaveAttribute("href", "/api/me/data");
  await expect(data.getByRole("button", { name: "Delete my account" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j28-09-account-sheet-your-data", { modal: true });
});
