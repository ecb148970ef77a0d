// Lighthouse on the pages a phone opens first, with its mobile defaults (simulated slow 4G, 4x CPU
// slowdown), in Debian's Chromium launched by Playwright with a debugging port Lighthouse drives.
import fs from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { findFreePort } from "../api/src/db/freePort.ts";
import { CHROMIUM_ARGS } from "../e2e/support/chromium.ts";

export interface LighthousePage {
  path: string;
  /** What the figures call the page (its path unless given: the floor page is "floor"). */
  name?: string;
  /** `name=value` of a session cookie, sent with every request of the page. */
  cookie?: string;
}

export interface LighthouseFigures {
  path: string;
  performance?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  accessibility?: number;
  bestPractices?: number;
  /** Lighthouse's measure of this machine's CPU at the time (a desktop of 2024 scores ~2,000); the 4x slowdown is applied to what it measured. */
  benchmarkIndex?: number;
  /** The audits that cost the accessibility and best-practices scores points. */
  failing: string[];
  /** Why the page has no figures, or why they do not count (a redirect elsewhere). */
  error?: string;
  /** Medians: how many rounds measured the page, and why the others did not. */
  rounds?: number;
  roundErrors?: string[];
}

const CATEGORIES = ["performance", "accessibility", "best-practices"];

/**
 * Runs Lighthouse on each page in turn, each bounded by `timeoutMs`; a page that fails says why.
 * With `reportDir`, each page's whole report goes there as JSON (Lighthouse's viewer reads it).
 */
export async function runLighthouse(
  baseUrl: string,
  pages: LighthousePage[],
  options: LighthouseOptions,
): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = [];
  for (const page of pages) {
    let row = await runOnce(baseUrl, page, options);
    // Lighthouse itself asks for another run when its trace came out broken (NO_NAVSTART, ...).
    if (row.error && row.retryable) row = await runOnce(baseUrl, page, options);
    const { retryable: _, ...kept } = row;
    figures.push(kept);
  }
  return figures;
}

interface LighthouseOptions {
  chromiumPath: string;
  timeoutMs: number;
  reportDir?: string;
  /** Added to each report's file name (a round's number). */
  reportSuffix?: string;
}

async function runOnce(
  baseUrl: string,
  page: LighthousePage,
  options: LighthouseOptions,
): Promise<LighthouseFigures & { retryable?: boolean }> {
  // A browser per page: a page that times out takes its browser with it, not the next page's run.
  const port = await findFreePort();
  const browser = await chromium.launch({
    executablePath: options.chromiumPath,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = lighthouse(`${baseUrl}${page.path}`, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      maxWaitForLoad: Math.min(45_000, options.timeoutMs / 2),
      ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
    });
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no result within ${options.timeoutMs / 1000} s`)), options.timeoutMs);
    });
    // Its rejection after a timeout (the browser closed under it) is not news.
    run.catch(() => {});
    const result = await Promise.race([run, timeout]);
    if (options.reportDir && result) {
      const name = (page.name ?? (page.path === "/" ? "landing" : page.path.slice(1))).replace(/[^A-Za-z0-9]+/g, "-");
      const file = `lighthouse-${name}${options.reportSuffix ?? ""}.json`;
      await fs.writeFile(path.join(options.reportDir, file), JSON.stringify(result.lhr));
    }
    return pageFigures(page.path, page.name ?? page.path, result?.lhr);
  } catch (error) {
    return { path: page.name ?? page.path, failing: [], error: (error as Error).message };
  } finally {
    clearTimeout(timer);
    await browser.close();
  }
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function pageFigures(
  expected: string,
  path: string,
  lhr: Report | undefined,
): LighthouseFigures & { retryable?: boolean } {
  if (!lhr) return { path, failing: [], error: "Lighthouse returned no report" };
  if (lhr.runtimeError) {
    return { path, failing: [], error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`, retryable: true };
  }
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? undefined : Math.round(value * 100);
  };
  const numeric = (id: string) => lhr.audits[id]?.numericValue;
  const failing = ["accessibility", "best-practices"].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  const landedOn = new URL(lhr.finalDisplayedUrl).pathname;
  return {
    path,
    performance: score("performance"),
    lcpMs: round(numeric("largest-contentful-paint")),
    tbtMs: round(numeric("total-blocking-time")),
    cls: numeric("cumulative-layout-shift"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    failing,
    ...(landedOn === expected ? {} : { error: `the page ended on ${landedOn}` }),
  };
}

function round(value: number | undefined): number | undefined {
  return value === undefined ? undefined : Math.round(value);
}
