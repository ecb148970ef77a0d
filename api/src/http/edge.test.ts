// What every /graphql and /api answer shares, decided once in server.ts: cross-origin access (none
// unless CORS_ORIGINS lists the origin), Cache-Control: no-store, and the request body limit.
import { execFile } from "node:child_process";
import http from "node:http";
import { promisify } from "node:util";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { signedInAdmin, type TestApp, type TestClient } from "../../test/testApp.ts";
import { readConfig } from "../config.ts";
import { PROJECT_ROOT } from "../db/prismaCli.ts";
import { BODY_TOO_LARGE_MESSAGE, MAX_BODY_BYTES } from "./requestBody.ts";

const EVIL = "https://evil.example";
const TRUSTED = "https://app.example.com";

it.override("appOptions", { env: { NODE_ENV: "production" } });
// Not production, so GraphiQL is served and can be checked too.
it.override("secondAppOptions", { env: { CORS_ORIGINS: `${TRUSTED}, http://localhost:5173` } });

let productionAdmin: TestClient;
let listedAdmin: TestClient;
it.beforeAll(async ({ app, secondApp }) => {
  [productionAdmin, listedAdmin] = await Promise.all([signedInAdmin(app), signedInAdmin(secondApp)]);
});

const corsHeaders = (headers: Headers) => [...headers.keys()].filter((name) => name.startsWith("access-control-"));

/** A browser's preflight from `origin` for a POST to `path` sending the `requestHeaders`. */
const preflightOf = (app: TestApp, path: string, origin: string, requestHeaders: string) =>
  app.client().request("OPTIONS", path, {
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": requestHeaders },
  });

describe("cross-origin reads", () => {
  const attack = `/graphql?query=${encodeURIComponent("{ viewer { email } }")}`;

  it("gives another site's page nothing to read, even with an administrator's cookie", async () => {
    for (const admin of [productionAdmin, listedAdmin]) {
      const response = await admin.request("GET", attack, { headers: { origin: EVIL } });
      // The query runs (a GET is a read) but the browser is told nothing it may hand to the page.
      expect(response.body.data.viewer.email).toBe("admin@example.com");
      expect(corsHeaders(response.headers)).toEqual([]);
      const rest = await admin.request("GET", "/api/user", { headers: { origin: EVIL } });
      expect(rest.status).toBe(200);
      expect(corsHeaders(rest.headers)).toEqual([]);
    }
  });

  it("answers no preflight from an origin that is not listed", async ({ app: production, secondApp: listed }) => {
    for (const app of [production, listed]) {
      for (const path of ["/graphql", "/api/login"]) {
        const preflight = await preflightOf(app, path, EVIL, "content-type");
        expect(preflight.status, path).toBeGreaterThanOrEqual(400);
        expect(corsHeaders(preflight.headers), path).toEqual([]);
      }
    }
  });

  it("lets a listed origin read with credentials: exactly that origin, never *", async () => {
    const graphql = await listedAdmin.request("GET", attack, { headers: { origin: TRUSTED } });
    expect(graphql.body.data.viewer.email).toBe("admin@example.com");
    expect(graphql.headers.get("access-control-allow-origin")).toBe(TRUSTED);
    expect(graphql.headers.get("access-control-allow-credentials")).toBe("true");
    expect(graphql.headers.get("vary")).toMatch(/\bOrigin\b/);
    const second = await listedAdmin.request("GET", "/api/user", { headers: { origin: "http://localhost:5173" } });
    expect(second.body.username).toBe("admin");
    expect(second.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(second.headers.get("access-control-allow-credentials")).toBe("true");
    // Near misses are other origins.
    for (const origin of [
      "https://app.example.com.evil.example",
      "http://app.example.com",
      "https://APP.example.com:443",
      "null",
    ]) {
      const near = await listedAdmin.request("GET", "/api/user", { headers: { origin } });
      expect(corsHeaders(near.headers), origin).toEqual([]);
    }
  });

  it("answers a listed origin's preflight, and takes its writes on /graphql and /api", async ({
    secondApp: listed,
  }) => {
    for (const path of ["/graphql", "/api/login"]) {
      const preflight = await preflightOf(listed, path, TRUSTED, "content-type, x-request-id");
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe(TRUSTED);
      expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
      expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, POST");
      expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type, x-request-id");
      expect(preflight.headers.get("vary")).toMatch(/\bOrigin\b/);
    }
    const signIn = await listed.client().request("POST", "/api/login", {
      headers: { origin: TRUSTED, "sec-fetch-site": "cross-site" },
      json: { username: "admin", password: "admin-password" },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get("access-control-allow-origin")).toBe(TRUSTED);
    const signInMutation = {
      query: 'mutation { signIn(input: { username: "admin", password: "admin-password" }) { __typename } }',
    };
    const mutation = await listed
      .client()
      .request("POST", "/graphql", { headers: { origin: TRUSTED }, json: signInMutation });
    expect(mutation.body).toEqual({ data: { signIn: { __typename: "MutationSignInSuccess" } } });
    // Another site's writes are still refused outright.
    const refused = await listed
      .client()
      .request("POST", "/graphql", { headers: { origin: EVIL }, json: signInMutation });
    expect(refused.status).toBe(403);
  });

  it("refuses a wildcard or anything but exact origins at start-up, saying why", async () => {
    expect(
      readConfig({ CORS_ORIGINS: " https://a.example , http://localhost:5173,https://a.example" }).corsOrigins,
    ).toEqual(["https://a.example", "http://localhost:5173"]);
    expect(readConfig({}).corsOrigins).toEqual([]);
    expect(() => readConfig({ CORS_ORIGINS: "*" })).toThrow(/CORS_ORIGINS must list exact origins: "\*" is a wildcard/);
    expect(() => readConfig({ CORS_ORIGINS: "https://*.example.com" })).toThrow(/wildcard/);
    expect(() => readConfig({ CORS_ORIGINS: "https://app.example.com/" })).toThrow(
      /did you mean "https:\/\/app.example.com"/,
    );
    expect(() => readConfig({ CORS_ORIGINS: "https://App.Example.com:443" })).toThrow(
      /did you mean "https:\/\/app.example.com"/,
    );
    for (const bad of ["app.example.com", "null", "ftp://files.example.com", "https://user@app.example.com"]) {
      expect(() => readConfig({ CORS_ORIGINS: bad }), bad).toThrow(/is not an origin/);
    }
    // The server itself stops before it opens a database or a port.
    const started = await promisify(execFile)(process.execPath, ["--import", "tsx", "api/src/main.ts"], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, CORS_ORIGINS: "https://app.example.com,*", DATA_DIR: "/nonexistent/never-created" },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(started.code).not.toBe(0);
    expect(started.stderr).toContain('CORS_ORIGINS must list exact origins: "*" is a wildcard');
  });
});

describe("Cache-Control: no-store on every /graphql and /api answer", () => {
  it("covers successes, errors, refusals, GraphiQL and preflights", async ({ secondApp: listed }) => {
    const client = listed.client();
    const answers: Array<[string, Promise<{ status: number; headers: Headers }>]> = [
      ["GraphQL POST", client.request("POST", "/graphql", { json: { query: "{ programme { demoMode } }" } })],
      ["GraphQL GET", client.request("GET", `/graphql?query=${encodeURIComponent("{ __typename }")}`)],
      ["GraphQL signed in", listedAdmin.request("POST", "/graphql", { json: { query: "{ viewer { email } }" } })],
      ["GraphQL error", client.request("POST", "/graphql", { json: { query: "{ nope }" } })],
      [
        "GraphQL 405",
        client.request("GET", `/graphql?query=${encodeURIComponent("mutation { signOut { __typename } }")}`),
      ],
      ["GraphQL 415", client.request("POST", "/graphql", { headers: { "content-type": "text/plain" }, body: "{}" })],
      ["GraphiQL", client.request("GET", "/graphql", { headers: { accept: "text/html" } })],
      ["REST 200", listedAdmin.request("GET", "/api/user")],
      ["REST 401", client.request("GET", "/api/user")],
      [
        "REST 400",
        client.request("POST", "/api/login", { headers: { "content-type": "application/json" }, body: "{nope" }),
      ],
      ["REST 404", client.request("GET", "/api/no-such-path")],
      ["REST 405", client.request("GET", "/api/login")],
      ["REST report", listedAdmin.request("GET", "/api/admin/reports/customers")],
      ["cross-site 403", client.request("POST", "/api/login", { headers: { origin: EVIL }, json: {} })],
      ["413", client.request("POST", "/api/login", { json: { padding: "x".repeat(MAX_BODY_BYTES) } })],
      [
        "preflight (listed)",
        client.request("OPTIONS", "/graphql", {
          headers: { origin: TRUSTED, "access-control-request-method": "POST" },
        }),
      ],
      [
        "preflight (not listed)",
        client.request("OPTIONS", "/api/login", { headers: { origin: EVIL, "access-control-request-method": "POST" } }),
      ],
      ["production GraphQL", productionAdmin.request("POST", "/graphql", { json: { query: "{ viewer { email } }" } })],
    ];
    const statuses: Record<string, number> = {};
    for (const [name, pending] of answers) {
      const response = await pending;
      statuses[name] = response.status;
      expect(response.headers.get("cache-control"), name).toBe("no-store");
    }
    expect(statuses).toMatchObject({
      "GraphQL POST": 200,
      "GraphQL 405": 405,
      "GraphQL 415": 415,
      GraphiQL: 200,
      "REST 200": 200,
      "REST 401": 401,
      "REST 400": 400,
      "REST 404": 404,
      "REST 405": 405,
      "REST report": 200,
      "cross-site 403": 403,
      "413": 413,
      "preflight (listed)": 204,
    });
  });
});

/** A JSON body of exactly `size` bytes: the object, then spaces (JSON allows trailing whitespace). */
function bodyOfSize(value: unknown, size: number): string {
  const json = JSON.stringify(value);
  return json + " ".repeat(size - Buffer.byteLength(json));
}

/** The same bytes sent chunked, with no Content-Length, so only the streamed count can catch them. */
async function postStreamed(baseUrl: string, path: string, body: string): Promise<{ status: number; text: string }> {
  const bytes = Buffer.from(body);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024)
        controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      controller.close();
    },
  });
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { status: response.status, text: await response.text() };
}

describe("the request body limit", () => {
  const login = { username: "nobody-here", password: "wrong-password-1" };
  const query = { query: "{ __typename }" };

  it("is 1 MiB on /api: the largest body is read, one byte more is 413", async ({ secondApp: listed }) => {
    const largest = await listed.client().request("POST", "/api/login", {
      headers: { "content-type": "application/json" },
      body: bodyOfSize(login, MAX_BODY_BYTES),
    });
    expect(largest.status).toBe(401);
    const over = await listed.client().request("POST", "/api/login", {
      headers: { "content-type": "application/json" },
      body: bodyOfSize(login, MAX_BODY_BYTES + 1),
    });
    expect(over.status).toBe(413);
    expect(over.text).toBe("Request body too large: at most 1,048,576 bytes (1 MB).");
    expect(over.text).toBe(BODY_TOO_LARGE_MESSAGE);
  });

  it("is the same on /graphql", async ({ secondApp: listed }) => {
    const largest = await listed.client().request("POST", "/graphql", {
      headers: { "content-type": "application/json" },
      body: bodyOfSize(query, MAX_BODY_BYTES),
    });
    expect(largest.status).toBe(200);
    expect(largest.body).toEqual({ data: { __typename: "Query" } });
    const over = await listed.client().request("POST", "/graphql", {
      headers: { "content-type": "application/json" },
      body: bodyOfSize(query, MAX_BODY_BYTES + 1),
    });
    expect(over.status).toBe(413);
    expect(over.text).toBe(BODY_TOO_LARGE_MESSAGE);
  });

  it("counts a chunked body as it arrives, on both", async ({ secondApp: listed }) => {
    expect((await postStreamed(listed.baseUrl, "/graphql", bodyOfSize(query, MAX_BODY_BYTES))).status).toBe(200);
    expect((await postStreamed(listed.baseUrl, "/api/login", bodyOfSize(login, MAX_BODY_BYTES))).status).toBe(401);
    for (const path of ["/graphql", "/api/login"]) {
      const over = await postStreamed(
        listed.baseUrl,
        path,
        bodyOfSize(path === "/graphql" ? query : login, MAX_BODY_BYTES + 1),
      );
      expect(over, path).toEqual({ status: 413, text: BODY_TOO_LARGE_MESSAGE });
    }
  });

  it("refuses a declared oversize body before it is sent", async ({ secondApp: listed }) => {
    for (const path of ["/graphql", "/api/login"]) {
      const { port } = new URL(listed.baseUrl);
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request({
          host: "127.0.0.1",
          port,
          path,
          method: "POST",
          headers: { "content-type": "application/json", "content-length": String(10 * 1024 ** 3) },
        });
        request.on("response", (response) => {
          resolve(response.statusCode ?? 0);
          request.destroy();
        });
        request.on("error", reject);
        // Ten gigabytes announced, a few bytes sent: the answer comes without waiting for the rest.
        request.write("{");
      });
      expect(status, path).toBe(413);
    }
  });
});
