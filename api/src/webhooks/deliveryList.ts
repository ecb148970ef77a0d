import { precompile, precompileByShape, queryBuilder, type Row, run, runFirst, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import {
  afterPosition,
  afterValues,
  type ConnectionArgs,
  type KeysetOrder,
  keysetConnection,
  keysetOrderBy,
  positionOfId,
} from "../graphql/pager.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";

export type WebhookDeliveryRow = Row<"WebhookDelivery">;

/** Newest first, ties broken by id. */
export const NEWEST_DELIVERIES_FIRST: KeysetOrder<WebhookDeliveryRow> = {
  name: "webhookDeliveries",
  keys: ["timestamp"],
  descending: true,
  keysOf: (delivery) => [delivery.createdAt],
};
const COLUMNS = { keys: [sql.ref("d.createdAt")], id: sql.ref<number>("d.id") };

/** One statement with a cursor, one without, built once. */
const pageStatementOf = precompileByShape(
  (withAfter: boolean) => String(withAfter),
  (withAfter: boolean) =>
    precompile((p: { endpointId: number; limit: number; key: unknown; id: unknown }) =>
      queryBuilder
        .selectFrom("WebhookDelivery as d")
        .selectAll("d")
        .where("d.endpointId", "=", p.endpointId)
        .$if(withAfter, (query) =>
          query.where(afterPosition(NEWEST_DELIVERIES_FIRST, COLUMNS, { keys: [p.key], id: p.id })),
        )
        .orderBy(keysetOrderBy(NEWEST_DELIVERIES_FIRST, COLUMNS))
        .limit(p.limit),
    ),
);

/** A page of one endpoint's deliveries, newest first; `afterDatabaseId` continues after that delivery (REST `?after=`). */
export async function deliveriesPage(
  sqlReader: SqlReader,
  endpointId: number,
  args: ConnectionArgs & { afterDatabaseId?: number | null },
) {
  const startAfter =
    args.afterDatabaseId == null
      ? null
      : await positionOfId(
          NEWEST_DELIVERIES_FIRST as KeysetOrder<{ id: number; createdAt: Date }>,
          args.afterDatabaseId,
          "delivery",
          (id) =>
            runFirst(
              sqlReader,
              queryBuilder
                .selectFrom("WebhookDelivery")
                .select("createdAt")
                .where("id", "=", id)
                .where("endpointId", "=", endpointId),
            ),
        );
  return keysetConnection(
    args,
    NEWEST_DELIVERIES_FIRST,
    { defaultSize: ADMIN_LIST_DEFAULT_SIZE },
    (request) =>
      run(
        sqlReader,
        pageStatementOf(request.after !== null)({ endpointId, limit: request.limit, ...afterValues(request.after) }),
      ),
    (delivery): WebhookDeliveryRow => delivery,
    startAfter,
  );
}
