import { jsonObjectFrom } from "kysely/helpers/postgres";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { fromJson, precompile, queryBuilder, run, runFirst, sql } from "./query.ts";

const userById = precompile((params: { id: number }) =>
  queryBuilder.selectFrom("User").selectAll().where("id", "=", params.id),
);

describe("typed SQL", () => {
  it("reads an instant written by Prisma back equal through the pool, through Prisma and as JSON", async ({
    app,
    uniqueName,
  }) => {
    // An instant that a session in another zone, or a local-time reading, would move.
    const instant = new Date("2026-03-29T00:30:00.123Z");
    const user = await app.db.user.create({
      data: {
        username: uniqueName("instant"),
        email: `${uniqueName("instant")}@example.com`,
        passwordHash: "x",
        emailConfirmedAt: instant,
      },
    });
    const viaPool = await runFirst(app.deps.sql, userById({ id: user.id }));
    const viaPrisma = await app.db.$transaction((tx) => runFirst(tx, userById({ id: user.id })));
    const asJson = await runFirst(
      app.deps.sql,
      queryBuilder.selectNoFrom((eb) =>
        jsonObjectFrom(eb.selectFrom("User").selectAll().where("id", "=", user.id)).as("user"),
      ),
    );
    expect(viaPool?.emailConfirmedAt).toEqual(instant);
    expect(viaPool?.createdAt).toEqual(user.createdAt);
    expect(viaPrisma?.emailConfirmedAt).toEqual(instant);
    expect(asJson?.user).not.toBeNull();
    const fromJsonRow = asJson?.user ? fromJson("User", asJson.user) : undefined;
    expect(fromJsonRow?.emailConfirmedAt).toEqual(instant);
    expect(fromJsonRow?.createdAt).toEqual(user.createdAt);
    // Every column of the model, none left behind by a hand-kept list.
    expect(Object.keys(viaPool ?? {}).sort()).toEqual(Object.keys(user).sort());
  });

  it("fills a precompiled query's placeholders per call and keeps its text", async ({ app, uniqueName }) => {
    const users = await Promise.all(
      ["a", "b"].map((suffix) =>
        app.db.user.create({
          data: { username: uniqueName(suffix), email: `${uniqueName(suffix)}@example.com`, passwordHash: "x" },
        }),
      ),
    );
    const [first, second] = users.map((user) => userById({ id: user.id }));
    expect(first?.sql).toBe(second?.sql);
    expect((await run(app.deps.sql, first!)).map((row) => row.username)).toEqual([users[0]?.username]);
    expect((await run(app.deps.sql, second!)).map((row) => row.username)).toEqual([users[1]?.username]);
  });

  it("refuses a placeholder that did not become a bound parameter", () => {
    expect(() =>
      precompile((params: { id: number }) =>
        queryBuilder
          .selectFrom("User")
          .select("id")
          .where(sql<boolean>`id = ${sql.raw(String(params.id))}`),
      ),
    ).toThrow("id did not become a parameter");
  });
});
