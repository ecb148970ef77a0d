// A server-rendered page acted on before all of its code is in: what the user does is not lost, and
// `data-hydrated` on #root means the whole page is React's (docs/performance.md, "Prerendered pages:
// the landing page paints before its JavaScript").
import path from "node:path";
import { DIST, entryKey, readManifest, staticClosure } from "../web/scripts/bundleSize.ts";
import { createCustomer } from "./support/api.ts";
import { expect, signInThroughApi, test } from "./support/pages.ts";

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
