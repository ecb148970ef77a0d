import fs from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";

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
