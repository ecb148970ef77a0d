// The published OpenAPI document (/api/openapi.json) against the running server: every route of the
// table is in it, and real answers of every GET path and the main POST paths fit its schemas.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import type { JsonResponse, TestClient } from "../../test/testApp.ts";
import { signedInCustomer } from "../../test/testApp.ts";
import { openApiPath } from "./openapi.ts";
import { restRoutes } from "./routes.ts";
import { matchRoute } from "./shim.ts";

type Doc = { paths: Record<string, Record<string, any>> };

async function publishedDocument(client: TestClient): Promise<Doc> {
  const response = await client.get("/api/openapi.json");
  expect(response.status).toBe(200);
  return response.body as Doc;
}

/** Checks an answer against the document's 200 schema for its route; returns what did not fit. */
function checker(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const checked = new Set<string>();
  return {
    checked,
    check(method: string, url: string, response: JsonResponse) {
      const matched = matchRoute(restRoutes, method, new URL(url, "http://x").pathname);
      if (!matched || typeof matched === "string") throw new Error(`${method} ${url} is in no route`);
      const label = `${method} ${matched.route.path}`;
      expect(response.status, `${label}: ${response.text.slice(0, 200)}`).toBe(200);
      const schema =
        doc.paths[openApiPath(matched.route.path)]?.[method.toLowerCase()]?.responses["200"].content["application/json"]
          .schema;
      const validate = ajv.compile(schema);
      const valid = validate(response.body);
      expect(valid, `${label} answer does not fit its schema: ${ajv.errorsText(validate.errors)}`).toBe(true);
      checked.add(label);
      return response.body;
    },
  };
}

describe("the OpenAPI document", () => {
  it("is public, cacheable, OpenAPI 3.1, and names every route of the table with an answer schema", async ({ app }) => {
    const response = await app.client().get("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("public");
    const doc = response.body as Doc & { openapi: string };
    expect(doc.openapi).toBe("3.1.0");
    for (const route of restRoutes) {
      const operation = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(route.docs?.answer, `${route.method} ${route.path} has no answer schema`).toBeDefined();
    }
    const sdl = await app.client().get("/schema.graphql");
    expect(sdl.status).toBe(200);
    expect(sdl.text).toContain("type Query");
  });

  it("matches the real answers of every GET path and the main POST paths", async ({
    app,
    admin,
    customer,
    uniqueName,
  }) => {
    const doc = await publishedDocument(app.client());
    const { check, checked } = checker(doc);
    const as = (client: TestClient) => ({
      get: async (url: string) => check("GET", url, await client.get(url)),
      post: async (url: string, body?: unknown) => check("POST", url, await client.post(url, body)),
    });
    const me = as(customer.client);
    const boss = as(admin);

    // A customer waiting for approval, approved by the administrator.
    const newcomer = await signedInCustomer(app, uniqueName("Newcomer"), { verified: false });
    const pending = (await boss.get("/api/admin/pending-customers")) as { id: number }[];
    expect(pending.map((row) => row.id)).toContain(newcomer.customerId);
    await boss.post(`/api/admin/approve-customer/${newcomer.customerId}`);

    // Referrals: added, corrected, one withdrawn, one purchased and cancelled, one purchased.
    const referral = (n: number) => ({
      name: `Friend ${n}`,
      phone: `+4474001${String(customer.customerId).padStart(3, "0").slice(-3)}${n}${n}`,
    });
    const first = (await me.post("/api/referrals", referral(1))) as { id: number };
    await me.post(`/api/referrals/${first.id}/update`, { ...referral(1), email: "friend1@example.com" });
    const second = (await me.post("/api/referrals", referral(2))) as { id: number };
    await me.post(`/api/referrals/${second.id}/withdraw`);
    const third = (await me.post("/api/referrals", referral(3))) as { id: number };
    await boss.get("/api/admin/referrals/pending");
    await boss.post(`/api/admin/referrals/${first.id}/purchase`, { amount: "4000.00", notes: "Showroom" });
    await boss.post(`/api/admin/referrals/${third.id}/purchase`, { amount: "500.00" });
    await boss.post(`/api/admin/cancel-referral/${third.id}`, { reason: "Returned" });

    // Milestones: the 33% one is ready; the customer asks, the administrator pays.
    await me.post("/api/customer/milestones/milestone_33/request-payment");
    await boss.post("/api/admin/process-milestone", { customerId: customer.customerId, milestoneType: "milestone_33" });

    // A webhook endpoint with a test delivery, for the paths that name one.
    const endpoint = (await boss.post("/api/admin/webhooks", {
      url: "http://127.0.0.1:9/hooks",
      events: ["purchase.verified"],
    })) as { id: number };
    await boss.post(`/api/admin/webhooks/${endpoint.id}/test`);

    // Every GET path of the table, as the role it is for (a range where one is required).
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const needsRange = ["/api/admin/revenue-by-period", "/api/admin/referral-funnel"];
    for (const route of restRoutes.filter((r) => r.method === "GET")) {
      const path = route.path.replace(":id", String(endpoint.id));
      const url = needsRange.includes(path) ? `${path}?from=${day(60)}&to=${day(0)}` : path;
      await (path.startsWith("/api/admin/") ? boss : me).get(url);
    }

    const mainPosts = [
      "POST /api/admin/approve-customer/:id",
      "POST /api/referrals",
      "POST /api/referrals/:id/update",
      "POST /api/referrals/:id/withdraw",
      "POST /api/admin/referrals/:id/purchase",
      "POST /api/admin/cancel-referral/:id",
      "POST /api/admin/process-milestone",
    ];
    for (const label of mainPosts) expect(checked, label).toContain(label);
  });
});
