import { customerSegment, progressPercentage, SEGMENT_NAMES } from "../customers/index.ts";
import type { DbOrTx } from "../db/prisma.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { displayName } from "../lib/displayName.ts";
import { NotFoundError, ValidationError } from "../lib/errors.ts";
import { penceFromSum, penceToPounds } from "../lib/money.ts";
import { daysRemaining } from "../referrals/index.ts";

export type ReportRow = Record<string, string | number | boolean | null>;

export interface ReportFilters {
  from?: Date;
  /** Exclusive: the day after the `to` date given. */
  until?: Date;
  status?: string;
}

interface ReportDefinition {
  columns: string[];
  statuses?: Record<string, string>;
  /** One batch after the given id (keyset), oldest first, at most `limit` rows. */
  batch(
    db: DbOrTx,
    filters: ReportFilters,
    afterId: number,
    limit: number,
  ): Promise<{ lastId: number; rows: ReportRow[] }>;
}

const BATCH_SIZE = 1000;

function dateRange(column: Prisma.Sql, filters: ReportFilters): Prisma.Sql {
  return Prisma.sql`${filters.from ? Prisma.sql`AND ${column} >= ${filters.from}` : Prisma.empty} ${filters.until ? Prisma.sql`AND ${column} < ${filters.until}` : Prisma.empty}`;
}

/** The reports an administrator can download; each streams in keyset batches, never all rows at once. */
export const REPORTS: Record<string, ReportDefinition> = {
  customers: {
    columns: [
      "id",
      "userName",
      "firstName",
      "lastName",
      "email",
      "originalPurchaseAmount",
      "postcode",
      "contractNumber",
      "currentCredits",
      "creditsPaid",
      "progressPercentage",
      "totalReferrals",
      "purchasedReferrals",
      "status",
      "segment",
      "refundIssued",
      "milestone33Paid",
      "milestone66Paid",
      "milestone100Paid",
      "createdAt",
    ],
    statuses: { pending: "PENDING", verified: "VERIFIED", rejected: "REJECTED" },
    async batch(db, filters, afterId, limit) {
      const rows = await db.$queryRaw<any[]>`
        SELECT c.id, u.username, u."firstName", u."lastName", u.email, c."originalPurchaseAmountPence" AS purchase, c.postcode,
               c."contractNumber", c.status, c."createdAt",
               coalesce((SELECT sum(e."amountPence") FROM "CreditLedgerEntry" e WHERE e."customerId" = c.id), 0)::bigint AS credits,
               coalesce((SELECT sum(p."amountPence") FROM "MilestonePayment" p WHERE p."customerId" = c.id), 0)::bigint AS paid,
               (SELECT array_agg(p.milestone::text) FROM "MilestonePayment" p WHERE p."customerId" = c.id) AS milestones,
               (SELECT count(*)::int FROM "Referral" r WHERE r."customerId" = c.id) AS referrals,
               (SELECT count(*)::int FROM "Referral" r WHERE r."customerId" = c.id AND r.status = 'PURCHASED') AS purchased
        FROM "CustomerProfile" c JOIN "User" u ON u.id = c."userId"
        WHERE c.id > ${afterId} ${dateRange(Prisma.sql`c."createdAt"`, filters)}
          ${filters.status ? Prisma.sql`AND c.status = ${filters.status}::"CustomerStatus"` : Prisma.empty}
        ORDER BY c.id LIMIT ${limit}`;
      return {
        lastId: rows.at(-1)?.id ?? afterId,
        rows: rows.map((r) => {
          const credits = penceFromSum(r.credits);
          const paid: string[] = r.milestones ?? [];
          return {
            id: r.id,
            userName: r.username,
            firstName: r.firstName,
            lastName: r.lastName,
            email: r.email,
            originalPurchaseAmount: penceToPounds(r.purchase),
            postcode: r.postcode,
            contractNumber: r.contractNumber,
            currentCredits: penceToPounds(credits),
            creditsPaid: penceToPounds(penceFromSum(r.paid)),
            progressPercentage: progressPercentage(r.purchase, credits),
            totalReferrals: r.referrals,
            purchasedReferrals: r.purchased,
            status: String(r.status).toLowerCase(),
            segment: SEGMENT_NAMES[customerSegment(r.purchase, credits)],
            refundIssued: paid.includes("M100"),
            milestone33Paid: paid.includes("M33"),
            milestone66Paid: paid.includes("M66"),
            milestone100Paid: paid.includes("M100"),
            createdAt: r.createdAt.toISOString(),
          };
        }),
      };
    },
  },
  "referral-details": {
    columns: [
      "id",
      "customerId",
      "customerName",
      "referralName",
      "referralEmail",
      "referralPhone",
      "address",
      "status",
      "purchaseAmount",
      "creditEarned",
      "daysRemaining",
      "createdAt",
      "purchaseDate",
    ],
    statuses: { pending: "PENDING", purchased: "PURCHASED", expired: "EXPIRED" },
    async batch(db, filters, afterId, limit) {
      const rows = await db.$queryRaw<any[]>`
        SELECT r.id, r."customerId", u."firstName", u."lastName", u.username, r.name, r.email, r.phone, r.address, r.status,
               r."createdAt", r."expiresAt", p."amountPence" AS amount, p."verifiedAt", e."amountPence" AS credit
        FROM "Referral" r
        JOIN "CustomerProfile" c ON c.id = r."customerId" JOIN "User" u ON u.id = c."userId"
        LEFT JOIN "ReferralPurchase" p ON p."liveReferralId" = r.id
        LEFT JOIN "CreditLedgerEntry" e ON e."purchaseId" = p.id AND e.kind = 'CREDIT'
        WHERE r.id > ${afterId} ${dateRange(Prisma.sql`r."createdAt"`, filters)}
          ${filters.status ? Prisma.sql`AND r.status = ${filters.status}::"ReferralStatus"` : Prisma.empty}
        ORDER BY r.id LIMIT ${limit}`;
      return {
        lastId: rows.at(-1)?.id ?? afterId,
        rows: rows.map((r) => ({
          id: r.id,
          customerId: r.customerId,
          customerName: displayName(r.firstName, r.lastName, r.username),
          referralName: r.name,
          referralEmail: r.email,
          referralPhone: r.phone,
          address: r.address,
          status: String(r.status).toLowerCase(),
          purchaseAmount: r.amount == null ? null : penceToPounds(r.amount),
          creditEarned: r.credit == null ? null : penceToPounds(r.credit),
          daysRemaining: daysRemaining(r),
          createdAt: r.createdAt.toISOString(),
          purchaseDate: r.verifiedAt ? r.verifiedAt.toISOString() : null,
        })),
      };
    },
  },
  "purchased-referrals": {
    columns: [
      "id",
      "referralId",
      "customerId",
      "customerName",
      "referralName",
      "referralPhone",
      "purchaseAmount",
      "creditEarned",
      "creditRate",
      "purchaseDate",
      "notes",
      "verifiedBy",
    ],
    async batch(db, filters, afterId, limit) {
      const rows = await db.$queryRaw<any[]>`
        SELECT p.id, p."referralId", r."customerId", u."firstName", u."lastName", u.username, r.name, r.phone, p."amountPence" AS amount,
               e."amountPence" AS credit, e."rateBasisPoints" AS rate, p."verifiedAt", p.notes, v.username AS verified_by
        FROM "ReferralPurchase" p
        JOIN "Referral" r ON r.id = p."referralId"
        JOIN "CustomerProfile" c ON c.id = r."customerId" JOIN "User" u ON u.id = c."userId"
        JOIN "User" v ON v.id = p."verifiedById"
        LEFT JOIN "CreditLedgerEntry" e ON e."purchaseId" = p.id AND e.kind = 'CREDIT'
        WHERE p."liveReferralId" IS NOT NULL AND p.id > ${afterId} ${dateRange(Prisma.sql`p."verifiedAt"`, filters)}
        ORDER BY p.id LIMIT ${limit}`;
      return {
        lastId: rows.at(-1)?.id ?? afterId,
        rows: rows.map((r) => ({
          id: r.id,
          referralId: r.referralId,
          customerId: r.customerId,
          customerName: displayName(r.firstName, r.lastName, r.username),
          referralName: r.name,
          referralPhone: r.phone,
          purchaseAmount: penceToPounds(r.amount),
          creditEarned: r.credit == null ? null : penceToPounds(r.credit),
          creditRate: r.rate == null ? null : `${r.rate / 100}%`,
          purchaseDate: r.verifiedAt.toISOString(),
          notes: r.notes,
          verifiedBy: r.verified_by,
        })),
      };
    },
  },
  "milestone-payments": {
    columns: ["id", "customerId", "customerName", "milestoneType", "amount", "paidAt", "paidBy", "notes"],
    async batch(db, filters, afterId, limit) {
      const rows = await db.$queryRaw<any[]>`
        SELECT m.id, m."customerId", u."firstName", u."lastName", u.username, m.milestone, m."amountPence" AS amount, m."paidAt",
               a.username AS paid_by, m.notes
        FROM "MilestonePayment" m
        JOIN "CustomerProfile" c ON c.id = m."customerId" JOIN "User" u ON u.id = c."userId"
        JOIN "User" a ON a.id = m."paidById"
        WHERE m.id > ${afterId} ${dateRange(Prisma.sql`m."paidAt"`, filters)}
        ORDER BY m.id LIMIT ${limit}`;
      return {
        lastId: rows.at(-1)?.id ?? afterId,
        rows: rows.map((r) => ({
          id: r.id,
          customerId: r.customerId,
          customerName: displayName(r.firstName, r.lastName, r.username),
          milestoneType: `milestone_${String(r.milestone).slice(1)}`,
          amount: penceToPounds(r.amount),
          paidAt: r.paidAt.toISOString(),
          paidBy: r.paid_by,
          notes: r.notes,
        })),
      };
    },
  },
  "audit-log": {
    columns: [
      "id",
      "action",
      "resourceType",
      "resourceId",
      "adminId",
      "details",
      "before",
      "after",
      "ipAddress",
      "createdAt",
    ],
    async batch(db, filters, afterId, limit) {
      const rows = await db.auditEntry.findMany({
        where: {
          id: { gt: afterId },
          ...(filters.from || filters.until
            ? {
                createdAt: {
                  ...(filters.from ? { gte: filters.from } : {}),
                  ...(filters.until ? { lt: filters.until } : {}),
                },
              }
            : {}),
        },
        orderBy: { id: "asc" },
        take: limit,
      });
      return {
        lastId: rows.at(-1)?.id ?? afterId,
        rows: rows.map((r) => ({
          id: r.id,
          action: r.action,
          resourceType: r.resourceType,
          resourceId: r.resourceId,
          adminId: r.actorId,
          details: r.details,
          before: r.before == null ? null : JSON.stringify(r.before),
          after: r.after == null ? null : JSON.stringify(r.after),
          ipAddress: r.ipAddress,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  },
};

/** Checks the name and the filters (`from`, `to` as YYYY-MM-DD, inclusive; `status`). */
export function prepareReport(
  name: string,
  query: URLSearchParams,
): { definition: ReportDefinition; filters: ReportFilters } {
  const definition = REPORTS[name];
  if (!definition) throw new NotFoundError(`No report named "${name}". Reports: ${Object.keys(REPORTS).join(", ")}.`);
  const filters: ReportFilters = {};
  const from = query.get("from");
  const to = query.get("to");
  if (from) filters.from = parseDay(from, "from");
  if (to) filters.until = new Date(parseDay(to, "to").getTime() + 24 * 60 * 60 * 1000);
  if (filters.from && filters.until && filters.from >= filters.until)
    throw new ValidationError("The from date must not be after the to date.", "from");
  const status = query.get("status");
  if (status) {
    const value = definition.statuses?.[status.toLowerCase()];
    if (!value) {
      const allowed = Object.keys(definition.statuses ?? {});
      throw new ValidationError(
        allowed.length
          ? `Unknown status "${status}". Use one of: ${allowed.join(", ")}.`
          : `The ${name} report has no status filter.`,
        "status",
      );
    }
    filters.status = value;
  }
  return { definition, filters };
}

function parseDay(text: string, field: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw new ValidationError(`${field} must be a date written YYYY-MM-DD.`, field);
  }
  return date;
}

/** Every row of the report, a batch at a time. */
export async function* reportRows(
  db: DbOrTx,
  definition: ReportDefinition,
  filters: ReportFilters,
): AsyncGenerator<ReportRow[]> {
  let afterId = 0;
  for (;;) {
    const { lastId, rows } = await definition.batch(db, filters, afterId, BATCH_SIZE);
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH_SIZE) return;
    afterId = lastId;
  }
}
