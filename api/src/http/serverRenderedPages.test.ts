import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { writeRouteQueries } from "../../../web/build/routeQueries.ts";
import { renderSignedInPage } from "../../../web/src/ssr/renderPage.tsx";
import { it } from "../../test/fixtures.ts";
import { signedInAdmin, type TestClient } from "../../test/testApp.ts";

// A web build of the shell and the real route table: the pages come with their answers, which the
// app's own server renderer (web/src/ssr/renderPage.tsx, as `npm run build:web` builds it) renders.
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this destructuring, and this has none.
it.override("appOptions", { scope: "file" }, async ({}, { onCleanup }) => {
  const webDir = await fs.mkdtemp(path.join(os.tmpdir(), "web-dist-"));
  onCleanup(() => fs.rm(webDir, { recursive: true, force: true }));
  await fs.writeFile(
    path.join(webDir, "index.html"),
    '<!doctype html><html><head><title>HNG app shell</title></head><body><div id="root"></div></body></html>',
  );
  writeRouteQueries(webDir);
  return { webDir };
});

/** The page's markup as the server renders it with the answers its HTML carries for this client. */
async function rendered(client: TestClient, pathname: string) {
  const page = await client.get(pathname);
  expect(page.status).toBe(200);
  const tag = /<script type="application\/json" id="relay-data">(.*?)<\/script>/s.exec(page.text);
  expect(tag, `${pathname} carries its data`).not.toBeNull();
  return renderSignedInPage(pathname, "", JSON.parse(tag?.[1] ?? "[]") as Parameters<typeof renderSignedInPage>[2]);
}

/** Markup a phone shows as it arrives: no boundary left out of order for a script the page's CSP refuses. */
function expectWhole(html: string) {
  expect(html).not.toContain("<!--$?-->");
  expect(html).not.toContain("<!--$!-->");
  expect(html).not.toContain("<script");
  expect(html).not.toContain('aria-busy="true"');
}

describe("the signed-in pages' server render", () => {
  it("a customer's /milestones is their milestones, payments and how they work, whole", async ({ customer }) => {
    const { html, styleTags } = await rendered(customer.client, "/milestones");
    expectWhole(html);
    expect(html).toContain("Milestone Rewards");
    expect(html).toContain("Your Milestones");
    const titles = ["33% Milestone", "66% Milestone", "100% Milestone (Full Refund)"].map((title) =>
      html.indexOf(title),
    );
    expect(titles.every((at) => at > 0)).toBe(true);
    expect(titles).toEqual([...titles].sort((a, b) => a - b));
    expect(html).toContain("How milestones work");
    expect(styleTags).toContain('<style data-emotion="css');
  });

  it("an administrator's /admin is the header, the tabs with their counts and the pending list's rows, whole", async ({
    admin,
    customer,
  }) => {
    const added = await customer.client.post("/api/referrals", { name: "Rendered Row Friend", phone: "07400 246813" });
    expect(added.status).toBe(200);
    const { html } = await rendered(admin, "/admin");
    expectWhole(html);
    expect(html).toContain("Admin Panel");
    for (const tab of ["Pending Referrals", "Customer Approval", "Milestone Payments", "All Customers", "Settings"])
      expect(html).toContain(tab);
    expect(html).toContain('data-testid="count-pendingReferrals"');
    expect(html).toContain('data-testid="pending-referral-list"');
    expect(html).toContain("Rendered Row Friend");
  });

  it("a staff member's /staff is the search box and their recorded referrals, whole", async ({ app }) => {
    const staff = await signedInAdmin(app, "rendered_staff");
    await app.db.user.update({ where: { username: "rendered_staff" }, data: { role: "STAFF", firstName: "Rena" } });
    const { html } = await rendered(staff, "/staff");
    expectWhole(html);
    // React separates adjacent text with an empty comment.
    const text = html.replaceAll("<!-- -->", "");
    expect(text).toContain("Showroom");
    expect(text).toContain("Hello Rena");
    expect(text).toContain("My referrals");
    expect(text).toContain("0 recorded · 0 verified");
  });
});
