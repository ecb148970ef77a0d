import { ownedRowCreatedAt } from "../db/ownedRows.ts";
import { fromJson, precompile, queryBuilder, run, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { Activity } from "../generated/prisma/client.ts";
import { batchedPages, type KeysetOrder, type PageQueryParts, type Position, positionOfId } from "../graphql/pager.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";

/** An activity row that may carry its referral's name, read with it in the same statement. */
export type ActivityWithReferralName = Activity & { referralName?: string | null };

/** Newest first; the id breaks ties. */
export const NEWEST_ACTIVITIES_FIRST: KeysetOrder<ActivityWithReferralName> = {
  name: "activities",
  keys: ["timestamp"],
  descending: true,
  keysOf: (row) => [row.createdAt],
};

/** Where one of the customer's own activities stands in their feed (`afterDatabaseId`); 400 when they have no such activity. */
export function customerActivityPosition(reader: SqlReader, customerId: number, activityId: number): Promise<Position> {
  return positionOfId(
    NEWEST_ACTIVITIES_FIRST as KeysetOrder<{ id: number; createdAt: Date }>,
    activityId,
    "activity",
    ownedRowCreatedAt(reader, "Activity", "customerId", customerId),
  );
}

/** A page of the customer's activity feed, newest first, each with its referral's name. */
export const customerActivitiesPage = batchedPages({
  name: "activityPages",
  order: NEWEST_ACTIVITIES_FIRST,
  columns: { keys: [sql.ref("page.createdAt")], id: sql.ref<number>("page.id") },
  jsonKeys: ["createdAt"],
  pageQuery: ({ owners, page }: PageQueryParts) =>
    queryBuilder
      .selectFrom(owners)
      .innerJoinLateral(
        (eb) =>
          page(eb.selectFrom("Activity as page").selectAll("page").whereRef("page.customerId", "=", "k.ownerId")).as(
            "a",
          ),
        (join) => join.onTrue(),
      )
      .leftJoin("Referral as referral", "referral.id", "a.referralId")
      .select("k.ownerId")
      .selectAll("a")
      .select("referral.name as referralName"),
  parse: (json): ActivityWithReferralName => fromJson("Activity", json),
  sizes: { defaultSize: 20, backwards: true },
  toNode: (row: ActivityWithReferralName) => row,
});

const REFERRAL_NAMES = precompile((p: { ids: number[] }) =>
  queryBuilder.selectFrom("Referral").select(["id", "name"]).where("id", "=", sql<number>`any(${p.ids}::int[])`),
);

/** The referral's name for activities read without it: one statement for every activity a response shows. */
export function referralNameOf(
  context: { sql: SqlReader },
  activity: ActivityWithReferralName,
): string | null | Promise<string | null> {
  if (activity.referralName !== undefined) return activity.referralName;
  if (activity.referralId === null) return null;
  const loader = requestLoader(
    context,
    "referralNames",
    () =>
      new BatchLoader<number, string | null>(async (ids) => {
        const rows = await run(context.sql, REFERRAL_NAMES({ ids }));
        return new Map(rows.map((row) => [row.id, row.name]));
      }, null),
  );
  return loader.loadNow(activity.referralId);
}
