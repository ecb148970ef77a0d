// Journey 32: fraud signals (docs/rules/fraud.md, docs/rules/web-app.md "Fraud signals on the
// pages"). A customer refers their own address with a +tag; the customer sees nothing of it, the
// administrator's queue shows the flag with its count, the Verify Purchase form says why, verifying
// without a note is refused with the server's words under the field, with a note it goes through,
// and the audit trail's entry of the verification lists the signals shown. Above the flagged
// verification approval, one administrator's verification waits and a second approves it on the page.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { createAdmin } from "../support/admins.ts";
import { addReferral, createCustomer, uniqueUkMobile } from "../support/api.ts";
import { dismissNotices, expect, notice, openAdminTab, signInThroughApi, test } from "../support/pages.ts";

const NOTE_REQUIRED = "This referral has signals: say in a note why you verify it.";
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("a customer refers their own +tag address: flagged in the queue, the reason in the form, a note required, the signals in the audit", async ({
  page,
  adminPage,
}) => {
  const { customer, session } = await createCustomer("Fern", "Plus");
  const [local, domain] = customer.email.split("@");
  const ownAddress = `${local}+friend@${domain}`;
  // The friend's name is this customer's own: both projects run the journey at once.
  const friend = `Ivy ${customer.lastName}`;

  // --- The customer refers "a friend" at their own address, +tagged ---
  await signInThroughApi(page, customer);
  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 1, name: `Welcome back, ${customer.firstName}!` })).toBeVisible();
  const drawer = page.getByRole("dialog", { name: "Add Referral" });
  await page.getByRole("main").getByRole("button", { name: "Add Referral" }).click();
  await drawer.getByLabel("Full Name").fill(friend);
  await drawer.getByLabel("Phone Number").fill(uniqueUkMobile());
  await drawer.getByLabel("Email").fill(ownAddress);
  await drawer.getByRole("button", { name: "Add Referral" }).click();
  await expect(notice(page, "Referral Added!")).toBeVisible();
  await dismissNotices(page);

  // The customer's own list shows it as any other: no flag, no hold.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Referrals" }).click();
  const mine = page.getByTestId("referral-list").getByRole("listitem").filter({ hasText: friend });
  await expect(mine).toContainText("Pending");
  await expect(mine).not.toContainText(/signal|Under review/i);
  await expectNoSeriousA11yViolations(page, "j32-01-customer-sees-no-signal");
  const referrals = await session.get<{ id: number; name: string | null }[]>("/api/referrals");
  const referralId = referrals.find((referral) => referral.name === friend)?.id;
  expect(referralId, "the referral's id").toBeTruthy();

  // --- The Settings tab holds the fraud settings, each with Change like the others ---
  await adminPage.goto("/admin?tab=settings");
  const settings = adminPage.getByRole("region", { name: "Programme settings" });
  await expect(settings.getByRole("heading", { name: "Fraud signals" })).toBeVisible();
  await expect(settings.getByTestId("signal-burst")).toHaveText(/^\d+$/);
  await expect(settings.getByTestId("signal-amount-factor")).toHaveText(/^\d+%$/);
  await expect(settings.getByTestId("flagged-approval")).toHaveText(/^£[\d,]+\.\d\d$/);
  for (const change of ["Change Burst Limit", "Change Amount Factor", "Change Approval Amount"])
    await expect(settings.getByRole("button", { name: change })).toBeEnabled();
  await expectNoSeriousA11yViolations(adminPage, "j32-02-fraud-settings");

  // --- The administrator's queue: the row carries the flag and its count, in its name ---
  await adminPage.goto("/admin?tab=pending-referrals");
  await openAdminTab(adminPage, "Pending Referrals");
  await adminPage.getByRole("searchbox", { name: "Search pending referrals" }).fill(customer.fullName);
  const pending = adminPage.getByTestId("pending-referral-list");
  const row = pending.getByRole("button", { name: new RegExp(`^${escapeRegExp(friend)} \\d+ signals? `) });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("signal-flag")).toHaveText(/^\d+ signals?$/);
  await expectNoSeriousA11yViolations(adminPage, "j32-03-queue-flagged");

  // --- The Verify Purchase form lists why, with what matched, above the amount ---
  await row.click();
  const form = adminPage.getByRole("region", { name: "Verify Purchase" });
  const reasons = form.getByTestId("referral-signals");
  const ownEmail = reasons.locator('[data-signal-kind="REFERRER_EMAIL"]');
  await expect(ownEmail).toBeVisible();
  await expect(ownEmail).toContainText(ownAddress);
  await expectNoSeriousA11yViolations(adminPage, "j32-04-verify-form-reasons");

  // --- Held for review with a note: Under review on the row, then released ---
  await form.getByRole("button", { name: `Hold: ${friend}` }).click();
  const holdDialog = adminPage.getByRole("dialog", { name: `Hold ${friend}` });
  await holdDialog.getByLabel(/^Note/).fill("Same inbox as the customer: asking for the receipt.");
  await expectNoSeriousA11yViolations(adminPage, "j32-05-hold-dialog", { modal: true });
  await holdDialog.getByRole("button", { name: "Hold", exact: true }).click();
  await expect(notice(adminPage, "Referral Held")).toBeVisible();
  await expect(
    pending.getByRole("button", { name: new RegExp(`^${escapeRegExp(friend)} .*Under review`) }),
  ).toBeVisible();
  await expect(form.getByTestId("hold-note")).toContainText("asking for the receipt");
  await dismissNotices(adminPage);
  await expectNoSeriousA11yViolations(adminPage, "j32-06-under-review");
  await form.getByRole("button", { name: `Release: ${friend}` }).click();
  const releaseDialog = adminPage.getByRole("dialog", { name: `Release ${friend}` });
  await releaseDialog.getByRole("button", { name: "Release", exact: true }).click();
  await expect(notice(adminPage, "Referral Released")).toBeVisible();
  await expect(form.getByTestId("hold-note")).toHaveCount(0);
  await dismissNotices(adminPage);

  // --- Without a note the server refuses, its words under the field ---
  const verify = adminPage.getByRole("form", { name: "Verify purchase" });
  await verify.getByLabel("Purchase Amount (£)").fill("400.00");
  await verify.getByRole("button", { name: "Verify Purchase" }).click();
  await expect(notice(adminPage, "Verification Failed")).toContainText(NOTE_REQUIRED);
  const notes = verify.getByRole("textbox", { name: /^Notes/ });
  await expect(notes).toHaveAttribute("aria-invalid", "true");
  await expect(verify.getByText(NOTE_REQUIRED)).toBeVisible();
  await expect(notes).toBeFocused();
  await dismissNotices(adminPage);
  await expectNoSeriousA11yViolations(adminPage, "j32-07-note-required");

  // --- With a note it goes through ---
  await notes.fill("Checked by phone: her sister shares the family inbox; receipt J32 seen.");
  await verify.getByRole("button", { name: "Verify Purchase" }).click();
  await expect(notice(adminPage, "Purchase Verified")).toBeVisible();
  await expect(pending.getByRole("button", { name: new RegExp(escapeRegExp(friend)) })).toHaveCount(0);
  await dismissNotices(adminPage);

  // --- The audit trail's entry of the verification lists the signals shown ---
  await adminPage.goto("/admin/reports?tab=audit-trail");
  const filters = adminPage.getByRole("form", { name: "Filter the audit trail" });
  await filters.getByLabel("Action", { exact: true }).fill("purchase_verified");
  await filters.getByLabel("Resource", { exact: true }).fill("referral");
  await filters.getByLabel("Resource id", { exact: true }).fill(String(referralId));
  await filters.getByLabel("From", { exact: true }).fill(today);
  await filters.getByRole("button", { name: "Filter" }).click();
  const entries = adminPage.getByTestId("audit-trail").getByRole("row");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(1)).toContainText("purchase_verified");
  await expect(entries.nth(1)).toContainText(/REFERRER_EMAIL|own (email|address)/i);
  await expectNoSeriousA11yViolations(adminPage, "j32-08-audit-lists-signals");

  // --- The fraud report of today counts it: flagged by its kind, and this customer's row ---
  await adminPage.goto("/admin/reports");
  await adminPage.getByLabel("From", { exact: true }).fill(today);
  await adminPage.getByLabel("To", { exact: true }).fill(today);
  const report = adminPage.getByTestId("fraud-signals");
  await expect(report.getByText(`From ${today} to ${today}`)).toBeVisible();
  await report.getByRole("button", { name: "Show as table" }).click();
  const ownEmailRow = adminPage
    .getByTestId("fraud-signals-table")
    .getByRole("row")
    .filter({ hasText: "the referrer's own address" });
  await expect(ownEmailRow.getByRole("cell").nth(1)).toHaveText(/^[1-9][\d,]*$/);
  // Flagged 1, signals 1, verified 1; none withdrawn, expired, pending or held.
  await expect(
    adminPage.getByTestId("fraud-signal-customers").getByRole("row").filter({ hasText: customer.fullName }),
  ).toHaveText(`${customer.fullName}1110000`);
  await expectNoSeriousA11yViolations(adminPage, "j32-09-fraud-report");
});

test("a flagged verification above the approval amount waits, and a second administrator approves it on the page", async ({
  adminPage,
  newWindow,
}) => {
  const { customer, session } = await createCustomer("Gale", "Plus");
  const [local, domain] = customer.email.split("@");
  const ownAddress = `${local}+rowan@${domain}`;
  const friend = `Rowan ${customer.lastName}`;
  await addReferral(session, { name: friend, phone: uniqueUkMobile(), email: ownAddress });
  const approver = await createAdmin("Second", "Verifier");

  // £500.00 above the flagged verification approval in force.
  await adminPage.goto("/admin?tab=settings");
  const approval = (await adminPage.getByTestId("flagged-approval").textContent()) ?? "";
  const pounds = Number(approval.replace(/[£,]/g, "")) + 500;
  expect(pounds, "the flagged verification approval").toBeGreaterThan(500);
  const shown = `£${pounds.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const requestName = `Verification request: ${friend}, referred by ${customer.fullName}`;

  // --- The demo administrator verifies it with a note: it waits, and they cannot approve it ---
  await adminPage.goto("/admin?tab=pending-referrals");
  await openAdminTab(adminPage, "Pending Referrals");
  await adminPage.getByRole("searchbox", { name: "Search pending referrals" }).fill(customer.fullName);
  const pending = adminPage.getByTestId("pending-referral-list");
  const row = pending.getByRole("button", { name: new RegExp(`^${escapeRegExp(friend)} `) });
  await row.click();
  const verify = adminPage.getByRole("form", { name: "Verify purchase" });
  await verify.getByLabel("Purchase Amount (£)").fill(pounds.toFixed(2));
  await verify.getByRole("textbox", { name: /^Notes/ }).fill("Receipt J32b seen; the family shares one inbox.");
  await verify.getByRole("button", { name: "Verify Purchase" }).click();
  await expect(notice(adminPage, "Verification Awaiting Approval")).toContainText("another administrator");
  await dismissNotices(adminPage);
  const mine = adminPage.getByRole("article", { name: requestName });
  await expect(mine).toContainText(shown);
  await expect(mine).toContainText("Waiting for another administrator");
  // The asker may only take it back: never approve or decline it.
  await expect(mine.getByRole("button")).toHaveText(["Withdraw"]);
  // Still pending, its row saying it waits.
  await expect(row.getByTestId("awaiting-approval")).toHaveText("Awaiting approval");
  await expectNoSeriousA11yViolations(adminPage, "j32-10-verification-waits");

  // --- A second administrator, in a window of their own, sees why and approves it ---
  const approverPage = await newWindow();
  await signInThroughApi(approverPage, approver);
  await approverPage.goto("/admin?tab=pending-referrals");
  await openAdminTab(approverPage, "Pending Referrals");
  const request = approverPage.getByRole("article", { name: requestName });
  await expect(request).toContainText(shown);
  await expect(request).toContainText("Receipt J32b seen; the family shares one inbox.");
  await expect(request).toContainText("admin");
  await expect(request.locator('[data-signal-kind="REFERRER_EMAIL"]')).toContainText(ownAddress);
  await request.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(approverPage, "j32-11-verification-to-approve");
  await request.getByRole("button", { name: `Approve verification of ${friend}` }).click();
  const approve = approverPage.getByRole("dialog", { name: "Approve Verification" });
  await expect(approve).toContainText(shown);
  await expectNoSeriousA11yViolations(approverPage, "j32-12-approve-verification", { modal: true });
  await approve.getByRole("button", { name: "Approve and Credit" }).click();
  await expect(notice(approverPage, "Verification approved")).toContainText(`${shown} verified for ${friend}`);
  await expect(request).toBeHidden();
  // Verified: the referral has left the pending list.
  await approverPage.getByRole("searchbox", { name: "Search pending referrals" }).fill(customer.fullName);
  await expect(approverPage.getByText(`No referrals match`)).toBeVisible();
});
