import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { CUSTOMER_REGISTRATION_FIELDS } from "../../test/restFields.ts";
import { customer, scenario } from "../../test/scenarios.ts";
import type { TestClient } from "../../test/testApp.ts";
import { CUSTOMER_ORDERS } from "./adminList.ts";
import { customerStage } from "./stages.ts";

describe("customer lists", () => {
  let listAdmin: TestClient;
  const ids: Record<string, number> = {};
  const DAY = 24 * 60 * 60 * 1000;
  const base = Date.UTC(2025, 0, 1);

  it.beforeAll(async ({ app, admin }) => {
    listAdmin = admin;
    const day = (n: number) => new Date(base + n * DAY);
    const { customers } = await scenario(app, {
      customers: {
        alice: {
          purchasePence: 100_000,
          contractNumber: "HNG-ALPHA-7",
          rows: { firstName: "Alice", lastName: "Archer", createdAt: day(0) },
          referrals: [{ creditPence: 50_000 }, {}],
          payments: [{ milestone: "M33", amountPence: 33_000 }],
        },
        bob: { purchasePence: 200_000, rows: { firstName: "Bob", lastName: "Baker", createdAt: day(1) } },
        carol: { purchasePence: 100_000, rows: { firstName: "Carol", createdAt: day(2) }, referrals: [{}] },
        dave: {
          purchasePence: 10_000,
          rows: { createdAt: day(3) },
          credits: [6_000, 4_000],
          payments: [
            { milestone: "M33", amountPence: 3_300 },
            { milestone: "M66", amountPence: 3_300 },
            { milestone: "M100", amountPence: 3_400 },
          ],
        },
        erin: { rows: { firstName: "Erin", lastName: "Evans", status: "PENDING", createdAt: day(4) } },
        frank: { rows: { firstName: "Frank", lastName: "Fox", status: "REJECTED", createdAt: day(5) } },
      },
    });
    for (const [name, handle] of Object.entries(customers)) ids[name] = handle.customerId;
    // Fillers: equal creation times and equal credits, so ties must be broken by id.
    for (let i = 1; i <= 14; i++) {
      const { customerId } = await customer(app, "filler", {
        username: `filler${String(i).padStart(2, "0")}`,
        purchasePence: 50_000 + (i % 4) * 10_000,
        rows: {
          firstName: i % 3 === 0 ? null : "Filler",
          lastName: i % 3 === 0 ? null : String.fromCharCode(80 + (i % 5)),
          createdAt: day(10 + (i % 4)),
        },
        referrals: i % 2 === 0 ? [{ creditPence: (i % 3) * 5_000 }] : [],
      });
      ids[`filler${i}`] = customerId;
    }
  });

  const CUSTOMER_KEYS = [
    ...CUSTOMER_REGISTRATION_FIELDS,
    "currentCredits",
    "creditsPaid",
    "progressPercentage",
    "totalReferrals",
    "purchasedReferrals",
    "isVerified",
    "refundIssued",
    "createdAt",
    "milestone33Paid",
    "milestone66Paid",
    "milestone100Paid",
    "status",
    "stage",
    "segment",
    "overpaid",
  ].sort();

  it("lists every customer with the admin-view fields, newest first (GET /api/admin/customers)", async () => {
    const response = await listAdmin.get("/api/admin/customers");
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(20);
    for (const row of response.body) expect(Object.keys(row).sort()).toEqual(CUSTOMER_KEYS);
    const byId = new Map(response.body.map((row: any) => [row.id, row]));
    expect(byId.get(ids.alice)).toEqual({
      id: ids.alice,
      userName: "alice",
      name: "Alice Archer",
      firstName: "Alice",
      lastName: "Archer",
      email: "alice@example.com",
      // Inserted straight into the database, never confirmed.
      emailConfirmed: false,
      originalPurchaseAmount: "1000.00",
      postcode: "SW1A 1AA",
      contractNumber: "HNG-ALPHA-7",
      currentCredits: "500.00",
      creditsPaid: "330.00",
      progressPercentage: 50,
      totalReferrals: 2,
      purchasedReferrals: 1,
      isVerified: true,
      refundIssued: false,
      createdAt: "2025-01-01T00:00:00.000Z",
      milestone33Paid: true,
      milestone66Paid: false,
      milestone100Paid: false,
      status: "Verified",
      stage: "Earning",
      segment: "Medium Progress",
      overpaid: "0.00",
    });
    expect(byId.get(ids.bob)).toMatchObject({
      stage: "Getting Started",
      segment: "Getting Started",
      currentCredits: "0.00",
      totalReferrals: 0,
    });
    expect(byId.get(ids.carol)).toMatchObject({
      name: "Carol",
      stage: "Referring",
      totalReferrals: 1,
      purchasedReferrals: 0,
    });
    expect(byId.get(ids.dave)).toMatchObject({
      name: "dave",
      currentCredits: "100.00",
      creditsPaid: "100.00",
      progressPercentage: 100,
      refundIssued: true,
      milestone100Paid: true,
      stage: "Full Refund",
      segment: "High Progress",
    });
    expect(byId.get(ids.erin)).toMatchObject({ status: "Pending", stage: "Pending Review", isVerified: false });
    expect(byId.get(ids.frank)).toMatchObject({ status: "Rejected", stage: "Rejected", isVerified: false });

    // Newest first, ties broken by the higher id first.
    const order = response.body.map((row: any) => [new Date(row.createdAt).getTime(), row.id]);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(order).toEqual(sorted);
  });

  it("filters by status, segment and search, on REST and GraphQL, with the total count", async () => {
    const names = async (query: string) =>
      (await listAdmin.get(`/api/admin/customers${query}`)).body.map((row: any) => row.userName).sort();
    expect(await names("?status=pending")).toEqual(["erin"]);
    expect(await names("?status=Rejected")).toEqual(["frank"]);
    expect(await names("?segment=high_progress")).toEqual(["dave"]);
    expect(await names("?segment=Medium Progress")).toEqual(["alice"]);
    expect(await names("?search=ARCH")).toEqual(["alice"]);
    expect(await names("?search=alpha-7")).toEqual(["alice"]);
    expect(await names("?search=bob@example")).toEqual(["bob"]);
    expect(await names("?search=Carol")).toEqual(["carol"]);
    expect(await names("?search=100%25")).toEqual([]);
    expect(await names("?search=filler_")).toEqual([]);
    expect((await listAdmin.get("/api/admin/customers?status=gone")).status).toBe(400);
    expect((await listAdmin.get("/api/admin/customers?segment=huge")).status).toBe(400);

    const result = await listAdmin.graphql(`{
      verified: customers(filter: { status: VERIFIED }) { totalCount }
      low: customers(filter: { segment: LOW_PROGRESS }, first: 2) { totalCount edges { node { userName segment segmentDisplay } } }
      fillers: customers(filter: { search: "filler", status: VERIFIED }) { totalCount }
      all: customers { totalCount }
    }`);
    expect(result.errors).toBeUndefined();
    expect(result.data.verified.totalCount).toBe(18);
    expect(result.data.fillers.totalCount).toBe(14);
    expect(result.data.all.totalCount).toBe(20);
    expect(result.data.low.edges).toHaveLength(2);
    for (const edge of result.data.low.edges)
      expect(edge.node).toMatchObject({ segment: "LOW_PROGRESS", segmentDisplay: "Low Progress" });
  });

  const PAGE_QUERY = `query($first: Int, $after: String, $orderBy: CustomerOrder, $filter: CustomerFilter) {
    customers(first: $first, after: $after, orderBy: $orderBy, filter: $filter) {
      pageInfo { hasNextPage endCursor }
      edges { cursor node { databaseId name currentCredits { pence } progressPercentage originalPurchaseAmount { pence } createdAt } }
    }
  }`;

  async function page(variables: Record<string, unknown>) {
    const result = await listAdmin.graphql(PAGE_QUERY, variables);
    expect(result.errors).toBeUndefined();
    return result.data.customers;
  }

  async function walk(orderBy: string, size: number, filter?: Record<string, unknown>) {
    const seen: number[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 50; guard++) {
      const current: any = await page({ first: size, after, orderBy, filter });
      seen.push(...current.edges.map((e: any) => e.node.databaseId));
      if (!current.pageInfo.hasNextPage) return seen;
      after = current.pageInfo.endCursor;
    }
    throw new Error("too many pages");
  }

  it("pages every order with cursors: walking page by page gives the one-page list, in the right order", async () => {
    for (const orderBy of CUSTOMER_ORDERS) {
      const whole = await page({ first: 100, orderBy });
      const wholeIds = whole.edges.map((e: any) => e.node.databaseId);
      expect(wholeIds, orderBy).toHaveLength(20);
      expect(new Set(wholeIds).size).toBe(20);
      expect(await walk(orderBy, 3), orderBy).toEqual(wholeIds);

      const nodes = whole.edges.map((e: any) => e.node);
      const key = (n: any): number | string => {
        if (orderBy.startsWith("CREATED_AT")) return new Date(n.createdAt).getTime();
        if (orderBy.startsWith("NAME")) return n.name.toLowerCase();
        if (orderBy.startsWith("CREDITS")) return n.currentCredits.pence;
        return Math.floor((n.currentCredits.pence * 1_000_000) / n.originalPurchaseAmount.pence);
      };
      const sign = orderBy.endsWith("DESC") ? -1 : 1;
      const expected = [...nodes].sort((a, b) => {
        const [ka, kb] = [key(a), key(b)];
        const byKey = ka < kb ? -1 : ka > kb ? 1 : 0;
        return sign * (byKey || a.databaseId - b.databaseId);
      });
      expect(wholeIds, orderBy).toEqual(expected.map((n) => n.databaseId));
    }
  });

  it("gives a deep page equal to the same rows reached by walking, and REST ?after= continues after an id", async () => {
    for (const orderBy of ["CREATED_AT_DESC", "CREDITS_DESC", "NAME_ASC"]) {
      const whole = await page({ first: 100, orderBy });
      const deep = await page({ first: 4, after: whole.edges[12].cursor, orderBy });
      expect(
        deep.edges.map((e: any) => e.node.databaseId),
        orderBy,
      ).toEqual(whole.edges.slice(13, 17).map((e: any) => e.node.databaseId));
      expect(deep.pageInfo.hasNextPage).toBe(true);
    }
    const all = (await listAdmin.get("/api/admin/customers?order=credits_desc")).body.map((row: any) => row.id);
    const restPage = await listAdmin.get(`/api/admin/customers?order=credits_desc&limit=5&after=${all[9]}`);
    expect(restPage.body.map((row: any) => row.id)).toEqual(all.slice(10, 15));
    expect((await listAdmin.get("/api/admin/customers?limit=3")).body).toHaveLength(3);
    expect((await listAdmin.get("/api/admin/customers?after=999999")).status).toBe(400);
    expect((await listAdmin.get("/api/admin/customers?limit=abc")).status).toBe(400);
    expect((await listAdmin.get("/api/admin/customers?order=sideways")).status).toBe(400);
  });

  it("refuses cursors it did not make, cursors of another order and backward paging", async () => {
    const whole = await page({ first: 2, orderBy: "CREDITS_DESC" });
    const cases: Record<string, unknown>[] = [
      { after: "garbage" },
      {
        after: Buffer.from(JSON.stringify(["CREDITS_DESC", "1; DROP TABLE x", 1])).toString("base64url"),
        orderBy: "CREDITS_DESC",
      },
      { after: whole.pageInfo.endCursor, orderBy: "NAME_ASC" },
    ];
    for (const variables of cases) {
      const result = await listAdmin.graphql(PAGE_QUERY, variables);
      expect(result.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe("BAD_INPUT");
    }
    const backwards = await listAdmin.graphql(`{ customers(last: 2) { edges { node { databaseId } } } }`);
    expect(backwards.errors?.[0]?.extensions?.code).toBe("BAD_INPUT");
  });

  const DETAILED_KEYS = [
    "id",
    "name",
    "userName",
    "email",
    "contractNumber",
    "originalPurchaseAmount",
    "currentCredits",
    "progressPercentage",
    "totalReferrals",
    "purchasedReferrals",
    "status",
    "stage",
    "segment",
    "createdAt",
  ].sort();

  it("gives the detailed list (GET /api/admin/customers-detailed)", async () => {
    const response = await listAdmin.get("/api/admin/customers-detailed");
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(20);
    for (const row of response.body) expect(Object.keys(row).sort()).toEqual(DETAILED_KEYS);
    expect(response.body.find((row: any) => row.id === ids.alice)).toMatchObject({
      name: "Alice Archer",
      email: "alice@example.com",
      contractNumber: "HNG-ALPHA-7",
      originalPurchaseAmount: "1000.00",
      currentCredits: "500.00",
      progressPercentage: 50,
      totalReferrals: 2,
      purchasedReferrals: 1,
      status: "Verified",
      stage: "Earning",
    });
    expect(
      (await listAdmin.get("/api/admin/customers-detailed?status=pending")).body.map((row: any) => row.userName),
    ).toEqual(["erin"]);
  });
});

describe("stages", () => {
  it("follow the status, then referrals, credits and the refund", () => {
    const verified = { status: "VERIFIED" as const, totalReferrals: 0, creditsPence: 0, refundIssued: false };
    expect(customerStage({ ...verified, status: "PENDING" })).toBe("PENDING_REVIEW");
    expect(customerStage({ ...verified, status: "REJECTED", totalReferrals: 3 })).toBe("REJECTED");
    expect(customerStage(verified)).toBe("GETTING_STARTED");
    expect(customerStage({ ...verified, totalReferrals: 2 })).toBe("REFERRING");
    expect(customerStage({ ...verified, totalReferrals: 2, creditsPence: 1 })).toBe("EARNING");
    expect(customerStage({ ...verified, totalReferrals: 2, creditsPence: 100, refundIssued: true })).toBe(
      "FULL_REFUND",
    );
  });
});
