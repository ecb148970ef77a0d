// Journey 29, on a phone with JavaScript off: a friend opens a customer's share link, adds their own
// details with consent through the plain form, and becomes the customer's referral "added through
// your link"; the emailed withdrawal link erases them again (docs/rules/share-links.md).
import { createCustomer, uniqueTag, uniqueUkMobile } from "../support/api.ts";
import { linkIn, waitForEmail } from "../support/mailbox.ts";
import { expect, test } from "../support/pages.ts";

test.use({ javaScriptEnabled: false });

/** The share link page refuses a form sent back sooner than this after it was served (a bot's speed). */
const MIN_FILL_MS = 3_000;

test("a friend adds their details through the share link with JavaScript off, and withdraws them through the emailed link", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "journeys-phone", "a phone journey: the desktop project runs the others");
  const { customer, session } = await createCustomer("Shona", "Sharer");
  const link = await session.get<{ code: string; url: string }>("/api/referrals/share-link");
  const tag = uniqueTag();
  const friendName = `Fenella Friend ${tag}`;
  const friendEmail = `fenella.${tag.toLowerCase()}@example.com`;

  await page.goto(`/r/${link.code}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${customer.firstName} thinks you may like a quote`);
  await expect(page.locator("body")).not.toContainText(customer.lastName);
  await page.getByLabel("Your full name").fill(friendName);
  await page.getByLabel("Your phone number").fill(uniqueUkMobile());
  await page.getByLabel("Your email").fill(friendEmail);
  await page.getByLabel("Your postcode").fill("LS2 7EW");
  await page.getByLabel(/I agree that .* may contact me about a quote/).check();
  // A person takes a few seconds over a form: wait until the served time in the form says so.
  const servedAt = Number((await page.locator("input[name=stamp]").inputValue()).split(".")[0]);
  await expect.poll(() => Date.now() - servedAt, { timeout: 10_000 }).toBeGreaterThan(MIN_FILL_MS + 500);
  await page.getByRole("button", { name: "Send my details" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you");

  const referrals = await session.get<{ name: string; channel: string }[]>("/api/referrals");
  expect(referrals.find((referral) => referral.name === friendName)?.channel).toBe("share_link");

  const email = await waitForEmail(friendEmail, "Your details were added");
  await page.goto(linkIn(email, `${new URL(link.url).origin}/r/withdraw?token=`).replace(new URL(link.url).origin, ""));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Withdraw your details");
  await page.getByRole("button", { name: "Erase my details" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your details were erased");
  const after = await session.get<{ name: string | null }[]>("/api/referrals");
  expect(after.some((referral) => referral.name === friendName)).toBe(false);
});
