import fs from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { sendCompressed, sendStoredFile } from "./compression.ts";
import { prerenderedPage } from "./prerenderedPages.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

// Chakra (emotion) injects style elements at run time, hence 'unsafe-inline' for styles only.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/** What a page's HTML carries for one request (http/routeData.ts): markup before `</body>`, and its headers. */
export interface PageData {
  markup: string;
  headers: Record<string, string | string[]>;
}

/**
 * Serves the built web app; any other GET that wants HTML gets index.html (client-side routes),
 * with `pageData`'s markup when it has some for the request.
 */
export function createStaticHandler<Req extends IncomingMessage>(
  rootDir: string,
  options: { pageData?: (req: Req, pathname: string) => Promise<PageData | null> } = {},
) {
  const root = path.resolve(rootDir);
  return async function serveStatic(req: Req, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { "Content-Type": "text/plain; charset=utf-8", Allow: "GET, HEAD" }).end("Method not allowed");
      return;
    }
    const requested = path.resolve(root, `.${decodeURIComponent(pathname)}`);
    if (requested.startsWith(`${root}${path.sep}`)) {
      const stat = await fs.stat(requested).catch(() => null);
      if (stat?.isFile()) return sendFile(req, res, requested, stat.size, pathname.startsWith("/assets/"));
    }
    const index = path.join(root, "index.html");
    const stat = await fs.stat(index).catch(() => null);
    if (!stat) {
      res
        .writeHead(503, { "Content-Type": "text/plain; charset=utf-8" })
        .end("The web app is not built yet: run npm run build.");
      return;
    }
    if (path.extname(pathname) && !pathname.endsWith(".html")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
      return;
    }
    // The prerendered page for this request (http/prerenderedPages.ts) or the shell, with the request's data if any.
    const page = (await prerenderedPage(root, req, pathname)) ?? { file: index, size: stat.size };
    const data = await options.pageData?.(req, pathname);
    if (data) return sendPage(req, res, page.file, data);
    return sendFile(req, res, page.file, page.size, false);
  };
}

async function sendPage(req: IncomingMessage, res: ServerResponse, file: string, data: PageData) {
  const shell = await fs.readFile(file, "utf8");
  // Sliced, not String.replace: a `$&` in the data must stay text.
  const end = shell.lastIndexOf("</body>");
  const html = end < 0 ? shell + data.markup : shell.slice(0, end) + data.markup + shell.slice(end);
  const headers = {
    "Content-Type": TYPES[".html"],
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    ...data.headers,
  };
  sendCompressed(req, res, 200, headers, html);
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, size: number, immutable: boolean) {
  const type = TYPES[path.extname(file)] ?? "application/octet-stream";
  const headers = {
    "Content-Type": type,
    "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    // A page's document depends on the session cookie (prerendered or shell, data inlined or not).
    ...(type.startsWith("text/html") ? { "Content-Security-Policy": CONTENT_SECURITY_POLICY, Vary: "Cookie" } : {}),
  };
  return sendStoredFile(req, res, headers, file, size);
}
