// Journey 16: a friend who never buys. Ten days before the 90 days end, the customer is warned (the
// row, an activity, an email); at the end the referral expires and its details are erased (the row,
// an activity, an email). The referral is aged in the database and the server's real expiry job,
// run every second on the journeys' server, acts on it (e2e/support/expiry.ts); the emails are read
// from the SMTP catcher.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { addReferral, baseUrl, createCustomer, uniqueUkMobile } from "../support/api.ts";
import { ageReferral, londonDay } from "../support/expiry.ts";
import { lastEmailSequence, linkIn, waitForEmail } from "../support/mailbox.ts";
import { expect, signInThroughApi, test } from "../support/pages.ts";

test("a referral's expiry: warned 10 days before, then expired and erased, in the row, the feed and two emails", async ({
  page,
}) => {
  const { customer, session } = await createCustomer("Esme", "Walsh");
  const referralId = await addReferral(session, { name: "Anna Cole", phone: uniqueUkMobile() });
  await signInThroughApi(page, customer);
  await page.goto("/home?tab=referrals");
  const rows = page.getByTestId("referral-list").getByRole("listitem");
  await expect(rows.filter({ hasText: "Anna Cole" })).toContainText("90 days left");

  // Nine and a half days left: the next run of the job warns.
  const beforeWarning = await lastEmailSequence();
  const expiresAt = await ageReferral(referralId, 9.5);
  const day = londonDay(expiresAt);
  const warning = await waitForEmail(customer.email, `A referral expires on ${day}`, {
    afterSequence: beforeWarning,
  });
  expect(warning.text).toContain(
    `Anna Cole's referral expires on ${day}: if they are planning a purchase, let us know.`,
  );

  // The email's link opens the referrals, where the row names the day too.
  await page.goto(linkIn(warning, `${baseUrl()}/home?tab=referrals`));
  await expect(rows.filter({ hasText: "Anna Cole" })).toContainText(`Expires on ${day}`);
  await expectNoSeriousA11yViolations(page, "j16-01-referral-expiring");
  await page.goto("/home");
  await expect(page.getByTestId("recent-activity")).toContainText(
    `Anna Cole's referral expires on ${day}: if they are planning a purchase, let us know`,
  );

  // The 90 days are over: the next run expires the referral and erases its details.
  await ageReferral(referralId, -0.01);
  const expired = await waitForEmail(customer.email, "A referral has expired", {
    afterSequence: beforeWarning,
  });
  // The email is written as the details are erased: it names the friend no more than the row does.
  expect(expired.text).toMatch(/Your friend's referral, added on .+, expired after 90 days without a purchase\./);
  expect(expired.text).not.toContain("Anna Cole");
  expect(expired.text).toContain("As our terms promise, their details have been erased.");

  await page.reload();
  const feed = page.getByTestId("recent-activity");
  await expect(feed).toContainText(
    "Referral expired after 90 days without a purchase: its details were erased, as our terms promise",
  );
  // Erased everywhere the customer looks: the warning reads on without the name.
  await expect(feed).not.toContainText("Anna Cole");
  await expect(feed).toContainText(`Referral expires on ${day}`);
  await expectNoSeriousA11yViolations(page, "j16-02-activity-after-expiry");
  await page.goto("/home?tab=referrals");
  const erased = rows.filter({ hasText: "Expired referral" });
  await expect(erased).toContainText("Expired");
  await expect(erased).toContainText("Expired after 90 days without a purchase · details erased");
  await expect(page.getByTestId("referral-list")).not.toContainText("Anna Cole");
  await expectNoSeriousA11yViolations(page, "j16-03-referral-expired");
});
