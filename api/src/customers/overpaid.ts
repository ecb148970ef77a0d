import type { Expression, SqlBool } from "kysely";
import { sql } from "../db/query.ts";

/**
 * overpaidPence (milestones/rules.ts) as the customer list's filter: a customer is overpaid exactly
 * when their milestone payments exceed their credits. `overpaid` false gives the others.
 * stages.test.ts proves both agree with overpaidPence at every boundary.
 */
export function overpaidCondition(
  customer: { id: Expression<number>; credits: Expression<number | string | bigint> },
  overpaid: boolean,
): Expression<SqlBool> {
  const paid = sql<string>`(SELECT coalesce(sum(${sql.ref("mp.amountPence")}), 0) FROM "MilestonePayment" AS mp WHERE ${sql.ref("mp.customerId")} = ${customer.id})`;
  return overpaid ? sql<SqlBool>`${paid} > ${customer.credits}` : sql<SqlBool>`${paid} <= ${customer.credits}`;
}
