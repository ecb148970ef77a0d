import { precompile, queryBuilder, run, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { Activity } from "../generated/prisma/client.ts";
import { batchedPages, type KeysetOrder, type PageSqlShape } from "../graphql/pager.ts";
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

function activityPageSql(shape: PageSqlShape): string {
  return `
    SELECT k."ownerId", a.id, a."customerId", a.type::text AS type, a.description, a."amountPence", a."referralId", a."createdAt",
           referral.name AS "referralName"
    FROM ${shape.owners}
    CROSS JOIN LATERAL (
      SELECT * FROM "Activity" page
      WHERE page."customerId" = k."ownerId"${shape.conditions}
      ORDER BY ${shape.orderBy}
      LIMIT ${shape.limit}
    ) a
    LEFT JOIN "Referral" referral ON referral.id = a."referralId"`;
}

/** A page of the customer's activity feed, newest first, each with its referral's name. */
export const customerActivitiesPage = batchedPages<ActivityWithReferralName, ActivityWithReferralName>({
  name: "activityPages",
  order: NEWEST_ACTIVITIES_FIRST,
  columns: { keys: ['page."createdAt"'], id: "page.id" },
  jsonColumns: ["createdAt"],
  pageSql: activityPageSql,
  timestampColumns: ["createdAt"],
  sizes: { defaultSize: 20, backwards: true },
  toNode: (row) => row,
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
