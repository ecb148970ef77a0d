// Journey 25: the administrator creates an API token, copies its secret (shown once), sees it work
// as a Bearer token, then revokes it and sees it refused.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { baseUrl, uniqueTag } from "../support/api.ts";
import { dismissNotices, expect, test } from "../support/pages.ts";

// The form's default scope is read: the customer list is within it.
const callWith = async (secret: string) =>
  (await fetch(new URL("/api/admin/customers?limit=1", baseUrl()), { headers: { authorization: `Bearer ${secret}` } }))
    .status;

test("the administrator creates an API token, sees its secret once, and revokes it", async ({ adminPage: page }) => {
  const name = `Till ${uniqueTag()}`;
  await page.goto("/admin/reports?tab=api-tokens");
  const form = page.getByRole("form", { name: "New API token" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Create token" }).click();

  const secretField = page.getByLabel("New token secret");
  await expect(secretField).toHaveValue(/^hng_/);
  const secret = await secretField.inputValue();
  await expectNoSeriousA11yViolations(page, "j25-01-new-token-secret");
  expect(await callWith(secret)).toBe(200);
  await page.getByTestId("new-token-secret").getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("new-token-secret")).toHaveCount(0);

  const token = page.getByTestId("api-tokens").getByRole("row").filter({ hasText: name });
  await expect(token).toContainText("Active");
  await token.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(token).toContainText("Revoked");
  expect(await callWith(secret)).toBe(401);
  await dismissNotices(page);
  await expectNoSeriousA11yViolations(page, "j25-02-token-revoked");
});
