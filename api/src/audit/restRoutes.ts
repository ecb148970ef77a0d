import { AUDIT_PAGE_DEFAULT_SIZE, AUDIT_PAGE_MAX_SIZE } from "../lib/listSizes.ts";
import { restListId, restListLimit, restText } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";

const AUDIT_FIELDS = "databaseId action resourceType resourceId adminId details createdAt ipAddress";

export const auditRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/audit-logs",
    operation: `query RestAuditLogs($first: Int, $beforeId: Int, $action: String, $adminId: Int, $resourceType: String,
      $resourceId: String, $from: String, $to: String) {
      auditLogs(first: $first, beforeId: $beforeId, action: $action, adminId: $adminId, resourceType: $resourceType,
        resourceId: $resourceId, from: $from, to: $to) { edges { node { ${AUDIT_FIELDS} } } }
    }`,
    // `?limit=` (default 20, at most 100) and `?before=<id>` for the page after the last one seen; the
    // filters `?action=`, `?admin=<user id>`, `?resourceType=`, `?resourceId=`, `?from=`/`?to=` (YYYY-MM-DD).
    variables: ({ query }) => ({
      first: restListLimit(query, { max: AUDIT_PAGE_MAX_SIZE, fallback: AUDIT_PAGE_DEFAULT_SIZE }),
      beforeId: restListId(query, "before"),
      action: restText(query, "action"),
      adminId: restListId(query, "admin"),
      resourceType: restText(query, "resourceType"),
      resourceId: restText(query, "resourceId"),
      from: restText(query, "from"),
      to: restText(query, "to"),
    }),
    answer: (data) =>
      data.auditLogs.edges.map(({ node }: { node: Record<string, unknown> & { databaseId: number } }) => {
        const { databaseId, ...rest } = node;
        return { id: databaseId, ...rest };
      }),
  },
];
