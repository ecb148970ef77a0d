// What the dashboard (b), admin-list (c) and analytics (d) sections share: each of their measured
// reads (bench/requests.ts) at its maximum, closed loop; then each at half that rate, open loop, and
// a p99 budget for that half.
import type { Measured } from "../measure.ts";
import { MEASURED_REQUESTS, type MeasuredRequest } from "../requests.ts";
import { requestOptions } from "../stack.ts";
import type { Bench, Budget, Section } from "./section.ts";

type Group = MeasuredRequest["group"];

/** p99 budgets at half a request's own maximum, open loop (docs/performance.md); the admin lists get 100 ms at 200,000 customers. */
export function p99BudgetMs(group: string | undefined, customers: number): number | undefined {
  if (group === "c" && customers >= 200_000) return 100;
  return ({ b: 50, c: 50, d: 250 } as Record<string, number>)[group ?? ""];
}

/** A section measuring the reads of `group`: `name` and `title` as Section has them. */
export function readsSection(group: Group, name: string, title: string): Section {
  return {
    letter: group,
    name,
    title,
    run: (bench) => measureReads(bench, group),
    budgets: (bench) => readBudgets(bench, group),
  };
}

/** Longer than the server's quiet-second check (1 s), so one whole check falls in it. */
const QUIET_BEFORE_OPEN_LOOPS_MS = 2500;

async function measureReads(bench: Bench, group: Group) {
  const { meter, results, baseUrl, cookies, customers } = bench;
  const targets = await bench.targets();
  const measured: { request: MeasuredRequest; load: ReturnType<typeof requestOptions>; index: number }[] = [];
  for (const request of MEASURED_REQUESTS.filter((one) => one.group === group)) {
    const load = requestOptions(baseUrl, request, cookies[request.signedInAs], targets);
    const row = await meter.measure(request.name, load);
    results.measured[results.measured.length - 1] = {
      ...row,
      group: request.withoutBudget ? `${request.group} (no budget)` : request.group,
    };
    measured.push({ request, load, index: results.measured.length - 1 });
  }
  // The open loops come after every maximum and two quiet seconds, in which the server collects
  // the closed loops' promoted garbage (api/src/http/idleCollection.ts) as it does after any burst:
  // straight after a saturating closed loop, that full collection landed in the open loop
  // (docs/performance.md, "Stalls in the open loops").
  await new Promise((resolve) => setTimeout(resolve, QUIET_BEFORE_OPEN_LOOPS_MS));
  console.log("  then each at half its maximum, open loop:");
  for (const { request, load, index } of measured) {
    const row = results.measured[index] as Measured;
    if (row.requestsPerSecond <= 0) continue;
    // Half the request's own maximum: a rate it serves with room to spare, where its latency is its own.
    const slowMs = (p99BudgetMs(request.group, customers) ?? 50) / 2;
    console.log(`  ${request.name}`);
    row.openLoop = await meter.openLoop(load, row.requestsPerSecond / 2, slowMs);
    meter.printOpenLoop(row.openLoop, slowMs);
  }
}

function readBudgets({ results, customers }: Bench, group: Group): Budget[] {
  return results.measured.flatMap((row) => {
    const budget = row.group === group ? p99BudgetMs(row.group, customers) : undefined;
    if (budget === undefined || !row.openLoop) return [];
    const failed = row.openLoop.errors + row.openLoop.non2xx;
    return [
      {
        budget: `${row.group}: ${row.name} p99 under ${budget} ms at half its maximum (${row.openLoop.offeredRate} req/s, open loop)`,
        figure: `${row.openLoop.p99} ms${failed ? ` (${failed} failed)` : ""}`,
        met: row.openLoop.p99 < budget && failed === 0,
      },
    ];
  });
}
