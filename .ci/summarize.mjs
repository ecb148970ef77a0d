// Adds up the JSON reports of the test runners into one line: `tests: N passed, N failed`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
// The failing tests by name, printed last: CI keeps only the tail of the output.
const failures = [];
const vitestFailures = (report, label) => {
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    if (file.status === "failed" && (file.assertionResults ?? []).length === 0) failures.push(`${label} ${name}: ${(file.message ?? "failed to load").split("\n")[0]}`);
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") failures.push(`${label} ${name} > ${test.fullName}: ${(test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300)}`);
    }
  }
};

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
  vitestFailures(report, "vitest");
}
// The API and benchmark suites run again on Node 24 (.ci/run): counted as the separate run they are.
if (existsSync("test-results/vitest-node24.json")) {
  const report = JSON.parse(readFileSync("test-results/vitest-node24.json", "utf8"));
  const node24Failed = (report.numFailedTests ?? 0) + (report.testResults ?? []).filter((file) => file.status === "failed" && (file.assertionResults ?? []).length === 0).length;
  console.log(`vitest on Node 24: ${report.numPassedTests ?? 0} passed, ${node24Failed} failed`);
  passed += report.numPassedTests ?? 0;
  failed += node24Failed;
  vitestFailures(report, "vitest (Node 24)");
}
if (existsSync("test-results/playwright.json")) {
  const report = JSON.parse(readFileSync("test-results/playwright.json", "utf8"));
  passed += report.stats?.expected ?? 0;
  failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
  skipped += report.stats?.skipped ?? 0;
  const walk = (suite, where) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected" || test.status === "flaky") {
          const error = test.results?.find((result) => result.error)?.error?.message ?? "";
          failures.push(`playwright ${where}${spec.title} (${test.status}): ${error.split("\n")[0].slice(0, 300)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, `${where}${child.title} > `);
  };
  for (const suite of report.suites ?? []) walk(suite, `${suite.title} > `);
}
if (failures.length > 0) {
  console.log("failed:");
  for (const failure of failures) console.log(`  ${failure.replace(/\u001b\[[0-9;]*m/g, "")}`);
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
