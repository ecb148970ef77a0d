// The chunks each route's page needs beyond what index.html already loads, from Vite's manifest.
// The server lists them as modulepreload links in that route's HTML (api/src/http/staticFiles.ts),
// so a phone fetches the page's code alongside the entry script instead of after it has run.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { entryKey, type Manifest, readManifest, staticClosure } from "../scripts/bundleSize.ts";

/** The server reads it from the web build (api/src/http/staticFiles.ts names it too). */
export const ROUTE_PRELOADS_FILE = "route-preloads.json";

/** Each path's page module, as web/src/routes/AppRoutes.tsx imports it (admin pages: ADMIN_ROUTE_PAGES). */
const ROUTE_PAGES: Record<string, string> = {
  "/": "src/pages/landing/LandingPage.tsx",
  "/auth": "src/pages/auth/AuthPage.tsx",
  "/reset-password": "src/pages/resetPassword/ResetPasswordPage.tsx",
  "/confirm-email": "src/pages/confirmEmail/ConfirmEmailPage.tsx",
  "/home": "src/pages/home/HomePage.tsx",
  "/registration": "src/pages/registration/RegistrationPage.tsx",
  "/milestones": "src/pages/milestones/MilestonesPage.tsx",
  "/account": "src/pages/account/AccountPage.tsx",
  // The showroom page: no admin code, and only staff open it (others are sent to their own page).
  "/staff": "src/pages/staff/StaffPage.tsx",
};

/**
 * Admin code loads only for administrators (AdminOnly): the server lists these only in a page whose
 * route data it answered, which it does for an administrator alone (api/src/http/routeData.ts).
 */
const ADMIN_ROUTE_PAGES: Record<string, string> = {
  "/admin": "src/pages/admin/AdminPage.tsx",
};

export interface RoutePreload {
  files: string[];
  /** Only with the route's data: the page's code is for administrators. */
  adminOnly: boolean;
}

/** Per path, the files (`/assets/...`) its page loads that the entry does not. */
export function routePreloads(manifest: Manifest): Record<string, RoutePreload> {
  const loaded = staticClosure(manifest, [entryKey(manifest)]);
  const filesOf = (page: string) =>
    [...staticClosure(manifest, [page])].filter((key) => !loaded.has(key)).map((key) => `/${manifest[key]!.file}`);
  const table: Record<string, RoutePreload> = {};
  for (const [pathname, page] of Object.entries(ROUTE_PAGES))
    table[pathname] = { files: filesOf(page), adminOnly: false };
  for (const [pathname, page] of Object.entries(ADMIN_ROUTE_PAGES))
    table[pathname] = { files: filesOf(page), adminOnly: true };
  return table;
}

/** Writes the table into a web build folder. */
export function writeRoutePreloads(distDir: string): void {
  writeFileSync(path.join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads(readManifest(distDir))));
}
