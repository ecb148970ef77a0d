// What a server-rendered or prerendered page must survive as React adopts it: hydration errors,
// markup thrown away, layout shifts (docs/performance.md, "Prerendered pages: the landing page paints before its JavaScript").
import { expect, type Locator, type Page } from "@playwright/test";

// React's production build names its hydration failures by number (#418 text, #419/#421/#423 boundaries, #425 attributes).
const HYDRATION_PROBLEM = /hydrat|Minified React error #4(18|19|21|22|23|25)|did not match|recoverable/i;

export interface PageWatch {
  problems: string[];
  /** Headings removed from the page: a failed hydration throws the server's markup away. */
  removedHeadings(): Promise<number>;
  /** The page's cumulative layout shift so far (shifts right after an input excluded, as Lighthouse does). */
  layoutShift(): Promise<number>;
}

/** Watches the page from its first byte: the console, uncaught errors, removed headings, layout shifts. */
export async function watch(page: Page): Promise<PageWatch> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if ((message.type() === "error" || message.type() === "warning") && HYDRATION_PROBLEM.test(message.text()))
      problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.addInitScript(() => {
    const seen = window as unknown as { removedHeadings: number; layoutShift: number };
    seen.removedHeadings = 0;
    seen.layoutShift = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && (node.matches("h1") || node.querySelector("h1"))) seen.removedHeadings++;
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) seen.layoutShift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const read = (name: "removedHeadings" | "layoutShift") =>
    page.evaluate((key) => (window as unknown as Record<string, number>)[key] ?? 0, name);
  return { problems, removedHeadings: () => read("removedHeadings"), layoutShift: () => read("layoutShift") };
}

/** Waits until React has adopted this server-rendered element (hydration attaches its fiber to the node). */
export async function hydrated(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber$"))))
    .toBe(true);
}
