import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database.ts";
import { newestFirstLists } from "./newestFirstPages.ts";
import "./schema.ts";

const TIMESTAMP_TYPES = new Set([1114, 1184]);

describe("newest-first lists", () => {
  it("declare every timestamp column their page statement reads (JSON carries them as text)", async () => {
    expect([...newestFirstLists.keys()].sort()).toEqual(["activityPages", "referralPages"]);
    const client = new pg.Client({ connectionString: await createTestDatabase() });
    await client.connect();
    try {
      for (const [name, list] of newestFirstLists) {
        const text = list.pageSql({
          owners: `(SELECT $1::int AS "ownerId") AS k`,
          limit: "$2",
          inverted: false,
          afterId: null,
          beforeId: null,
        });
        const { fields } = await client.query(text, [1, 0]);
        const timestamps = fields.filter((field) => TIMESTAMP_TYPES.has(field.dataTypeID)).map((field) => field.name);
        expect([...list.timestampColumns].sort(), name).toEqual(timestamps.sort());
      }
    } finally {
      await client.end();
    }
  });
});
