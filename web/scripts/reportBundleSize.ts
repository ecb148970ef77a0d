// Prints the gzip size of the JavaScript the landing page needs before its first paint and fails
// over budget (the build runs it).
import {
  LANDING_BUDGET_BYTES as BUDGET_BYTES,
  LANDING_ROUTE_SOURCE,
  routeInitialJavaScript,
  totalGzip,
} from "./bundleSize.ts";

const rows = routeInitialJavaScript(LANDING_ROUTE_SOURCE);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzip = totalGzip(rows);
const raw = rows.reduce((sum, row) => sum + row.raw, 0);
console.log("\nLanding page initial JavaScript:");
for (const row of rows)
  console.log(`  ${row.file.padEnd(48)} ${kb(row.raw).padStart(10)}  gzip ${kb(row.gzip).padStart(9)}`);
console.log(
  `  ${"total".padEnd(48)} ${kb(raw).padStart(10)}  gzip ${kb(gzip).padStart(9)}  (budget ${kb(BUDGET_BYTES)})\n`,
);

if (gzip > BUDGET_BYTES) {
  console.error(`The landing page's initial JavaScript is ${kb(gzip)} gzip, over the ${kb(BUDGET_BYTES)} budget.`);
  process.exit(1);
}
