import pg from "pg";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import {
  cancelPurchase,
  insertActor,
  insertMilestonePayment,
  insertPurchase,
  insertReferral,
} from "../../test/rows.ts";
import { customer } from "../../test/scenarios.ts";
import { recordStatements } from "../../test/sqlStatements.ts";
import type { TestApp, TestClient } from "../../test/testApp.ts";
import type { CustomerStatus } from "../generated/prisma/client.ts";
import { SEARCH_NAME_SIMILARITY_THRESHOLD, SEARCH_SIMILARITY_THRESHOLD } from "./sql.ts";

// The admin search (db/search.ts) on each of the five admin lists, over GraphQL and REST.

const LISTS = {
  pendingReferrals: `query($s: String, $first: Int, $after: String) { list: pendingReferrals(search: $s, first: $first, after: $after) {
    totalCount edges { node { databaseId } } pageInfo { hasNextPage endCursor } } }`,
  pendingCustomers: `query($s: String, $first: Int, $after: String) { list: pendingCustomers(search: $s, first: $first, after: $after) {
    edges { node { databaseId } } pageInfo { hasNextPage endCursor } } }`,
  customers: `query($s: String, $first: Int, $after: String, $filter: CustomerFilter) { list: customers(search: $s, first: $first, after: $after, filter: $filter) {
    totalCount edges { node { databaseId overpaid { pounds } } } pageInfo { hasNextPage endCursor } } }`,
  purchasedReferrals: `query($s: String, $first: Int, $after: String) { list: purchasedReferrals(search: $s, first: $first, after: $after) {
    totalCount edges { node { databaseId } } pageInfo { hasNextPage endCursor } } }`,
  pendingMilestonePayments: `query($s: String, $first: Int, $after: String) { list: pendingMilestonePayments(search: $s, first: $first, after: $after) {
    edges { node { databaseId: customerDatabaseId } } pageInfo { hasNextPage endCursor } } }`,
} as const;
type ListName = keyof typeof LISTS;

describe("admin search", () => {
  const ids = {} as Record<"margaret" | "gareth" | "olive" | "priya" | "amelie" | "desmondPurchase", number>;
  const fillers: number[] = [];
  let db: TestApp["db"];
  let app: TestApp;

  /** A customer written as rows, as the lists read them: names, contact details and status chosen. */
  async function insertCustomer(spec: {
    username: string;
    firstName: string;
    lastName: string;
    email: string;
    postcode: string;
    contractNumber: string;
    status?: CustomerStatus;
    createdAt?: Date;
  }): Promise<number> {
    const { username, postcode, contractNumber, ...rows } = spec;
    return (await customer(app, username, { username, postcode, contractNumber, rows })).customerId;
  }

  it.beforeAll(async ({ app: started }) => {
    app = started;
    db = app.db;
    const actorId = await insertActor(db);
    ids.margaret = await insertCustomer({
      username: "mthompson",
      firstName: "Margaret",
      lastName: "Thompson",
      email: "margaret.t@example.com",
      postcode: "SW1A 1AA",
      contractNumber: "HNG-4471",
    });
    // Desmond bought (40% of Margaret's purchase in credits: her 33% milestone is ready); Priya waits.
    const desmond = await insertReferral(db, ids.margaret, {
      name: "Desmond Okafor",
      phone: "+447400123456",
      email: "desmond@mail.test",
    });
    ids.desmondPurchase = (
      await insertPurchase(db, {
        referralId: desmond.id,
        customerId: ids.margaret,
        amountPence: 400_000,
        creditPence: 40_000,
        actorId,
      })
    ).purchaseId;
    ids.priya = (
      await insertReferral(db, ids.margaret, { name: "Priya Raman", phone: "+447700900123", email: "priya@mail.test" })
    ).id;
    // A friend abroad, stored in E.164 as any number is (lib/phone.ts).
    ids.amelie = (await insertReferral(db, ids.margaret, { name: "Amelie Laurent", phone: "+33612345678" })).id;
    ids.gareth = await insertCustomer({
      username: "gevans",
      firstName: "Gareth",
      lastName: "Evans",
      email: "gareth.evans@example.org",
      postcode: "cf10 1aa",
      contractNumber: "HNG-9902",
      status: "PENDING",
    });
    // Olive was paid her 33% milestone, then the purchase behind it was cancelled: overpaid £330.
    ids.olive = await insertCustomer({
      username: "oliveo",
      firstName: "Olive",
      lastName: "Overton",
      email: "olive@example.net",
      postcode: "M1 1AE",
      contractNumber: "HNG-5150",
    });
    const oliveFriend = await insertReferral(db, ids.olive, { name: "Quentin Blake" });
    const olivePurchase = await insertPurchase(db, {
      referralId: oliveFriend.id,
      customerId: ids.olive,
      amountPence: 400_000,
      creditPence: 40_000,
      actorId,
    });
    await insertMilestonePayment(db, { customerId: ids.olive, milestone: "M33", amountPence: 33_000, actorId });
    await cancelPurchase(db, { purchaseId: olivePurchase.purchaseId, actorId });
    for (let n = 1; n <= 5; n++)
      fillers.push(
        await insertCustomer({
          username: `pager${n}`,
          firstName: "Pagewalker",
          lastName: `Number${n}`,
          email: `pager${n}@example.com`,
          postcode: "B1 1AA",
          contractNumber: `PG-${n}`,
          createdAt: new Date(Date.UTC(2025, 0, n)),
        }),
      );
  });

  async function found(admin: TestClient, list: ListName, search: string): Promise<number[]> {
    const result = await admin.graphql(LISTS[list], { s: search, first: 50 });
    expect(result.errors, `${list} "${search}"`).toBeUndefined();
    return result.data.list.edges.map((edge: any) => edge.node.databaseId);
  }

  // Each list with its target row and the terms that must find it (each field, typos and prefixes).
  const CASES: { list: ListName; target: keyof typeof ids; terms: string[] }[] = [
    {
      list: "pendingReferrals",
      target: "priya",
      terms: [
        "Priya Ramen", // typo
        "Pri", // prefix
        "priya@mail",
        "07700 900123",
        "+44 7700 900123",
        "(07700) 900-123",
        "0044 7700 900123",
        "077009", // part of the number as dialled
        "sw1a1aa", // the customer's postcode without its space
        "hng-4471",
        "mthompson",
        "Margret Thompson", // the customer's name, misspelt
      ],
    },
    {
      list: "pendingCustomers",
      target: "gareth",
      terms: ["Gareth Evnas", "Gar", "gareth.evans@example", "CF10 1AA", "cf101aa", "HNG-9902", "gevans"],
    },
    {
      list: "customers",
      target: "margaret",
      terms: ["Margret Thompson", "Thomp", "MARGARET.T@", "SW1A 1AA", "sw1a1aa", "Sw1A   1aA", "hng-4471", "mthompson"],
    },
    {
      list: "purchasedReferrals",
      target: "desmondPurchase",
      terms: [
        "Desmund Okafor",
        "Desm",
        "desmond@mail.test",
        "07400 123456",
        "+447400123456",
        "7400 123 456",
        "HNG-4471",
        "mthompson",
      ],
    },
    {
      list: "pendingMilestonePayments",
      target: "margaret",
      terms: ["Thompsom", "Marg", "margaret.t@example.com", "SW1A1AA", "HNG-4471", "mthompson"],
    },
  ];

  for (const { list, target, terms } of CASES)
    it(`${list}: finds by every field, typos and prefixes included`, async ({ admin }) => {
      for (const term of terms) expect(await found(admin, list, term), `${list} "${term}"`).toContain(ids[target]);
      // A term that matches nothing gives an empty page.
      expect(await found(admin, list, "Zebedee Quibble")).toEqual([]);
    });

  it("keeps each list's own rows only: Gareth (pending) is not a customer with a ready milestone", async ({
    admin,
  }) => {
    expect(await found(admin, "pendingMilestonePayments", "gevans")).toEqual([]);
    expect(await found(admin, "pendingCustomers", "mthompson")).toEqual([]);
    expect(await found(admin, "purchasedReferrals", "Priya")).toEqual([]);
    // A phone or email typed wrongly finds nothing: typos are forgiven in names only.
    expect(await found(admin, "pendingReferrals", "07700 900124")).toEqual([]);
  });

  it("finds a friend abroad by their number in international form or by its digits, and UK numbers still as typed", async ({
    admin,
  }) => {
    for (const term of ["+33 6 12 34 56 78", "0033 6 12 34 56 78", "+33612345678", "6 12 34 56 78", "612345678"])
      expect(await found(admin, "pendingReferrals", term), term).toEqual([ids.amelie]);
    expect(await found(admin, "pendingReferrals", "07700 900123")).toEqual([ids.priya]);
    expect(await found(admin, "pendingReferrals", "+33 6 12 34 56 79")).toEqual([]);
  });

  it("pages through search results in the list's order", async ({ admin }) => {
    const walked: number[] = [];
    let after: string | null = null;
    for (;;) {
      const result: any = await admin.graphql(LISTS.customers, { s: "Pagewalker", first: 2, after });
      expect(result.errors).toBeUndefined();
      expect(result.data.list.totalCount).toBe(5);
      walked.push(...result.data.list.edges.map((edge: any) => edge.node.databaseId));
      if (!result.data.list.pageInfo.hasNextPage) break;
      after = result.data.list.pageInfo.endCursor;
    }
    // Newest first.
    expect(walked).toEqual([...fillers].reverse());
  });

  it("combines the search with status, stage, segment and overpaid filters", async ({ admin }) => {
    const list = async (filter: Record<string, unknown>, s?: string) => {
      const result = await admin.graphql(LISTS.customers, { s, first: 50, filter });
      expect(result.errors, JSON.stringify(filter)).toBeUndefined();
      return result.data.list;
    };
    const overpaid = await list({ overpaid: true });
    expect(overpaid.edges).toEqual([{ node: { databaseId: ids.olive, overpaid: { pounds: "330.00" } } }]);
    expect(overpaid.totalCount).toBe(1);
    expect((await list({ overpaid: false })).edges.map((e: any) => e.node.databaseId)).not.toContain(ids.olive);
    expect((await list({ overpaid: true, status: "VERIFIED" }, "Olive")).totalCount).toBe(1);
    expect((await list({ overpaid: true }, "Margaret")).totalCount).toBe(0);
    expect((await list({ stage: "EARNING" }, "mthompson")).edges.map((e: any) => e.node.databaseId)).toEqual([
      ids.margaret,
    ]);
    expect((await list({ stage: "REFERRING" }, "mthompson")).totalCount).toBe(0);
    expect((await list({ stage: "PENDING_REVIEW", status: "PENDING" }, "Gar")).totalCount).toBe(1);
    expect((await list({ stage: "GETTING_STARTED", segment: "GETTING_STARTED" }, "Pagewalker")).totalCount).toBe(5);
    expect((await list({ stage: "GETTING_STARTED", segment: "LOW_PROGRESS" }, "Pagewalker")).totalCount).toBe(0);
  });

  it("answers ?search= and the filters on the REST paths", async ({ admin }) => {
    const ids_ = async (path: string, key = "id") => ((await admin.get(path)).body as any[]).map((row) => row[key]);
    expect(await ids_("/api/admin/customers?search=07700%20900123")).toEqual([]);
    expect(await ids_("/api/admin/customers?search=sw1a1aa")).toEqual([ids.margaret]);
    expect(await ids_("/api/admin/customers?overpaid=true")).toEqual([ids.olive]);
    expect(await ids_("/api/admin/customers?stage=earning&search=Thompson")).toEqual([ids.margaret]);
    expect((await admin.get("/api/admin/customers?overpaid=true")).body[0].overpaid).toBe("330.00");
    expect(await ids_("/api/admin/customers-detailed?search=Margret")).toEqual([ids.margaret]);
    expect(await ids_("/api/admin/pending-customers?search=gevans")).toEqual([ids.gareth]);
    expect(await ids_("/api/admin/referrals/pending?search=07700%20900123")).toEqual([ids.priya]);
    expect((await ids_("/api/admin/purchased-referrals?search=Desmund")).length).toBe(1);
    expect(await ids_("/api/admin/pending-milestones?search=HNG-4471", "customerId")).toEqual([ids.margaret]);
  });

  it("refuses an over-long or too-short search with a clear error, changing nothing", async ({ admin }) => {
    const long = "x".repeat(201);
    for (const list of Object.keys(LISTS) as ListName[]) {
      const result = await admin.graphql(LISTS[list], { s: long, first: 5 });
      expect(result.errors?.[0]?.extensions?.code, list).toBe("BAD_INPUT");
      expect(result.errors?.[0]?.message).toBe("Search for at most 200 characters.");
      const short = await admin.graphql(LISTS[list], { s: "ab", first: 5 });
      expect(short.errors?.[0]?.message, list).toBe("Search for at least 3 characters.");
      // Blank is no search.
      expect((await admin.graphql(LISTS[list], { s: "   ", first: 5 })).errors).toBeUndefined();
    }
    const rest = await admin.get(`/api/admin/customers?search=${long}`);
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).toContain("Search for at most 200 characters.");
    expect((await admin.get("/api/admin/customers?overpaid=maybe")).status).toBe(400);
  });

  it("finds one friend by full name among many of the same first name, and with one typo; near misses only when nothing matches as typed", async ({
    app,
    admin,
  }) => {
    const owner = await insertCustomer({
      username: "rashcombe",
      firstName: "Rowena",
      lastName: "Ashcombe",
      email: "rowena@example.com",
      postcode: "EX1 1AA",
      contractNumber: "HNG-7001",
    });
    // As a live programme's friends are: many share a first name (60 Matildas of other surnames).
    await app.db.$executeRawUnsafe(
      `INSERT INTO "Referral" ("customerId", name, phone, status, "expiresAt", "updatedAt")
       SELECT $1::int, 'Matilda ' || (ARRAY['Smith', 'Johnson', 'Robinson', 'Harrison', 'Walker', 'Phillips'])[1 + n % 6],
              '+447111' || lpad(n::text, 6, '0'), 'PENDING', now() + interval '90 days', now()
       FROM generate_series(1, 60) AS n`,
      owner,
    );
    const cox = await insertReferral(db, owner, { name: "Matilda Cox" });
    await app.db.$executeRawUnsafe(`ANALYZE "Referral"`);
    // The full name, and one typo of it: Matilda Cox only, not every Matilda.
    for (const term of ["Matilda Cox", "matilda  COX", "Matilda Cx", "Matlida Cox"])
      expect(await found(admin, "pendingReferrals", term), term).toEqual([cox.id]);

    // The typo arm reads the names' own index, and only while the exact matches are fewer than a page.
    const nameIndexLoops = async (term: string) => {
      const recorder = recordStatements(app);
      try {
        const statements = await recorder.during(async () => {
          const response = await admin.get(`/api/admin/referrals/pending?limit=50&search=${term}`);
          expect(response.status, response.text).toBe(200);
        });
        const searching = statements.filter((statement) => /search_referrals/.test(statement.text));
        expect(searching.length).toBeGreaterThan(0);
        const client = new pg.Client({ connectionString: app.databaseUrl });
        await client.connect();
        try {
          await client.query(`SET pg_trgm.similarity_threshold = ${SEARCH_NAME_SIMILARITY_THRESHOLD}`);
          await client.query(`SET pg_trgm.word_similarity_threshold = ${SEARCH_SIMILARITY_THRESHOLD}`);
          // A few hundred rows here: without these the planner may read them whole (or walk a whole primary key), as it would not at size.
          await client.query("SET enable_seqscan = off");
          await client.query("SET enable_indexscan = off");
          const loops: number[] = [];
          for (const statement of searching) {
            const plan = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
            const walk = (node: any) => {
              if (node?.["Index Name"] === "Referral_name_search_trgm_idx") loops.push(Number(node["Actual Loops"]));
              for (const child of node?.Plans ?? []) walk(child);
            };
            for (const root of (plan.rows[0]?.["QUERY PLAN"] ?? []) as { Plan: unknown }[]) walk(root.Plan);
          }
          return loops;
        } finally {
          await client.end();
        }
      } finally {
        await recorder.close();
      }
    };
    // "Matilda Cox" matches her as typed: no near miss beside her, and the names' index is not read.
    const fox = await insertReferral(db, owner, { name: "Matilda Fox" });
    expect(await found(admin, "pendingReferrals", "Matilda Cox")).toEqual([cox.id]);
    const whileFound = await nameIndexLoops("Matilda%20Cox");
    expect(whileFound.length).toBeGreaterThan(0);
    expect(whileFound.every((loops) => loops === 0)).toBe(true);
    // A term that matches nothing as typed reads it, and finds the names close to it.
    expect(await found(admin, "pendingReferrals", "Matlida Fox")).toEqual([fox.id]);
    const whileNone = await nameIndexLoops("Matlida%20Cox");
    expect(whileNone.length).toBeGreaterThan(0);
    // The pending queue reads its unheld part, then its held part: the typo arm runs where rows are (none held here).
    expect(Math.max(...whileNone), String(whileNone)).toBeGreaterThanOrEqual(1);
  });

  it("finds a whole phone number in any format through the digits column's index, among thousands of similar numbers", async ({
    app,
    admin,
  }) => {
    // 3,000 friends whose numbers differ in their last digits, as a real programme's do.
    await app.db.$executeRawUnsafe(
      `INSERT INTO "Referral" ("customerId", name, phone, status, "expiresAt", "updatedAt")
       SELECT $1::int, 'Dialled Friend', '+447000' || lpad(n::text, 6, '0'), 'PENDING', now() + interval '90 days', now()
       FROM generate_series(1, 3000) AS n`,
      ids.margaret,
    );
    await app.db.$executeRawUnsafe(`ANALYZE "Referral"`);
    const wanted = await app.db.referral.findFirstOrThrow({ where: { phone: "+447000001235" } });
    for (const term of ["07000 001235", "+44 7000 001235", "(07000) 001-235", "0044 7000 001235", "+447000001235"])
      expect(await found(admin, "pendingReferrals", term), term).toEqual([wanted.id]);

    const recorder = recordStatements(app);
    try {
      const statements = await recorder.during(async () => {
        const response = await admin.get("/api/admin/referrals/pending?limit=50&search=07000%20001235");
        expect(response.status, response.text).toBe(200);
        expect(response.body.map((row: any) => row.id)).toEqual([wanted.id]);
      });
      const searching = statements.filter((statement) => /phoneDigits/.test(statement.text));
      expect(searching.length).toBeGreaterThan(0);
      const client = new pg.Client({ connectionString: app.databaseUrl });
      await client.connect();
      try {
        for (const statement of searching) {
          const plan = await client.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
          const indexes: string[] = [];
          const walk = (node: any) => {
            if (node?.["Index Name"]) indexes.push(String(node["Index Name"]));
            for (const child of node?.Plans ?? []) walk(child);
          };
          const plans = (plan.rows[0]?.["QUERY PLAN"] ?? []) as { Plan: unknown }[];
          for (const root of plans) walk(root.Plan);
          expect(indexes).toContain("Referral_phoneDigits_idx");
          // The friends' search text (name, email, phone) is not read for a whole number.
          expect(indexes).not.toContain("Referral_search_trgm_idx");
        }
      } finally {
        await client.end();
      }
    } finally {
      await recorder.close();
    }
  });
});
