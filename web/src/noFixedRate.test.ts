import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every page shows the credit rate in force (the programme query), so no
// customer-facing text may hold the launch rate (11%, £0.11 per £1.00) written in. Comments and
// tests may name it.

const WEB = path.resolve(import.meta.dirname, "..");
const FIXED_RATE = /\b11\s*%|£\s*0\.11\b|\b11p\b|11 pence/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__generated__" || entry.name === "testing" ? [] : sourceFiles(file);
    return /\.(tsx?|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The file without its comments, so only code and text remain. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");

describe("the web app's texts", () => {
  it("hold no fixed credit rate", () => {
    // web/scripts/prerender.ts renders under sample rates (11% among them) only to prove the markup holds none.
    const files = [...sourceFiles(path.join(WEB, "src")), path.join(WEB, "index.html")];
    const found = files.filter((file) => FIXED_RATE.test(withoutComments(readFileSync(file, "utf8"))));
    expect(found.map((file) => path.relative(WEB, file))).toEqual([]);
  });
});
