import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { writeRouteQueries } from "../../../web/build/routeQueries.ts";
import { it } from "../../test/fixtures.ts";
import { signedInAdmin } from "../../test/testApp.ts";
import { SSR_DIR, SSR_ENTRY } from "./prerenderedPages.ts";

const BOOT = "window.booted = true;";

// A web build of the shell (with a boot script), the real route table and a server renderer that
// shows what it was given: the path, the search and the answers' names, or fails when asked to.
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this destructuring, and this has none.
it.override("appOptions", { scope: "file" }, async ({}, { onCleanup }) => {
  const webDir = await fs.mkdtemp(path.join(os.tmpdir(), "web-dist-"));
  onCleanup(() => fs.rm(webDir, { recursive: true, force: true }));
  await fs.writeFile(
    path.join(webDir, "index.html"),
    `<!doctype html><html><head><title>HNG app shell</title></head><body><div id="root"></div><script data-entry="/assets/index-abc.js" data-preload="/assets/shared-abc.js">${BOOT}</script></body></html>`,
  );
  writeRouteQueries(webDir);
  await fs.writeFile(
    path.join(webDir, "route-preloads.json"),
    JSON.stringify({ "/home": { files: ["/assets/HomePage-abc.js"], adminOnly: false } }),
  );
  await fs.mkdir(path.join(webDir, SSR_DIR));
  await fs.writeFile(
    path.join(webDir, SSR_DIR, SSR_ENTRY),
    `export async function renderSignedInPage(path, search, answers) {
      if (search === "fail=1") throw new Error("this page cannot be rendered");
      return {
        html: "<main>rendered " + path + " with " + answers.map((answer) => answer.name).join(",") + "</main>",
        styleTags: '<style data-emotion="css abc">.css-abc{color:teal}</style>',
      };
    }`,
  );
  return { webDir };
});

describe("signed-in pages rendered by the server", () => {
  it("a customer's /home comes with its markup, rendered with the answers the page carries, marked for hydration", async ({
    customer,
  }) => {
    const home = await customer.client.get("/home");
    expect(home.status).toBe(200);
    expect(home.text).toContain(
      '<div id="root" data-prerendered="/home"><main>rendered /home with viewerSessionQuery,HomePageQuery,HomeDashboardQuery</main></div>',
    );
    expect(home.text).toContain('<style data-emotion="css abc">.css-abc{color:teal}</style></head>');
    // The data before the boot script, which requests the route's chunks with the entry's.
    expect(home.text).toMatch(
      /<script type="application\/json" id="relay-data">.*<\/script><script data-entry="\/assets\/index-abc.js" data-preload="\/assets\/shared-abc.js \/assets\/HomePage-abc.js">/s,
    );
    // The boot script runs by its hash; nothing else inline does.
    const hash = createHash("sha256").update(BOOT).digest("base64");
    expect(home.headers.get("content-security-policy")).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(home.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a customer's /milestones and an administrator's /admin come with their markup, rendered with their answers", async ({
    admin,
    customer,
  }) => {
    const milestones = await customer.client.get("/milestones");
    expect(milestones.text).toContain(
      '<div id="root" data-prerendered="/milestones"><main>rendered /milestones with viewerSessionQuery,MilestonesPageQuery,MilestonesPageDetailsQuery</main></div>',
    );
    const adminPage = await admin.get("/admin");
    expect(adminPage.text).toContain(
      '<div id="root" data-prerendered="/admin"><main>rendered /admin with viewerSessionQuery,AdminCountsQuery,AdminPendingReferralsTabQuery,AdminVerificationRequestsQuery</main></div>',
    );
    expect(adminPage.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a staff member's /staff comes rendered with their recorded referrals; with a chosen customer, and for anyone else, it is the shell", async ({
    app,
    admin,
    customer,
  }) => {
    const staff = await signedInAdmin(app, "render_staff");
    await app.db.user.update({ where: { username: "render_staff" }, data: { role: "STAFF" } });
    const page = await staff.get("/staff");
    expect(page.text).toContain(
      '<div id="root" data-prerendered="/staff"><main>rendered /staff with viewerSessionQuery,MyRecordedReferralsQuery</main></div>',
    );
    for (const [client, pathname] of [
      [staff, "/staff?customer=U3RhZmZDdXN0b21lckNhcmQ6MQ=="],
      [admin, "/staff"],
      [customer.client, "/staff"],
    ] as const) {
      const shell = await client.get(pathname);
      expect(shell.text, pathname).toContain('<div id="root"></div>');
      expect(shell.text, pathname).not.toContain("data-prerendered");
    }
  });

  it("another Admin Panel tab or a search, a signed-out /home, a customer's /admin and /account are the shell", async ({
    app,
    admin,
    customer,
  }) => {
    for (const [client, pathname] of [
      [admin, "/admin?tab=customer-approval"],
      [admin, "/admin?q=Smith"],
      [customer.client, "/admin"],
      [app.client(), "/home"],
      [customer.client, "/account"],
    ] as const) {
      const page = await client.get(pathname);
      expect(page.status, pathname).toBe(200);
      expect(page.text, pathname).toContain('<div id="root"></div>');
      expect(page.text, pathname).not.toContain("data-prerendered");
    }
  });

  it("the server's page renderer is not a file anyone can download", async ({ app }) => {
    const bundle = await app.client().get(`/${SSR_DIR}/${SSR_ENTRY}`);
    expect(bundle.status).toBe(404);
    expect(bundle.text).not.toContain("renderSignedInPage");
  });

  it("a page the renderer fails on goes as the shell with its data, never as an error", async ({ customer }) => {
    const page = await customer.client.get("/home?fail=1");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root"></div>');
    expect(page.text).toContain('id="relay-data"');
  });
});
