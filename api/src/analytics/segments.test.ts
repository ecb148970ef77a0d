import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { queryBuilder, sql } from "../db/query.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { MAX_AMOUNT_PENCE } from "../lib/money.ts";
import { creditedSegmentSql, customerSegment, segmentOf, segmentSql } from "./segments.ts";

// The segment rule is written three times (JS, Prisma.sql, string SQL): this proves the copies
// give the same segment at every boundary, so one cannot drift from the others unnoticed.

const PURCHASES = [1, 2, 3, 99, 100, 101, 299, 300, 301, 12_345, 1_000_000, MAX_AMOUNT_PENCE];

/** Credits on and either side of each bound (0, 33% and 66% of the purchase) and of the purchase itself. */
function boundaryCases(): { credits: number; purchase: number }[] {
  const cases: { credits: number; purchase: number }[] = [];
  for (const purchase of PURCHASES) {
    const bounds = [
      0,
      Math.floor((purchase * 33) / 100),
      Math.ceil((purchase * 33) / 100),
      Math.floor((purchase * 66) / 100),
      Math.ceil((purchase * 66) / 100),
      purchase,
    ];
    for (const bound of bounds) for (const credits of [bound - 1, bound, bound + 1]) cases.push({ credits, purchase });
  }
  return cases;
}

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: inject("postgresAdminUrl") });
  await client.connect();
});
afterAll(async () => {
  await client.end();
});

async function segmentsInSql(cases: { credits: number; purchase: number }[], rule: Prisma.Sql): Promise<string[]> {
  const query = Prisma.sql`SELECT ${rule} AS segment FROM unnest(${cases.map((c) => c.credits)}::bigint[], ${cases.map((c) => c.purchase)}::bigint[]) WITH ORDINALITY AS t(c, p, n) ORDER BY n`;
  const result = await client.query<{ segment: string }>(query.text, query.values);
  return result.rows.map((row) => row.segment);
}

describe("the segment rule", () => {
  it("is the same in customerSegment and segmentSql at every boundary", async () => {
    const cases = boundaryCases();
    const inSql = await segmentsInSql(cases, segmentSql(Prisma.raw("t.c"), Prisma.raw("t.p")));
    expect(inSql).toEqual(cases.map((c) => customerSegment(c.purchase, c.credits)));
  });

  it("is the same in customerSegment and creditedSegmentSql for every customer with credits", async () => {
    const cases = boundaryCases().filter((c) => c.credits > 0);
    const inSql = await segmentsInSql(cases, Prisma.raw(creditedSegmentSql("t.c", "t.p")));
    expect(inSql).toEqual(cases.map((c) => customerSegment(c.purchase, c.credits)));
  });
});

describe("segmentOf", () => {
  it("is the same as customerSegment at every boundary", async () => {
    const cases = boundaryCases();
    const query = sql<{ segment: string }>`SELECT ${segmentOf(sql.ref("t.c"), sql.ref("t.p"))} AS segment
      FROM unnest(${cases.map((c) => c.credits)}::bigint[], ${cases.map((c) => c.purchase)}::bigint[])
      WITH ORDINALITY AS t(c, p, n) ORDER BY n`.compile(queryBuilder);
    const result = await client.query<{ segment: string }>(query.sql, [...query.parameters]);
    expect(result.rows.map((row) => row.segment)).toEqual(cases.map((c) => customerSegment(c.purchase, c.credits)));
  });
});
