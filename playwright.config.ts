import { defineConfig, devices } from "@playwright/test";
import { SUITE_BUDGET_MS } from "./e2e/support/budget.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/chromium.ts";

export default defineConfig({
  testDir: "e2e",
  // e2e/globalSetup.ts starts a loopback SMTP catcher and two production servers, each on a free
  // loopback port with a database of its own: one for the journeys (sending mail to the catcher),
  // one for the older specs (no SMTP, and demo figures no journey has touched).
  globalSetup: "./e2e/globalSetup.ts",
  outputDir: "test-results/playwright",
  fullyParallel: false,
  // A focused test (test.only) would silently skip the rest: refused everywhere, not only on CI.
  forbidOnly: true,
  // Two workers: the older specs (one at a time, in file order: they share the demo data) beside
  // the journeys (independent: each makes its own users), about 40% faster than one on 2 cores.
  workers: 2,
  retries: 0,
  // Generous: on a busy 2-core machine the longest journey takes twice or three times its usual 40 s,
  // and these machines have run at half speed for hours (a first dashboard then took over 10 s to
  // show, and a journey over 2 minutes, though nothing was wrong). Guards against hangs, not budgets.
  timeout: 180_000,
  // A guard against a hang only; the 10-minute budget is printed by e2e/globalSetup.ts's teardown.
  globalTimeout: 2 * SUITE_BUDGET_MS,
  expect: { timeout: 20_000 },
  // The JSON report feeds the `tests: N passed, N failed` line of .ci/run; the timing reporter
  // prints the slowest tests and the total (E2E_STEP_TIMES=1: each test's slowest steps too).
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }], ["./e2e/support/timingReporter.ts"]],
  use: {
    // The app then drops its transitions and animations (web/src/theme/system.ts), so a dialog,
    // sheet or notice is there or gone at once and axe never measures a colour halfway through a fade.
    contextOptions: { reducedMotion: "reduce" },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "phone",
      testIgnore: "journeys/**",
      workers: 1,
      // The customer app is phone first: 360 px wide.
      use: {
        ...devices["Desktop Chrome"],
        baseURL: process.env.E2E_BASE_URL,
        viewport: { width: 360, height: 780 },
        deviceScaleFactor: 2,
        hasTouch: true,
      },
    },
    // Every journey at a phone's size and at a laptop's, each making its own users.
    {
      name: "journeys-phone",
      testMatch: "journeys/**/*.spec.ts",
      use: {
        ...devices["Desktop Chrome"],
        baseURL: process.env.E2E_JOURNEY_BASE_URL,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      name: "journeys-desktop",
      testMatch: "journeys/**/*.spec.ts",
      use: {
        ...devices["Desktop Chrome"],
        baseURL: process.env.E2E_JOURNEY_BASE_URL,
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 1,
      },
    },
  ],
});
