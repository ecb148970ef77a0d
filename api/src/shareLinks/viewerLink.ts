// The signed-in customer's share link and its figures, read in the request's one context statement
// (compose/requestContext.ts): the dashboard shows them, and statements of their own cost it a
// round trip each (docs/performance.md, "Database reads").
import type { RawBuilder } from "kysely";
import { jsonObjectFrom } from "kysely/helpers/postgres";
import { fromJson, queryBuilder, type Row, sql } from "../db/query.ts";
import type { ShareLink } from "../generated/prisma/client.ts";
import type { ViewerShareLink } from "../graphql/context.ts";

/** The viewer's current link (not retired) with its opens and sign-ups, as one JSON value; null without one. */
export function viewerShareLinkJson(userId: number) {
  return jsonObjectFrom(
    queryBuilder
      .selectFrom("ShareLink as l")
      .innerJoin("CustomerProfile as lc", "lc.id", "l.customerId")
      .selectAll("l")
      .select((eb) => [
        eb
          .selectFrom("ShareLinkOpenDay as o")
          .select(sql<number>`coalesce(sum(o.opens), 0)::int`.as("n"))
          .whereRef("o.shareLinkId", "=", "l.id")
          .as("opens"),
        eb
          .selectFrom("Referral as r")
          .select(sql<number>`count(*)::int`.as("n"))
          .whereRef("r.shareLinkId", "=", "l.id")
          .as("signUps"),
      ])
      .where("lc.userId", "=", userId)
      .where("l.retiredAt", "is", null)
      .orderBy("l.id", "desc")
      .limit(1),
  );
}

type ViewerShareLinkJson = ReturnType<typeof viewerShareLinkJson> extends RawBuilder<infer T> ? T : never;

export function viewerShareLinkFromJson(json: ViewerShareLinkJson): ViewerShareLink | null {
  if (!json) return null;
  const { opens, signUps, ...link } = json;
  return {
    link: fromJson<"ShareLink", Row<"ShareLink">>("ShareLink", link) as ShareLink,
    opens: Number(opens ?? 0),
    signUps: Number(signUps ?? 0),
  };
}
