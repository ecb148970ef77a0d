import { precompile, queryBuilder, type Row, run, sql } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { EmailStatus } from "../generated/prisma/client.ts";
import {
  afterPosition,
  type ConnectionArgs,
  type KeysetOrder,
  keysetConnection,
  keysetOrderBy,
} from "../graphql/pager.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";

/** What the list shows of an email: never its bodies, which hold sign-in and reset links. */
export type OutboxEmail = Omit<Row<"Email">, "textBody" | "htmlBody">;

/** Newest first, ties broken by id: the order the administrators read the outbox in. */
export const NEWEST_EMAILS_FIRST: KeysetOrder<OutboxEmail> = {
  name: "emailOutbox",
  keys: ["timestamp"],
  descending: true,
  keysOf: (email) => [email.createdAt],
};
const COLUMNS = { keys: [sql.ref("e.createdAt")], id: sql.ref<number>("e.id") };

/** One statement per shape (a status or not, one recipient or not, a cursor or not), built once: its prepared plan is reused. */
function pageStatement(withStatus: boolean, withAfter: boolean, withUser = false) {
  return precompile((p: { status: EmailStatus; userId: number; limit: number; key: string; id: number }) =>
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
      .$if(withUser, (query) => query.where("e.userId", "=", p.userId))
      .$if(withAfter, (query) => query.where(afterPosition(NEWEST_EMAILS_FIRST, COLUMNS, { keys: [p.key], id: p.id })))
      .orderBy(keysetOrderBy(NEWEST_EMAILS_FIRST, COLUMNS))
      .limit(p.limit),
  );
}

const STATEMENTS = {
  all: { first: pageStatement(false, false), after: pageStatement(false, true) },
  byStatus: { first: pageStatement(true, false), after: pageStatement(true, true) },
  byUser: { first: pageStatement(false, false, true), after: pageStatement(false, true, true) },
};

/** A page of the outbox, newest first, of one status or all. */
export function outboxPage(sqlReader: SqlReader, args: ConnectionArgs, status: EmailStatus | null) {
  const statements = status ? STATEMENTS.byStatus : STATEMENTS.all;
  return keysetConnection(
    args,
    NEWEST_EMAILS_FIRST,
    { defaultSize: ADMIN_LIST_DEFAULT_SIZE },
    (request) =>
      run(
        sqlReader,
        request.after
          ? statements.after({
              status: status ?? "PENDING",
              userId: 0,
              limit: request.limit,
              key: request.after.keys[0] as string,
              id: request.after.id,
            })
          : statements.first({ status: status ?? "PENDING", userId: 0, limit: request.limit, key: "", id: 0 }),
      ),
    (email): OutboxEmail => email,
  );
}

/** A page of the emails sent to one user (the admin customer page), newest first, every status. */
export function recipientEmailsPage(sqlReader: SqlReader, userId: number, args: ConnectionArgs) {
  return keysetConnection(
    args,
    NEWEST_EMAILS_FIRST,
    { defaultSize: ADMIN_LIST_DEFAULT_SIZE },
    (request) =>
      run(
        sqlReader,
        request.after
          ? STATEMENTS.byUser.after({
              status: "PENDING",
              userId,
              limit: request.limit,
              key: request.after.keys[0] as string,
              id: request.after.id,
            })
          : STATEMENTS.byUser.first({ status: "PENDING", userId, limit: request.limit, key: "", id: 0 }),
      ),
    (email): OutboxEmail => email,
  );
}
