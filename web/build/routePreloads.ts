// The chunks each route's page needs beyond what index.html already loads, from Vite's manifest.
// The server lists them as modulepreload links in that route's HTML (api/src/http/staticFiles.ts),
// so a phone fetches the page's code alongside the entry script instead of after it has run.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { entryKey, type Manifest, readManifest, staticClosure } from "../scripts/bundleSize.ts";

/** The server reads it from the web build (api/src/http/staticFiles.ts names it too). */
export const ROUTE_PRELOADS_FILE = "route-preloads.json";

/** Each path's page module, as web/src/routes/AppRoutes.tsx imports it. */
const ROUTE_PAGES: Record<string, string> = {
  "/": "src/pages/landing/LandingPage.tsx",
  "/auth": "src/pages/auth/AuthPage.tsx",
  "/reset-password": "src/pages/resetPassword/ResetPasswordPage.tsx",
  "/confirm-email": "src/pages/confirmEmail/ConfirmEmailPage.tsx",
  "/home": "src/pages/home/HomePage.tsx",
  "/registration": "src/pages/registration/RegistrationPage.tsx",
  "/milestones": "src/pages/milestones/MilestonesPage.tsx",
  "/admin": "src/pages/admin/AdminPage.tsx",
  "/admin/reports": "src/pages/admin/AdminReportsPage.tsx",
  "/account": "src/pages/account/AccountPage.tsx",
};

/** Per path, the files (`/assets/...`) its page loads that the entry does not. */
export function routePreloads(manifest: Manifest): Record<string, string[]> {
  const loaded = staticClosure(manifest, [entryKey(manifest)]);
  const table: Record<string, string[]> = {};
  for (const [pathname, page] of Object.entries(ROUTE_PAGES)) {
    table[pathname] = [...staticClosure(manifest, [page])]
      .filter((key) => !loaded.has(key))
      .map((key) => `/${manifest[key]!.file}`);
  }
  return table;
}

/** Writes the table into a web build folder. */
export function writeRoutePreloads(distDir: string): void {
  writeFileSync(path.join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads(readManifest(distDir))));
}
