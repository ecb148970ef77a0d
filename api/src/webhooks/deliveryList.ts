import { ownedRowCreatedAt } from "../db/ownedRows.ts";
import { queryBuilder, type Row } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import { keysetList, startAfterId, timestampKeyset } from "../graphql/keysetList.ts";
import { type ConnectionArgs, type KeysetOrder, keysetConnection } from "../graphql/pager.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";

export type WebhookDeliveryRow = Row<"WebhookDelivery">;

/** Newest first, ties broken by id. */
const { order: NEWEST_DELIVERIES_FIRST, columns } = timestampKeyset<WebhookDeliveryRow>(
  "webhookDeliveries",
  "d.createdAt",
  true,
);

export { NEWEST_DELIVERIES_FIRST };

/** One statement with a cursor, one without, built once. */
const readPage = keysetList({
  order: NEWEST_DELIVERIES_FIRST,
  columns,
  rows: (_shape: [], p: { endpointId: number }) =>
    queryBuilder.selectFrom("WebhookDelivery as d").selectAll("d").where("d.endpointId", "=", p.endpointId),
});

/** A page of one endpoint's deliveries, newest first; `afterDatabaseId` continues after that delivery (REST `?after=`). */
export async function deliveriesPage(
  sqlReader: SqlReader,
  endpointId: number,
  args: ConnectionArgs & { afterDatabaseId?: number | null },
) {
  const startAfter = await startAfterId(
    NEWEST_DELIVERIES_FIRST as KeysetOrder<{ id: number; createdAt: Date }>,
    args.afterDatabaseId,
    "delivery",
    ownedRowCreatedAt(sqlReader, "WebhookDelivery", "endpointId", endpointId),
  );
  return keysetConnection(
    args,
    NEWEST_DELIVERIES_FIRST,
    { defaultSize: ADMIN_LIST_DEFAULT_SIZE },
    (request) => readPage(sqlReader, request, [], { endpointId }),
    (delivery): WebhookDeliveryRow => delivery,
    startAfter,
  );
}
