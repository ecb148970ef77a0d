import { builder } from "../graphql/builder.ts";
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

builder.queryFields((t) => ({
  auditLogs: t.prismaConnection({
    type: "AuditEntry",
    cursor: "id",
    description: `The audit trail, newest first; ${AUDIT_PAGE_DEFAULT_SIZE} entries unless \`first\` says otherwise (at most ${AUDIT_PAGE_MAX_SIZE}).`,
    authScopes: { admin: true },
    defaultSize: AUDIT_PAGE_DEFAULT_SIZE,
    maxSize: AUDIT_PAGE_MAX_SIZE,
    args: {
      beforeId: t.arg.int({
        description: "Only entries older than the one with this databaseId (the REST `?before=`).",
      }),
      resourceType: t.arg.string({ description: 'Only entries about this kind of resource, e.g. "customer".' }),
      resourceId: t.arg.string({ description: "Only entries about this resource (with resourceType)." }),
    },
    resolve: (query, _root, args, context) =>
      context.prisma.auditEntry.findMany({
        ...query,
        where: {
          ...(args.beforeId != null ? { id: { lt: args.beforeId } } : {}),
          ...(args.resourceType != null ? { resourceType: args.resourceType } : {}),
          ...(args.resourceId != null ? { resourceId: args.resourceId } : {}),
        },
        // The id grows with every insert, so it orders entries as they were written, and
        // gives the cursor a unique, indexed key.
        orderBy: { id: "desc" },
      }),
  }),
}));
