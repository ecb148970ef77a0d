// The Admin Panel's first screen on a phone (docs/performance.md, "Lighthouse on a phone"): it loads
// the code of the list it shows and no other tab's, and nothing on it moves once it is there (the
// live status's first event included). The other tabs and the Verify Purchase form still open.
import { expect, type Page, test } from "@playwright/test";
import { signedInAdminApi } from "./support/api.ts";

/** Counts layout shifts from the start of the load, as Lighthouse's CLS does (no input before). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number; shifted: string[] };
    record.layoutShift = 0;
    record.shifted = [];
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        record.layoutShift += entry.value;
        for (const source of entry.sources)
          if (source.node instanceof Element && source.node.matches('[data-scope="tabs"][data-part="root"]'))
            record.shifted.push(`${entry.value.toFixed(3)}: the tabs moved`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The script chunks the page asked for, by their module's name ("AdminEmailPanel-x1y2.js" → "AdminEmailPanel"). */
function requestedChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on("request", (request) => {
    // The build's hashes are 8 characters and may hold a "-" themselves.
    const file = /\/assets\/([^/]+?)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (file?.[1]) chunks.push(file[1]);
  });
  return chunks;
}

/** Code that only a tab not opened, or a referral not selected, uses. */
const NOT_ON_THE_FIRST_SCREEN = [
  "AdminCustomerApprovalTab",
  "AdminMilestonePaymentsTab",
  "AdminAllCustomersTab",
  "AdminEmailPanel",
  "AdminEmailOutbox",
  "AdminPurchasedReferralsTab",
  "ProgrammeSettingsPanel",
  "AdminVerifyPurchaseForm",
];

// Lighthouse's mobile screen (412 × 823, overlay scrollbars), where its CLS is measured.
test.use({ viewport: { width: 412, height: 823 }, isMobile: true });

test.beforeEach(async ({ page }) => {
  await page.context().addCookies((await signedInAdminApi()).browserCookies());
});

test("the Admin Panel's first screen on a phone loads only the open list's code and does not shift", async ({
  page,
}) => {
  await watchLayoutShifts(page);
  const chunks = requestedChunks(page);
  await page.goto("/admin");
  await expect(page.getByTestId("admin-live-status").getByRole("status")).toHaveText("Live");
  const list = page.getByTestId("pending-referral-list");
  await expect(list.getByRole("listitem").first()).toBeVisible();
  // The live status's stream stays open, so the network is never idle: wait for the browser's
  // first idle moment instead, by when anything the first screen asks for has been requested.
  await page.waitForLoadState("load");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));

  const { layoutShift, shifted } = await page.evaluate(() => {
    const record = window as unknown as { layoutShift: number; shifted: string[] };
    return { layoutShift: record.layoutShift, shifted: record.shifted };
  });
  // The tabs and the list below them stay where they first appeared (the live status going live
  // moved them up by a line); the page's whole shift is reported beside.
  expect(shifted, `the tabs moved while the first screen loaded (layout shift ${layoutShift.toFixed(3)})`).toEqual([]);
  expect(chunks.filter((name) => NOT_ON_THE_FIRST_SCREEN.includes(name))).toEqual([]);

  // The page came with the rows of a phone's first screen (8 at most); the rest of its rows follow.
  const markup = await (await page.request.get("/admin")).text();
  const rowsInMarkup = markup.match(/data-testid="pending-referral"/g)?.length ?? 0;
  const status = (await page.getByText(/^\d+ of [\d,]+ shown$/).textContent()) ?? "";
  const shown = Number(status.split(" ")[0]);
  expect(rowsInMarkup).toBe(Math.min(shown, 8));
  await expect(list.getByRole("listitem")).toHaveCount(shown);

  // What was left out loads when asked for: a referral's form, then another tab.
  await list.getByRole("listitem").first().getByRole("button").first().click();
  await expect(page.getByRole("region", { name: "Verify Purchase" })).toBeVisible();
  expect(chunks).toContain("AdminVerifyPurchaseForm");
  await page.getByRole("tab", { name: /^Settings/ }).click();
  await expect(page.getByRole("region", { name: "Programme settings" }).getByTestId("credit-rate")).toBeVisible();
  expect(chunks).toContain("ProgrammeSettingsPanel");
});
