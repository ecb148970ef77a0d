// The landing page's initial JavaScript keeps its 200 KB budget on the bytes actually sent, not
// only on the build's gzip estimate (web/scripts/reportBundleSize.ts), and what is sent decodes
// to the files the build wrote.
import { existsSync, readFileSync } from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { DIST, LANDING_BUDGET_BYTES, LANDING_ROUTE_SOURCE, routeInitialJavaScript } from "../web/scripts/bundleSize.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The first of `codings` the build wrote a copy in (it writes none that would not be smaller). */
function storedCoding(file: string, codings: ("br" | "gzip")[]): "br" | "gzip" | undefined {
  return codings.find((coding) => existsSync(path.join(DIST, `${file}.${coding === "br" ? "br" : "gz"}`)));
}

function decode(body: Buffer, coding: string | undefined): Buffer {
  if (coding === "br") return brotliDecompressSync(body);
  if (coding === "gzip") return gunzipSync(body);
  return body;
}

/** A GET that keeps the answer as sent (Playwright's and Node's clients decode it). */
function rawGet(url: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

test("the landing page's initial JavaScript is sent compressed under 200 KB, and each coding decodes to the built file", async ({
  baseURL,
}) => {
  const chunks = routeInitialJavaScript(LANDING_ROUTE_SOURCE);
  let sent = 0;
  for (const chunk of chunks) {
    const built = readFileSync(path.join(DIST, chunk.file));
    const url = `${baseURL}/${chunk.file}`;
    const best = await rawGet(url, "br, gzip");
    expect(best.headers["content-encoding"], chunk.file).toBe(storedCoding(chunk.file, ["br", "gzip"]));
    expect(Number(best.headers["content-length"]), chunk.file).toBe(best.body.length);
    expect(decode(best.body, best.headers["content-encoding"]).equals(built), chunk.file).toBe(true);
    sent += best.body.length;

    const gzip = await rawGet(url, "gzip, deflate");
    expect(gzip.headers["content-encoding"], chunk.file).toBe(storedCoding(chunk.file, ["gzip"]));
    expect(decode(gzip.body, gzip.headers["content-encoding"]).equals(built), chunk.file).toBe(true);

    const plain = await rawGet(url, "identity");
    expect(plain.headers["content-encoding"], chunk.file).toBeUndefined();
    expect(plain.body.equals(built), chunk.file).toBe(true);
  }
  // Brotli for the files that carry most of the weight, not a fallback everywhere.
  expect(storedCoding(chunks[0]!.file, ["br"]), chunks[0]!.file).toBe("br");
  test.info().annotations.push({
    type: "landing JavaScript sent",
    description: `${kb(sent)} brotli in ${chunks.length} files (budget ${kb(LANDING_BUDGET_BYTES)})`,
  });
  expect(sent).toBeLessThan(LANDING_BUDGET_BYTES);
});

test("a phone's browser receives the landing page's scripts compressed, within the budget", async ({ page }) => {
  const initial = new Set(routeInitialJavaScript(LANDING_ROUTE_SOURCE).map((chunk) => `/${chunk.file}`));
  // By path: a module preloaded and then imported is one download.
  const scripts = new Map<string, { encoding: string | undefined; bytes: Promise<number> }>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const bytes = response
      .request()
      .sizes()
      .then((sizes) => sizes.responseBodySize);
    // A lazy chunk's size is never read, and the page may close first: that must not fail the next test.
    bytes.catch(() => undefined);
    scripts.set(new URL(response.url()).pathname, { encoding: response.headers()["content-encoding"], bytes });
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Earn Rewards for Every Referral" })).toBeVisible();
  // The heading is prerendered HTML: it shows before the scripts have all arrived.
  await expect.poll(() => [...initial].filter((file) => !scripts.has(file))).toEqual([]);

  for (const [file, script] of scripts) {
    const stored = storedCoding(file.slice(1), ["br", "gzip"]);
    if (stored) expect(script.encoding, file).toMatch(/^(br|gzip)$/);
  }
  for (const file of initial) expect(scripts.has(file), file).toBe(true);
  const bytes = await Promise.all([...initial].map((file) => scripts.get(file)?.bytes ?? 0));
  const sent = bytes.reduce((sum, each) => sum + each, 0);
  expect(sent).toBeGreaterThan(0);
  const codings = new Set([...initial].map((file) => scripts.get(file)?.encoding ?? "identity"));
  test.info().annotations.push({
    type: "landing JavaScript received by Chromium",
    description: `${kb(sent)} (${[...codings].join(", ")})`,
  });
  expect(sent).toBeLessThan(LANDING_BUDGET_BYTES);
});
