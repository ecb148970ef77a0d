import { queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import {
  afterPosition,
  type ConnectionArgs,
  type KeysetOrder,
  keysetConnection,
  keysetOrderBy,
  positionOfId,
} from "../graphql/pager.ts";
import { displayName } from "../lib/displayName.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";
import { dayRange } from "../lib/reportDays.ts";

export interface PurchaseCancellation {
  /** The purchase's id. */
  id: number;
  referralId: number;
  customerId: number;
  customerName: string;
  /** Null once the referral's personal data was erased. */
  referralName: string | null;
  amountPence: number;
  /** The credit taken back (a positive amount); 0 when the purchase had none. */
  creditReversedPence: number;
  cancelledAt: Date;
  /** The administrator who cancelled it (user name). */
  cancelledBy: string | null;
  reason: string | null;
}

/** Newest cancellation first, ties by purchase id. */
export const NEWEST_CANCELLATIONS_FIRST: KeysetOrder<Pick<PurchaseCancellation, "id" | "cancelledAt">> = {
  name: "purchaseCancellations",
  keys: ["timestamp"],
  descending: true,
  keysOf: (row) => [row.cancelledAt],
};
const COLUMNS = { keys: [sql.ref("p.cancelledAt")], id: sql.ref<number>("p.id") };

/**
 * Cancelled purchases, newest first, in the range when given: who cancelled, when, the amount, the
 * credit reversed and the reason. Served by the (cancelledAt desc, id desc) index; built per
 * request (a cold admin path), with only the conditions it needs.
 */
export async function purchaseCancellations(
  reader: SqlReader,
  args: ConnectionArgs & { from?: string | null; to?: string | null; afterDatabaseId?: number | null },
) {
  const range = dayRange(args.from, args.to);
  // A REST `?after=<purchase id>`: the position of that cancellation.
  const startAfter =
    args.afterDatabaseId == null
      ? null
      : await positionOfId(NEWEST_CANCELLATIONS_FIRST, args.afterDatabaseId, "cancelled purchase", (id) =>
          runFirst(
            reader,
            queryBuilder
              .selectFrom("ReferralPurchase")
              .select(sql<Date>`"cancelledAt"`.as("cancelledAt"))
              .where("id", "=", id)
              .where("cancelledAt", "is not", null),
          ),
        );
  return keysetConnection(
    args,
    NEWEST_CANCELLATIONS_FIRST,
    { defaultSize: ADMIN_LIST_DEFAULT_SIZE },
    async (request) => {
      const rows = await run(
        reader,
        queryBuilder
          .selectFrom("ReferralPurchase as p")
          .innerJoin("Referral as r", "r.id", "p.referralId")
          .innerJoin("CustomerProfile as c", "c.id", "r.customerId")
          .innerJoin("User as u", "u.id", "c.userId")
          .leftJoin("User as a", "a.id", "p.cancelledById")
          .leftJoin("CreditLedgerEntry as e", (join) =>
            join.onRef("e.purchaseId", "=", "p.id").on("e.kind", "=", "REVERSAL"),
          )
          .select([
            "p.id",
            "p.referralId",
            "r.customerId",
            "u.firstName",
            "u.lastName",
            "u.username",
            "r.name",
            "p.amountPence",
            "e.amountPence as reversed",
            "p.cancelledAt",
            "a.username as cancelledBy",
            "p.cancellationReason",
          ])
          .where("p.cancelledAt", "is not", null)
          .$if(range.from !== undefined, (query) => query.where("p.cancelledAt", ">=", range.from as Date))
          .$if(range.until !== undefined, (query) => query.where("p.cancelledAt", "<", range.until as Date))
          .$if(request.after !== null, (query) =>
            query.where(
              afterPosition(NEWEST_CANCELLATIONS_FIRST, COLUMNS, {
                keys: request.after?.keys ?? [],
                id: request.after?.id ?? 0,
              }),
            ),
          )
          .orderBy(keysetOrderBy(NEWEST_CANCELLATIONS_FIRST, COLUMNS))
          .limit(request.limit),
      );
      return rows.map(
        (row): PurchaseCancellation => ({
          id: row.id,
          referralId: row.referralId,
          customerId: row.customerId,
          customerName: displayName(row.firstName, row.lastName, row.username),
          referralName: row.name,
          amountPence: row.amountPence,
          creditReversedPence: row.reversed == null ? 0 : -row.reversed,
          cancelledAt: row.cancelledAt as Date,
          cancelledBy: row.cancelledBy,
          reason: row.cancellationReason,
        }),
      );
    },
    (row) => row,
    startAfter,
  );
}
