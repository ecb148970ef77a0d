import type { Expression, ExpressionBuilder } from "kysely";
import { auditNamesOf } from "../audit/index.ts";
import { customerSegment, SEGMENT_NAMES } from "../customers/index.ts";
import type { DbOrTx } from "../db/prisma.ts";
import { queryBuilder, run } from "../db/query.ts";
import { REFERRAL_DETAIL_COLUMNS } from "../db/referralColumns.ts";
import { fraudSignalFigures } from "../fraud/index.ts";
import { CustomerStatus, ReferralStatus } from "../generated/kysely/enums.ts";
import { displayName, shownEmail, shownUsername } from "../lib/displayName.ts";
import { NotFoundError, ValidationError } from "../lib/errors.ts";
import { penceFromSum, penceToPounds } from "../lib/money.ts";
import { dayRange } from "../lib/reportDays.ts";
import { progressPercentage } from "../milestones/index.ts";
import { daysRemaining } from "../referrals/index.ts";
import { channelFigures } from "../shareLinks/index.ts";
import { staffFigures } from "../staff/index.ts";
import { purchasesWithCustomer } from "./purchaseRows.ts";

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

/** The report's rows whose date column is in the filters' range (from inclusive, until exclusive). */
function inDateRange<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: Expression<Date>,
  filters: ReportFilters,
) {
  return eb.and([
    ...(filters.from ? [eb(column, ">=", filters.from)] : []),
    ...(filters.until ? [eb(column, "<", filters.until)] : []),
  ]);
}

/** The filter's status when it is one of the enum's values (prepareReport only lets those through). */
const statusIn = <T extends string>(values: Record<string, T>, status: string | undefined): T | undefined =>
  Object.values(values).find((value) => value === status);

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
      const status = statusIn(CustomerStatus, filters.status);
      const rows = await run(
        db,
        queryBuilder
          .selectFrom("CustomerProfile as c")
          .innerJoin("User as u", "u.id", "c.userId")
          .select((eb) => [
            "c.id",
            "u.username",
            "u.firstName",
            "u.lastName",
            "u.email",
            "c.originalPurchaseAmountPence as purchase",
            "c.postcode",
            "c.contractNumber",
            "c.status",
            "c.createdAt",
            eb
              .selectFrom("CreditLedgerEntry as e")
              .whereRef("e.customerId", "=", "c.id")
              .select((e) => e.fn.sum<string | null>("e.amountPence").as("sum"))
              .as("credits"),
            eb
              .selectFrom("MilestonePayment as p")
              .whereRef("p.customerId", "=", "c.id")
              .select((p) => p.fn.sum<string | null>("p.amountPence").as("sum"))
              .as("paid"),
            eb
              .selectFrom("MilestonePayment as p")
              .whereRef("p.customerId", "=", "c.id")
              .select((p) => p.fn.agg<string[] | null>("array_agg", [p.cast("p.milestone", "text")]).as("keys"))
              .as("milestones"),
            eb
              .selectFrom("Referral as r")
              .whereRef("r.customerId", "=", "c.id")
              .select((r) => r.cast<number>(r.fn.countAll(), "integer").as("n"))
              .as("referrals"),
            eb
              .selectFrom("Referral as r")
              .whereRef("r.customerId", "=", "c.id")
              .where("r.status", "=", "PURCHASED")
              .select((r) => r.cast<number>(r.fn.countAll(), "integer").as("n"))
              .as("purchased"),
          ])
          .where("c.id", ">", afterId)
          .where((eb) => inDateRange(eb, eb.ref("c.createdAt"), filters))
          .$if(status !== undefined, (query) => query.where("c.status", "=", status!))
          .orderBy("c.id")
          .limit(limit),
      );
      return {
        lastId: rows.at(-1)?.id ?? afterId,
        rows: rows.map((r) => {
          const credits = penceFromSum(r.credits);
          const paid = r.milestones ?? [];
          return {
            id: r.id,
            userName: shownUsername(r.username),
            firstName: r.firstName,
            lastName: r.lastName,
            email: shownEmail(r.email),
            originalPurchaseAmount: penceToPounds(r.purchase),
            postcode: r.postcode,
            contractNumber: r.contractNumber,
            currentCredits: penceToPounds(credits),
            creditsPaid: penceToPounds(penceFromSum(r.paid)),
            progressPercentage: progressPercentage(r.purchase, credits),
            totalReferrals: r.referrals ?? 0,
            purchasedReferrals: r.purchased ?? 0,
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
    statuses: { pending: "PENDING", purchased: "PURCHASED", expired: "EXPIRED", withdrawn: "WITHDRAWN" },
    async batch(db, filters, afterId, limit) {
      const status = statusIn(ReferralStatus, filters.status);
      const rows = await run(
        db,
        queryBuilder
          .selectFrom("Referral as r")
          .innerJoin("CustomerProfile as c", "c.id", "r.customerId")
          .innerJoin("User as u", "u.id", "c.userId")
          .leftJoin("ReferralPurchase as p", "p.liveReferralId", "r.id")
          .leftJoin("CreditLedgerEntry as e", (join) =>
            join.onRef("e.purchaseId", "=", "p.id").on("e.kind", "=", "CREDIT"),
          )
          .select([
            "r.id",
            "r.customerId",
            "u.firstName",
            "u.lastName",
            "u.username",
            ...REFERRAL_DETAIL_COLUMNS,
            "p.amountPence as amount",
            "p.verifiedAt",
            "e.amountPence as credit",
          ])
          .where("r.id", ">", afterId)
          .where((eb) => inDateRange(eb, eb.ref("r.createdAt"), filters))
          .$if(status !== undefined, (query) => query.where("r.status", "=", status!))
          .orderBy("r.id")
          .limit(limit),
      );
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
      const rows = await run(
        db,
        purchasesWithCustomer()
          .innerJoin("User as v", "v.id", "p.verifiedById")
          .leftJoin("CreditLedgerEntry as e", (join) =>
            join.onRef("e.purchaseId", "=", "p.id").on("e.kind", "=", "CREDIT"),
          )
          .select([
            "r.phone",
            "p.amountPence as amount",
            "e.amountPence as credit",
            "e.rateBasisPoints as rate",
            "p.verifiedAt",
            "p.notes",
            "v.username as verified_by",
          ])
          .where("p.liveReferralId", "is not", null)
          .where("p.id", ">", afterId)
          .where((eb) => inDateRange(eb, eb.ref("p.verifiedAt"), filters))
          .orderBy("p.id")
          .limit(limit),
      );
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
      const rows = await run(
        db,
        queryBuilder
          .selectFrom("MilestonePayment as m")
          .innerJoin("CustomerProfile as c", "c.id", "m.customerId")
          .innerJoin("User as u", "u.id", "c.userId")
          .innerJoin("User as a", "a.id", "m.paidById")
          .select([
            "m.id",
            "m.customerId",
            "u.firstName",
            "u.lastName",
            "u.username",
            "m.milestone",
            "m.amountPence as amount",
            "m.paidAt",
            "a.username as paid_by",
            "m.notes",
          ])
          .where("m.id", ">", afterId)
          .where((eb) => inDateRange(eb, eb.ref("m.paidAt"), filters))
          .orderBy("m.id")
          .limit(limit),
      );
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
  // One row per channel over the range (docs/rules/share-links.md, "Figures"): a single batch.
  "referral-channels": {
    columns: ["channel", "referrals", "verifiedPurchases", "linkOpens"],
    async batch(db, filters, afterId) {
      if (afterId > 0) return { lastId: afterId, rows: [] };
      const rows = await channelFigures(db, filters);
      return {
        lastId: rows.length,
        rows: rows.map((row) => ({ ...row, channel: row.channel.toLowerCase() })),
      };
    },
  },
  // The fraud report (docs/rules/fraud.md, "Fraud report"): a row per kind (every kind), then a row per
  // customer with flagged referrals, told apart by `section`; a single batch.
  "fraud-signals": {
    columns: [
      "section",
      "kind",
      "words",
      "customerId",
      "customerName",
      "flagged",
      "signals",
      "verified",
      "withdrawn",
      "held",
      "expired",
      "pending",
    ],
    async batch(db, filters, afterId) {
      if (afterId > 0) return { lastId: afterId, rows: [] };
      const { kinds, customers } = await fraudSignalFigures(db, filters);
      const rows: ReportRow[] = [
        ...kinds.map(({ kind, words, ...outcomes }) => ({
          section: "kind",
          kind: kind.toLowerCase(),
          words,
          customerId: null,
          customerName: null,
          signals: null,
          ...outcomes,
        })),
        ...customers.map(({ customerId, customerName, signals, ...outcomes }) => ({
          section: "customer",
          kind: null,
          words: null,
          customerId,
          customerName,
          signals,
          ...outcomes,
        })),
      ];
      return { lastId: rows.length, rows };
    },
  },
  // One row per staff member over the range (docs/rules/roles.md, "Attribution"): a single batch.
  staff: {
    columns: ["staffUserId", "name", "referrals", "verifiedPurchases"],
    async batch(db, filters, afterId) {
      if (afterId > 0) return { lastId: afterId, rows: [] };
      const rows = await staffFigures(db, filters);
      return { lastId: rows.length, rows: rows.map((row) => ({ ...row })) };
    },
  },
  "audit-log": {
    columns: [
      "id",
      "action",
      "resourceType",
      "resourceId",
      "resourceName",
      "adminId",
      "adminName",
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
      // Entries keep ids; the names are today's (an erased person is "erased").
      const names = await auditNamesOf(db, rows);
      return {
        lastId: rows.at(-1)?.id ?? afterId,
        rows: rows.map((r) => ({
          id: r.id,
          action: r.action,
          resourceType: r.resourceType,
          resourceId: r.resourceId,
          resourceName: names(r).resourceName,
          adminId: r.actorId,
          adminName: names(r).actorName,
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

/** Checks the name and the filters (`from`, `to` as YYYY-MM-DD, inclusive London days; `status`). */
export function prepareReport(
  name: string,
  query: URLSearchParams,
): { definition: ReportDefinition; filters: ReportFilters } {
  const definition = REPORTS[name];
  if (!definition) throw new NotFoundError(`No report named "${name}". Reports: ${Object.keys(REPORTS).join(", ")}.`);
  // Days in London time, as the charts' buckets (lib/reportDays.ts).
  const { from, until } = dayRange(query.get("from"), query.get("to"));
  const filters: ReportFilters = { from, until };
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

/** What each report is (its columns and status filters), for the published API description (rest/openapi.ts). */
export function reportCatalogue(): { name: string; columns: string[]; statuses: string[] }[] {
  return Object.entries(REPORTS).map(([name, definition]) => ({
    name,
    columns: definition.columns,
    statuses: Object.keys(definition.statuses ?? {}),
  }));
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
