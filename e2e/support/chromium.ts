// Debian's Chromium, as the tests and the benchmark launch it: Playwright's own browser download
// does not work on these machines, and without the background-networking flags Chromium's calls
// to Google's hosts are refused by the closed network, many at a time.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
