// Every screen of a journey: axe-core with no serious or critical violation (ui-direction.md),
// and a screenshot saved with the test results.
import fs from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo, test } from "@playwright/test";

const SCREENS_DIR = path.resolve(import.meta.dirname, "../../test-results/screens/journeys");
/** Taller pages are cut here: no screen of the app comes near it. */
const MAX_SCREENSHOT_HEIGHT = 6000;

export interface ScreenOptions {
  /** A modal is open: it fills the window whatever the page's length, so the picture is the window. */
  modal?: boolean;
}

/**
 * Runs axe on the page as it is now, then saves a screenshot of the whole page (of the window
 * when a modal is open) as
 * test-results/screens/journeys/<project>/<name>.png, attached to the test in the report too.
 * A violation is a soft failure: the journey goes on, so one run lists every screen's problems.
 */
export async function expectNoSeriousA11yViolations(page: Page, name: string, options: ScreenOptions = {}): Promise<void> {
  const info = test.info();
  await test.step(`screen: ${name}`, async () => {
    // Judge the screen at rest: the pointer off whatever was just clicked, and Chakra's 200 ms
    // colour transitions finished (axe measuring a button halfway through its hover fade reported
    // a contrast failure that the settled colours do not have).
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    // The whole page, a modal's inert background included.
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}: ${violation.nodes.map((node) => `${node.target.join(" ")} ${node.html.slice(0, 160)}`).join("; ")}`);
    expect.soft(blocking, `${name}: serious or critical accessibility violations`).toEqual([]);

    const file = screenPath(info, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (options.modal) await page.screenshot({ path: file, animations: "disabled" });
    else await screenshotWholePage(page, file);
    await info.attach(name, { path: file, contentType: "image/png" });
  });
}

/**
 * The whole page as one tall screen: the window is made as tall as the page for the picture, so
 * fixed bars (the phone's bottom navigation) sit at its edges, not in the middle of the content
 * as a scrolled full-page capture would draw them.
 */
async function screenshotWholePage(page: Page, file: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body.scrollHeight));
  if (!viewport || height <= viewport.height) {
    await page.screenshot({ path: file, animations: "disabled" });
    return;
  }
  await page.setViewportSize({ width: viewport.width, height: Math.min(height, MAX_SCREENSHOT_HEIGHT) });
  try {
    await page.screenshot({ path: file, animations: "disabled" });
  } finally {
    await page.setViewportSize(viewport);
  }
}

function screenPath(info: TestInfo, name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, "-");
  return path.join(SCREENS_DIR, info.project.name, `${safe}.png`);
}
