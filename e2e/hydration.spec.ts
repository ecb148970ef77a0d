// A server-rendered page acted on before all of its code is in: what the user does is not lost, and
// `data-hydrated` on #root means the whole page is React's (docs/performance.md, "Prerendered pages:
// the landing page paints before its JavaScript").
import path from "node:path";
import { DIST, entryKey, readManifest, staticClosure } from "../web/scripts/bundleSize.ts";
import { createAdmin } from "./support/admins.ts";
import { addReferral, createCustomer, DEMO_ADMIN, uniqueUkMobile } from "./support/api.ts";
import { watch } from "./support/hydration.ts";
import { expect, openAdminTab, signInThroughApi, test } from "./support/pages.ts";

/** The app's entry and what it imports statically: everything else (the pages' chunks) comes late here. */
function entryScripts(): Set<string> {
  const manifest = readManifest(DIST);
  return new Set(
    [...staticClosure(manifest, [entryKey(manifest)])].map(
      (key) => `/${manifest[key]?.file.split(path.sep).join("/")}`,
    ),
  );
}

// A slow network for the page's code: the entry arrives at once, so React hydrates the page's frame,
// and every other chunk (the /home page's own, its components') a second and a half later.
const LATE_CHUNK_MS = 1_500;

test("on the server-rendered /home, a click and typing as soon as the controls show are there after hydration", async ({
  page,
}) => {
  const { customer } = await createCustomer("Early", "Clicker", { purchase: "1000.00" });
  await signInThroughApi(page, customer);
  const entry = entryScripts();
  let lateChunks = 0;
  await page.route("**/assets/*.js", async (route) => {
    if (!entry.has(new URL(route.request().url()).pathname)) {
      lateChunks++;
      await new Promise((resolve) => setTimeout(resolve, LATE_CHUNK_MS));
    }
    await route.continue();
  });

  await page.goto("/home", { waitUntil: "commit" });
  const root = page.locator("#root");
  await expect(root).toHaveAttribute("data-prerendered", "/home");
  const addReferral = page.getByRole("main").getByRole("button", { name: "Add Referral" });
  await expect(addReferral).toBeVisible();
  // At once, as a person would: the click must open the sheet, whenever the page's code arrives.
  await addReferral.click();
  const sheet = page.getByRole("dialog", { name: "Add Referral" });
  await expect(sheet).toBeVisible();
  await sheet.getByLabel("Full Name").fill("Early Bird");
  await sheet.getByLabel("Phone Number").fill("07400 555123");

  await expect(root).toHaveAttribute("data-hydrated", "");
  // The mark means every element the server sent is React's, not only the page's frame.
  const notAdopted = await page.evaluate(
    () =>
      [...document.querySelectorAll("#root *")].filter(
        (element) => !Object.keys(element).some((key) => key.startsWith("__reactProps$")),
      ).length,
  );
  expect(notAdopted).toBe(0);
  expect(lateChunks).toBeGreaterThan(0);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByLabel("Full Name")).toHaveValue("Early Bird");
  await expect(sheet.getByLabel("Phone Number")).toHaveValue("07400 555123");
});

test("the mark is set only once every element the server sent is React's, the page's late code included", async ({
  page,
}) => {
  const { customer } = await createCustomer("Late", "Marker", { purchase: "1000.00" });
  await signInThroughApi(page, customer);
  const entry = entryScripts();
  await page.route("**/assets/*.js", async (route) => {
    if (!entry.has(new URL(route.request().url()).pathname))
      await new Promise((resolve) => setTimeout(resolve, LATE_CHUNK_MS));
    await route.continue();
  });
  // Records, the moment #root is marked, how many of its elements React had not adopted yet.
  await page.addInitScript(() => {
    const seen = window as unknown as { unadoptedAtMark: number | null };
    seen.unadoptedAtMark = null;
    new MutationObserver((_records, observer) => {
      const root = document.getElementById("root");
      if (!root?.hasAttribute("data-hydrated")) return;
      observer.disconnect();
      seen.unadoptedAtMark = [...root.querySelectorAll("*")].filter(
        (element) => !Object.keys(element).some((key) => key.startsWith("__reactProps$")),
      ).length;
    }).observe(document, { attributes: true, attributeFilter: ["data-hydrated"], subtree: true });
  });

  await page.goto("/home");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { unadoptedAtMark: number | null }).unadoptedAtMark))
    .toBe(0);
});

// /milestones and the Admin Panel's first screen are rendered by the server too, with the answers the
// page carries (api/src/http/prerenderedPages.ts): whole in the first response, then React's.
test("a customer's /milestones arrives rendered and hydrates without a mismatch, a removed heading or a shift", async ({
  page,
}) => {
  const seen = await watch(page);
  const { customer } = await createCustomer("Mila", "Rendered", { purchase: "1000.00" });
  await signInThroughApi(page, customer);

  const response = await page.goto("/milestones");
  const html = (await response?.text()) ?? "";
  expect(html).toContain('<div id="root" data-prerendered="/milestones">');
  for (const text of ["Your Milestones", "33% Milestone", "66% Milestone", "100% Milestone (Full Refund)"])
    expect(html).toContain(text);
  expect(html).not.toContain("<!--$?-->");

  const root = page.locator("#root");
  await expect(root).toHaveAttribute("data-hydrated", "");
  await expect(page.getByRole("heading", { level: 1, name: "Milestone Rewards" })).toBeVisible();
  expect(await seen.removedHeadings()).toBe(0);
  expect(await seen.layoutShift()).toBeLessThan(0.02);
  expect(seen.problems).toEqual([]);
  // React's now: the link takes the customer home without a reload.
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(root).toHaveAttribute("data-prerendered", "/milestones");
});

test("an administrator's /admin arrives rendered with its tabs and pending rows, and hydrates without a mismatch", async ({
  page,
}) => {
  const seen = await watch(page);
  const { session } = await createCustomer("Ada", "Pending");
  await addReferral(session, { name: "Rendered Pending", phone: uniqueUkMobile() });
  await signInThroughApi(page, DEMO_ADMIN);

  const response = await page.goto("/admin");
  const html = (await response?.text()) ?? "";
  expect(html).toContain('<div id="root" data-prerendered="/admin">');
  for (const text of [
    "Admin Panel",
    "Customer Approval",
    'data-testid="count-pendingReferrals"',
    "pending-referral-list",
  ])
    expect(html).toContain(text);
  expect(html).not.toContain("<!--$?-->");

  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  await expect(page.getByTestId("pending-referral-list").getByRole("listitem").first()).toBeVisible();
  expect(await seen.removedHeadings()).toBe(0);
  expect(await seen.layoutShift()).toBeLessThan(0.02);
  expect(seen.problems).toEqual([]);
  // React's now: another tab opens (its code and list load then).
  await openAdminTab(page, "Customer Approval");
  await expect(page).toHaveURL(/tab=customer-approval/);
});

test("a staff member's /staff arrives rendered with the search and their referrals, and hydrates without a mismatch", async ({
  page,
}) => {
  const seen = await watch(page);
  const staff = await createAdmin("Sian", "Showroom", "staff");
  await signInThroughApi(page, staff);

  const response = await page.goto("/staff");
  const html = (await response?.text()) ?? "";
  expect(html).toContain('<div id="root" data-prerendered="/staff">');
  for (const text of ["Showroom", "Find a customer", "My referrals"]) expect(html).toContain(text);
  expect(html).not.toContain("<!--$?-->");

  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  expect(await seen.removedHeadings()).toBe(0);
  expect(await seen.layoutShift()).toBeLessThan(0.02);
  expect(seen.problems).toEqual([]);
  // React's now: the search answers what is typed.
  await page.getByRole("searchbox", { name: "Find a customer" }).fill("Nobody Matches This");
  await expect(page.getByText(/No customer matches/)).toBeVisible();
});
