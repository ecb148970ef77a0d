import type { Expression, RawBuilder } from "kysely";
import { sql } from "../db/query.ts";
import type { CustomerStatus } from "../generated/prisma/client.ts";

/**
 * Where a customer stands in the programme:
 * Pending Review and Rejected follow the registration's status. A verified customer is
 * Getting Started until they add a referral, Referring while none of their referrals has earned
 * credit, Earning once they hold credits, and Full Refund once the 100% milestone (the last part
 * of the refund) has been paid.
 */
export const CUSTOMER_STAGES = [
  { key: "PENDING_REVIEW", name: "Pending Review" },
  { key: "REJECTED", name: "Rejected" },
  { key: "GETTING_STARTED", name: "Getting Started" },
  { key: "REFERRING", name: "Referring" },
  { key: "EARNING", name: "Earning" },
  { key: "FULL_REFUND", name: "Full Refund" },
] as const;

export type CustomerStageKey = (typeof CUSTOMER_STAGES)[number]["key"];

export function customerStage(customer: {
  status: CustomerStatus;
  totalReferrals: number;
  creditsPence: number;
  refundIssued: boolean;
}): CustomerStageKey {
  if (customer.status === "PENDING") return "PENDING_REVIEW";
  if (customer.status === "REJECTED") return "REJECTED";
  if (customer.refundIssued) return "FULL_REFUND";
  if (customer.creditsPence > 0) return "EARNING";
  if (customer.totalReferrals > 0) return "REFERRING";
  return "GETTING_STARTED";
}

/**
 * The same rule as one SQL expression, for the customer list's stage filter: the customer's
 * status and id, and their credits in pence. The refund is issued when the M100 payment exists.
 * stages.test.ts proves it agrees with customerStage at every boundary.
 */
export function stageOf(customer: {
  status: Expression<string>;
  id: Expression<number>;
  credits: Expression<number | string | bigint>;
}): RawBuilder<CustomerStageKey> {
  return sql<CustomerStageKey>`CASE
  WHEN ${customer.status} = 'PENDING' THEN 'PENDING_REVIEW'
  WHEN ${customer.status} = 'REJECTED' THEN 'REJECTED'
  WHEN EXISTS (SELECT 1 FROM "MilestonePayment" AS ms WHERE ${sql.ref("ms.customerId")} = ${customer.id} AND ${sql.ref("ms.milestone")} = 'M100') THEN 'FULL_REFUND'
  WHEN ${customer.credits} > 0 THEN 'EARNING'
  WHEN EXISTS (SELECT 1 FROM "Referral" AS rs WHERE ${sql.ref("rs.customerId")} = ${customer.id}) THEN 'REFERRING'
  ELSE 'GETTING_STARTED' END`;
}
