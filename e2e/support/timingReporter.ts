// Prints where the suite's time went: its total, its slowest ten tests, and with E2E_STEP_TIMES=1
// each test's slowest steps (browser calls, expectations, fixtures), to find what a slow run waits on.
import type { FullResult, Reporter, TestCase, TestResult, TestStep } from "@playwright/test/reporter";

const SLOWEST = 10;
const STEPS_PER_TEST = 8;

interface Timed {
  title: string;
  ms: number;
}

export default class TimingReporter implements Reporter {
  private readonly startedAt = Date.now();
  private readonly tests: Timed[] = [];
  private readonly steps = new Map<string, Timed[]>();
  private readonly showSteps = process.env.E2E_STEP_TIMES === "1";
  /** Leaf steps' time by kind (a step's title without its quoted argument), over the whole run. */
  private readonly byKind = new Map<string, number>();

  onStepEnd(test: TestCase, _result: TestResult, step: TestStep): void {
    if (!this.showSteps || step.duration < 0) return;
    const key = test.id;
    const list = this.steps.get(key) ?? [];
    list.push({
      title: `${step.category}: ${step.title}${step.location ? ` (${step.location.file.split("/").pop()}:${step.location.line})` : ""}`,
      ms: step.duration,
    });
    this.steps.set(key, list);
    if (step.steps.length === 0) {
      const kind = `${step.category}: ${step.title.replace(/".*"/, '"…"')}`;
      this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + step.duration);
    }
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? "";
    this.tests.push({
      title: `[${project}] ${test.location.file.split("/").slice(-2).join("/")}:${test.location.line} ${result.status}`,
      ms: result.duration,
    });
    if (!this.showSteps) return;
    const steps = (this.steps.get(test.id) ?? []).sort((a, b) => b.ms - a.ms).slice(0, STEPS_PER_TEST);
    console.log(`\nsteps of [${project}] ${test.title} (${seconds(result.duration)}):`);
    for (const step of steps) console.log(`  ${seconds(step.ms).padStart(8)}  ${step.title}`);
  }

  onEnd(_result: FullResult): void {
    const slowest = [...this.tests].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
    console.log(`\ne2e: the ${slowest.length} slowest tests:`);
    for (const test of slowest) console.log(`  ${seconds(test.ms).padStart(8)}  ${test.title}`);
    const busy = this.tests.reduce((sum, test) => sum + test.ms, 0);
    if (this.showSteps) {
      console.log("\ne2e: time in leaf steps, by kind:");
      for (const [kind, ms] of [...this.byKind].sort((a, b) => b[1] - a[1]).slice(0, 25))
        console.log(`  ${seconds(ms).padStart(8)}  ${kind}`);
    }
    console.log(
      `e2e: ${this.tests.length} tests, ${seconds(busy)} of test time in ${seconds(Date.now() - this.startedAt)}`,
    );
  }

  printsToStdio(): boolean {
    return false;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
