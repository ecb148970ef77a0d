// b. A customer's dashboard: its GraphQL read and the REST paths behind it, each at its maximum and
// at half of it; held against the ceiling (a) measured in the same run.
import { YOGA_CEILING } from "./ceiling.ts";
import { readsSection } from "./reads.ts";
import type { Budget, Section } from "./section.ts";

/** The dashboard against the ceiling in the same run: its share of the throughput, its CPU per request. */
const DASHBOARD_SHARE_PERCENT = 30;
const DASHBOARD_CPU_TIMES = 3;

const reads = readsSection(
  "b",
  "dashboard",
  "b. A customer's dashboard (50 connections; then half that rate, open loop)",
);

export const dashboard: Section = {
  ...reads,
  budgets(bench) {
    const { results } = bench;
    const yoga = results.measured.find((row) => row.name === YOGA_CEILING && row.group === undefined);
    const first = results.measured.find((row) => row.group?.startsWith("b"));
    const budgets: Budget[] = [];
    if (yoga && first) {
      // Compared unrounded: 24.96% is not 25%.
      const share = (first.requestsPerSecond / yoga.requestsPerSecond) * 100;
      results.facts.dashboardShareOfYogaCeilingPercent = Math.floor(share * 10) / 10;
      budgets.push({
        budget: `dashboard at least ${DASHBOARD_SHARE_PERCENT}% of the Yoga ceiling's throughput`,
        figure: `${results.facts.dashboardShareOfYogaCeilingPercent}%`,
        met: share >= DASHBOARD_SHARE_PERCENT,
      });
      if (yoga.serverCpuMs && first.serverCpuMs) {
        const times = first.serverCpuMs / yoga.serverCpuMs;
        results.facts.dashboardCpuTimesCeiling = Math.round(times * 100) / 100;
        budgets.push({
          budget: `dashboard's server CPU per request at most ${DASHBOARD_CPU_TIMES}x the Yoga ceiling's`,
          figure: `${results.facts.dashboardCpuTimesCeiling}x (${first.serverCpuMs} / ${yoga.serverCpuMs} ms)`,
          met: times <= DASHBOARD_CPU_TIMES,
        });
      }
    }
    return [...budgets, ...(reads.budgets?.(bench) ?? [])];
  },
};
