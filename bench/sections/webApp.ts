// g. The web app: the JavaScript the landing page and the dashboard load first (gzip), and how long
// each takes to load in Chromium with a cold cache.
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../e2e/support/chromium.ts";
import { routeInitialJavaScript, totalGzip } from "../../web/scripts/bundleSize.ts";
import type { Section } from "./section.ts";

export const webApp: Section = {
  letter: "g",
  name: "webApp",
  title: "g. Web app",
  async run({ results, baseUrl, cookies }) {
    results.facts.landingJsGzipBytes = totalGzip(routeInitialJavaScript("src/pages/landing/LandingPage.tsx"));
    const homeRoute = ["src/pages/home/HomePage.tsx", "src/pages/home/index.tsx"].find((source) => {
      try {
        routeInitialJavaScript(source);
        return true;
      } catch {
        return false;
      }
    });
    if (homeRoute) results.facts.dashboardJsGzipBytes = totalGzip(routeInitialJavaScript(homeRoute));
    results.facts.landingLoadMs = await pageLoadMs(baseUrl, "/");
    results.facts.dashboardLoadMs = await pageLoadMs(baseUrl, "/home", cookies.customer);
    console.log(
      `  landing JS ${(Number(results.facts.landingJsGzipBytes) / 1024).toFixed(1)} KB gzip, loads in ${results.facts.landingLoadMs} ms; ` +
        `dashboard JS ${(Number(results.facts.dashboardJsGzipBytes ?? 0) / 1024).toFixed(1)} KB gzip, loads in ${results.facts.dashboardLoadMs} ms`,
    );
  },
};

async function pageLoadMs(baseUrl: string, route: string, cookie?: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext();
    if (cookie) {
      const name = cookie.slice(0, cookie.indexOf("="));
      const value = cookie.slice(cookie.indexOf("=") + 1);
      // Chromium takes a `__Host-` cookie (production) only as Secure with a domain and path, not a url.
      await context.addCookies([
        {
          name,
          value,
          domain: new URL(baseUrl).hostname,
          path: "/",
          httpOnly: true,
          sameSite: "Lax",
          secure: name.startsWith("__Host-"),
        },
      ]);
    }
    const page = await context.newPage();
    // Warm once (server caches), then measure a cold page in a fresh context's cache.
    await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
    const fresh = await browser.newContext();
    if (cookie) await fresh.addCookies((await context.cookies()).map((c) => ({ ...c })));
    const measured = await fresh.newPage();
    const started = performance.now();
    await measured.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
    return Math.round(performance.now() - started);
  } finally {
    await browser.close();
  }
}
