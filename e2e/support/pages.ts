// Page helpers and the fixtures the journeys share: a second browser window for the
// administrator, notices, sign-in through the screens or straight through the API.
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { ApiSession, baseUrl, type Person, signedInAdminApi } from "./api.ts";

export { expect };

/**
 * `page` is the customer's browser; `adminPage` a second, separate browser window (own cookies)
 * at the same viewport, signed in as the demo administrator.
 */
export const test = base.extend<{ adminPage: Page; newWindow: () => Promise<Page> }>({
  newWindow: async ({ browser, contextOptions, viewport, baseURL, deviceScaleFactor, hasTouch, isMobile }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async () => {
      const context = await browser.newContext({
        ...contextOptions,
        viewport,
        baseURL,
        deviceScaleFactor,
        hasTouch,
        isMobile,
      });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
  adminPage: async ({ newWindow }, use) => {
    const page = await newWindow();
    await page.context().addCookies((await signedInAdminApi()).browserCookies());
    await use(page);
  },
});

/** The one notification on screen with this title (an older one may still be fading out). */
export function notice(page: Page, title: string): Locator {
  return page.getByTestId("notice").filter({ hasText: title });
}

/**
 * Dismisses the notification on screen, as a person does before going on (on a phone it covers the
 * top of the page), without waiting for it to go: a new notice replaces any old one in the app.
 */
export async function dismissNotices(page: Page): Promise<void> {
  for (const dismiss of await page.getByRole("button", { name: "Dismiss notification" }).all())
    await dismiss.click().catch(() => {});
}

/** Signs in on /auth's Sign In tab, as a person would; the app then moves to /home. */
export async function signInThroughForm(page: Page, person: Pick<Person, "username" | "password">): Promise<void> {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username").fill(person.username);
  await form.getByLabel("Password").fill(person.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(notice(page, "Welcome back!")).toBeVisible();
}

/**
 * Signs the page's browser in through POST /api/login and hands it the session cookie: for steps
 * that are not about signing in (no form, no welcome notice, no one-second move to /home).
 */
export async function signInThroughApi(page: Page, person: Pick<Person, "username" | "password">): Promise<void> {
  const session = await ApiSession.signIn(baseUrl(), person.username, person.password);
  await page.context().addCookies(session.browserCookies());
}

/** Opens an Admin Panel tab by its label (the label also carries a count). */
export async function openAdminTab(page: Page, label: string): Promise<void> {
  await page.getByRole("tab", { name: new RegExp(`^${label}`) }).click();
  await expect(page.getByRole("tab", { name: new RegExp(`^${label}`), selected: true })).toBeVisible();
}

/**
 * Where an admin page's header buttons are (Back to Home, Reports & Analytics, My Account, Logout):
 * in the header from the md breakpoint up; on a phone behind its Menu button, which this opens.
 */
export async function adminHeaderActions(page: Page): Promise<Locator> {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const menu = page.getByRole("button", { name: "Menu", exact: true });
  if (!(await menu.isVisible())) return page.getByRole("banner");
  await menu.click();
  const sheet = page.getByRole("dialog");
  await expect(sheet).toBeVisible();
  return sheet;
}
