import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelPurchase, insertReferral } from "../../test/rows.ts";
import { addPurchase, scenario, scenarioActor } from "../../test/scenarios.ts";
import { signedInAdmin, signedInCustomer, startTestApp, type TestApp, type TestClient } from "../../test/testApp.ts";
import { REFERRAL_DETAIL_ORDERS } from "./adminLists.ts";
import { expireReferrals } from "./expiry.ts";

const DAY = 24 * 60 * 60 * 1000;

let app: TestApp;
let admin: TestClient;
const ids: Record<string, number> = {};
let alice: number;
let bob: number;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInAdmin(app, "referralviewer");
  const db = app.db;
  const { customers } = await scenario(app, {
    customers: {
      alice: { purchasePence: 500_000, rows: { firstName: "Alice", lastName: "Archer" } },
      bob: { purchasePence: 500_000, rows: {} },
    },
  });
  alice = customers.alice.customerId;
  bob = customers.bob.customerId;
  const now = Date.now();

  const referral = async (customerId: number, name: string, phone: string, daysAgo: number, email?: string) =>
    (await insertReferral(db, customerId, { name, phone, email, createdAt: new Date(now - daysAgo * DAY) })).id;

  ids.pending = await referral(alice, "Penny Pending", "+447400900001", 10, "penny@example.com");
  ids.purchased = await referral(alice, "Pat Purchased", "+447400900002", 30);
  await addPurchase(app, { referralId: ids.purchased, customerId: alice, amountPence: 15_000, creditPence: 1_650 });
  ids.expired = await referral(bob, "Ernie Expired", "+447400900003", 95, "ernie@example.com");
  await expireReferrals(db);
  ids.cancelled = await referral(bob, "Cass Cancelled", "+447400900004", 20);
  const purchaseId = await addPurchase(app, {
    referralId: ids.cancelled,
    customerId: bob,
    amountPence: 20_000,
    creditPence: 2_200,
  });
  await cancelPurchase(db, { purchaseId, actorId: await scenarioActor(app) });
  // Equal creation times and purchase amounts, so ties must be broken by id.
  const tied = new Date(now - 5 * DAY);
  for (let i = 1; i <= 12; i++) {
    const referral = await insertReferral(db, i % 2 ? alice : bob, {
      name: `Tied ${i}`,
      phone: `+4474009001${String(i).padStart(2, "0")}`,
      createdAt: tied,
    });
    ids[`tied${i}`] = referral.id;
    if (i % 3 === 0)
      await addPurchase(app, {
        referralId: referral.id,
        customerId: i % 2 ? alice : bob,
        amountPence: 5_000,
        creditPence: 550,
      });
  }
});
afterAll(async () => {
  await app?.close();
});

const DETAIL_KEYS =
  "id customerId customerName referralName referralEmail referralPhone referralPhoneDisplay address purchaseAmount creditEarned status statusDisplay daysRemaining createdAt purchaseDate signals signalCount"
    .split(" ")
    .sort();

describe("referrals in detail (GET /api/admin/referrals-detailed)", () => {
  it("lists every referral, newest first, with its customer, purchase, status and days remaining", async () => {
    const response = await admin.get("/api/admin/referrals-detailed");
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(16);
    for (const row of response.body) expect(Object.keys(row).sort()).toEqual(DETAIL_KEYS);
    const byId = new Map(response.body.map((row: any) => [row.id, row]));
    expect(byId.get(ids.pending)).toEqual({
      id: ids.pending,
      customerId: alice,
      customerName: "Alice Archer",
      referralName: "Penny Pending",
      referralEmail: "penny@example.com",
      referralPhone: "+447400900001",
      referralPhoneDisplay: "07400 900001",
      address: null,
      purchaseAmount: null,
      creditEarned: null,
      status: "pending",
      statusDisplay: "Pending",
      daysRemaining: 80,
      createdAt: expect.any(String),
      purchaseDate: null,
      // Rows written directly: the add's fraud signals were never looked for (docs/rules/fraud.md).
      signals: [],
      signalCount: 0,
    });
    expect(byId.get(ids.purchased)).toMatchObject({
      status: "purchased",
      statusDisplay: "Purchased",
      purchaseAmount: "150.00",
      creditEarned: "16.50",
      daysRemaining: null,
      purchaseDate: expect.any(String),
    });
    // Expired: anonymised, the row kept for the figures.
    expect(byId.get(ids.expired)).toMatchObject({
      customerId: bob,
      customerName: "bob",
      referralName: null,
      referralEmail: null,
      referralPhone: null,
      referralPhoneDisplay: null,
      status: "expired",
      statusDisplay: "Expired",
      daysRemaining: 0,
    });
    // A cancelled purchase is history: the referral is pending again, with no live purchase.
    expect(byId.get(ids.cancelled)).toMatchObject({
      status: "pending",
      purchaseAmount: null,
      creditEarned: null,
      daysRemaining: 70,
      referralName: "Cass Cancelled",
    });

    const order = response.body.map((row: any) => [new Date(row.createdAt).getTime(), row.id]);
    expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
  });

  it("filters by status, customer and search", async () => {
    const list = async (query: string) =>
      (await admin.get(`/api/admin/referrals-detailed${query}`)).body
        .map((row: any) => row.id)
        .sort((a: number, b: number) => a - b);
    expect(await list("?status=expired")).toEqual([ids.expired]);
    expect(await list("?status=purchased")).toEqual(
      [ids.purchased, ids.tied3, ids.tied6, ids.tied9, ids.tied12].sort((a, b) => a! - b!),
    );
    expect((await list("?status=pending")).length).toBe(16 - 5 - 1);
    expect(await list("?search=penny")).toEqual([ids.pending]);
    expect(await list("?search=07400 900002")).toEqual([ids.purchased]);
    expect(await list("?search=Ernie")).toEqual([]);
    expect((await list(`?customerId=${bob}`)).length).toBe(8);
    expect((await list("?search=archer")).length).toBe(8);
    expect((await admin.get("/api/admin/referrals-detailed?status=lost")).status).toBe(400);
    expect((await admin.get("/api/admin/referrals-detailed?customerId=x")).status).toBe(400);

    const result = await admin.graphql(
      `query($customer: ID) {
        pending: referralDetails(filter: { status: PENDING }) { totalCount }
        bobs: referralDetails(filter: { customerId: $customer }, first: 1) { totalCount edges { node { customerUserName customerId } } }
      }`,
      { customer: encodeGlobalID("Customer", String(bob)) },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.pending.totalCount).toBe(10);
    expect(result.data.bobs.totalCount).toBe(8);
    expect(result.data.bobs.edges[0].node).toEqual({
      customerUserName: "bob",
      customerId: encodeGlobalID("Customer", String(bob)),
    });
  });

  const PAGE_QUERY = `query($first: Int, $after: String, $orderBy: ReferralDetailOrder) {
    referralDetails(first: $first, after: $after, orderBy: $orderBy) {
      pageInfo { hasNextPage endCursor }
      edges { cursor node { databaseId createdAt expiresAt purchaseAmount { pence } } }
    }
  }`;

  async function page(variables: Record<string, unknown>) {
    const result = await admin.graphql(PAGE_QUERY, variables);
    expect(result.errors).toBeUndefined();
    return result.data.referralDetails;
  }

  it("pages every order with cursors: walking gives the one-page list, in the right order, and a deep page equals the walk", async () => {
    for (const orderBy of REFERRAL_DETAIL_ORDERS) {
      const whole = await page({ first: 100, orderBy });
      const wholeIds = whole.edges.map((e: any) => e.node.databaseId);
      expect(wholeIds).toHaveLength(16);
      const walked: number[] = [];
      let after: string | null = null;
      for (;;) {
        const current: any = await page({ first: 3, after, orderBy });
        walked.push(...current.edges.map((e: any) => e.node.databaseId));
        if (!current.pageInfo.hasNextPage) break;
        after = current.pageInfo.endCursor;
      }
      expect(walked, orderBy).toEqual(wholeIds);

      const key = (n: any) =>
        orderBy.startsWith("CREATED_AT")
          ? new Date(n.createdAt).getTime()
          : orderBy.startsWith("EXPIRES_AT")
            ? new Date(n.expiresAt).getTime()
            : (n.purchaseAmount?.pence ?? 0);
      const sign = orderBy.endsWith("DESC") ? -1 : 1;
      const nodes = whole.edges.map((e: any) => e.node);
      const expected = [...nodes].sort((a, b) => sign * (key(a) - key(b) || a.databaseId - b.databaseId));
      expect(wholeIds, orderBy).toEqual(expected.map((n: any) => n.databaseId));

      const deep = await page({ first: 4, after: whole.edges[7].cursor, orderBy });
      expect(
        deep.edges.map((e: any) => e.node.databaseId),
        orderBy,
      ).toEqual(wholeIds.slice(8, 12));
    }
    const all = (await admin.get("/api/admin/referrals-detailed?order=purchase_amount_desc")).body.map(
      (row: any) => row.id,
    );
    const restPage = await admin.get(
      `/api/admin/referrals-detailed?order=purchase_amount_desc&limit=4&after=${all[5]}`,
    );
    expect(restPage.body.map((row: any) => row.id)).toEqual(all.slice(6, 10));
    expect((await admin.get("/api/admin/referrals-detailed?after=999999")).status).toBe(400);

    const wrongOrder = await admin.graphql(PAGE_QUERY, {
      first: 2,
      after: (await page({ first: 2 })).pageInfo.endCursor,
      orderBy: "EXPIRES_AT_ASC",
    });
    expect(wrongOrder.errors?.[0]?.extensions?.code).toBe("BAD_INPUT");
  });

  it("is refused to a signed-out caller (401) and to a customer (403), on REST and GraphQL", async () => {
    const customer = (await signedInCustomer(app, "nosyreferrer")).client;
    for (const [client, status, code] of [
      [app.client(), 401, "UNAUTHENTICATED"],
      [customer, 403, "FORBIDDEN"],
    ] as const) {
      expect((await client.get("/api/admin/referrals-detailed")).status).toBe(status);
      const result = await client.graphql(
        "{ referralDetails { totalCount edges { node { referralName referralPhone } } } }",
      );
      expect(result.data).toBeNull();
      expect(result.errors?.[0]?.extensions?.code).toBe(code);
    }
  });
});
