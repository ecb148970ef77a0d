import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { setCreditRateApproved } from "../../test/settings.ts";
import { fillProgrammeSlots, programmeSlot } from "./pageSlots.ts";
import { ROUTE_PRELOADS_FILE } from "./staticFiles.ts";

async function webBuild(onCleanup: (cleanup: () => Promise<void>) => void, prerendered: boolean) {
  const webDir = await fs.mkdtemp(path.join(os.tmpdir(), "web-dist-"));
  onCleanup(() => fs.rm(webDir, { recursive: true, force: true }));
  await fs.writeFile(path.join(webDir, "index.html"), "<!doctype html><head><title>HNG app shell</title></head>");
  if (prerendered) {
    await fs.mkdir(path.join(webDir, "prerendered"));
    await fs.writeFile(
      path.join(webDir, "prerendered", "landing.html"),
      `<!doctype html><head></head><h1>Prerendered landing</h1><h3>Earn ${programmeSlot("creditRatePercent")} Credits</h3><p>${programmeSlot("creditPerPound")} per £1.00</p>`,
    );
    await fs.writeFile(path.join(webDir, "prerendered", "auth.html"), "<!doctype html><h1>Prerendered sign-in</h1>");
  }
  await fs.writeFile(
    path.join(webDir, ROUTE_PRELOADS_FILE),
    JSON.stringify({
      "/": { files: ["/assets/LandingPage-abc.js"], adminOnly: false },
      "/home": { files: ["/assets/HomePage-abc.js", "/assets/card-abc.js"], adminOnly: false },
      "/admin": { files: ["/assets/AdminPage-abc.js"], adminOnly: true },
      // An entry of another shape (a build of another version) is ignored, never an error.
      "/account": ["/assets/AccountPage-abc.js"],
    }),
  );
  return { webDir };
}

// This file's server has a prerendering build; the second server's build did not prerender.
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this destructuring, and this has none.
it.override("appOptions", { scope: "file" }, async ({}, { onCleanup }) => webBuild(onCleanup, true));
// biome-ignore lint/correctness/noEmptyPattern: as above.
it.override("secondAppOptions", { scope: "file" }, async ({}, { onCleanup }) => webBuild(onCleanup, false));

describe("prerendered pages", () => {
  it("sends a signed-out visitor the landing and sign-in pages as prerendered, with index.html's headers", async ({
    app,
  }) => {
    const landing = await app.client().get("/");
    expect(landing.status).toBe(200);
    expect(landing.text).toContain("Prerendered landing");
    expect(landing.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(landing.headers.get("cache-control")).toBe("no-cache");
    expect(landing.headers.get("content-security-policy")).toMatch(/script-src 'self';/);
    // Campaign parameters do not change the landing page.
    expect((await app.client().get("/?utm_source=newsletter")).text).toContain("Prerendered landing");
    expect((await app.client().get("/auth")).text).toContain("Prerendered sign-in");
  });

  it("fills in the credit rate in force each time the landing page is sent", async ({ app, adminId }) => {
    const before = (await app.client().get("/")).text;
    expect(before).toContain("<h3>Earn 11% Credits</h3><p>£0.11 per £1.00</p>");
    expect(before).not.toContain("{{");
    await setCreditRateApproved(app.db, 1250, adminId);
    try {
      expect((await app.client().get("/")).text).toContain("<h3>Earn 12.5% Credits</h3><p>£0.125 per £1.00</p>");
    } finally {
      await setCreditRateApproved(app.db, 1100, adminId);
    }
  });

  it("lists the route's own chunks as modulepreload links in its page, so they load with the entry", async ({
    app,
    customer,
  }) => {
    const home = (await customer.client.get("/home")).text;
    expect(home).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/HomePage-abc.js"><link rel="modulepreload" crossorigin href="/assets/card-abc.js"></head>',
    );
    expect((await app.client().get("/")).text).toContain('href="/assets/LandingPage-abc.js"');
    expect((await app.client().get("/account")).text).not.toContain("modulepreload");
    // Admin code goes only into a page carrying the route's data, which only an administrator gets.
    expect((await customer.client.get("/admin")).text).not.toContain("AdminPage-abc.js");
  });

  it("sends the app shell where the prerendered markup would be wrong", async ({ app }) => {
    // The Create Account tab is not the prerendered one.
    expect((await app.client().get("/auth?tab=create-account")).text).toContain("HNG app shell");
    for (const route of ["/home", "/admin", "/auth/", "/no/such/page"]) {
      expect((await app.client().get(route)).text, route).toContain("HNG app shell");
    }
  });

  it("sends a signed-in visitor the app shell: the browser takes them on to their own page", async ({ customer }) => {
    for (const route of ["/", "/auth"]) {
      const response = await customer.client.get(route);
      expect(response.status, route).toBe(200);
      expect(response.text, route).toContain("HNG app shell");
    }
  });

  it("escapes what it fills in, and never sends a slot it has no value for", () => {
    expect(fillProgrammeSlots(`<p>${programmeSlot("creditRatePercent")}</p>`, { creditRatePercent: `<b>&"'` })).toBe(
      "<p>&lt;b&gt;&amp;&quot;&#39;</p>",
    );
    expect(() => fillProgrammeSlots(programmeSlot("somethingElse"), { creditRatePercent: "11%" })).toThrow(
      /programme\.somethingElse/,
    );
  });

  it("sends the app shell when the build did not prerender", async ({ secondApp }) => {
    for (const route of ["/", "/auth"]) {
      const response = await secondApp.client().get(route);
      expect(response.status, route).toBe(200);
      expect(response.text, route).toContain("HNG app shell");
    }
  });
});
