import { precompile, queryBuilder, type Row, run, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { LedgerEntryKind } from "../generated/prisma/client.ts";
import { keysetList, timestampKeyset } from "../graphql/keysetList.ts";
import { type ConnectionArgs, keysetConnection } from "../graphql/pager.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";

/** A ledger entry with the customer's balance once it was written (credits less reversals so far). */
export interface LedgerLine {
  id: number;
  createdAt: Date;
  kind: LedgerEntryKind;
  amountPence: number;
  rateBasisPoints: number;
  referralId: number;
  purchaseId: number;
  actorId: number | null;
  balancePence: number;
}

/** Newest first, ties by id: the reverse of the order the balance adds up in. */
const { order: NEWEST_LEDGER_LINES_FIRST, columns } = timestampKeyset<LedgerLine>("creditLedger", "l.createdAt", true);

export { NEWEST_LEDGER_LINES_FIRST };

/**
 * The balance is a window sum over all of the customer's entries, oldest first, taken before the
 * page's cursor applies: every page shows the balance the whole ledger gives, not its own sum.
 */
const readPage = keysetList({
  order: NEWEST_LEDGER_LINES_FIRST,
  columns,
  rows: (_shape: [], p: { customerId: number }) =>
    queryBuilder
      .selectFrom((eb) =>
        eb
          .selectFrom("CreditLedgerEntry as e")
          .select([
            "e.id",
            "e.createdAt",
            "e.kind",
            "e.amountPence",
            "e.rateBasisPoints",
            "e.referralId",
            "e.purchaseId",
            "e.actorId",
            sql<string>`SUM(e."amountPence") OVER (ORDER BY e."createdAt", e.id ROWS UNBOUNDED PRECEDING)::bigint`.as(
              "balance",
            ),
          ])
          .where("e.customerId", "=", p.customerId)
          .as("l"),
      )
      .selectAll("l"),
});

/** A page of one customer's credit ledger, newest first, each line with its running balance. */
export function customerLedgerPage(sqlReader: SqlReader, customerId: number, args: ConnectionArgs) {
  return keysetConnection(
    args,
    NEWEST_LEDGER_LINES_FIRST,
    { defaultSize: ADMIN_LIST_DEFAULT_SIZE },
    async (request) => {
      const rows = await readPage(sqlReader, request, [], { customerId });
      return rows.map(({ balance, ...row }): LedgerLine => ({ ...row, balancePence: Number(balance) }));
    },
    (line) => line,
  );
}

const LIVE_PURCHASE_ROWS = precompile((p: { ids: number[] }) =>
  queryBuilder
    .selectFrom("ReferralPurchase")
    .selectAll()
    .where("liveReferralId", "=", sql<number>`any(${p.ids}::int[])`),
);

/** The referral's live purchase row: one statement for every referral a response shows. */
export function livePurchaseRowOf(context: { sql: SqlReader }, referralId: number) {
  const loader = requestLoader(
    context,
    "livePurchaseRows",
    () =>
      new BatchLoader<number, Row<"ReferralPurchase"> | null>(async (ids) => {
        const rows = await run(context.sql, LIVE_PURCHASE_ROWS({ ids }));
        return new Map(rows.map((row) => [row.liveReferralId as number, row]));
      }, null),
  );
  return loader.load(referralId);
}
