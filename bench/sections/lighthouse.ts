// Lighthouse on the first pages (bench/lighthouse.ts), mobile, beside the floor page (bench/floor/):
// the same stack and theme with one screen and nothing else, measured in the same rounds, the pages
// alternating, so the machine's noise falls on each alike. Each figure is the median of the rounds.
import { CHROMIUM_PATH } from "../../e2e/support/chromium.ts";
import { startFloorPage } from "../floor/floor.ts";
import { type LighthouseFigures, type LighthousePage, runLighthouse } from "../lighthouse.ts";
import type { Budget, Section } from "./section.ts";

const LIGHTHOUSE_TIMEOUT_MS = 120_000;
/** At least 3: a median of fewer says little on a shared machine. */
const ROUNDS = Math.max(3, Number(process.env.LIGHTHOUSE_ROUNDS ?? 3));

/** The floor page's path in the tables (it is served on a port of its own, at its `/`). */
export const FLOOR = "floor";

/** The friend's page a share link opens (docs/rules/share-links.md), for the bench's first customer's link. */
const FRIEND_PAGE = "/r/<code>";

/** The verdicts (docs/performance.md, "Budgets"): the landing page and the friend's page are held to more. */
const PAGES: {
  path: string;
  signedInAs?: "customer" | "admin" | "staff";
  minPerformance: number;
  maxLcpMs?: number;
}[] = [
  { path: "/", minPerformance: 95 },
  { path: "/home", signedInAs: "customer", minPerformance: 90, maxLcpMs: 2500 },
  { path: "/milestones", signedInAs: "customer", minPerformance: 90, maxLcpMs: 2500 },
  { path: "/admin", signedInAs: "admin", minPerformance: 90, maxLcpMs: 2500 },
  { path: "/staff", signedInAs: "staff", minPerformance: 90, maxLcpMs: 2500 },
  { path: FRIEND_PAGE, minPerformance: 95, maxLcpMs: 2500 },
];
/** `/` within this many points of the floor's performance score. */
const LANDING_FROM_FLOOR = 2;
/** Every page's TBT within this of the floor's. */
const TBT_ABOVE_FLOOR_MS = 100;
const MAX_CLS = 0.02;
const ACCESSIBILITY = 100;
const BEST_PRACTICES = 100;

export const lighthouse: Section = {
  letter: "lighthouse",
  name: "lighthouse",
  title: `Lighthouse (mobile: simulated slow 4G, 4x CPU slowdown), beside the floor page; medians of ${ROUNDS} alternating rounds`,
  async run({ results, baseUrl, cookies, traceDir }) {
    const friendPath = await shareLinkPath(baseUrl, cookies.customer);
    const floor = await startFloorPage();
    try {
      const pages: (LighthousePage & { baseUrl: string })[] = [
        { path: "/", baseUrl: floor.url, name: FLOOR },
        ...PAGES.map(({ path, signedInAs }) => ({
          ...(path === FRIEND_PAGE ? { path: friendPath, name: FRIEND_PAGE } : { path }),
          baseUrl,
          ...(signedInAs ? { cookie: cookies[signedInAs] } : {}),
        })),
      ];
      const rounds: LighthouseFigures[][] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Each round starts one page later, so no page always runs first (or right after the same one).
        const order = pages.map((_, index) => pages[(index + round) % pages.length]!);
        const figures = [];
        for (const page of order) {
          const [row] = await runLighthouse(page.baseUrl, [page], {
            chromiumPath: CHROMIUM_PATH,
            timeoutMs: LIGHTHOUSE_TIMEOUT_MS,
            reportDir: traceDir,
            reportSuffix: `-round${round + 1}`,
          });
          figures.push(row!);
        }
        rounds.push(figures);
        console.log(
          `  round ${round + 1}: ${figures.map((row) => `${row.path} ${row.performance ?? "-"}`).join(", ")}`,
        );
      }
      results.lighthouseRounds = rounds;
      results.lighthouse = [FLOOR, ...PAGES.map((page) => page.path)].map((path) =>
        medianFigures(
          path,
          rounds.flatMap((round) => round.filter((row) => row.path === path)),
        ),
      );
      printLighthouse(results.lighthouse);
    } finally {
      await floor.close();
    }
  },
  budgets: ({ results }) => (results.lighthouse ? lighthouseBudgets(results.lighthouse) : []),
};

/** The path of the customer's share link, as a friend opens it (signed out). */
async function shareLinkPath(baseUrl: string, customerCookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/referrals/share-link`, { headers: { cookie: customerCookie } });
  const link = (await response.json()) as { code?: string } | null;
  if (!response.ok || !link?.code) throw new Error(`the bench customer has no share link: ${response.status}`);
  return `/r/${link.code}`;
}

/** The median of each figure over the rounds that gave one; a page's error is kept when no round measured it. */
export function medianFigures(path: string, rows: LighthouseFigures[]): LighthouseFigures {
  const measured = rows.filter((row) => !row.error);
  const median = (pick: (row: LighthouseFigures) => number | undefined) => {
    const values = measured
      .map(pick)
      .filter((value): value is number => value !== undefined)
      .sort((a, b) => a - b);
    if (values.length === 0) return undefined;
    const middle = Math.floor(values.length / 2);
    return values.length % 2 ? values[middle] : (values[middle - 1]! + values[middle]!) / 2;
  };
  const errors = rows.filter((row) => row.error).map((row) => row.error!);
  return {
    path,
    performance: median((row) => row.performance),
    lcpMs: median((row) => row.lcpMs),
    tbtMs: median((row) => row.tbtMs),
    cls: median((row) => row.cls),
    accessibility: median((row) => row.accessibility),
    bestPractices: median((row) => row.bestPractices),
    benchmarkIndex: median((row) => row.benchmarkIndex),
    failing: [...new Set(measured.flatMap((row) => row.failing))],
    rounds: measured.length,
    ...(measured.length === 0 ? { error: errors[0] ?? "no round measured it" } : {}),
    ...(errors.length > 0 && measured.length > 0 ? { roundErrors: errors } : {}),
  };
}

function printLighthouse(figures: LighthouseFigures[]) {
  const show = (value: number | undefined, format: (value: number) => string) =>
    value === undefined ? "-" : format(value);
  const floor = figures.find((row) => row.path === FLOOR);
  for (const row of figures) {
    const name = row.path === FLOOR ? "floor page" : row.path;
    console.log(
      `  ${name.padEnd(12)} performance ${show(row.performance, String)}` +
        `  LCP ${show(row.lcpMs, seconds)}  TBT ${show(row.tbtMs, (ms) => `${Math.round(ms)} ms`)}` +
        `  CLS ${show(row.cls, (cls) => cls.toFixed(3))}  accessibility ${show(row.accessibility, String)}` +
        `  best practices ${show(row.bestPractices, String)}` +
        (row.path !== FLOOR && floor?.performance !== undefined && row.performance !== undefined
          ? `  (${signed(row.performance - floor.performance)} points, TBT ${signed(Math.round((row.tbtMs ?? 0) - (floor.tbtMs ?? 0)))} ms against the floor)`
          : ""),
    );
    if (row.benchmarkIndex !== undefined)
      console.log(`  ${"".padEnd(12)} Lighthouse's CPU benchmark index ${Math.round(row.benchmarkIndex)} (median)`);
    if (row.error) console.log(`  ${"".padEnd(12)} ${row.error}`);
    for (const error of row.roundErrors ?? []) console.log(`  ${"".padEnd(12)} a round failed: ${error}`);
    if (row.failing.length > 0) console.log(`  ${"".padEnd(12)} failing audits: ${row.failing.join(", ")}`);
  }
}

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Each page's verdicts against its own thresholds and the floor's figures of the same rounds. */
export function lighthouseBudgets(figures: LighthouseFigures[]): Budget[] {
  const floor = figures.find((row) => row.path === FLOOR);
  const floorBudgets: Budget[] = [
    {
      budget: "Lighthouse floor page: measured",
      figure: floor?.error ?? `performance ${floor?.performance}, TBT ${Math.round(floor?.tbtMs ?? 0)} ms`,
      met: floor !== undefined && !floor.error,
    },
  ];
  return floorBudgets.concat(
    PAGES.flatMap((page) => {
      const row = figures.find((entry) => entry.path === page.path);
      const why = row?.error ? ` (${row.error})` : "";
      const line = (
        name: string,
        value: number | undefined,
        format: (value: number) => string,
        met: (value: number) => boolean,
      ): Budget => ({
        budget: `Lighthouse ${page.path}: ${name}`,
        figure: `${value === undefined ? "none" : format(value)}${why}`,
        met: value !== undefined && !row?.error && met(value),
      });
      const lines = [
        line(`performance at least ${page.minPerformance}`, row?.performance, String, (v) => v >= page.minPerformance),
      ];
      if (page.path === "/")
        lines.push(
          line(
            `performance within ${LANDING_FROM_FLOOR} points of the floor page's (${floor?.performance ?? "none"})`,
            row?.performance,
            String,
            (v) => floor?.performance !== undefined && v >= floor.performance - LANDING_FROM_FLOOR,
          ),
        );
      if (page.maxLcpMs !== undefined) {
        const maxLcpMs = page.maxLcpMs;
        lines.push(line(`LCP at most ${seconds(maxLcpMs)}`, row?.lcpMs, seconds, (v) => v <= maxLcpMs));
      }
      lines.push(
        line(
          `TBT within ${TBT_ABOVE_FLOOR_MS} ms of the floor page's (${floor?.tbtMs === undefined ? "none" : `${Math.round(floor.tbtMs)} ms`})`,
          row?.tbtMs,
          (v) => `${Math.round(v)} ms`,
          (v) => floor?.tbtMs !== undefined && v <= floor.tbtMs + TBT_ABOVE_FLOOR_MS,
        ),
        line(
          `CLS at most ${MAX_CLS}`,
          row?.cls,
          (v) => v.toFixed(3),
          (v) => v <= MAX_CLS,
        ),
        line(`accessibility ${ACCESSIBILITY}`, row?.accessibility, String, (v) => v >= ACCESSIBILITY),
        line(`best practices ${BEST_PRACTICES}`, row?.bestPractices, String, (v) => v >= BEST_PRACTICES),
      );
      return lines;
    }),
  );
}
