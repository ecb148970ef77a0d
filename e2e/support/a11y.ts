// Every screen of a journey: a screenshot saved with the test results, and axe-core with no
// serious or critical violation (ui-direction.md).
import fs from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo, test } from "@playwright/test";

const SCREENS_DIR = path.resolve(import.meta.dirname, "../../test-results/screens/journeys");

export interface ScreenOptions {
  /** A CSS selector to check instead of the whole page: the open modal (the page behind it is inert). */
  scope?: string;
}

/**
 * Saves a full-page screenshot as test-results/screens/journeys/<project>/<name>.png (attached to
 * the test in the report too), then runs axe on the page as it is now. A violation is a soft
 * failure: the journey goes on, so one run lists every screen's problems.
 */
export async function expectNoSeriousA11yViolations(page: Page, name: string, options: ScreenOptions = {}): Promise<void> {
  const info = test.info();
  await test.step(`screen: ${name}`, async () => {
    const file = screenPath(info, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Wait for web fonts and images, so the picture is the screen the user sees.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
    await info.attach(name, { path: file, contentType: "image/png" });

    let builder = new AxeBuilder({ page });
    if (options.scope) builder = builder.include(options.scope);
    const results = await builder.analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}: ${violation.nodes.map((node) => `${node.target.join(" ")} ${node.html.slice(0, 160)}`).join("; ")}`);
    expect.soft(blocking, `${name}: serious or critical accessibility violations`).toEqual([]);
  });
}

function screenPath(info: TestInfo, name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, "-");
  return path.join(SCREENS_DIR, info.project.name, `${safe}.png`);
}
