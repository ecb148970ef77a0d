// Adds up the JSON reports of the test runners into one line: `tests: N passed, N failed`.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;

if (existsSync("test-results/vitest.json")) {
  const report = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that fails to load has no tests to count: count it as a failure.
  for (const file of report.testResults ?? []) if (file.status === "failed" && (file.assertionResults ?? []).length === 0) failed += 1;
}
if (existsSync("test-results/playwright.json")) {
  const report = JSON.parse(readFileSync("test-results/playwright.json", "utf8"));
  passed += report.stats?.expected ?? 0;
  failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
  skipped += report.stats?.skipped ?? 0;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
