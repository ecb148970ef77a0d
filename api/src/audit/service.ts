import type { DbOrTx } from "../db/prisma.ts";
import { type QueryRunner, queryBuilder, run, sql } from "../db/query.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { displayName, ERASED_NAME } from "../lib/displayName.ts";

export interface AuditRecord {
  action: string;
  resourceType: string;
  resourceId?: string | number | null;
  actorId?: number | null;
  before?: Prisma.InputJsonValue | null;
  after?: Prisma.InputJsonValue | null;
  details?: string | null;
  ipAddress?: string | null;
}

/** Appends an audit entry; call it with the transaction of the change it records. */
export async function recordAudit(db: DbOrTx, entry: AuditRecord): Promise<void> {
  await db.auditEntry.create({
    data: {
      action: entry.action,
      resourceType: entry.resourceType,
      resourceId: entry.resourceId == null ? null : String(entry.resourceId),
      actorId: entry.actorId ?? null,
      before: entry.before ?? undefined,
      after: entry.after ?? undefined,
      details: entry.details ?? null,
      ipAddress: entry.ipAddress ?? null,
    },
  });
}

/** An entry's IP address is kept this long, then cleared (docs/rules/audit.md, "Audit trail"). */
export const AUDIT_IP_RETENTION_DAYS = 90;

/**
 * Clears the IP address of entries older than the retention period: the one change the application
 * makes to old entries besides erasure. Run daily by the job runner; idempotent, safe on several instances.
 */
export async function clearOldAuditIps(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_IP_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await db.auditEntry.updateMany({
    where: { createdAt: { lt: cutoff }, ipAddress: { not: null } },
    data: { ipAddress: null },
  });
  return count;
}

/**
 * The entry as one readable line for administrators: what happened, then the state before and
 * after as JSON, e.g. `Credit rate changed from 11% to 12%; before: {...}; after: {...}`.
 */
export function describeAuditEntry(entry: { details: string | null; before: unknown; after: unknown }): string {
  const parts: string[] = [];
  if (entry.details) parts.push(entry.details);
  if (entry.before != null) parts.push(`before: ${JSON.stringify(entry.before)}`);
  if (entry.after != null) parts.push(`after: ${JSON.stringify(entry.after)}`);
  return parts.join("; ");
}

/** The people an entry refers to, by id: the acting user and the user, customer or referral it is about. */
export interface AuditNames {
  actorName: string | null;
  resourceName: string | null;
}

type NamedEntry = { actorId: number | null; resourceType: string; resourceId: string | null };

/** A resource id that names a row (a positive whole number), else null. */
function rowId(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * Today's names of the people entries refer to, read when the entries are shown: entries keep ids
 * only, so an erased (or missing) person shows as "erased" (docs/rules/audit.md, "Audit trail"). One statement per
 * page of entries, whatever its size or its mix of resources.
 */
export async function auditNamesOf(
  db: QueryRunner,
  entries: readonly NamedEntry[],
): Promise<(entry: NamedEntry) => AuditNames> {
  const ids = (type: string) =>
    [...new Set(entries.filter((e) => e.resourceType === type).map((e) => rowId(e.resourceId)))].filter(
      (id): id is number => id !== null,
    );
  const userIds = [
    ...new Set([...entries.map((e) => e.actorId).filter((id): id is number => id !== null), ...ids("user")]),
  ];
  const rows = await run(
    db,
    queryBuilder
      .selectFrom("User as u")
      .select([sql<string>`'user'`.as("kind"), "u.id", "u.firstName", "u.lastName", "u.username"])
      .where("u.id", "=", sql<number>`any(${userIds}::int[])`)
      .unionAll(
        queryBuilder
          .selectFrom("CustomerProfile as c")
          .innerJoin("User as cu", "cu.id", "c.userId")
          .select([sql<string>`'customer'`.as("kind"), "c.id", "cu.firstName", "cu.lastName", "cu.username"])
          .where("c.id", "=", sql<number>`any(${ids("customer")}::int[])`),
      )
      .unionAll(
        queryBuilder
          .selectFrom("Referral as r")
          .select([
            sql<string>`'referral'`.as("kind"),
            "r.id",
            "r.name as firstName",
            sql<string | null>`null`.as("lastName"),
            sql<string>`''`.as("username"),
          ])
          .where("r.id", "=", sql<number>`any(${ids("referral")}::int[])`),
      ),
  );
  const names: Record<string, Map<number, string>> = { user: new Map(), customer: new Map(), referral: new Map() };
  for (const row of rows) {
    const name =
      row.kind === "referral" ? (row.firstName ?? ERASED_NAME) : displayName(row.firstName, row.lastName, row.username);
    names[row.kind]?.set(row.id, name);
  }
  const userNames = names.user as Map<number, string>;
  return (entry) => {
    const byType = names[entry.resourceType];
    const id = rowId(entry.resourceId);
    return {
      actorName: entry.actorId === null ? null : (userNames.get(entry.actorId) ?? ERASED_NAME),
      resourceName: byType === undefined || id === null ? null : (byType.get(id) ?? ERASED_NAME),
    };
  };
}
