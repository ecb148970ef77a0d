import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database.ts";
import { queryBuilder, run, sql } from "../db/query.ts";
import { createDatabasePool, createSqlReader, type SqlReader } from "../db/sql.ts";
import { ValidationError } from "../lib/errors.ts";
import {
  beyond,
  type ConnectionArgs,
  decodeCursor,
  encodeCursor,
  type KeysetOrder,
  keysetConnection,
  keysetOrderBy,
  pageRequest,
} from "./pager.ts";
import "../compose/schema.ts";

interface Row {
  id: number;
  at: Date;
}

const NEWEST_FIRST: KeysetOrder<Row> = {
  name: "things",
  keys: ["timestamp"],
  descending: true,
  keysOf: (row) => [row.at],
};
const COLUMNS = { keys: [sql.ref("t.at")], id: sql.ref<number>("t.id") };

describe("cursors", () => {
  it("round-trip a position and are refused by another order", () => {
    const cursor = encodeCursor(NEWEST_FIRST, { keys: ["2026-01-02T03:04:05.678Z"], id: 42 });
    expect(decodeCursor(cursor, NEWEST_FIRST)).toEqual({
      keys: ["2026-01-02T03:04:05.678Z"],
      id: 42,
    });
    const other = { ...NEWEST_FIRST, name: "others" };
    expect(() => decodeCursor(cursor, other)).toThrow(/another order/);
  });

  it("refuse what they never gave out, with a BAD_INPUT error naming the argument", () => {
    const order = NEWEST_FIRST;
    const made = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");
    for (const cursor of [
      "garbage",
      "",
      made(["things", 42]),
      made(["things", "2026-13-45T00:00:00.000Z", 1]),
      made(["things", "1; DROP TABLE x", 1]),
      made(["things", "2026-01-02T03:04:05.678Z", 0]),
      made(["things", "2026-01-02T03:04:05.678Z", 2 ** 31]),
      made(["things", "2026-01-02T03:04:05.678Z", "7"]),
    ]) {
      let error: unknown;
      try {
        decodeCursor(cursor, order, "before");
      } catch (thrown) {
        error = thrown;
      }
      expect(error, cursor).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe("before");
    }
  });

  it("limit the page size, and refuse last/before on a list that pages forwards only", () => {
    const order = NEWEST_FIRST;
    expect(pageRequest({}, order, { defaultSize: 20 })).toMatchObject({ size: 20, limit: 21, inverted: false });
    expect(pageRequest({ first: 500 }, order, { defaultSize: 20 })).toMatchObject({ size: 100, limit: 101 });
    expect(pageRequest({ first: 500 }, order, { defaultSize: 20, maxSize: 50 })).toMatchObject({ size: 50 });
    expect(() => pageRequest({ last: 2 }, order, { defaultSize: 20 })).toThrow(/forwards/);
    expect(pageRequest({ last: 2 }, order, { defaultSize: 20, backwards: true })).toMatchObject({ inverted: true });
  });
});

describe("pages read with the pager's SQL", () => {
  let pool: pg.Pool;
  let reader: SqlReader;
  beforeAll(async () => {
    pool = createDatabasePool(await createTestDatabase(), 2);
    reader = createSqlReader(pool);
    await pool.query(`CREATE TABLE things (id int PRIMARY KEY, at timestamptz(3) NOT NULL)`);
    // Ties on the key: ids 1-4 share one instant, 5-7 another.
    await pool.query(`INSERT INTO things SELECT n, CASE WHEN n <= 4 THEN '2026-01-01 10:00:00.5Z'::timestamptz
      WHEN n <= 7 THEN '2026-01-02 10:00:00Z'::timestamptz ELSE '2026-01-03Z'::timestamptz + n * interval '1 ms' END
      FROM generate_series(1, 11) AS n`);
  });
  afterAll(async () => {
    await pool?.end();
  });

  const page = (args: ConnectionArgs) =>
    keysetConnection(
      args,
      NEWEST_FIRST,
      { defaultSize: 3, backwards: true },
      (request) => {
        const query = sql<Row>`SELECT t.id, t.at FROM things t WHERE true
          ${request.after ? sql`AND ${beyond(NEWEST_FIRST, COLUMNS, request.after, NEWEST_FIRST.descending ? "<" : ">")}` : sql``}
          ${request.before ? sql`AND ${beyond(NEWEST_FIRST, COLUMNS, request.before, NEWEST_FIRST.descending ? ">" : "<")}` : sql``}
          ORDER BY ${keysetOrderBy(NEWEST_FIRST, COLUMNS, request.inverted)} LIMIT ${request.limit}`;
        return run(reader, query.compile(queryBuilder));
      },
      (row) => row.id,
    );

  const NEWEST_FIRST_IDS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

  it("walks forwards through ties on the order key, each row once, in order", async () => {
    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const connection = await page({ first: 3, after });
      seen.push(...connection.edges.map((edge) => edge.node));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(seen).toEqual(NEWEST_FIRST_IDS);
  });

  it("walks backwards with last/before to the same rows, and says where the pages are", async () => {
    const end = await page({ last: 3 });
    expect(end.edges.map((edge) => edge.node)).toEqual([3, 2, 1]);
    expect(end.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    const seen = [...end.edges.map((edge) => edge.node)];
    let before = end.pageInfo.startCursor;
    for (;;) {
      const connection = await page({ last: 3, before });
      seen.unshift(...connection.edges.map((edge) => edge.node));
      expect(connection.pageInfo.hasNextPage).toBe(true);
      if (!connection.pageInfo.hasPreviousPage) break;
      before = connection.pageInfo.startCursor;
    }
    expect(seen).toEqual(NEWEST_FIRST_IDS);
  });

  it("reads a page between two cursors", async () => {
    const whole = await page({ first: 11 });
    const between = await page({
      first: 10,
      after: whole.edges[2]?.cursor ?? null,
      before: whole.edges[7]?.cursor ?? null,
    });
    expect(between.edges.map((edge) => edge.node)).toEqual(NEWEST_FIRST_IDS.slice(3, 7));
  });
});
