import type { DbOrTx } from "../db/prisma.ts";
import type { Prisma } from "../generated/prisma/client.ts";

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
