import { queryBuilder, runFirst } from "./query.ts";
import type { SqlReader } from "./sql.ts";

/** The tables a list pages by `createdAt` within one owner, and the column naming that owner. */
type OwnedRows = { Activity: "customerId"; Referral: "customerId"; WebhookDelivery: "endpointId" };

/**
 * Reads the `createdAt` of one row that belongs to the owner (undefined for another owner's row):
 * what a list's `?after=<id>` needs to find that row's place (docs/api.md, "Paging REST lists").
 */
export function ownedRowCreatedAt<Table extends keyof OwnedRows>(
  reader: SqlReader,
  table: Table,
  ownerColumn: OwnedRows[Table],
  ownerId: number,
): (id: number) => Promise<{ createdAt: Date } | undefined> {
  // One table's types serve all three: each has id, createdAt and its owner column.
  const from = table as "Activity";
  const owner = ownerColumn as "customerId";
  return (id) =>
    runFirst(reader, queryBuilder.selectFrom(from).select("createdAt").where("id", "=", id).where(owner, "=", ownerId));
}
