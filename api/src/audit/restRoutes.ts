import { z } from "zod";
import { ValidationError } from "../lib/errors.ts";
import { AUDIT_REST_LIST } from "../lib/listSizes.ts";
import { id, timestamp } from "../rest/docSchemas.ts";
import { restListId, restListLimit, restText } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";

const AUDIT_FIELDS =
  "databaseId action resourceType resourceId resourceName adminId adminName details createdAt ipAddress actorToken";

export const auditRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/audit-logs",
    docs: {
      summary: "The audit trail, newest first",
      query: z.object({
        before: z.number().int().optional().describe("As ?after=: the entries older than this one"),
        action: z.string().optional(),
        admin: z.number().int().optional().describe("An administrator's user id"),
        resourceType: z.string().optional(),
        resourceId: z.string().optional(),
        from: z.string().optional().describe("YYYY-MM-DD"),
        to: z.string().optional().describe("YYYY-MM-DD"),
      }),
      answer: z.array(
        z.object({
          id,
          action: z.string(),
          resourceType: z.string(),
          resourceId: z.string().nullable(),
          resourceName: z
            .string()
            .nullable()
            .describe('Today\'s name of the user, customer or referral the entry is about; "erased" once erased'),
          adminId: z.number().int().nullable(),
          adminName: z.string().nullable().describe('Today\'s name of the user who acted; "erased" once erased'),
          details: z.unknown(),
          createdAt: timestamp,
          ipAddress: z.string().nullable().describe("Kept 90 days, then cleared"),
          actor: z
            .string()
            .nullable()
            .describe('"token <name>" when an API token acted (adminId is then its creator); null when a person did'),
        }),
      ),
    },
    operation: `query RestAuditLogs($first: Int, $beforeId: Int, $action: String, $adminId: Int, $resourceType: String,
      $resourceId: String, $from: String, $to: String) {
      auditLogs(first: $first, beforeId: $beforeId, action: $action, adminId: $adminId, resourceType: $resourceType,
        resourceId: $resourceId, from: $from, to: $to) { edges { node { ${AUDIT_FIELDS} } } pageInfo { hasNextPage endCursor } }
    }`,
    // `?limit=` (default 20, at most 100) and `?after=<id>` (or, as before, `?before=<id>`: newest
    // first, the entries after the last one seen are the older ones) for the next page; the filters
    // `?action=`, `?admin=<user id>`, `?resourceType=`, `?resourceId=`, `?from=`/`?to=` (YYYY-MM-DD).
    variables: ({ query }) => {
      const after = restListId(query);
      const before = restListId(query, "before");
      if (after !== null && before !== null) throw new ValidationError("Give after or before, not both.", "after");
      return {
        first: restListLimit(query, AUDIT_REST_LIST),
        beforeId: after ?? before,
        action: restText(query, "action"),
        adminId: restListId(query, "admin"),
        resourceType: restText(query, "resourceType"),
        resourceId: restText(query, "resourceId"),
        from: restText(query, "from"),
        to: restText(query, "to"),
      };
    },
    pagedList: (data) => data.auditLogs,
    answer: (data) =>
      data.auditLogs.edges.map(
        ({ node }: { node: Record<string, unknown> & { databaseId: number; actorToken: string | null } }) => {
          const { databaseId, actorToken, ...rest } = node;
          return { id: databaseId, ...rest, actor: actorToken };
        },
      ),
  },
];
