import type { DbOrTx } from "../db/prisma.ts";
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

/** An entry's IP address is kept this long, then cleared (README, "Audit log"). */
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
 * only, so an erased (or missing) person shows as "erased" (README, "Audit log"). Three reads per
 * page of entries, whatever its size.
 */
export async function auditNamesOf(
  db: DbOrTx,
  entries: readonly NamedEntry[],
): Promise<(entry: NamedEntry) => AuditNames> {
  const ids = (type: string) =>
    [...new Set(entries.filter((e) => e.resourceType === type).map((e) => rowId(e.resourceId)))].filter(
      (id): id is number => id !== null,
    );
  const userIds = [
    ...new Set([...entries.map((e) => e.actorId).filter((id): id is number => id !== null), ...ids("user")]),
  ];
  const nameColumns = { firstName: true, lastName: true, username: true } as const;
  const [users, customers, referrals] = await Promise.all([
    userIds.length === 0
      ? []
      : db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, ...nameColumns } }),
    ids("customer").length === 0
      ? []
      : db.customerProfile.findMany({
          where: { id: { in: ids("customer") } },
          select: { id: true, user: { select: nameColumns } },
        }),
    ids("referral").length === 0
      ? []
      : db.referral.findMany({ where: { id: { in: ids("referral") } }, select: { id: true, name: true } }),
  ]);
  const userNames = new Map(users.map((u) => [u.id, displayName(u.firstName, u.lastName, u.username)]));
  const customerNames = new Map(
    customers.map((c) => [c.id, displayName(c.user.firstName, c.user.lastName, c.user.username)]),
  );
  const referralNames = new Map(referrals.map((r) => [r.id, r.name ?? ERASED_NAME]));
  const names: Record<string, Map<number, string>> = {
    user: userNames,
    customer: customerNames,
    referral: referralNames,
  };
  return (entry) => {
    const byType = names[entry.resourceType];
    const id = rowId(entry.resourceId);
    return {
      actorName: entry.actorId === null ? null : (userNames.get(entry.actorId) ?? ERASED_NAME),
      resourceName: byType === undefined || id === null ? null : (byType.get(id) ?? ERASED_NAME),
    };
  };
}
