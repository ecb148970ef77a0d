import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";
import { signedInCustomer, type TestClient } from "../../test/testApp.ts";
import type { ReferralStatus } from "../generated/prisma/client.ts";

// A customer's full history (docs/rules/customers.md, "Activity page"): the whole activity feed a page at a time, and the
// referrals filtered by status, over GraphQL and REST.

const ACTIVITIES = `query($first: Int, $after: String) { viewer { customer { activities(first: $first, after: $after) {
  edges { node { databaseId description } } pageInfo { hasNextPage endCursor } } } } }`;
const REFERRALS = `query($first: Int, $after: String, $status: ReferralStatus) { viewer { customer {
  referrals(first: $first, after: $after, status: $status) {
  edges { node { databaseId status } } pageInfo { hasNextPage endCursor } } } } }`;

/** Every page of a connection, walked with its cursors. */
async function walk(client: TestClient, query: string, field: string, variables: Record<string, unknown>) {
  const pages: number[][] = [];
  let after: string | null = null;
  for (;;) {
    const result: any = await client.graphql(query, { ...variables, after });
    expect(result.errors).toBeUndefined();
    const connection = result.data.viewer.customer[field];
    pages.push(connection.edges.map((edge: any) => edge.node.databaseId));
    if (!connection.pageInfo.hasNextPage) return pages;
    after = connection.pageInfo.endCursor;
  }
}

describe("the full activity history", () => {
  it("pages the whole feed newest first, ties by id, on GraphQL and REST (?limit=, ?after=)", async ({
    app,
    customer,
  }) => {
    const at = new Date(Date.UTC(2026, 0, 1));
    // Twelve activities besides registration, two sharing a time: more than Home's 8.
    await app.db.activity.createMany({
      data: Array.from({ length: 12 }, (_, n) => ({
        customerId: customer.customerId,
        type: "MILESTONE_REACHED" as const,
        description: `Entry ${n}`,
        createdAt: new Date(at.getTime() + Math.min(n, 10) * 60_000),
      })),
    });
    const stored = await app.db.activity.findMany({
      where: { customerId: customer.customerId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(stored).toHaveLength(13);
    const newestFirst = stored.map((row) => row.id);

    const pages = await walk(customer.client, ACTIVITIES, "activities", { first: 5 });
    expect(pages.map((page) => page.length)).toEqual([5, 5, 3]);
    expect(pages.flat()).toEqual(newestFirst);

    const restFirst = await customer.client.get("/api/activities?limit=5");
    expect(restFirst.status).toBe(200);
    expect(restFirst.body.map((row: any) => row.id)).toEqual(newestFirst.slice(0, 5));
    expect(restFirst.headers.get("x-next-after")).toBe(String(newestFirst[4]));
    const restNext = await customer.client.get(`/api/activities?limit=5&after=${newestFirst[4]}`);
    expect(restNext.body.map((row: any) => row.id)).toEqual(newestFirst.slice(5, 10));
    const restLast = await customer.client.get(`/api/activities?limit=5&after=${newestFirst[9]}`);
    expect(restLast.body.map((row: any) => row.id)).toEqual(newestFirst.slice(10));
    expect(restLast.headers.get("x-next-after")).toBeNull();
    expect((await customer.client.get("/api/activities")).body.map((row: any) => row.id)).toEqual(newestFirst);
  });

  it("refuses a bad page and another customer's activity to continue after", async ({ app, customer, uniqueName }) => {
    const other = await signedInCustomer(app, uniqueName("Other"));
    const theirs = await app.db.activity.findFirstOrThrow({ where: { customerId: other.customerId } });
    expect((await customer.client.get(`/api/activities?after=${theirs.id}`)).status).toBe(400);
    expect((await customer.client.get("/api/activities?limit=0")).status).toBe(400);
    expect((await customer.client.get("/api/activities?limit=abc")).status).toBe(400);
    expect((await app.client().get("/api/activities")).status).toBe(401);
  });
});

describe("referrals by status", () => {
  it("filters the list by status on GraphQL and REST (?status=), paging within the status", async ({
    app,
    customer,
    uniqueName,
  }) => {
    const statuses: ReferralStatus[] = ["PENDING", "PURCHASED", "EXPIRED", "WITHDRAWN"];
    const base = Date.UTC(2026, 0, 1);
    const byStatus: Record<string, number[]> = { PENDING: [], PURCHASED: [], EXPIRED: [], WITHDRAWN: [] };
    // Three of each, interleaved in time; newest first within each status.
    for (let n = 0; n < 12; n++) {
      const status = statuses[n % 4] as ReferralStatus;
      const row = await insertReferral(app.db, customer.customerId, {
        name: `Friend ${n}`,
        status,
        createdAt: new Date(base + n * 60_000),
      });
      byStatus[status]?.unshift(row.id);
    }
    // Someone else's pending referral never shows.
    const other = await signedInCustomer(app, uniqueName("Else"));
    await insertReferral(app.db, other.customerId, { status: "PENDING" });

    for (const status of statuses) {
      const pages = await walk(customer.client, REFERRALS, "referrals", { first: 2, status });
      expect(pages.flat(), status).toEqual(byStatus[status]);
      const rest = await customer.client.get(`/api/referrals?status=${status.toLowerCase()}`);
      expect(rest.status).toBe(200);
      expect(rest.body.map((row: any) => row.id)).toEqual(byStatus[status]);
      expect(new Set(rest.body.map((row: any) => row.status))).toEqual(new Set([status.toLowerCase()]));
    }
    // REST pages within a status, and no status is all of them.
    const firstPending = byStatus.PENDING as number[];
    const restPage = await customer.client.get(`/api/referrals?status=Pending&limit=1&after=${firstPending[0]}`);
    expect(restPage.body.map((row: any) => row.id)).toEqual([firstPending[1]]);
    expect((await walk(customer.client, REFERRALS, "referrals", { first: 5 })).flat()).toHaveLength(12);
    expect((await customer.client.get("/api/referrals")).body).toHaveLength(12);

    const bad = await customer.client.get("/api/referrals?status=lost");
    expect(bad.status).toBe(400);
    expect(bad.text).toBe("status must be one of: pending, purchased, expired, withdrawn");
  });

  it("answers an empty page for a status without referrals", async ({ customer }) => {
    const result = await customer.client.graphql(REFERRALS, { first: 5, status: "WITHDRAWN" });
    expect(result.data.viewer.customer.referrals).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, endCursor: null },
    });
    expect((await customer.client.get("/api/referrals?status=withdrawn")).body).toEqual([]);
  });

  it("reads an unfiltered and a filtered page in the same response", async ({ customer, app }) => {
    await insertReferral(app.db, customer.customerId, { status: "PENDING" });
    await insertReferral(app.db, customer.customerId, { status: "EXPIRED" });
    const result = await customer.client.graphql(`{ viewer { customer {
      all: referrals(first: 5) { edges { node { status } } }
      expired: referrals(first: 5, status: EXPIRED) { edges { node { status } } }
      pending: referrals(first: 5, status: PENDING) { edges { node { status } } } } } }`);
    expect(result.errors).toBeUndefined();
    const { all, expired, pending } = result.data.viewer.customer;
    expect(all.edges.map((e: any) => e.node.status)).toEqual(["EXPIRED", "PENDING"]);
    expect(expired.edges.map((e: any) => e.node.status)).toEqual(["EXPIRED"]);
    expect(pending.edges.map((e: any) => e.node.status)).toEqual(["PENDING"]);
  });
});
