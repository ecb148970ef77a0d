import fs from "node:fs/promises";
import http, { type IncomingHttpHeaders } from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { negotiateEncoding } from "./compression.ts";

// A script of a few KB, as the build leaves it: beside it the .br and .gz copies it writes.
const SCRIPT = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const value${i} = "referral ${i} of the landing page";`).join("\n"),
);
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this destructuring, and this has none.
it.override("appOptions", { scope: "file" }, async ({}, { onCleanup }) => {
  const webDir = await fs.mkdtemp(path.join(os.tmpdir(), "web-dist-"));
  onCleanup(() => fs.rm(webDir, { recursive: true, force: true }));
  await fs.mkdir(path.join(webDir, "assets"));
  await fs.writeFile(path.join(webDir, "index.html"), "<!doctype html><title>HNG app shell</title>");
  await fs.writeFile(path.join(webDir, "assets", "app-123.js"), SCRIPT);
  await fs.writeFile(path.join(webDir, "assets", "app-123.js.br"), brotliCompressSync(SCRIPT));
  await fs.writeFile(path.join(webDir, "assets", "app-123.js.gz"), gzipSync(SCRIPT));
  // The build writes no copy that would not be smaller; here only gzip was.
  await fs.writeFile(path.join(webDir, "assets", "gzip-only-456.js"), SCRIPT);
  await fs.writeFile(path.join(webDir, "assets", "gzip-only-456.js.gz"), gzipSync(SCRIPT));
  await fs.writeFile(path.join(webDir, "assets", "logo-789.png"), PNG);
  return { webDir };
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decoded. */
  body: Buffer;
}

/** A request that shows the answer as sent: Node's fetch would decode it. */
function rawRequest(
  baseUrl: string,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${pathname}`,
      { method: options.method ?? "GET", headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

function decode(response: RawResponse): Buffer {
  const coding = response.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(response.body);
  if (coding === "gzip") return gunzipSync(response.body);
  expect(coding).toBeUndefined();
  return response.body;
}

/** The answer was sent as `coding`, its length is the bytes sent, and it varies on Accept-Encoding. */
function expectSentAs(response: RawResponse, coding: "br" | "gzip" | undefined) {
  expect(response.status).toBe(200);
  expect(response.headers["content-encoding"]).toBe(coding);
  expect(Number(response.headers["content-length"])).toBe(response.body.length);
  expect(response.headers.vary).toMatch(/\bAccept-Encoding\b/i);
}

describe("compressed answers", () => {
  it("send a built script as its brotli or gzip copy or as it is, by Accept-Encoding, always the same bytes", async ({
    app,
  }) => {
    const cases: [string | undefined, "br" | "gzip" | undefined][] = [
      ["br, gzip", "br"],
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0.5, gzip", "gzip"],
      ["br;q=0, gzip;q=0.1", "gzip"],
      [undefined, undefined],
      ["identity", undefined],
      ["compress, zstd", undefined],
      ["br;q=0, gzip;q=0", undefined],
      // Refusing every coding, identity included, still gets the bytes rather than an error.
      ["*;q=0", undefined],
    ];
    for (const [acceptEncoding, coding] of cases) {
      const headers: Record<string, string> = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
      const response = await rawRequest(app.baseUrl, "/assets/app-123.js", { headers });
      expectSentAs(response, coding);
      expect(decode(response).equals(SCRIPT), String(acceptEncoding)).toBe(true);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers["content-type"]).toMatch(/^text\/javascript/);
    }
    const brotli = await rawRequest(app.baseUrl, "/assets/app-123.js", { headers: { "accept-encoding": "br" } });
    expect(brotli.body.length).toBeLessThan(SCRIPT.length / 4);
  });

  it("fall back to the next coding the client accepts when the build wrote no copy in the first", async ({ app }) => {
    const response = await rawRequest(app.baseUrl, "/assets/gzip-only-456.js", {
      headers: { "accept-encoding": "br, gzip" },
    });
    expectSentAs(response, "gzip");
    expect(decode(response).equals(SCRIPT)).toBe(true);
    const brotliOnly = await rawRequest(app.baseUrl, "/assets/gzip-only-456.js", {
      headers: { "accept-encoding": "br" },
    });
    expectSentAs(brotliOnly, undefined);
    expect(brotliOnly.body.equals(SCRIPT)).toBe(true);
  });

  it("send images as they are, without Vary", async ({ app }) => {
    const response = await rawRequest(app.baseUrl, "/assets/logo-789.png", {
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body.equals(PNG)).toBe(true);
  });

  it("answer HEAD with GET's headers and no body", async ({ app }) => {
    for (const acceptEncoding of ["br", "gzip", "identity"]) {
      const headers = { "accept-encoding": acceptEncoding };
      const get = await rawRequest(app.baseUrl, "/assets/app-123.js", { headers });
      const head = await rawRequest(app.baseUrl, "/assets/app-123.js", { method: "HEAD", headers });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of ["content-length", "content-encoding", "content-type", "vary", "cache-control"])
        expect(head.headers[name], `${acceptEncoding} ${name}`).toBe(get.headers[name]);
    }
  });

  it("compress a GraphQL answer over 1 KB on the fly, the same bytes as uncompressed", async ({ app }) => {
    const post = (acceptEncoding: string) =>
      rawRequest(app.baseUrl, "/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "accept-encoding": acceptEncoding },
        body: JSON.stringify({ query: "{ __schema { types { name description } } }" }),
      });
    const plain = await post("identity");
    expectSentAs(plain, undefined);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.body.toString()).data.__schema.types.length).toBeGreaterThan(10);
    for (const coding of ["br", "gzip"] as const) {
      const compressed = await post(`${coding}, identity;q=0.5`);
      expectSentAs(compressed, coding);
      expect(compressed.body.length).toBeLessThan(plain.body.length / 2);
      expect(decode(compressed).equals(plain.body), coding).toBe(true);
    }
  });

  it("send a small JSON answer as it is, still varying on Accept-Encoding", async ({ app }) => {
    const response = await rawRequest(app.baseUrl, "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-encoding": "br, gzip" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expectSentAs(response, undefined);
    expect(JSON.parse(response.body.toString())).toEqual({ data: { __typename: "Query" } });
    const rest = await rawRequest(app.baseUrl, "/api/settings", { headers: { "accept-encoding": "br, gzip" } });
    expectSentAs(rest, undefined);
    expect(rest.body.length).toBeLessThan(1024);
  });

  it("compress a REST answer over 1 KB on the fly, the same bytes as uncompressed", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const { signedInCustomer } = await import("../../test/testApp.ts");
    for (let i = 0; i < 4; i++) await signedInCustomer(app, uniqueName("Compressed"));
    const get = (acceptEncoding: string) =>
      rawRequest(app.baseUrl, "/api/admin/customers-detailed?limit=50", {
        headers: { cookie: admin.cookieHeader, "accept-encoding": acceptEncoding },
      });
    const plain = await get("identity");
    expectSentAs(plain, undefined);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers["cache-control"]).toBe("no-store");
    for (const coding of ["br", "gzip"] as const) {
      const compressed = await get(coding);
      expectSentAs(compressed, coding);
      expect(decode(compressed).equals(plain.body), coding).toBe(true);
    }
  });
});

describe("report downloads", () => {
  it("stream compressed as they go when the client accepts it, the same file as uncompressed", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const { signedInCustomer } = await import("../../test/testApp.ts");
    for (let i = 0; i < 30; i++) await signedInCustomer(app, uniqueName("Reported"));
    for (const format of ["csv", "json"]) {
      const get = (acceptEncoding: string) =>
        rawRequest(app.baseUrl, `/api/admin/reports/customers?format=${format}`, {
          headers: { cookie: admin.cookieHeader, "accept-encoding": acceptEncoding },
        });
      const plain = await get("identity");
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/\bAccept-Encoding\b/i);
      expect(plain.headers["content-disposition"]).toMatch(
        new RegExp(`^attachment; filename="customers-.*\\.${format}"$`),
      );
      expect(plain.body.toString()).toContain("Reported30");
      for (const coding of ["br", "gzip"] as const) {
        const compressed = await get(`${coding}, identity;q=0.5`);
        expect(compressed.status).toBe(200);
        expect(compressed.headers["content-encoding"], `${format} ${coding}`).toBe(coding);
        expect(compressed.body.length).toBeLessThan(plain.body.length / 3);
        expect(decode(compressed).equals(plain.body), `${format} ${coding}`).toBe(true);
      }
    }
  });
});

describe("negotiateEncoding", () => {
  const all = ["br", "gzip", "identity"] as const;
  it("follows the client's weights, brotli first among equals", () => {
    expect(negotiateEncoding("gzip, br", all)).toBe("br");
    expect(negotiateEncoding("br;q=0.8, gzip;q=0.9", all)).toBe("gzip");
    expect(negotiateEncoding("*", all)).toBe("br");
    expect(negotiateEncoding("*;q=0.5, br;q=0", all)).toBe("gzip");
    expect(negotiateEncoding("x-gzip", all)).toBe("gzip");
    expect(negotiateEncoding("GZIP;Q=1.0", all)).toBe("gzip");
    expect(negotiateEncoding("gzip", ["br", "identity"])).toBe("identity");
  });

  it("prefers identity when the client ranks it higher, and ignores a malformed weight", () => {
    expect(negotiateEncoding("identity, gzip;q=0.5", all)).toBe("identity");
    expect(negotiateEncoding("gzip;q=2, br;q=abc", all)).toBe("identity");
    expect(negotiateEncoding("", all)).toBe("identity");
    expect(negotiateEncoding(" , ;q=1", all)).toBe("identity");
  });
});
