import { queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import { keysetPage, pageValues, startAfterId, timestampKeyset } from "../graphql/keysetList.ts";
import { type ConnectionArgs, keysetConnection } from "../graphql/pager.ts";
import { displayName } from "../lib/displayName.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";
import { dayRange } from "../lib/reportDays.ts";
import { purchasesWithCustomer } from "./purchaseRows.ts";

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
const { order: NEWEST_CANCELLATIONS_FIRST, columns } = timestampKeyset<
  Pick<PurchaseCancellation, "id" | "cancelledAt">
>("purchaseCancellations", "p.cancelledAt", true);

export { NEWEST_CANCELLATIONS_FIRST };

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
  const startAfter = await startAfterId(NEWEST_CANCELLATIONS_FIRST, args.afterDatabaseId, "cancelled purchase", (id) =>
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
        keysetPage(
          purchasesWithCustomer()
            .leftJoin("User as a", "a.id", "p.cancelledById")
            .leftJoin("CreditLedgerEntry as e", (join) =>
              join.onRef("e.purchaseId", "=", "p.id").on("e.kind", "=", "REVERSAL"),
            )
            .select([
              "p.amountPence",
              "e.amountPence as reversed",
              "p.cancelledAt",
              "a.username as cancelledBy",
              "p.cancellationReason",
            ])
            .where("p.cancelledAt", "is not", null)
            .$if(range.from !== undefined, (query) => query.where("p.cancelledAt", ">=", range.from as Date))
            .$if(range.until !== undefined, (query) => query.where("p.cancelledAt", "<", range.until as Date)),
          NEWEST_CANCELLATIONS_FIRST,
          columns,
          request.after !== null,
          pageValues(request),
        ),
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
