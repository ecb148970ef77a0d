// Prints the gzip size of the JavaScript the landing page needs before its first paint: the entry
// chunk, the landing route's chunk, and every chunk they import statically. Fails over budget.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 200 * 1024;
const DIST = path.resolve(import.meta.dirname, "../dist");
const LANDING_ROUTE_SOURCE = "src/pages/landing/LandingPage.tsx";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const manifest = JSON.parse(readFileSync(path.join(DIST, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error("The Vite manifest names no entry chunk");
if (!manifest[LANDING_ROUTE_SOURCE]) throw new Error(`The Vite manifest has no chunk for ${LANDING_ROUTE_SOURCE}`);

const initial = new Set<string>();
function addWithStaticImports(key: string) {
  if (initial.has(key)) return;
  initial.add(key);
  for (const imported of manifest[key]?.imports ?? []) addWithStaticImports(imported);
}
addWithStaticImports(entryKey);
addWithStaticImports(LANDING_ROUTE_SOURCE);

const rows = [...initial].map((key) => {
  const file = manifest[key]!.file;
  const bytes = readFileSync(path.join(DIST, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const totalGzip = rows.reduce((sum, row) => sum + row.gzip, 0);
const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
console.log("\nLanding page initial JavaScript:");
for (const row of rows) console.log(`  ${row.file.padEnd(48)} ${kb(row.raw).padStart(10)}  gzip ${kb(row.gzip).padStart(9)}`);
console.log(`  ${"total".padEnd(48)} ${kb(totalRaw).padStart(10)}  gzip ${kb(totalGzip).padStart(9)}  (budget ${kb(BUDGET_BYTES)})\n`);

if (totalGzip > BUDGET_BYTES) {
  console.error(`The landing page's initial JavaScript is ${kb(totalGzip)} gzip, over the ${kb(BUDGET_BYTES)} budget.`);
  process.exit(1);
}
