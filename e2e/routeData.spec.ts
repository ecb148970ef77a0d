// The page's data comes inside its HTML (api/src/http/routeData.ts): a signed-in customer's /home
// and an administrator's /admin show their figures without the app asking /graphql first.
import type { Page } from "@playwright/test";
import { addReferral, createCustomer, DEMO_ADMIN, uniqueUkMobile, verifyPurchase } from "./support/api.ts";
import { hydrated, watch } from "./support/hydration.ts";
import { expect, signInThroughApi, test } from "./support/pages.ts";

/** The GraphQL operations the page sends from now on, by name. */
function recordGraphqlRequests(page: Page): string[] {
  const operations: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname !== "/graphql") return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    operations.push(body?.operationName ?? request.url());
  });
  return operations;
}

test("a customer opening /home sees the dashboard's figures with no request to /graphql", async ({ page }) => {
  const { customer, session } = await createCustomer("Nia", "Inline", { purchase: "1000.00" });
  const friend = await addReferral(session, { name: "Ruby Inline", phone: uniqueUkMobile() });
  await verifyPurchase(friend, "300.00");
  await signInThroughApi(page, customer);

  const requests = recordGraphqlRequests(page);
  const html = await page.goto("/home");
  expect(html?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Nia!" })).toBeVisible();
  // 11% of the friend's £300.00.
  await expect(page.getByRole("region", { name: "Progress towards your full refund" })).toContainText("£33.00");
  expect(requests).toEqual([]);

  // Used once: opening the Referrals tab reads the store, and a reload brings the page's data again.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Referrals" }).click();
  await expect(page.getByTestId("referral-list")).toContainText("Ruby Inline");
  await page.reload();
  await expect(page.getByTestId("referral-list")).toContainText("Ruby Inline");
  expect(requests).toEqual([]);
});

test("an administrator opening /admin sees the tab counts and the first tab with no request to /graphql", async ({
  page,
}) => {
  const { session } = await createCustomer("Omar", "Inline");
  await addReferral(session, { name: "Pending Inline", phone: uniqueUkMobile() });
  await signInThroughApi(page, DEMO_ADMIN);

  const requests = recordGraphqlRequests(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
  await expect(page.getByTestId("count-pendingReferrals")).toBeVisible();
  await expect(page.getByTestId("pending-referral-list").getByRole("listitem").first()).toBeVisible();
  // The live updates' subscription is a stream the page opens on purpose; no data is fetched.
  expect(requests.filter((name) => name !== "AdminLiveSubscription")).toEqual([]);
});

// A customer's /home is rendered by the server with that data (api/src/http/prerenderedPages.ts),
// so it shows before its JavaScript has arrived, and the browser hydrates it.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a customer's /home shows the dashboard's figures from the HTML alone", async ({ page }) => {
    const { customer, session } = await createCustomer("Ada", "Painted", { purchase: "1000.00" });
    const friend = await addReferral(session, { name: "Ruby Painted", phone: uniqueUkMobile() });
    await verifyPurchase(friend, "300.00");
    await signInThroughApi(page, customer);

    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Ada!" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Progress towards your full refund" })).toContainText("£33.00");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
});

test("the server-rendered /home hydrates without a hydration error, a removed heading or a layout shift", async ({
  page,
}) => {
  const seen = await watch(page);

  const { customer, session } = await createCustomer("Lea", "Hydrated", { purchase: "1000.00" });
  await addReferral(session, { name: "Tom Hydrated", phone: uniqueUkMobile() });
  await signInThroughApi(page, customer);
  const requests = recordGraphqlRequests(page);
  await page.goto("/home");
  await expect(page.locator("#root")).toHaveAttribute("data-prerendered", "/home");
  await hydrated(page.getByRole("heading", { level: 1, name: "Welcome back, Lea!" }));
  expect(await seen.removedHeadings()).toBe(0);
  expect(await seen.layoutShift()).toBeLessThan(0.02);
  // Hydrated: the bottom navigation works, from the store.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Referrals" }).click();
  await expect(page.getByTestId("referral-list")).toContainText("Tom Hydrated");
  expect(seen.problems).toEqual([]);
  expect(requests).toEqual([]);
});
