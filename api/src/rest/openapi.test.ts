// The published OpenAPI document (/api/openapi.json) against the running server: every route of the
// table is in it, and real answers of every GET path and the main POST paths fit its schemas.
import { validate as validateOpenApi } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { getNamedType, isInputObjectType, Kind, type OperationDefinitionNode, typeFromAST } from "graphql";
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import type { JsonResponse, TestClient } from "../../test/testApp.ts";
import { signedInCustomer } from "../../test/testApp.ts";
import { reportCatalogue } from "../analytics/index.ts";
import { REPORT_FORMATS } from "../analytics/reportDownload.ts";
import { API_TOKEN_SCOPES, tokenMayRunOperation } from "../apiTokens/index.ts";
import { restRoutes } from "../compose/restRoutes.ts";
import { schema } from "../compose/schema.ts";
import { assertUniqueOperationIds, openApiPath, REPORT_DOWNLOAD_PATH } from "./openapi.ts";
import { type CompiledRoute, matchRoute } from "./shim.ts";

type Doc = { paths: Record<string, Record<string, any>>; components: any; security: any[] };

/** Whether the route's operation takes an input object with an `idempotencyKey` field (the GraphQL truth). */
function operationTakesIdempotencyKey(route: CompiledRoute): boolean {
  const operation = route.document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION) as
    | OperationDefinitionNode
    | undefined;
  return (operation?.variableDefinitions ?? []).some((variable) => {
    const type = typeFromAST(schema, variable.type as never);
    const named = type ? getNamedType(type) : undefined;
    return isInputObjectType(named) && "idempotencyKey" in named.getFields();
  });
}

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

  it("validates as OpenAPI 3.1 (@readme/openapi-parser) and generates types (openapi-typescript's Node API)", async ({
    app,
  }) => {
    const served = await publishedDocument(app.client());
    // Each tool takes the document as an integrator downloads it (they dereference in place).
    const result = await validateOpenApi(structuredClone(served) as never);
    expect(result.valid ? [] : result.errors.map((error) => error.message)).toEqual([]);
    expect(result.specification).toBe("OpenAPI");
    const types = astToString(await openapiTS(structuredClone(served) as never));
    expect(types).toContain('"/api/admin/customers-detailed": {');
    expect(types).toContain("RestAdminCustomersDetailed: {");
    const operationIds = Object.values(served.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId as string),
    );
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it("cannot be generated with two paths sharing an operationId: the route table names its own", () => {
    const [first, second] = restRoutes.filter((route) => route.docs.operationId === undefined);
    if (!first || !second) throw new Error("two routes expected");
    expect(() => assertUniqueOperationIds([first, { ...second, operation: first.operation }])).toThrow(
      /operationId \w+ names both/,
    );
    expect(() =>
      assertUniqueOperationIds([
        first,
        { ...second, operation: first.operation, docs: { ...second.docs, operationId: "Own" } },
      ]),
    ).not.toThrow();
  });

  it("matches the real answers of every GET path and the main POST paths", async ({
    app,
    admin,
    adminId,
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
    await boss.post(`/api/admin/referrals/${first.id}/purchase`, { amount: "3000.00", notes: "Showroom" });
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
    // The staff paths (staff and administrators): a search and a card that find the customer.
    const staffUrls: Record<string, string> = {
      "/api/staff/customers": "/api/staff/customers?search=HNG",
      "/api/staff/customers/:id": `/api/staff/customers/${customer.customerId}`,
    };
    await boss.post("/api/staff/referrals", {
      customerId: customer.customerId,
      name: "Staff Friend",
      phone: `+4474002${String(customer.customerId).padStart(3, "0").slice(-3)}44`,
      consentConfirmed: true,
    });
    // A withdrawn payout request, for the path that reads one (stored directly: this customer's tranches are below the threshold).
    const payoutRequest = await app.db.payoutRequest.create({
      data: {
        customerId: customer.customerId,
        milestone: "M66",
        amountPence: 1,
        requestedById: adminId,
        status: "WITHDRAWN",
      },
    });
    const idUrls: Record<string, string> = {
      ...staffUrls,
      "/api/admin/payout-requests/:id": `/api/admin/payout-requests/${payoutRequest.id}`,
    };
    for (const route of restRoutes.filter((r) => r.method === "GET")) {
      const path = route.path.replace(":id", String(endpoint.id));
      const url = idUrls[route.path] ?? (needsRange.includes(path) ? `${path}?from=${day(60)}&to=${day(0)}` : path);
      await (path.startsWith("/api/admin/") || path.startsWith("/api/staff/") ? boss : me).get(url);
    }

    const mainPosts = [
      "POST /api/admin/approve-customer/:id",
      "POST /api/referrals",
      "POST /api/referrals/:id/update",
      "POST /api/referrals/:id/withdraw",
      "POST /api/admin/referrals/:id/purchase",
      "POST /api/admin/cancel-referral/:id",
      "POST /api/admin/process-milestone",
      "POST /api/staff/referrals",
    ];
    for (const label of mainPosts) expect(checked, label).toContain(label);
  });
  it("names the bearer scheme, each path's token scopes, the idempotent paths' header and 422, and the report downloads", async ({
    app,
  }) => {
    const doc = await publishedDocument(app.client());
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([{ session: [] }, { bearer: [] }]);
    const idempotentOperations: string[] = [];
    for (const route of restRoutes) {
      const label = `${route.method} ${route.path}`;
      const operation = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      // The scopes are the token decision's, route by route (apiTokens/scopes.ts).
      expect(operation["x-scopes"], label).toEqual(
        API_TOKEN_SCOPES.filter((scope) => tokenMayRunOperation([scope], schema, route.document)),
      );
      expect(operation.responses["401"].headers["WWW-Authenticate"], label).toBeDefined();
      expect(operation.responses["429"].headers["Retry-After"], label).toBeDefined();
      // The flag says what the operation's input says; the header and the 422 follow the flag.
      expect(route.idempotent === true, `${label}: idempotent flag`).toBe(operationTakesIdempotencyKey(route));
      const header = (operation.parameters ?? []).find((p: any) => p.in === "header" && p.name === "Idempotency-Key");
      expect(Boolean(header), `${label}: Idempotency-Key`).toBe(route.idempotent === true);
      expect(Boolean(operation.responses["422"]), `${label}: 422`).toBe(route.idempotent === true);
      if (route.idempotent) idempotentOperations.push(operation.operationId);
    }
    expect(idempotentOperations.sort()).toEqual([
      "RestAddReferral",
      "RestCancelReferralPurchase",
      "RestProcessMilestone",
      "RestVerifyPurchase",
    ]);
    const reports = doc.paths[openApiPath(REPORT_DOWNLOAD_PATH)]?.get;
    const parameter = (name: string) => reports.parameters.find((p: any) => p.name === name);
    expect(parameter("name").schema.enum).toEqual(reportCatalogue().map((report) => report.name));
    expect(parameter("format").schema.enum).toEqual([...REPORT_FORMATS]);
    expect(Object.keys(reports.responses["200"].content)).toEqual(["text/csv", "application/json"]);
    // The audit log needs `admin`; `purchased-referrals` is `purchases:write` data too (graphql/access.ts).
    expect(reports["x-scopes"]).toEqual(["read", "purchases:write", "admin"]);
  });

  it("holds for a token's calls: created, a report read, an idempotent verify replayed and a reused key refused", async ({
    app,
    admin,
    customer,
  }) => {
    const doc = await publishedDocument(app.client());
    const { check } = checker(doc);
    const created = check(
      "POST",
      "/api/admin/api-tokens",
      await admin.post("/api/admin/api-tokens", { name: "Till", scopes: ["read", "purchases:write"] }),
    ) as { secret: string };
    check("GET", "/api/admin/api-tokens", await admin.get("/api/admin/api-tokens"));
    const client = app.client();
    const as = (secret: string, headers: Record<string, string> = {}) => ({
      headers: { authorization: `Bearer ${secret}`, ...headers },
    });

    // A report as a file, in both documented formats.
    const reports = doc.paths[openApiPath(REPORT_DOWNLOAD_PATH)]?.get;
    const json = await client.request("GET", "/api/admin/reports/customers?format=json", as(created.secret));
    expect(json.status).toBe(200);
    expect(json.headers.get("content-disposition")).toMatch(/^attachment; filename="customers-[\d-]+\.json"$/);
    const ajv = new Ajv2020({ strict: false });
    const rowsSchema = reports.responses["200"].content["application/json"].schema;
    expect(ajv.validate(rowsSchema, json.body), ajv.errorsText()).toBe(true);
    const csv = await client.request("GET", "/api/admin/reports/customers", as(created.secret));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    // Within the token's scopes only: the audit log is `admin`'s, and a till's token reads no report.
    expect((await client.request("GET", "/api/admin/reports/audit-log", as(created.secret))).status).toBe(403);
    const till = (await admin.post("/api/admin/api-tokens", { name: "Till only", scopes: ["purchases:write"] }))
      .body as {
      secret: string;
    };
    const noReports = await client.request("GET", "/api/admin/reports/customers", as(till.secret));
    expect(noReports.status).toBe(403);
    expect(noReports.text).toContain("scopes do not allow");

    // An idempotent verify: the replay answers the same, another input with the key is the documented 422.
    const friend = (await customer.client.post("/api/referrals", {
      name: "Idem Friend",
      phone: `+447400${String(customer.customerId).padStart(4, "0").slice(-4)}77`,
    })) as JsonResponse<{ id: number }>;
    expect(friend.status).toBe(200);
    const url = `/api/admin/referrals/${friend.body.id}/purchase`;
    const verify = (amount: string) =>
      client.request("POST", url, { json: { amount }, ...as(created.secret, { "Idempotency-Key": "till-0001" }) });
    const first = check("POST", url, await verify("900.00"));
    const replay = await verify("900.00");
    expect(check("POST", url, replay)).toEqual(first);
    const reused = await verify("901.00");
    expect(reused.status).toBe(422);
    expect(doc.paths[openApiPath("/api/admin/referrals/:id/purchase")]?.post.responses["422"]).toBeDefined();

    // An unknown token: the documented 401 with its header.
    const refused = await client.request("GET", "/api/admin/api-tokens", as("hng_unknown"));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});
