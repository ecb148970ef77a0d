// Prerenders the signed-out pages (/ and /auth) into web/dist/prerendered/: the built index.html with
// the page's markup inside #root and emotion's styles for it in <head>, so a phone paints the page
// before any JavaScript arrives; main.tsx then hydrates it. The server sends these files
// (api/src/http/prerenderedPages.ts). Run by `npm run build:web` after `vite build`.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { build } from "vite";
import type { ProgrammeSettings, RenderedPage, renderPage as RenderPage } from "../src/ssr/renderPage.tsx";

/** api/src/http/prerenderedPages.ts sends each file for its path. */
const PRERENDERED_PAGES = [
  { path: "/", file: "landing.html" },
  { path: "/auth", file: "auth.html" },
] as const;

const WEB = path.resolve(import.meta.dirname, "..");
const DIST = path.join(WEB, "dist");
const EMPTY_ROOT = '<div id="root"></div>';

/*
 * Settings change after the build (ProgrammeSettings in the database, DEMO), so the prerendered
 * markup must not show any: each page is rendered under two different sets and must come out the same.
 * Whatever depends on them (the demo hint in the Sign In dialog) renders in the browser from its query.
 */
const SETTINGS_VARIANTS: ProgrammeSettings[] = [
  { demoMode: false, demoAccounts: [], creditRateBasisPoints: 1100, creditRatePercent: "11%" },
  {
    demoMode: true,
    demoAccounts: [{ role: "Prerender check", username: "prerender-user", password: "prerender-password" }],
    creditRateBasisPoints: 1250,
    creditRatePercent: "12.5%",
  },
];

// The server render must use React's production build, as the client bundle does.
process.env.NODE_ENV = "production";

const shell = await fs.readFile(path.join(DIST, "index.html"), "utf8");
if (!shell.includes(EMPTY_ROOT)) throw new Error(`web/dist/index.html has no ${EMPTY_ROOT} to fill`);

const started = performance.now();
const bundleDir = await fs.mkdtemp(path.join(os.tmpdir(), "hng-prerender-"));
try {
  // The app built for Node in one file (dependencies included), with the client build's plugins and mode.
  await build({
    configFile: path.join(WEB, "vite.config.ts"),
    mode: "production",
    logLevel: "warn",
    ssr: { noExternal: true },
    build: {
      ssr: path.join(WEB, "src/ssr/renderPage.tsx"),
      outDir: bundleDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  const { renderPage } = (await import(pathToFileURL(path.join(bundleDir, "renderPage.js")).href)) as {
    renderPage: typeof RenderPage;
  };
  await fs.mkdir(path.join(DIST, "prerendered"), { recursive: true });
  for (const page of PRERENDERED_PAGES) {
    const renders: RenderedPage[] = [];
    for (const settings of SETTINGS_VARIANTS) renders.push(await renderPage(page.path, settings));
    const [first, ...others] = renders as [RenderedPage, ...RenderedPage[]];
    if (others.some((other) => other.html !== first.html || other.styleTags !== first.styleTags)) {
      throw new Error(
        `${page.path}'s prerendered markup shows a programme setting: render it in the browser only, or substitute it at request time in api/src/http/prerenderedPages.ts`,
      );
    }
    // Functions as replacements: the markup and CSS may hold "$&"-like sequences.
    const html = shell
      .replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="${page.path}">${first.html}</div>`)
      .replace("</head>", () => `${first.styleTags}</head>`);
    const file = path.join(DIST, "prerendered", page.file);
    await fs.writeFile(file, html);
    // The copies the server sends (api/src/http/compression.ts), as Vite's plugin writes for the other files.
    await fs.writeFile(
      `${file}.br`,
      brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await fs.writeFile(`${file}.gz`, gzipSync(html, { level: 9 }));
  }
} finally {
  await fs.rm(bundleDir, { recursive: true, force: true });
}
console.log(
  `Prerendered ${PRERENDERED_PAGES.map((page) => page.path).join(", ")} in ${Math.round(performance.now() - started)} ms`,
);
