// Journey 30, on a phone (390 × 844): a customer copies their share link; a friend in a fresh
// browser opens it and adds their own details with consent; the customer's list says the friend
// came through the link; an administrator verifies the friend's purchase and the customer's credits
// rise; the friend withdraws through the emailed link and is gone from every screen.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { baseUrl, createCustomer, uniqueTag, uniqueUkMobile } from "../support/api.ts";
import { hydrated } from "../support/hydration.ts";
import { linkIn, waitForEmail } from "../support/mailbox.ts";
import { dismissNotices, expect, notice, signInThroughApi, test } from "../support/pages.ts";

const PHONE = { width: 390, height: 844 };
/** The friend's page refuses a form sent back sooner than this after it was served (a bot's speed). */
const MIN_FILL_MS = 3_000;

test("on a phone, a friend adds themselves through a customer's share link, buys, and later withdraws", async ({
  page,
  adminPage,
  newWindow,
}, testInfo) => {
  test.skip(testInfo.project.name !== "journeys-phone", "a phone journey: the desktop project runs the others");
  expect(page.viewportSize()).toEqual(PHONE);
  const { customer } = await createCustomer("Rita", "Sharer");
  const tag = uniqueTag();
  const friend = { name: `Felix Friend ${tag}`, phone: uniqueUkMobile(), email: `felix.${tag}@example.com` };

  // The customer copies their link from Home.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  await signInThroughApi(page, customer);
  await page.goto("/home");
  const panel = page.getByTestId("share-panel");
  await expect(panel.getByRole("heading", { name: "Share your link" })).toBeVisible();
  const field = panel.getByLabel("Your link");
  const link = await field.inputValue();
  expect(link).toMatch(new RegExp(`^${baseUrl()}/r/[A-Za-z0-9]+$`));
  await expect(panel.getByTestId("share-link-figures")).toHaveText("Link opens0Sign-ups0");
  const copy = panel.getByRole("button", { name: "Copy link" });
  // The server rendered /home: the button acts once React has adopted it.
  await hydrated(copy);
  await copy.click();
  await expect(panel.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(panel.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
  await panel.getByRole("button", { name: "Show QR code" }).click();
  await expect(panel.getByRole("img", { name: `QR code for ${link}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j30-01-home-share-panel");

  // A friend, in a browser of their own, opens the link: the programme and the customer's first name only.
  const friendPage = await newWindow();
  await friendPage.goto(link);
  await expect(friendPage.getByRole("heading", { level: 1 })).toHaveText(
    `${customer.firstName} thinks you may like a quote`,
  );
  await expect(friendPage.locator("body")).not.toContainText(customer.lastName);
  await friendPage.getByLabel("Your full name").fill(friend.name);
  await friendPage.getByLabel("Your phone number").fill(friend.phone);
  await friendPage.getByLabel("Your email").fill(friend.email);
  // Not the customer's own LS1 4AP: that postcode is a fraud signal (docs/rules/fraud.md, SAME_POSTCODE).
  await friendPage.getByLabel("Your postcode").fill("LS6 3HN");
  await friendPage.getByLabel(/I agree that .* may contact me about a quote/).check();
  await expectNoSeriousA11yViolations(friendPage, "j30-02-friend-page");
  // The page refuses a form sent back faster than a person fills it: wait as a person would.
  const servedAt = Number((await friendPage.locator("input[name=stamp]").inputValue()).split(".")[0]);
  await expect.poll(() => Date.now() - servedAt, { timeout: 10_000 }).toBeGreaterThan(MIN_FILL_MS + 500);
  await friendPage.getByRole("button", { name: "Send my details" }).click();
  await expect(friendPage.getByRole("heading", { level: 1 })).toHaveText("Thank you");
  await expectNoSeriousA11yViolations(friendPage, "j30-03-friend-added");

  // The customer's list names the friend, added through the link; the panel counts the sign-up.
  await page.goto("/home?tab=referrals");
  const row = page.getByTestId("referral-list").getByRole("listitem").filter({ hasText: friend.name });
  await expect(row).toContainText("Pending");
  await expect(row.getByTestId("referral-channel")).toHaveText("Added through your link");
  await expect(page.getByTestId("share-panel").getByTestId("share-link-figures")).toContainText("Sign-ups1");
  await expectNoSeriousA11yViolations(page, "j30-04-referrals-through-link");

  // An administrator sees the link on the customer's page and verifies the friend's purchase.
  await adminPage.goto(`/admin/customers/${customer.customerId}`);
  const shareSection = adminPage.getByRole("region", { name: "Share link" });
  await expect(shareSection.getByText("Active")).toBeVisible();
  await expect(shareSection.getByRole("link", { name: link })).toBeVisible();
  await adminPage.getByRole("button", { name: `Verify Purchase: ${friend.name}` }).click();
  const form = adminPage.getByRole("form", { name: "Verify purchase" });
  await form.getByLabel(/Purchase Amount/).fill("1000.00");
  await form.getByRole("button", { name: "Verify Purchase" }).click();
  await expect(notice(adminPage, "Purchase Verified")).toBeVisible();
  await expect(adminPage.getByTestId("progress-explained")).toHaveText("Progress 11% = £110.00 of £1,000.00");
  await expectNoSeriousA11yViolations(adminPage, "j30-05-admin-verified");

  // The customer's credits rose.
  await page.goto("/home");
  await expect(page.getByText("Potential Credits Earned").locator("..")).toContainText("£110.00");
  await expectNoSeriousA11yViolations(page, "j30-06-home-credits");

  // The friend withdraws through the link in their confirmation email: their details go at once.
  const confirmation = await waitForEmail(friend.email, "Your details were added");
  await friendPage.goto(linkIn(confirmation, `${baseUrl()}/r/withdraw?token=`));
  await expect(friendPage.getByRole("heading", { level: 1 })).toHaveText("Withdraw your details");
  await expectNoSeriousA11yViolations(friendPage, "j30-07-friend-withdraw");
  await friendPage.getByRole("button", { name: "Erase my details" }).click();
  await expect(friendPage.getByRole("heading", { level: 1 })).toHaveText("Your details were erased");

  // Gone from the customer's list and the administrator's page.
  await page.goto("/home?tab=referrals");
  await expect(page.getByTestId("referral-list")).not.toContainText(friend.name);
  await expectNoSeriousA11yViolations(page, "j30-08-referrals-after-withdrawal");
  await dismissNotices(adminPage);
  await adminPage.reload();
  await expect(adminPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(adminPage.locator("main")).not.toContainText(friend.name);
});
