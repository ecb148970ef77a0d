// Every screen of a journey: axe-core with no serious or critical violation (docs/rules/web-app.md),
// and a screenshot saved with the test results.
import fs from "node:fs/promises";
import path from "node:path";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import axe from "axe-core";

const SCREENS_DIR = path.resolve(import.meta.dirname, "../../test-results/screens/journeys");
/** Taller pages are cut here: no screen of the app comes near it. */
const MAX_SCREENSHOT_HEIGHT = 6000;

declare global {
  interface Window {
    axe: typeof axe;
  }
}

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
export async function expectNoSeriousA11yViolations(
  page: Page,
  name: string,
  options: ScreenOptions = {},
): Promise<void> {
  const info = test.info();
  await test.step(`screen: ${name}`, async () => {
    // The whole page, a modal's inert background included.
    expect.soft(await seriousA11yViolations(page), `${name}: serious or critical accessibility violations`).toEqual([]);

    const file = screenPath(info, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (options.modal) await page.screenshot({ path: file, animations: "disabled", scale: "css" });
    else await screenshotWholePage(page, file);
    await info.attach(name, { path: file, contentType: "image/png" });
  });
}

/**
 * axe-core's serious and critical violations on the page as it is now (or within `include`), one
 * line each. Judged at rest: the pointer moved off whatever was just clicked, and a frame drawn
 * since (the test browsers prefer reduced motion, so the app's hover fades end at once).
 */
export async function seriousA11yViolations(page: Page, { include }: { include?: string } = {}): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // axe is put into a document once: the app's route changes keep it (@axe-core/playwright injected
  // its 580 KB three times and opened a page per scan: most of a journey's time on a busy machine).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (selector) =>
      window.axe
        .run(selector ? { include: [selector] } : document, {
          resultTypes: ["violations"],
          // Off by default in axe (experimental); a button's name must contain its visible text.
          rules: { "label-content-name-mismatch": { enabled: true } },
        })
        .then((results) => results.violations),
    include ?? null,
  );
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}: ${violation.nodes.map((node) => `${node.target.join(" ")} ${node.html.slice(0, 160)}`).join("; ")}`,
    );
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
    await page.screenshot({ path: file, animations: "disabled", scale: "css" });
    return;
  }
  await page.setViewportSize({ width: viewport.width, height: Math.min(height, MAX_SCREENSHOT_HEIGHT) });
  try {
    await page.screenshot({ path: file, animations: "disabled", scale: "css" });
  } finally {
    await page.setViewportSize(viewport);
  }
}

function screenPath(info: TestInfo, name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, "-");
  return path.join(SCREENS_DIR, info.project.name, `${safe}.png`);
}
