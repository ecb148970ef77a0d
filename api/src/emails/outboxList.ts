import { precompile, precompileByShape, queryBuilder, type Row, run, runFirst, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { EmailStatus, EmailType } from "../generated/prisma/client.ts";
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

/** What the list shows of an email: never its bodies, which hold sign-in and reset links. */
export type OutboxEmail = Omit<Row<"Email">, "textBody" | "htmlBody" | "referralId">;

/** Newest first, ties broken by id: the order the administrators read the outbox in. */
export const NEWEST_EMAILS_FIRST: KeysetOrder<OutboxEmail> = {
  name: "emailOutbox",
  keys: ["timestamp"],
  descending: true,
  keysOf: (email) => [email.createdAt],
};
const COLUMNS = { keys: [sql.ref("e.createdAt")], id: sql.ref<number>("e.id") };

/** One statement per shape (a status or not, a type or not, one recipient or not, a cursor or not), built once: its prepared plan is reused. */
const pageStatementOf = precompileByShape(
  (withStatus: boolean, withType: boolean, withUser: boolean, withAfter: boolean) =>
    `${withStatus}/${withType}/${withUser}/${withAfter}`,
  (withStatus: boolean, withType: boolean, withUser: boolean, withAfter: boolean) =>
    precompile(
      (p: { status: EmailStatus; type: EmailType; userId: number; limit: number; key: unknown; id: unknown }) =>
        queryBuilder
          .selectFrom("Email as e")
          .select([
            "e.id",
            "e.type",
            "e.userId",
            "e.toAddress",
            "e.subject",
            "e.status",
            "e.attempts",
            "e.lastError",
            "e.nextAttemptAt",
            "e.sentAt",
            "e.createdAt",
          ])
          .$if(withStatus, (query) => query.where("e.status", "=", p.status))
          .$if(withType, (query) => query.where("e.type", "=", p.type))
          .$if(withUser, (query) => query.where("e.userId", "=", p.userId))
          .$if(withAfter, (query) =>
            query.where(afterPosition(NEWEST_EMAILS_FIRST, COLUMNS, { keys: [p.key], id: p.id })),
          )
          .orderBy(keysetOrderBy(NEWEST_EMAILS_FIRST, COLUMNS))
          .limit(p.limit),
    ),
);

/** What the outbox list may be narrowed to: one status, one type, one recipient, or any of them together. */
export interface OutboxFilter {
  status: EmailStatus | null;
  type: EmailType | null;
  userId?: number | null;
}

/** A page of the outbox, newest first, narrowed by the filter; `afterDatabaseId` continues after that email. */
export async function outboxPage(
  sqlReader: SqlReader,
  args: ConnectionArgs & { afterDatabaseId?: number | null },
  filter: OutboxFilter,
) {
  const startAfter =
    args.afterDatabaseId == null
      ? null
      : await positionOfId(
          NEWEST_EMAILS_FIRST as KeysetOrder<{ id: number; createdAt: Date }>,
          args.afterDatabaseId,
          "email",
          (id) => runFirst(sqlReader, queryBuilder.selectFrom("Email").select("createdAt").where("id", "=", id)),
        );
  const userId = filter.userId ?? null;
  return keysetConnection(
    args,
    NEWEST_EMAILS_FIRST,
    { defaultSize: ADMIN_LIST_DEFAULT_SIZE },
    (request) => {
      const statement = pageStatementOf(
        filter.status !== null,
        filter.type !== null,
        userId !== null,
        request.after !== null,
      );
      // Placeholders fill the slots a shape does not use.
      return run(
        sqlReader,
        statement({
          status: filter.status ?? "PENDING",
          type: filter.type ?? "PASSWORD_RESET",
          userId: userId ?? 0,
          limit: request.limit,
          ...afterValues(request.after),
        }),
      );
    },
    (email): OutboxEmail => email,
    startAfter,
  );
}

/** A page of the emails sent to one user (the admin customer page), newest first, every status and type. */
export function recipientEmailsPage(sqlReader: SqlReader, userId: number, args: ConnectionArgs) {
  return outboxPage(sqlReader, args, { status: null, type: null, userId });
}
