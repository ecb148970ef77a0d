// The floor page the Lighthouse section measures beside the app's pages (docs/performance.md, "The
// web app and Lighthouse"): FloorPage.tsx built with Vite as the app is (React's production build,
// the app's boot script, brotli and gzip copies), prerendered with emotion's CSS extracted into the
// page, served by the app's own static handler (api/src/http/staticFiles.ts) on a port of its own.
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { compression } from "vite-plugin-compression2";
import { createStaticHandler } from "../../api/src/http/staticFiles.ts";
import { bootScript } from "../../web/build/bootScript.ts";
import type { renderFloor as RenderFloor } from "./render.tsx";

const FLOOR = import.meta.dirname;
const EMPTY_ROOT = '<div id="root"></div>';

export interface FloorServer {
  url: string;
  close(): Promise<void>;
}

/** Builds the floor page into a temporary folder and serves it; `close` stops it and removes the folder. */
export async function startFloorPage(): Promise<FloorServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "hng-floor-"));
  const dist = path.join(dir, "dist");
  const production = { "process.env.NODE_ENV": JSON.stringify("production") };
  await build({
    root: FLOOR,
    configFile: false,
    logLevel: "warn",
    mode: "production",
    publicDir: path.resolve(FLOOR, "../../web/public"),
    plugins: [
      react(),
      bootScript(),
      compression({ include: /\.(html|js|css|svg)$/, algorithms: ["brotliCompress", "gzip"] }),
    ],
    build: { outDir: dist, emptyOutDir: true },
  });
  await build({
    root: FLOOR,
    configFile: false,
    logLevel: "warn",
    mode: "production",
    define: production,
    plugins: [react()],
    ssr: { noExternal: true },
    build: {
      ssr: path.join(FLOOR, "render.tsx"),
      outDir: path.join(dir, "ssr"),
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const { renderFloor } = (await import(pathToFileURL(path.join(dir, "ssr", "render.js")).href)) as {
    renderFloor: typeof RenderFloor;
  };
  const { html, styleTags } = await renderFloor();
  const shell = await fs.readFile(path.join(dist, "index.html"), "utf8");
  const page = shell
    .replace(EMPTY_ROOT, () => `<div id="root">${html}</div>`)
    .replace("</head>", () => `${styleTags}</head>`);
  await fs.writeFile(path.join(dist, "index.html"), page);
  // The compressed copies of the shell are stale now: the handler compresses the page on the fly, as the app's.
  await fs.rm(path.join(dist, "index.html.br"), { force: true });
  await fs.rm(path.join(dist, "index.html.gz"), { force: true });

  const serve = createStaticHandler(dist);
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    serve(req, res, pathname).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
