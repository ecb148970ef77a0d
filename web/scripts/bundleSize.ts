import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const DIST = path.resolve(import.meta.dirname, "../dist");

/** The landing page's initial JavaScript stays within this budget: the build and e2e/compression.spec.ts check. */
export const LANDING_ROUTE_SOURCE = "src/pages/landing/LandingPage.tsx";
export const LANDING_BUDGET_BYTES = 200 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

/**
 * The JavaScript a route needs before its first paint: the entry chunk, the route's own chunk,
 * and every chunk they import statically (lazy imports load later and are not counted).
 */
export function routeInitialJavaScript(routeSource: string, dist = DIST): ChunkSize[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error("The Vite manifest names no entry chunk");
  if (!manifest[routeSource]) throw new Error(`The Vite manifest has no chunk for ${routeSource}`);
  const initial = new Set<string>();
  const add = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const imported of manifest[key]?.imports ?? []) add(imported);
  };
  add(entryKey);
  add(routeSource);
  return [...initial]
    .map((key) => {
      const file = manifest[key]!.file;
      const bytes = readFileSync(path.join(dist, file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

export const totalGzip = (chunks: ChunkSize[]) => chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
