// Trusted documents (docs/security.md): in production visitors and customers run only the web app's persisted
// documents; administrators may still send any document; development takes any document from anyone.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect } from "vitest";
import AdminLiveSubscription from "../../../web/src/__generated__/AdminLiveSubscription.graphql.ts";
import HomePageQuery from "../../../web/src/__generated__/HomePageQuery.graphql.ts";
import viewerSessionQuery from "../../../web/src/__generated__/viewerSessionQuery.graphql.ts";
import { it } from "../../test/fixtures.ts";
import { loadPersistedDocuments, PERSISTED_DOCUMENTS_FILE } from "./persistedDocuments.ts";

it.override("appOptions", { env: { NODE_ENV: "production" } });
it.override("secondAppOptions", { env: { NODE_ENV: "development" } });

const ARBITRARY = "{ viewer { id username } }";

describe("in production", () => {
  it("refuses a signed-out visitor's own document and runs the web app's by id", async ({ app }) => {
    const refused = await app.client().graphql(ARBITRARY);
    expect(refused.status).toBe(400);
    expect(refused.data).toBeUndefined();
    expect(refused.errors?.map((error) => error.extensions?.code)).toEqual(["PERSISTED_QUERY_ONLY"]);

    expect(await app.client().persisted(viewerSessionQuery)).toEqual({ data: { viewer: null }, status: 200 });
  });

  it("refuses a customer's own document and runs the web app's by id; the REST paths still answer", async ({
    customer,
  }) => {
    const refused = await customer.client.graphql(ARBITRARY);
    expect(refused.errors?.map((error) => error.extensions?.code)).toEqual(["PERSISTED_QUERY_ONLY"]);

    const session = await customer.client.persisted(viewerSessionQuery);
    expect(session.data.viewer.databaseId).toBe(customer.userId);
    const home = await customer.client.persisted(HomePageQuery);
    expect(home.status).toBe(200);
    expect(home.errors).toBeUndefined();
    expect(home.data.viewer).not.toBeNull();

    // The REST shim runs its own documents server-side: not the browser's, so not refused.
    const user = await customer.client.get("/api/user");
    expect(user.status).toBe(200);
    expect(user.body.id).toBe(customer.userId);
  });

  it("runs an administrator's own document, and the web app's by id, the subscription included", async ({
    app,
    admin,
  }) => {
    const own = await admin.graphql("{ viewer { username role } }");
    expect(own.errors).toBeUndefined();
    expect(own.data.viewer.role).toBe("ADMIN");

    const persisted = await admin.persisted(viewerSessionQuery);
    expect(persisted.data.viewer.role).toBe("ADMIN");

    const abort = new AbortController();
    const stream = await fetch(`${app.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", cookie: admin.cookieHeader },
      body: JSON.stringify({
        operationName: AdminLiveSubscription.params.name,
        extensions: { persistedQuery: { version: 1, sha256Hash: AdminLiveSubscription.params.id } },
      }),
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    abort.abort();
  });

  it("answers an unknown id with PERSISTED_QUERY_NOT_FOUND, whoever asks, never a 5xx", async ({ app, admin }) => {
    for (const client of [app.client(), admin]) {
      const response = await client.request("POST", "/graphql", {
        json: { extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } } },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toEqual([
        "PERSISTED_QUERY_NOT_FOUND",
      ]);
    }
    const malformed = await app.client().request("POST", "/graphql", { json: { extensions: { persistedQuery: 1 } } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].extensions.code).toBe("PERSISTED_QUERY_ID_REQUIRED");
  });
});

describe("in development", () => {
  it("runs anyone's document, and the web app's by id", async ({ secondApp }) => {
    const own = await secondApp.client().graphql(ARBITRARY);
    expect(own).toEqual({ data: { viewer: null }, status: 200 });
    expect(await secondApp.client().persisted(viewerSessionQuery)).toEqual({ data: { viewer: null }, status: 200 });
  });
});

describe("persisted-queries.json", () => {
  it("holds every document of the web app's artifacts, each under the SHA-256 of its text (run relay-compiler when this fails)", () => {
    const documents = loadPersistedDocuments(PERSISTED_DOCUMENTS_FILE);
    const generated = path.resolve(import.meta.dirname, "../../../web/src/__generated__");
    const ids = new Set<string>();
    for (const file of readdirSync(generated)) {
      const source = readFileSync(path.join(generated, file), "utf8");
      const id = /"id": "([0-9a-f]{64})"/.exec(source)?.[1];
      if (!id) continue;
      ids.add(id);
      expect(documents.has(id), `${file}'s document is not in the map`).toBe(true);
    }
    expect(ids.size).toBeGreaterThan(50);
    // relay-compiler keeps the documents of earlier builds (a page loaded before a deploy still works);
    // to prune them: echo '{}' > persisted-queries.json && npx relay-compiler.
    for (const [id, text] of documents) expect(createHash("sha256").update(text).digest("hex")).toBe(id);
  });
});
