import fs from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { sendCompressed, sendStoredFile } from "./compression.ts";
import { fillProgrammeSlots } from "./pageSlots.ts";
import { prerenderedPage } from "./prerenderedPages.ts";

/** Written into the web build by web/build/routePreloads.ts (npm run build:web). */
export const ROUTE_PRELOADS_FILE = "route-preloads.json";

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

interface StaticOptions<Req> {
  /** The request's data for its page (http/routeData.ts). */
  pageData?: (req: Req, pathname: string) => Promise<PageData | null>;
  /** The values a prerendered page's slots show (http/pageSlots.ts); without them the shell is sent instead. */
  programmeSlots?: () => Promise<Record<string, string>>;
  /** Whether the request carries a session cookie (auth/session.ts): a signed-in visitor gets the shell, never a prerendered page. */
  hasSessionCookie?: (cookieHeader: string | undefined) => boolean;
}

/**
 * Serves the built web app; any other GET that wants HTML gets index.html (client-side routes), or
 * the route's prerendered page, with the modulepreload links of the route's chunks and `pageData`'s
 * markup when it has some for the request.
 */
export function createStaticHandler<Req extends IncomingMessage>(rootDir: string, options: StaticOptions<Req> = {}) {
  const root = path.resolve(rootDir);
  let preloads: Promise<Record<string, RoutePreload>> | undefined;
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
    preloads ??= readPreloads(path.join(root, ROUTE_PRELOADS_FILE));
    const prerendered = options.hasSessionCookie
      ? await prerenderedPage(root, req, pathname, options.hasSessionCookie)
      : null;
    const [data, slots, routePreloads] = await Promise.all([
      options.pageData?.(req, pathname) ?? null,
      // Without them (none given, or a failure) the shell goes instead: the app then renders the page itself.
      prerendered ? (options.programmeSlots?.().catch(() => null) ?? null) : null,
      preloads.then((table) => table[pathname]),
    ]);
    const usePrerendered = prerendered !== null && slots != null;
    const page = await fs.readFile(usePrerendered ? prerendered.file : index, "utf8").catch(() => null);
    if (page === null) return sendFile(req, res, index, stat.size, false);
    // Admin code only in a page whose data was answered: route data for an admin page is an administrator's alone.
    const preloadFiles = routePreloads && (!routePreloads.adminOnly || data) ? routePreloads.files : [];
    const html = assemble(usePrerendered ? fillProgrammeSlots(page, slots) : page, preloadFiles, data?.markup ?? "");
    sendCompressed(req, res, 200, { ...PAGE_HEADERS, ...data?.headers }, html);
  };
}

/** A page's document depends on the session cookie: prerendered or shell, data inlined or not. */
const PAGE_HEADERS = {
  "Content-Type": TYPES[".html"],
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "Cache-Control": "no-cache",
  Vary: "Cookie",
};

/** Sliced, not String.replace: a `$&` in the data must stay text. */
function assemble(page: string, preloads: string[], bodyMarkup: string): string {
  const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
  const headEnd = page.indexOf("</head>");
  const withLinks = headEnd < 0 ? page : page.slice(0, headEnd) + links + page.slice(headEnd);
  const bodyEnd = withLinks.lastIndexOf("</body>");
  return bodyEnd < 0 ? withLinks + bodyMarkup : withLinks.slice(0, bodyEnd) + bodyMarkup + withLinks.slice(bodyEnd);
}

/** A route's chunks beyond the entry's (web/build/routePreloads.ts writes them). */
interface RoutePreload {
  files: string[];
  /** Listed only in a page that carries the route's data, which is answered for an administrator alone. */
  adminOnly: boolean;
}

/** Read once; a build without the file (or the dev server) preloads nothing beyond index.html's own. */
async function readPreloads(file: string): Promise<Record<string, RoutePreload>> {
  try {
    const table: Record<string, unknown> = JSON.parse(await fs.readFile(file, "utf8"));
    // Only well-formed entries: a page is never refused over its preload links.
    return Object.fromEntries(Object.entries(table).filter(([, entry]) => isRoutePreload(entry))) as Record<
      string,
      RoutePreload
    >;
  } catch {
    return {};
  }
}

function isRoutePreload(entry: unknown): entry is RoutePreload {
  const candidate = entry as Partial<RoutePreload> | null;
  return (
    typeof candidate?.adminOnly === "boolean" &&
    Array.isArray(candidate.files) &&
    candidate.files.every((file) => typeof file === "string" && /^\/assets\/[\w.-]+$/.test(file))
  );
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
