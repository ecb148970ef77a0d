import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { sendCompressed, sendStoredFile } from "./compression.ts";
import { fillProgrammeSlots } from "./pageSlots.ts";
import { createPageRenderer, type InlinedAnswer, prerenderedPage } from "./prerenderedPages.ts";

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

// Chakra (emotion) injects style elements at run time, hence 'unsafe-inline' for styles only. The one
// inline script a page may run is the web build's boot script (web/build/bootScript.ts), by its hash.
function contentSecurityPolicy(scriptHashes: string[] = []): string {
  const scripts = ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(" ");
  return `default-src 'self'; script-src ${scripts}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`;
}

/** The web build's own inline scripts: a page's template holds them before any data goes in. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)(?![^>]*\stype=)[^>]*>([\s\S]*?)<\/script>/g;
const hashesByTemplate = new Map<string, string[]>();

/** The CSP hashes of a template's inline scripts (computed once per template text). */
function inlineScriptHashes(template: string): string[] {
  let hashes = hashesByTemplate.get(template);
  if (!hashes) {
    hashes = [...template.matchAll(INLINE_SCRIPT)].map(
      (match) =>
        `sha256-${createHash("sha256")
          .update(match[1] ?? "")
          .digest("base64")}`,
    );
    // Templates are few (the shell, the prerendered pages); a rebuild replaces them.
    if (hashesByTemplate.size > 16) hashesByTemplate.clear();
    hashesByTemplate.set(template, hashes);
  }
  return hashes;
}

/** What a page's HTML carries for one request (http/routeData.ts): markup before `</body>`, and its headers. */
export interface PageData {
  markup: string;
  headers: Record<string, string | string[]>;
  /** The answers in `markup`, for the server to render the page with (http/prerenderedPages.ts). */
  answers?: InlinedAnswer[];
}

interface StaticOptions<Req> {
  /** The request's data for its page (http/routeData.ts). */
  pageData?: (req: Req, pathname: string) => Promise<PageData | null>;
  /** The values a prerendered page's slots show (http/pageSlots.ts); without them the shell is sent instead. */
  programmeSlots?: () => Promise<Record<string, string>>;
  /** Whether the request carries a session cookie (auth/session.ts): a signed-in visitor gets the shell, never a prerendered page. */
  hasSessionCookie?: (cookieHeader: string | undefined) => boolean;
  /** A signed-in page the server could not render (it then sends the shell). */
  onRenderError?: (error: unknown, pathname: string) => void;
}

/**
 * Serves the built web app; any other GET that wants HTML gets index.html (client-side routes), or
 * the route's prerendered page, with the modulepreload links of the route's chunks and `pageData`'s
 * markup when it has some for the request.
 */
export function createStaticHandler<Req extends IncomingMessage>(rootDir: string, options: StaticOptions<Req> = {}) {
  const root = path.resolve(rootDir);
  let preloads: Promise<Record<string, RoutePreload>> | undefined;
  const renderPage = createPageRenderer(root, options.onRenderError ?? (() => {}));
  return async function serveStatic(req: Req, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { "Content-Type": "text/plain; charset=utf-8", Allow: "GET, HEAD" }).end("Method not allowed");
      return;
    }
    const requested = path.resolve(root, `.${decodeURIComponent(pathname)}`);
    // A dot folder or file of the build is the server's own (the page renderer in .ssr), never a download.
    const hidden = path
      .relative(root, requested)
      .split(path.sep)
      .some((part) => part.startsWith("."));
    if (requested.startsWith(`${root}${path.sep}`) && !hidden) {
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
    const template = await fs.readFile(usePrerendered ? prerendered.file : index, "utf8").catch(() => null);
    if (template === null) return sendFile(req, res, index, stat.size, false);
    // A signed-in page with its data: rendered here with the same answers the browser will read.
    const rendered =
      !usePrerendered && data?.answers
        ? await renderPage(pathname, new URL(req.url ?? "/", "http://localhost").search.slice(1), data.answers)
        : null;
    const page = usePrerendered
      ? fillProgrammeSlots(template, slots)
      : rendered
        ? withMarkup(template, pathname, rendered)
        : template;
    // Admin code only in a page whose data was answered: route data for an admin page is an administrator's alone.
    const preloadFiles = routePreloads && (!routePreloads.adminOnly || data) ? routePreloads.files : [];
    const html = assemble(page, preloadFiles, data?.markup ?? "");
    const headers = { ...PAGE_HEADERS, "Content-Security-Policy": contentSecurityPolicy(inlineScriptHashes(template)) };
    sendCompressed(req, res, 200, { ...headers, ...data?.headers }, html);
  };
}

const EMPTY_ROOT = '<div id="root"></div>';

/** The shell with the page's markup in #root (marked for main.tsx to hydrate) and its styles in <head>. */
function withMarkup(shell: string, pathname: string, rendered: { html: string; styleTags: string }): string {
  const rootAt = shell.indexOf(EMPTY_ROOT);
  const headEnd = shell.indexOf("</head>");
  if (rootAt < 0 || headEnd < 0 || headEnd > rootAt) return shell;
  const root = `<div id="root" data-prerendered="${pathname}">${rendered.html}</div>`;
  return (
    shell.slice(0, headEnd) +
    rendered.styleTags +
    shell.slice(headEnd, rootAt) +
    root +
    shell.slice(rootAt + EMPTY_ROOT.length)
  );
}

/** A page's document depends on the session cookie: prerendered or shell, data inlined or not. */
const PAGE_HEADERS = {
  "Content-Type": TYPES[".html"],
  "Cache-Control": "no-cache",
  Vary: "Cookie",
};

/** The web build's boot script (web/build/bootScript.ts) loads the listed chunks with the entry. */
const BOOT_PRELOADS = /(?<=<script data-entry="[^"]*" )data-preload="([^"]*)"/;
const BOOT_SCRIPT = "<script data-entry=";

/**
 * The route's chunks go to the boot script, which requests them with the entry (after the first
 * paint on a page that has markup), or else as modulepreload links; the route data goes before the
 * boot script, so it is in the document before the app can run. Sliced, not String.replace: a `$&`
 * in the data must stay text.
 */
function assemble(page: string, preloads: string[], bodyMarkup: string): string {
  let html = page;
  const boot = BOOT_PRELOADS.exec(html);
  if (boot) {
    const files = [...(boot[1] ?? "").split(" ").filter(Boolean), ...preloads].join(" ");
    html = `${html.slice(0, boot.index)}data-preload="${files}"${html.slice(boot.index + boot[0].length)}`;
  } else {
    const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
    const headEnd = html.indexOf("</head>");
    if (headEnd >= 0) html = html.slice(0, headEnd) + links + html.slice(headEnd);
  }
  const bootAt = html.lastIndexOf(BOOT_SCRIPT);
  const at = bootAt >= 0 ? bootAt : html.lastIndexOf("</body>");
  return at < 0 ? html + bodyMarkup : html.slice(0, at) + bodyMarkup + html.slice(at);
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

async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, size: number, immutable: boolean) {
  const type = TYPES[path.extname(file)] ?? "application/octet-stream";
  const isHtml = type.startsWith("text/html");
  // An HTML file asked for by name (/index.html) runs its boot script too.
  const hashes = isHtml ? inlineScriptHashes(await fs.readFile(file, "utf8").catch(() => "")) : [];
  const headers = {
    "Content-Type": type,
    "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    // A page's document depends on the session cookie (prerendered or shell, data inlined or not).
    ...(isHtml ? { "Content-Security-Policy": contentSecurityPolicy(hashes), Vary: "Cookie" } : {}),
  };
  return sendStoredFile(req, res, headers, file, size);
}
