import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";

// A web build of two files, served by this file's server.
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this destructuring, and this has none.
it.override("appOptions", { scope: "file" }, async ({}, { onCleanup }) => {
  const webDir = await fs.mkdtemp(path.join(os.tmpdir(), "web-dist-"));
  onCleanup(() => fs.rm(webDir, { recursive: true, force: true }));
  await fs.mkdir(path.join(webDir, "assets"));
  await fs.writeFile(path.join(webDir, "index.html"), "<!doctype html><title>HNG app shell</title>");
  await fs.writeFile(path.join(webDir, "assets", "app-123.js"), "console.log('app')");
  return { webDir };
});

describe("the HTTP server", () => {
  it("reports health with the database reachable", async ({ app }) => {
    expect((await app.client().get("/healthz")).body).toEqual({ status: "ok" });
    const response = await app.client().get("/readyz");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", database: "ok", migrations: "applied" });
  });

  it("sends security headers and a request id on every answer", async ({ app }) => {
    const response = await app.client().request("GET", "/api/user", { headers: { "x-request-id": "trace-42" } });
    // No proxy of ours in front (TRUST_PROXY unset): the client's id is replaced by the server's own.
    expect(response.headers.get("x-request-id")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const page = await app.client().get("/");
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
  });

  it("serves the web app, with the app shell for client-side routes", async ({ app }) => {
    for (const route of ["/", "/home", "/admin/reports", "/no/such/page"]) {
      const response = await app.client().get(route);
      expect(response.status, route).toBe(200);
      expect(response.text).toContain("HNG app shell");
    }
    const asset = await app.client().get("/assets/app-123.js");
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    expect(asset.headers.get("cache-control")).toMatch(/immutable/);
    expect((await app.client().get("/assets/missing-456.js")).status).toBe(404);
  });

  it("keeps unknown API paths a 404 in text, never the app shell", async ({ app }) => {
    const response = await app.client().get("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.text).toBe("Not found");
    expect((await app.client().get("/api/login")).status).toBe(405);
  });

  it("refuses a path that climbs out of the web folder", async ({ app }) => {
    const response = await app.client().get("/..%2f..%2fetc%2fpasswd");
    expect(response.text).not.toMatch(/root:/);
  });

  it("answers a bad JSON body with 400", async ({ app }) => {
    const response = await app
      .client()
      .request("POST", "/api/login", { headers: { "content-type": "application/json" }, body: "{not json" });
    expect(response.status).toBe(400);
    expect(response.text).toBe("Request body is not valid JSON");
  });
});
