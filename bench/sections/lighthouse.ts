// Lighthouse on the first pages (bench/lighthouse.ts), mobile, against each page's budget.
import { CHROMIUM_PATH } from "../../e2e/support/chromium.ts";
import { type LighthouseFigures, type LighthousePage, runLighthouse, SHARED_BUDGET } from "../lighthouse.ts";
import type { Budget, Section } from "./section.ts";

const LIGHTHOUSE_TIMEOUT_MS = 120_000;

/** The pages and their budgets (docs/performance.md): the landing page is held to more. */
const OTHERS = { performance: 90, lcpMs: 2500 };
const PAGES: (Omit<LighthousePage, "cookie"> & { signedInAs?: "customer" | "admin" })[] = [
  { path: "/", budget: { performance: 95, lcpMs: 2000 } },
  { path: "/home", signedInAs: "customer", budget: OTHERS },
  { path: "/milestones", signedInAs: "customer", budget: OTHERS },
  { path: "/admin", signedInAs: "admin", budget: OTHERS },
];

export const lighthouse: Section = {
  letter: "lighthouse",
  name: "lighthouse",
  title: "Lighthouse (mobile: simulated slow 4G, 4x CPU slowdown; budget in brackets)",
  async run({ results, baseUrl, cookies, traceDir }) {
    const pages = PAGES.map(({ signedInAs, ...page }) =>
      signedInAs ? { ...page, cookie: cookies[signedInAs] } : page,
    );
    results.lighthouse = await runLighthouse(baseUrl, pages, {
      chromiumPath: CHROMIUM_PATH,
      timeoutMs: LIGHTHOUSE_TIMEOUT_MS,
      reportDir: traceDir,
    });
    printLighthouse(results.lighthouse);
  },
  budgets: ({ results }) => (results.lighthouse ? lighthouseBudgets(results.lighthouse) : []),
};

function printLighthouse(figures: LighthouseFigures[]) {
  const show = (value: number | undefined, format: (value: number) => string) =>
    value === undefined ? "-" : format(value);
  for (const [index, page] of PAGES.entries()) {
    const row = figures[index];
    if (!row) continue;
    console.log(
      `  ${page.path.padEnd(12)} performance ${show(row.performance, String)} (budget ${page.budget.performance})` +
        `  LCP ${show(row.lcpMs, seconds)} (${seconds(page.budget.lcpMs)})` +
        `  TBT ${show(row.tbtMs, (ms) => `${ms} ms`)} (${SHARED_BUDGET.tbtMs} ms)` +
        `  CLS ${show(row.cls, (cls) => cls.toFixed(3))} (${SHARED_BUDGET.cls})` +
        `  accessibility ${show(row.accessibility, String)} (${SHARED_BUDGET.accessibility})` +
        `  best practices ${show(row.bestPractices, String)} (${SHARED_BUDGET.bestPractices})`,
    );
    if (row.benchmarkIndex !== undefined)
      console.log(`  ${"".padEnd(12)} Lighthouse's CPU benchmark index ${row.benchmarkIndex}`);
    if (row.error) console.log(`  ${"".padEnd(12)} ${row.error}`);
    if (row.failing.length > 0) console.log(`  ${"".padEnd(12)} failing audits: ${row.failing.join(", ")}`);
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function lighthouseBudgets(figures: LighthouseFigures[]): Budget[] {
  return PAGES.flatMap((page, index) => {
    const row = figures[index];
    const why = row?.error ? ` (${row.error})` : "";
    const line = (
      name: string,
      value: number | undefined,
      format: (value: number) => string,
      met: (value: number) => boolean,
    ) => ({
      budget: `Lighthouse ${page.path}: ${name}`,
      figure: `${value === undefined ? "none" : format(value)}${why}`,
      met: value !== undefined && !row?.error && met(value),
    });
    return [
      line(
        `performance at least ${page.budget.performance}`,
        row?.performance,
        String,
        (v) => v >= page.budget.performance,
      ),
      line(`LCP at most ${seconds(page.budget.lcpMs)}`, row?.lcpMs, seconds, (v) => v <= page.budget.lcpMs),
      line(
        `TBT at most ${SHARED_BUDGET.tbtMs} ms`,
        row?.tbtMs,
        (v) => `${v} ms`,
        (v) => v <= SHARED_BUDGET.tbtMs,
      ),
      line(
        `CLS at most ${SHARED_BUDGET.cls}`,
        row?.cls,
        (v) => v.toFixed(3),
        (v) => v <= SHARED_BUDGET.cls,
      ),
      line(
        `accessibility ${SHARED_BUDGET.accessibility}`,
        row?.accessibility,
        String,
        (v) => v >= SHARED_BUDGET.accessibility,
      ),
      line(
        `best practices ${SHARED_BUDGET.bestPractices}`,
        row?.bestPractices,
        String,
        (v) => v >= SHARED_BUDGET.bestPractices,
      ),
    ];
  });
}
