import type { RawBuilder } from "kysely";
import type { DbOrTx } from "../db/prisma.ts";
import { precompile, queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { AuditEntry, Prisma } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import {
  type ConnectionArgs,
  type KeysetOrder,
  keysetConnection,
  type PageRequest,
  positionOfId,
} from "../graphql/pager.ts";
import { AUDIT_PAGE_DEFAULT_SIZE, AUDIT_PAGE_MAX_SIZE } from "../lib/listSizes.ts";
import { dayRange } from "../lib/reportDays.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";
import { type AuditNames, auditNamesOf, describeAuditEntry } from "./service.ts";

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
    adminName: t.string({
      nullable: true,
      description: 'Today\'s name of the user who acted ("erased" once erased); null when adminId is.',
      resolve: async (entry, _args, context) => (await namesOf(entry, context.prisma)).actorName,
    }),
    resourceName: t.string({
      nullable: true,
      description:
        'Today\'s name of the user, customer or referral the entry is about ("erased" once erased): entries keep ids, never names. Null for other resources.',
      resolve: async (entry, _args, context) => (await namesOf(entry, context.prisma)).resourceName,
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
    actorToken: t.string({
      nullable: true,
      description: 'When an API token acted (for adminId, its creator): "token <name>".',
      resolve: async (entry, _args, context) => {
        if (entry.actorTokenId == null) return null;
        // The trail's pages read the name with the row; an entry loaded alone reads it here.
        const name =
          (entry as AuditRow).actorTokenName ??
          (await context.prisma.apiToken.findUnique({ where: { id: entry.actorTokenId } }))?.name;
        return name == null ? null : `token ${name}`;
      },
    }),
  }),
});

type AuditRow = AuditEntry & { actorTokenName?: string | null; names?: AuditNames };

/** The names read with the entry's page, or, for an entry loaded alone (node), read now. */
async function namesOf(entry: AuditRow, db: DbOrTx): Promise<AuditNames> {
  return entry.names ?? (await auditNamesOf(db, [entry]))(entry);
}

/** Rows as node-postgres gave them, with their JSON typed and the names of the people they refer to. */
async function withNames(
  db: DbOrTx,
  rows: (Omit<AuditRow, "before" | "after"> & { before: unknown; after: unknown })[],
): Promise<AuditRow[]> {
  const typed = rows.map((row) => ({ ...row, before: jsonValue(row.before), after: jsonValue(row.after) }));
  const names = await auditNamesOf(db, typed);
  return typed.map((row) => ({ ...row, names: names(row) }));
}

const jsonText = (value: unknown) => (value == null ? null : JSON.stringify(value));

/** The id grows with every insert, so it orders entries as they were written: newest first. */
const NEWEST_ENTRIES_FIRST: KeysetOrder<AuditEntry> = {
  name: "auditLogs",
  keys: [],
  descending: true,
  keysOf: () => [],
};

interface AuditFilter {
  action?: string | null;
  adminId?: number | null;
  resourceType?: string | null;
  resourceId?: string | null;
  from?: Date;
  until?: Date;
}

/** JSON as node-postgres parsed it, typed as Prisma types a Json column. */
function jsonValue(value: unknown): Prisma.JsonValue {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return value;
  if (Array.isArray(value)) return value.map(jsonValue);
  if (typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, jsonValue(item)]));
  throw new Error(`not JSON: ${typeof value}`);
}

/**
 * A page of the trail with its filters: built per request (a cold path), only the conditions it
 * needs. Each filter has an index ending in id (action, actorId, resourceType + resourceId), so a
 * filtered page reads the index in order and stops; a date range alone uses the createdAt index.
 */
async function auditPage(
  reader: SqlReader,
  db: DbOrTx,
  filter: AuditFilter,
  request: PageRequest,
): Promise<AuditRow[]> {
  const { after, before } = request;
  const rows = await run(
    reader,
    queryBuilder
      .selectFrom("AuditEntry")
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom("ApiToken")
          .select("name")
          .whereRef("ApiToken.id", "=", "AuditEntry.actorTokenId")
          .as("actorTokenName"),
      )
      .$if(after !== null, (query) => query.where("id", "<", after?.id ?? 0))
      .$if(before !== null, (query) => query.where("id", ">", before?.id ?? 0))
      .$if(filter.action != null, (query) => query.where("action", "=", filter.action ?? ""))
      .$if(filter.adminId != null, (query) => query.where("actorId", "=", filter.adminId ?? 0))
      .$if(filter.from !== undefined, (query) => query.where("createdAt", ">=", filter.from as Date))
      .$if(filter.until !== undefined, (query) => query.where("createdAt", "<", filter.until as Date))
      .$if(filter.resourceType != null, (query) => query.where("resourceType", "=", filter.resourceType ?? ""))
      .$if(filter.resourceId != null, (query) => query.where("resourceId", "=", filter.resourceId ?? ""))
      .orderBy("id", request.inverted ? "asc" : "desc")
      .limit(request.limit),
  );
  return withNames(db, rows);
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
      action: t.arg.string({ description: 'Only entries of this action, e.g. "purchase_cancelled".' }),
      adminId: t.arg.int({ description: "Only entries of this acting user (an administrator's user id)." }),
      resourceType: t.arg.string({ description: 'Only entries about this kind of resource, e.g. "customer".' }),
      resourceId: t.arg.string({ description: "Only entries about this resource (with resourceType)." }),
      from: t.arg.string({ description: "Only entries from this day on (YYYY-MM-DD, London time)." }),
      to: t.arg.string({ description: "Only entries up to this day, inclusive (YYYY-MM-DD, London time)." }),
    },
    resolve: async (_root, args, context) => {
      const { from, until } = dayRange(args.from, args.to);
      for (const field of ["action", "resourceType", "resourceId"] as const)
        if (args[field] != null) parseText(TEXT_FIELDS.auditFilter, args[field], field);
      return keysetConnection(
        args,
        NEWEST_ENTRIES_FIRST,
        { defaultSize: AUDIT_PAGE_DEFAULT_SIZE, maxSize: AUDIT_PAGE_MAX_SIZE, backwards: true },
        (request) => auditPage(context.sql, context.prisma, { ...args, from, until }, request),
        (row) => row,
        args.beforeId == null
          ? null
          : await positionOfId(
              NEWEST_ENTRIES_FIRST as KeysetOrder<{ id: number }>,
              args.beforeId,
              "audit entry",
              (id) => runFirst(context.sql, queryBuilder.selectFrom("AuditEntry").select("id").where("id", "=", id)),
            ),
      );
    },
  }),
}));

/**
 * Entries about one customer: their profile ("customer", which also records milestone payments),
 * their account ("user"), their referrals and their payout requests. Each arm is a lookup of the
 * (resourceType, resourceId) index; a batch expiry of many referrals names none and is not among them.
 */
function customerEntriesStatement(withAfter: boolean) {
  return precompile((p: { customerId: string; userId: string; customer: number; afterId: number; limit: number }) =>
    queryBuilder
      .selectFrom("AuditEntry as a")
      .selectAll("a")
      .where((eb) => {
        const about = (resourceType: string, resourceId: string | RawBuilder<string>) =>
          eb.and([eb("a.resourceType", "=", resourceType), eb("a.resourceId", "=", resourceId)]);
        return eb.or([
          about("customer", p.customerId),
          about("user", p.userId),
          // = any(array(...)): an index condition on (resourceType, resourceId), as each arm of the OR is.
          about("referral", sql`any(array(SELECT r.id::text FROM "Referral" r WHERE r."customerId" = ${p.customer}))`),
          about(
            "payout_request",
            sql`any(array(SELECT q.id::text FROM "PayoutRequest" q WHERE q."customerId" = ${p.customer}))`,
          ),
        ]);
      })
      .$if(withAfter, (query) => query.where("a.id", "<", p.afterId))
      .orderBy("a.id", "desc")
      .limit(p.limit),
  );
}

const CUSTOMER_ENTRIES = { first: customerEntriesStatement(false), after: customerEntriesStatement(true) };

function customerAuditPage(
  reader: SqlReader,
  db: DbOrTx,
  customer: { id: number; userId: number },
  args: ConnectionArgs,
) {
  return keysetConnection(
    args,
    NEWEST_ENTRIES_FIRST,
    { defaultSize: AUDIT_PAGE_DEFAULT_SIZE, maxSize: AUDIT_PAGE_MAX_SIZE },
    async (request) => {
      const values = {
        customerId: String(customer.id),
        userId: String(customer.userId),
        customer: customer.id,
        afterId: request.after?.id ?? 0,
        limit: request.limit,
      };
      const rows = await run(reader, (request.after ? CUSTOMER_ENTRIES.after : CUSTOMER_ENTRIES.first)(values));
      return withNames(db, rows);
    },
    (row) => row,
  );
}

builder.prismaObjectFields("CustomerProfile", (t) => ({
  auditEntries: t.connection({
    type: AuditEntryType,
    description: `The audit entries about the customer, their account, referrals and payout requests, newest first; ${AUDIT_PAGE_DEFAULT_SIZE} per page by default. Administrators only.`,
    authScopes: { admin: true },
    resolve: (customer, args, context) => customerAuditPage(context.sql, context.prisma, customer, args),
  }),
}));
