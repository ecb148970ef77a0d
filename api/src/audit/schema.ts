import type { SqlReader } from "../db/sql.ts";
import type { AuditEntry } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import { type KeysetOrder, keysetConnection, type PageRequest } from "../graphql/pager.ts";
import { AUDIT_PAGE_DEFAULT_SIZE, AUDIT_PAGE_MAX_SIZE } from "../lib/listSizes.ts";
import { describeAuditEntry } from "./service.ts";

// Read-only by design: the application appends audit entries and never edits or deletes them,
// so there is no mutation here.
export const AuditEntryType = builder.prismaNode("AuditEntry", {
  id: { field: "id" },
  authScopes: { admin: true },
  description:
    "One recorded action: who did what to which resource, when, from where, with the state before and after.",
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    action: t.exposeString("action", { description: 'What happened, e.g. "credit_rate_changed".' }),
    resourceType: t.exposeString("resourceType"),
    resourceId: t.exposeString("resourceId", { nullable: true }),
    adminId: t.exposeInt("actorId", {
      nullable: true,
      description: "The user who acted; null for the system (scheduled jobs) or an anonymous caller.",
    }),
    details: t.string({
      description: "A readable line: what happened, then the state before and after as JSON.",
      resolve: (entry) => describeAuditEntry(entry),
    }),
    before: t.string({
      nullable: true,
      description: "The state before, as JSON text.",
      resolve: (entry) => jsonText(entry.before),
    }),
    after: t.string({
      nullable: true,
      description: "The state after, as JSON text.",
      resolve: (entry) => jsonText(entry.after),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    ipAddress: t.exposeString("ipAddress", { nullable: true }),
  }),
});

const jsonText = (value: unknown) => (value == null ? null : JSON.stringify(value));

/** The id grows with every insert, so it orders entries as they were written: newest first. */
const NEWEST_ENTRIES_FIRST: KeysetOrder<AuditEntry> = {
  name: "auditLogs",
  keys: [],
  descending: true,
  keysOf: () => [],
};

interface AuditFilter {
  resourceType?: string | null;
  resourceId?: string | null;
}

/** A page of the trail with its filters; only the conditions a page needs are written. */
function auditPage(sql: SqlReader, filter: AuditFilter, request: PageRequest) {
  const values: unknown[] = [request.limit];
  const conditions: string[] = [];
  if (request.after) conditions.push(`id < $${values.push(request.after.id)}::int`);
  if (request.before) conditions.push(`id > $${values.push(request.before.id)}::int`);
  if (filter.resourceType != null) conditions.push(`"resourceType" = $${values.push(filter.resourceType)}`);
  if (filter.resourceId != null) conditions.push(`"resourceId" = $${values.push(filter.resourceId)}`);
  return sql.query<AuditEntry>(
    `SELECT id, action, "resourceType", "resourceId", "actorId", before, after, details, "ipAddress", "createdAt"
     FROM "AuditEntry" ${conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : ""}
     ORDER BY id ${request.inverted ? "ASC" : "DESC"} LIMIT $1`,
    values,
  );
}

builder.queryFields((t) => ({
  auditLogs: t.connection({
    type: AuditEntryType,
    description: `The audit trail, newest first; ${AUDIT_PAGE_DEFAULT_SIZE} entries unless \`first\` says otherwise (at most ${AUDIT_PAGE_MAX_SIZE}).`,
    authScopes: { admin: true },
    args: {
      beforeId: t.arg.int({
        description: "Only entries older than the one with this databaseId (the REST `?before=`).",
      }),
      resourceType: t.arg.string({ description: 'Only entries about this kind of resource, e.g. "customer".' }),
      resourceId: t.arg.string({ description: "Only entries about this resource (with resourceType)." }),
    },
    resolve: (_root, args, context) =>
      keysetConnection(
        args,
        NEWEST_ENTRIES_FIRST,
        { defaultSize: AUDIT_PAGE_DEFAULT_SIZE, maxSize: AUDIT_PAGE_MAX_SIZE, backwards: true },
        (request) => auditPage(context.sql, args, request),
        (row) => row,
        args.beforeId == null ? null : { keys: [], id: args.beforeId },
      ),
  }),
}));
