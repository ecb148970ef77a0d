import { ValidationError } from "../lib/errors.ts";
import { AUDIT_PAGE_DEFAULT_SIZE, AUDIT_PAGE_MAX_SIZE } from "../lib/listSizes.ts";
import type { RestRoute } from "../rest/route.ts";

const AUDIT_FIELDS = "databaseId action resourceType resourceId adminId details createdAt ipAddress";

function positiveInteger(value: string | null, name: string, max: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const number = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1 || number > max) {
    throw new ValidationError(`${name} must be a whole number from 1 to ${max}`, name);
  }
  return number;
}

export const auditRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/audit-logs",
    operation: `query RestAuditLogs($first: Int, $beforeId: Int) {
      auditLogs(first: $first, beforeId: $beforeId) { edges { node { ${AUDIT_FIELDS} } } }
    }`,
    // `?limit=` (default 20, at most 100) and `?before=<id>` for the page after the last one seen.
    variables: ({ query }) => ({
      first: positiveInteger(query.get("limit"), "limit", AUDIT_PAGE_MAX_SIZE) ?? AUDIT_PAGE_DEFAULT_SIZE,
      beforeId: positiveInteger(query.get("before"), "before", 2 ** 31 - 1) ?? null,
    }),
    answer: (data) =>
      data.auditLogs.edges.map(({ node }: { node: Record<string, unknown> & { databaseId: number } }) => {
        const { databaseId, ...rest } = node;
        return { id: databaseId, ...rest };
      }),
  },
];
