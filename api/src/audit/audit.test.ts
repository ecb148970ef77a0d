import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { customer as pendingCustomer } from "../../test/scenarios.ts";
import { schema } from "../compose/schema.ts";
import { describeAuditEntry, recordAudit } from "./service.ts";

const AUDIT_QUERY = `query Audit($first: Int, $after: String, $beforeId: Int, $resourceType: String, $resourceId: String) {
  auditLogs(first: $first, after: $after, beforeId: $beforeId, resourceType: $resourceType, resourceId: $resourceId) {
    edges { cursor node { id databaseId action resourceType resourceId adminId details before after createdAt ipAddress } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const REST_FIELDS =
  "id action resourceType resourceId resourceName adminId adminName details createdAt ipAddress actor".split(" ");
const SEEDED = 45;

/** Every entry in the database, newest first, as the application should list them. */
let allIds: number[];

it.beforeAll(async ({ app, adminId }) => {
  for (let n = 1; n <= SEEDED; n += 1) {
    await recordAudit(app.db, {
      action: n % 3 === 0 ? "customer_approved" : "purchase_verified",
      resourceType: n % 3 === 0 ? "customer" : "referral",
      resourceId: n,
      actorId: adminId,
      before: { status: "PENDING" },
      after: { status: n % 3 === 0 ? "VERIFIED" : "PURCHASED", amountPence: n * 100 },
      details: `Seeded entry ${n}`,
      ipAddress: "203.0.113.7",
    });
  }
  allIds = (await app.db.auditEntry.findMany({ select: { id: true }, orderBy: { id: "desc" } })).map((e) => e.id);
});

describe("details", () => {
  it("reads as a line: what happened, then before and after as JSON", () => {
    expect(
      describeAuditEntry({
        details: "Credit rate changed from 11% to 12%",
        before: { rate: 1100 },
        after: { rate: 1200 },
      }),
    ).toBe('Credit rate changed from 11% to 12%; before: {"rate":1100}; after: {"rate":1200}');
    expect(describeAuditEntry({ details: null, before: null, after: { processed: 2 } })).toBe('after: {"processed":2}');
    expect(describeAuditEntry({ details: "Failed sign-in", before: null, after: null })).toBe("Failed sign-in");
  });
});

describe("GraphQL auditLogs", () => {
  it("gives the newest 20 first, with every field, and pages on with the cursor", async ({ admin, adminId }) => {
    const first = await admin.graphql(AUDIT_QUERY);
    const page = first.data.auditLogs;
    expect(page.edges).toHaveLength(20);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.edges.map((e: any) => e.node.databaseId)).toEqual(allIds.slice(0, 20));

    const newest = page.edges[0].node;
    expect(newest).toMatchObject({
      action: "customer_approved",
      resourceType: "customer",
      resourceId: String(SEEDED),
      adminId,
      ipAddress: "203.0.113.7",
      before: '{"status":"PENDING"}',
    });
    expect(JSON.parse(newest.after)).toEqual({ status: "VERIFIED", amountPence: SEEDED * 100 });
    expect(newest.details).toMatch(
      /^Seeded entry 45; before: \{"status":"PENDING"\}; after: \{.*"amountPence":4500.*\}$/,
    );
    expect(new Date(newest.createdAt).toISOString()).toBe(newest.createdAt);
    expect(typeof newest.id).toBe("string");

    const second = await admin.graphql(AUDIT_QUERY, { first: 20, after: page.pageInfo.endCursor });
    expect(second.data.auditLogs.edges.map((e: any) => e.node.databaseId)).toEqual(allIds.slice(20, 40));
    const third = await admin.graphql(AUDIT_QUERY, { first: 20, after: second.data.auditLogs.pageInfo.endCursor });
    expect(third.data.auditLogs.edges.map((e: any) => e.node.databaseId)).toEqual(allIds.slice(40));
    expect(third.data.auditLogs.pageInfo.hasNextPage).toBe(false);
  });

  it("filters by resource, and by beforeId", async ({ admin }) => {
    const customers = await admin.graphql(AUDIT_QUERY, { first: 100, resourceType: "customer" });
    expect(customers.data.auditLogs.edges).toHaveLength(SEEDED / 3);
    expect(customers.data.auditLogs.edges.every((e: any) => e.node.resourceType === "customer")).toBe(true);
    const one = await admin.graphql(AUDIT_QUERY, { resourceType: "customer", resourceId: "9" });
    expect(one.data.auditLogs.edges.map((e: any) => e.node.details)).toEqual([
      expect.stringMatching(/^Seeded entry 9;/),
    ]);
    const older = await admin.graphql(AUDIT_QUERY, { first: 3, beforeId: allIds[9] });
    expect(older.data.auditLogs.edges.map((e: any) => e.node.databaseId)).toEqual(allIds.slice(10, 13));
  });

  it("has no mutation that could edit or delete an entry", () => {
    const mutations = Object.keys(schema.getMutationType()?.getFields() ?? {});
    expect(mutations.filter((name) => /audit/i.test(name))).toEqual([]);
  });
});

describe("REST GET /api/admin/audit-logs", () => {
  it("returns the newest 20 as an array with the spec's field names", async ({ admin, adminId }) => {
    const response = await admin.get("/api/admin/audit-logs");
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.body).toHaveLength(20);
    expect(response.body.map((e: any) => e.id)).toEqual(allIds.slice(0, 20));
    for (const entry of response.body) expect(Object.keys(entry).sort()).toEqual([...REST_FIELDS].sort());
    expect(response.body[0]).toMatchObject({
      id: allIds[0],
      action: "customer_approved",
      resourceType: "customer",
      resourceId: String(SEEDED),
      adminId,
      ipAddress: "203.0.113.7",
      actor: null,
    });
    expect(response.body[0].details).toContain('before: {"status":"PENDING"}');
  });

  it("takes ?limit= up to 100 and ?before=<id> for older entries", async ({ admin }) => {
    const limited = await admin.get("/api/admin/audit-logs?limit=5");
    expect(limited.body.map((e: any) => e.id)).toEqual(allIds.slice(0, 5));
    const next = await admin.get(`/api/admin/audit-logs?limit=5&before=${limited.body[4].id}`);
    expect(next.body.map((e: any) => e.id)).toEqual(allIds.slice(5, 10));
    const everything = await admin.get("/api/admin/audit-logs?limit=100");
    expect(everything.body.map((e: any) => e.id)).toEqual(allIds.slice(0, 100));
  });

  // it.for, not it.each: only it.for hands the test its fixtures.
  it.for(["limit=0", "limit=101", "limit=abc", "limit=-5", "limit=2.5", "before=abc", "before=0"])(
    "refuses ?%s with 400",
    async (query, { admin }) => {
      const response = await admin.get(`/api/admin/audit-logs?${query}`);
      expect(response.status).toBe(400);
      expect(response.text).toMatch(
        /^(limit must be a whole number from 1 to 100|before must be a whole number from 1 to \d+)$/,
      );
    },
  );
});

describe("filters", () => {
  const FILTERED = `query Filtered($action: String, $adminId: Int, $resourceType: String, $from: String, $to: String, $first: Int, $after: String) {
    auditLogs(action: $action, adminId: $adminId, resourceType: $resourceType, from: $from, to: $to, first: $first, after: $after) {
      edges { node { databaseId action adminId resourceType createdAt } }
      pageInfo { hasNextPage endCursor }
    }
  }`;
  // Three entries of another actor at known instants: 23:30 UTC on 30 June is 1 July in London (BST).
  let other: number[];
  it.beforeAll(async ({ app, admin: _signedIn }) => {
    const second = await app.db.user.create({
      data: { username: "second-admin", email: "second-admin@example.com", passwordHash: "x", role: "ADMIN" },
    });
    other = [];
    for (const [when, action] of [
      ["2026-06-30T22:30:00Z", "purchase_cancelled"],
      ["2026-06-30T23:30:00Z", "purchase_cancelled"],
      ["2026-07-02T10:00:00Z", "milestone_paid"],
    ] as const) {
      const entry = await app.db.auditEntry.create({
        data: { action, resourceType: "referral", resourceId: "7", actorId: second.id, createdAt: new Date(when) },
      });
      other.push(entry.id);
    }
    other.reverse();
  });
  const idsOf = (result: any) => result.data.auditLogs.edges.map((e: any) => e.node.databaseId);

  it("filters by action, by administrator and by London day, each alone", async ({ admin, adminId }) => {
    const approvals = await admin.graphql(FILTERED, { action: "customer_approved", first: 100 });
    expect(approvals.data.auditLogs.edges).toHaveLength(SEEDED / 3);
    expect(approvals.data.auditLogs.edges.every((e: any) => e.node.action === "customer_approved")).toBe(true);
    const byOther = await admin.graphql(FILTERED, { adminId: adminId + 1000, first: 100 });
    expect(byOther.data.auditLogs.edges).toEqual([]);
    const mine = await admin.graphql(FILTERED, { adminId, first: 100 });
    expect(mine.data.auditLogs.edges.every((e: any) => e.node.adminId === adminId)).toBe(true);
    expect(mine.data.auditLogs.edges.length).toBeGreaterThanOrEqual(SEEDED);
    const firstOfJuly = await admin.graphql(FILTERED, { from: "2026-07-01", to: "2026-07-01" });
    expect(idsOf(firstOfJuly)).toEqual([other[1]]);
    const june = await admin.graphql(FILTERED, { from: "2026-06-01", to: "2026-06-30" });
    expect(idsOf(june)).toEqual([other[2]]);
  });

  it("combines the filters, and pages on within them", async ({ admin, app }) => {
    const second = await app.db.user.findUniqueOrThrow({ where: { username: "second-admin" } });
    const filters = {
      action: "purchase_cancelled",
      adminId: second.id,
      resourceType: "referral",
      from: "2026-06-30",
      to: "2026-07-31",
      first: 1,
    };
    const combined = await admin.graphql(FILTERED, filters);
    expect(idsOf(combined)).toEqual([other[1]]);
    const next = await admin.graphql(FILTERED, { ...filters, after: combined.data.auditLogs.pageInfo.endCursor });
    expect(idsOf(next)).toEqual([other[2]]);
    expect(next.data.auditLogs.pageInfo.hasNextPage).toBe(false);
    const rest = await admin.get(
      `/api/admin/audit-logs?action=purchase_cancelled&admin=${second.id}&from=2026-07-01&to=2026-07-31`,
    );
    expect(rest.body.map((e: any) => e.id)).toEqual([other[1]]);
    const none = await admin.get("/api/admin/audit-logs?action=milestone_paid&resourceType=customer");
    expect(none.body).toEqual([]);
  });

  it.for([
    ["from=2026-06-31", "from must be a date written YYYY-MM-DD."],
    ["from=2026-07-02&to=2026-07-01", "The from date must not be after the to date."],
    ["admin=abc", /^admin must be a whole number from 1 to \d+$/],
    ["resourceType=07400%204%E2%80%AD68257", "resourceType contains characters that are not allowed"],
    ["action=milestone%07paid", "action contains characters that are not allowed"],
  ] as const)("refuses ?%s with 400 and says why", async ([query, message], { admin }) => {
    const response = await admin.get(`/api/admin/audit-logs?${query}`);
    expect(response.status).toBe(400);
    expect(response.text).toMatch(message);
  });
  it("refuses a filter holding a control or bidirectional character on GraphQL too", async ({ admin }) => {
    const response = await admin.graphql(AUDIT_QUERY, { resourceType: "customer\u202e", first: 5 });
    expect(response.errors?.[0]?.message).toBe("The filter contains characters that are not allowed");
    expect(response.errors?.[0]?.extensions?.code).toBe("BAD_INPUT");
  });
});

describe("access", () => {
  it("refuses the audit trail to a signed-out caller (401) and to a customer (403), on GraphQL and REST", async ({
    app,
  }) => {
    const anonymous = app.client();
    const { client: customer } = await pendingCustomer(app, "auditcustomer", { verified: false });
    for (const [client, status, code] of [
      [anonymous, 401, "UNAUTHENTICATED"],
      [customer, 403, "FORBIDDEN"],
    ] as const) {
      expect((await client.get("/api/admin/audit-logs")).status).toBe(status);
      const graphql = await client.graphql(AUDIT_QUERY);
      expect(graphql.data).toBeNull();
      expect(graphql.errors?.[0]?.extensions?.code).toBe(code);
    }
  });

  it("does not reveal an entry through node(id) to a customer", async ({ app, admin }) => {
    const first = await admin.graphql(AUDIT_QUERY, { first: 1 });
    const id = first.data.auditLogs.edges[0].node.id;
    const { client: customer } = await pendingCustomer(app, "nodecustomer", { verified: false });
    const result = await customer.graphql(
      "query Node($id: ID!) { node(id: $id) { id ... on AuditEntry { details } } }",
      { id },
    );
    expect(result.data?.node ?? null).toBeNull();
    expect(result.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const asAdmin = await admin.graphql(
      "query Node($id: ID!) { node(id: $id) { id ... on AuditEntry { databaseId } } }",
      { id },
    );
    expect(asAdmin.data.node.databaseId).toBe(first.data.auditLogs.edges[0].node.databaseId);
  });
});
