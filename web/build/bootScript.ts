// The built index.html loads the app through one small inline script instead of a <script src> and
// <link rel="modulepreload"> tags: on a page whose markup is already there (prerendered or rendered
// by the server), the app's code is requested only once the browser has painted it, so the first
// paint waits for nothing but the HTML (docs/performance.md, "The web app"). An empty shell asks at
// once. The server adds a route's chunks to `data-preload` and allows the script by its hash
// (api/src/http/staticFiles.ts).
import type { Plugin } from "vite";

/** The script's text; its SHA-256 is what the page's Content-Security-Policy allows. */
export const BOOT_SCRIPT = `(function () {
  var data = document.currentScript.dataset, started = false;
  function load() {
    if (started) return;
    started = true;
    (data.preload || "").split(" ").forEach(function (href) {
      if (!href) return;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = data.entry;
    document.head.appendChild(script);
  }
  var root = document.getElementById("root");
  var observer = window.PerformanceObserver;
  var paints = observer && observer.supportedEntryTypes && observer.supportedEntryTypes.indexOf("paint") >= 0;
  if (!root || !root.firstElementChild || document.visibilityState !== "visible" || !paints) return load();
  try {
    new observer(function (list, watching) {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      watching.disconnect();
      setTimeout(load, 0);
    }).observe({ type: "paint", buffered: true });
  } catch (error) {
    return load();
  }
  // A page that is hidden before it paints, or a browser that reports no paint, still starts.
  document.addEventListener("visibilitychange", load, { once: true });
  setTimeout(load, 3000);
})();`;

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** Replaces the entry's <script> and its modulepreload links with the boot script, at the end of <body>. */
export function bootScript(): Plugin {
  return {
    name: "hng-boot-after-first-paint",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const entry = ENTRY.exec(html)?.[1];
        if (!entry) throw new Error("index.html has no entry script to replace with the boot script");
        const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1]);
        const stripped = html.replace(ENTRY, "").replace(PRELOAD, "");
        const tag = `<script data-entry="${entry}" data-preload="${preloads.join(" ")}">${BOOT_SCRIPT}</script>`;
        return stripped.replace("</body>", () => `${tag}\n  </body>`);
      },
    },
  };
}
