import { queryBuilder, type Row, runFirst } from "../db/query.ts";
import type { SqlReader } from "../db/sql.ts";
import type { EmailStatus, EmailType } from "../generated/prisma/client.ts";
import { keysetList, startAfterId, timestampKeyset } from "../graphql/keysetList.ts";
import { type ConnectionArgs, type KeysetOrder, keysetConnection } from "../graphql/pager.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";

/** What the list shows of an email: never its bodies, which hold sign-in and reset links. */
export type OutboxEmail = Omit<Row<"Email">, "textBody" | "htmlBody" | "referralId">;

/** Newest first, ties broken by id: the order the administrators read the outbox in. */
const { order: NEWEST_EMAILS_FIRST, columns } = timestampKeyset<OutboxEmail>("emailOutbox", "e.createdAt", true);

export { NEWEST_EMAILS_FIRST };

/** One statement per shape (a status or not, a type or not, one recipient or not, a cursor or not), built once: its prepared plan is reused. */
const readPage = keysetList({
  order: NEWEST_EMAILS_FIRST,
  columns,
  rows: (
    [withStatus, withType, withUser]: [boolean, boolean, boolean],
    p: { status: EmailStatus; type: EmailType; userId: number },
  ) =>
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
      .$if(withUser, (query) => query.where("e.userId", "=", p.userId)),
});

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
  const startAfter = await startAfterId(
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
    // Placeholders fill the slots a shape does not use.
    (request) =>
      readPage(sqlReader, request, [filter.status !== null, filter.type !== null, userId !== null], {
        status: filter.status ?? "PENDING",
        type: filter.type ?? "PASSWORD_RESET",
        userId: userId ?? 0,
      }),
    (email): OutboxEmail => email,
    startAfter,
  );
}

/** A page of the emails sent to one user (the admin customer page), newest first, every status and type. */
export function recipientEmailsPage(sqlReader: SqlReader, userId: number, args: ConnectionArgs) {
  return outboxPage(sqlReader, args, { status: null, type: null, userId });
}
