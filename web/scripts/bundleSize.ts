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

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist = DIST): Manifest {
  return JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((name) => manifest[name]?.isEntry);
  if (!key) throw new Error("The Vite manifest names no entry chunk");
  return key;
}

/** The manifest keys of `keys` and every chunk they import statically (lazy imports load later). */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const closure = new Set<string>();
  const add = (key: string) => {
    if (closure.has(key)) return;
    if (!manifest[key]) throw new Error(`The Vite manifest has no chunk for ${key}`);
    closure.add(key);
    for (const imported of manifest[key].imports ?? []) add(imported);
  };
  for (const key of keys) add(key);
  return closure;
}

/**
 * The JavaScript a route needs before its first paint: the entry chunk, the route's own chunk,
 * and every chunk they import statically.
 */
export function routeInitialJavaScript(routeSource: string, dist = DIST): ChunkSize[] {
  const manifest = readManifest(dist);
  return [...staticClosure(manifest, [entryKey(manifest), routeSource])]
    .map((key) => {
      const file = manifest[key]!.file;
      const bytes = readFileSync(path.join(dist, file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

export const totalGzip = (chunks: ChunkSize[]) => chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
