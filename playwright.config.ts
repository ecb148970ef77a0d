import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium: Playwright's own browser download does not work on these machines.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "e2e",
  // e2e/globalSetup.ts starts the production server on a free loopback port with its own database.
  globalSetup: "./e2e/globalSetup.ts",
  outputDir: "test-results/playwright",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds the `tests: N passed, N failed` line of .ci/run.
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "phone",
      // The customer app is phone first: 360 px wide.
      use: { ...devices["Desktop Chrome"], viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, hasTouch: true },
    },
  ],
});
