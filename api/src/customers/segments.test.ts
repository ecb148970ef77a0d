import { describe, expect, it } from "vitest";
import { sqlClientForFile } from "../../test/sqlClient.ts";
import { queryBuilder, sql } from "../db/query.ts";
import { MAX_AMOUNT_PENCE } from "../lib/money.ts";
import { customerSegment, segmentOf } from "./segments.ts";

// The segment rule is written twice (TypeScript and SQL): this proves both give the same segment
// at every boundary, so one cannot drift from the other unnoticed.

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

const client = sqlClientForFile();

describe("segmentOf", () => {
  it("is the same as customerSegment at every boundary", async () => {
    const cases = boundaryCases();
    const query = sql<{ segment: string }>`SELECT ${segmentOf(sql.ref("t.c"), sql.ref("t.p"))} AS segment
      FROM unnest(${cases.map((c) => c.credits)}::bigint[], ${cases.map((c) => c.purchase)}::bigint[])
      WITH ORDINALITY AS t(c, p, n) ORDER BY n`.compile(queryBuilder);
    const result = await client().query<{ segment: string }>(query.sql, [...query.parameters]);
    expect(result.rows.map((row) => row.segment)).toEqual(cases.map((c) => customerSegment(c.purchase, c.credits)));
  });
});
