import fs from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

interface PrerenderedPage {
  file: string;
  /** Query parameters that change the page's markup: with one of them the browser renders the page itself. */
  dependsOn: string[];
}

/** The pages `npm run build:web` prerenders (web/scripts/prerender.ts), by path. */
const PAGES = new Map<string, PrerenderedPage>([
  ["/", { file: "landing.html", dependsOn: [] }],
  ["/auth", { file: "auth.html", dependsOn: ["tab"] }],
]);

/**
 * The prerendered file to send for a GET of / or /auth by a signed-out visitor, or null: then the
 * app shell (index.html), as for a build that did not prerender, and for a signed-in visitor, whom
 * the browser sends on to /home or /admin. The values that may change after the build (the credit
 * rate) are slots the server fills in on every answer (http/pageSlots.ts); the build checks that
 * the markup shows no other setting (DEMO, demo mode).
 */
export async function prerenderedPage(
  webRoot: string,
  req: IncomingMessage,
  pathname: string,
  hasSessionCookie: (cookieHeader: string | undefined) => boolean,
): Promise<{ file: string; size: number } | null> {
  const page = PAGES.get(pathname);
  if (!page || hasSessionCookie(req.headers.cookie)) return null;
  const search = new URL(req.url ?? "/", "http://localhost").searchParams;
  if (page.dependsOn.some((name) => search.has(name))) return null;
  const file = path.join(webRoot, "prerendered", page.file);
  // Looked up on every request, as index.html is: a rebuild under a running server replaces the files.
  const stat = await fs.stat(file).catch(() => null);
  return stat?.isFile() ? { file, size: stat.size } : null;
}

/** Where `npm run build:web` leaves the app built for Node (web/scripts/prerender.ts), inside the web build. */
export const SSR_DIR = ".ssr";
export const SSR_ENTRY = "renderPage.js";

/**
 * The signed-in pages the server renders with their request's data (http/routeData.ts), so a phone
 * paints them before their JavaScript arrives; the browser hydrates that markup (web/src/main.tsx).
 * A render costs tens of milliseconds of CPU (docs/performance.md, "Prerendered pages"). Each page
 * lists the query parameters that make it ask for data its route data does not carry (another Admin
 * Panel tab, a search): with one of them the browser renders it, as the render would be refused.
 */
const SERVER_RENDERED = new Map<string, string[]>([
  ["/home", []],
  ["/milestones", []],
  ["/admin", ["tab", "q"]],
  // A chosen customer's card (?customer=) is a query the route data does not carry.
  ["/staff", ["customer"]],
]);

/** The answers inlined in the page, as web/src/ssr/renderPage.tsx takes them. */
export interface InlinedAnswer {
  name: string;
  variables: Record<string, unknown>;
  response: unknown;
}

export interface RenderedPage {
  html: string;
  styleTags: string;
}

interface ServerRenderer {
  renderSignedInPage(path: string, search: string, answers: InlinedAnswer[]): Promise<RenderedPage>;
}

/**
 * The markup of a signed-in page rendered with its answers, or null: a path not rendered here, a
 * web build without its server renderer, or a render that failed (then `onError` hears of it, and
 * the shell goes out as before: the browser renders the page itself).
 */
export function createPageRenderer(webRoot: string, onError: (error: unknown, pathname: string) => void) {
  const file = path.join(webRoot, SSR_DIR, SSR_ENTRY);
  let loaded: { version: number; renderer: Promise<ServerRenderer | null> } | undefined;
  return async function renderPage(
    pathname: string,
    search: string,
    answers: InlinedAnswer[],
  ): Promise<RenderedPage | null> {
    const shellWith = SERVER_RENDERED.get(pathname);
    if (!shellWith) return null;
    const params = new URLSearchParams(search);
    if (shellWith.some((name) => params.has(name))) return null;
    // Looked up on every request: a rebuild under a running server brings its own renderer.
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    if (loaded?.version !== stat.mtimeMs) {
      const url = `${pathToFileURL(file).href}?v=${stat.mtimeMs}`;
      loaded = {
        version: stat.mtimeMs,
        renderer: (import(url) as Promise<ServerRenderer>).catch((error: unknown) => {
          onError(error, pathname);
          return null;
        }),
      };
    }
    const renderer = await loaded.renderer;
    if (!renderer) return null;
    try {
      return await renderer.renderSignedInPage(pathname, search, answers);
    } catch (error) {
      onError(error, pathname);
      return null;
    }
  };
}
