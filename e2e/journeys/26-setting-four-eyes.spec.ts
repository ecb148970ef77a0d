// Journey 26: raising a setting that moves money needs two administrators. One administrator raises
// the daily referral limit and sees it awaiting approval; a second, in a browser of their own,
// approves it; only then does the limit change. Lowering it back applies at once.
// The daily referral limit, not the payout threshold: settings are programme-wide, and journey 10
// reads the threshold while it runs; a higher limit changes nothing another journey checks.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { createAdmin } from "../support/admins.ts";
import { dismissNotices, expect, notice, signInThroughApi, test } from "../support/pages.ts";

test("a raised daily referral limit waits for a second administrator, who approves it", async ({
  newWindow,
}, testInfo) => {
  // One setting, one waiting request at a time: the phone and desktop runs would ask at once.
  test.skip(testInfo.project.name !== "journeys-desktop", "programme-wide setting: one run is enough");
  const asker = await createAdmin("Setting", "Asker");
  const approver = await createAdmin("Setting", "Approver");

  const askerPage = await newWindow();
  await signInThroughApi(askerPage, asker);
  await askerPage.goto("/admin?tab=settings");
  const limit = askerPage.getByTestId("referral-daily-limit");
  await expect(limit).toHaveText(/^\d+$/);
  const before = Number(await limit.textContent());
  const raised = before + 5;

  await askerPage.getByRole("button", { name: "Change Limit" }).click();
  const dialog = askerPage.getByRole("dialog", { name: "Change Daily Referral Limit" });
  await expect(dialog).toContainText("raising it waits for another administrator's approval");
  await dialog.getByLabel("Referrals per customer per day").fill(String(raised));
  await dialog.getByRole("button", { name: "Save Limit" }).click();
  await expect(notice(askerPage, "Referral Limit Awaiting Approval")).toContainText("needs a second administrator");
  await expect(dialog).toBeHidden();
  await dismissNotices(askerPage);

  // Not changed: the row says what waits, and the request shows who asked; the asker may only withdraw.
  await expect(limit).toHaveText(String(before));
  await expect(askerPage.getByTestId("referral-daily-limit-awaiting")).toContainText(`${raised} per customer`);
  const title = `Daily referral limit: ${before} per customer to ${raised} per customer`;
  const mine = askerPage.getByRole("article", { name: `Setting change: ${title}` });
  await expect(mine).toContainText(asker.username);
  await expect(mine).toContainText("You asked for this change: another administrator must approve or decline it.");
  await expect(mine.getByRole("button", { name: /Approve change/ })).toHaveCount(0);
  await expect(mine.getByRole("button", { name: `Withdraw change: ${title}` })).toBeVisible();
  await expectNoSeriousA11yViolations(askerPage, "j26-01-awaiting-approval");

  // The second administrator, in a browser of their own, approves it.
  const approverPage = await newWindow();
  await signInThroughApi(approverPage, approver);
  await approverPage.goto("/admin?tab=settings");
  const request = approverPage.getByRole("article", { name: `Setting change: ${title}` });
  await expect(request).toContainText(asker.username);
  await expect(request.getByRole("button", { name: /Withdraw change/ })).toHaveCount(0);
  await request.getByRole("button", { name: `Approve change: ${title}` }).click();
  const approve = approverPage.getByRole("dialog", { name: "Approve Setting Change" });
  await expect(approve).toContainText(`from ${before} per customer to ${raised} per customer`);
  await expectNoSeriousA11yViolations(approverPage, "j26-02-approve-change", { modal: true });
  await approve.getByRole("button", { name: "Approve Change" }).click();
  await expect(notice(approverPage, "Change approved")).toContainText(`${raised} per customer`);
  await expect(approverPage.getByTestId("referral-daily-limit")).toHaveText(String(raised));
  await expect(request).toBeHidden();

  // The asker sees the new value, and lowers it back: a lowering applies at once.
  await askerPage.reload();
  await expect(limit).toHaveText(String(raised));
  await expect(askerPage.getByTestId("referral-daily-limit-awaiting")).toHaveCount(0);
  await askerPage.getByRole("button", { name: "Change Limit" }).click();
  await dialog.getByLabel("Referrals per customer per day").fill(String(before));
  await dialog.getByRole("button", { name: "Save Limit" }).click();
  await expect(notice(askerPage, "Referral Limit Updated")).toBeVisible();
  await expect(limit).toHaveText(String(before));
});
