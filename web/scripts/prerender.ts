// Prerenders the signed-out pages (/ and /auth) into web/dist/prerendered/: the built index.html with
// the page's markup inside #root and emotion's styles for it in <head>, so a phone paints the page
// before any JavaScript arrives; main.tsx then hydrates it. The server sends these files
// (api/src/http/prerenderedPages.ts). The same build for Node stays in web/dist/.ssr/: the server
// renders the signed-in pages with it, each with its request's data. Run by `npm run build:web`
// after `vite build`.
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { fillProgrammeSlots, programmeSlot } from "../../api/src/http/pageSlots.ts";
import { SSR_DIR, SSR_ENTRY } from "../../api/src/http/prerenderedPages.ts";
import type { ProgrammeSettings, renderPage as RenderPage } from "../src/ssr/renderPage.tsx";

/** api/src/http/prerenderedPages.ts sends each file for its path. */
const PRERENDERED_PAGES = [
  { path: "/", file: "landing.html" },
  { path: "/auth", file: "auth.html" },
] as const;

const WEB = path.resolve(import.meta.dirname, "..");
const DIST = path.join(WEB, "dist");
const EMPTY_ROOT = '<div id="root"></div>';

/*
 * Settings change after the build (ProgrammeSettings in the database, DEMO). The credit rate is
 * rendered as slots the server fills in on every answer (api/src/http/pageSlots.ts); nothing else
 * may show: each page, rendered under each set below, must equal its slotted render filled in with
 * that set. What depends on the others (the demo hint in the Sign In dialog) renders in the browser.
 */
const SLOTTED: ProgrammeSettings = {
  demoMode: false,
  demoAccounts: [],
  creditRateBasisPoints: 1100,
  creditRatePercent: programmeSlot("creditRatePercent"),
  creditPerPound: programmeSlot("creditPerPound"),
};
const SETTINGS_VARIANTS: ProgrammeSettings[] = [
  { demoMode: false, demoAccounts: [], creditRateBasisPoints: 1100, creditRatePercent: "11%", creditPerPound: "£0.11" },
  {
    demoMode: true,
    demoAccounts: [{ role: "Prerender check", username: "prerender-user", password: "prerender-password" }],
    creditRateBasisPoints: 1250,
    creditRatePercent: "12.5%",
    creditPerPound: "£0.125",
  },
];

const slotValues = (settings: ProgrammeSettings) => ({
  creditRatePercent: settings.creditRatePercent,
  creditPerPound: settings.creditPerPound,
});

// The server render must use React's production build, as the client bundle does.
process.env.NODE_ENV = "production";

const shell = await fs.readFile(path.join(DIST, "index.html"), "utf8");
if (!shell.includes(EMPTY_ROOT)) throw new Error(`web/dist/index.html has no ${EMPTY_ROOT} to fill`);

const started = performance.now();
/** api/src/http/prerenderedPages.ts loads the server renderer from here. */
const bundleDir = path.join(DIST, SSR_DIR);
try {
  // The app built for Node in one file (dependencies included), with the client build's plugins and mode.
  await build({
    configFile: path.join(WEB, "vite.config.ts"),
    mode: "production",
    logLevel: "warn",
    ssr: { noExternal: true },
    // React's production build in the server too, whatever NODE_ENV the server runs with.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      ssr: path.join(WEB, "src/ssr/renderPage.tsx"),
      outDir: bundleDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      // One file: the server imports it once, with every page in it.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const { renderPage } = (await import(pathToFileURL(path.join(bundleDir, SSR_ENTRY)).href)) as {
    renderPage: typeof RenderPage;
  };
  await fs.mkdir(path.join(DIST, "prerendered"), { recursive: true });
  for (const page of PRERENDERED_PAGES) {
    const slotted = await renderPage(page.path, SLOTTED);
    for (const settings of SETTINGS_VARIANTS) {
      const render = await renderPage(page.path, settings);
      const filled = fillProgrammeSlots(slotted.html, slotValues(settings));
      if (render.html !== filled || render.styleTags !== slotted.styleTags) {
        throw new Error(
          `${page.path}'s prerendered markup shows a programme setting: render it in the browser only, or make it a slot the server fills in (api/src/http/pageSlots.ts)`,
        );
      }
    }
    // Functions as replacements: the markup and CSS may hold "$&"-like sequences.
    const html = shell
      .replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="${page.path}">${slotted.html}</div>`)
      .replace("</head>", () => `${slotted.styleTags}</head>`);
    // No compressed copies: the server fills in the slots and compresses each answer.
    await fs.writeFile(path.join(DIST, "prerendered", page.file), html);
  }
} catch (error) {
  // A build whose prerender failed must not leave a server renderer behind.
  await fs.rm(bundleDir, { recursive: true, force: true });
  throw error;
}
console.log(
  `Prerendered ${PRERENDERED_PAGES.map((page) => page.path).join(", ")} in ${Math.round(performance.now() - started)} ms`,
);
