// Adds up the JSON reports of the test runners into one line: `tests: N passed, N failed`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;

if (existsSync("test-results/vitest.json")) {
  const report = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const files = (report.testResults ?? []).map((file) => ({ name: path.relative(process.cwd(), file.name), ms: file.endTime - file.startTime }));
  console.log("vitest: the 10 slowest files:");
  for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.name}`);
  // A file that fails to load has no tests to count: count it as a failure.
  for (const file of report.testResults ?? []) if (file.status === "failed" && (file.assertionResults ?? []).length === 0) failed += 1;
}
// The API and benchmark suites run again on Node 24 (.ci/run): counted as the separate run they are.
if (existsSync("test-results/vitest-node24.json")) {
  const report = JSON.parse(readFileSync("test-results/vitest-node24.json", "utf8"));
  const node24Failed = (report.numFailedTests ?? 0) + (report.testResults ?? []).filter((file) => file.status === "failed" && (file.assertionResults ?? []).length === 0).length;
  console.log(`vitest on Node 24: ${report.numPassedTests ?? 0} passed, ${node24Failed} failed`);
  passed += report.numPassedTests ?? 0;
  failed += node24Failed;
}
if (existsSync("test-results/playwright.json")) {
  const report = JSON.parse(readFileSync("test-results/playwright.json", "utf8"));
  passed += report.stats?.expected ?? 0;
  failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
  skipped += report.stats?.skipped ?? 0;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
