import { restEnum, restPage } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";
import { EMAIL_TYPES } from "./templates.ts";

export const outboxListRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/emails",
    operation: `query RestEmailOutbox($first: Int!, $after: String, $afterDatabaseId: Int, $status: EmailStatus, $type: EmailType) {
      emailOutbox(first: $first, after: $after, afterDatabaseId: $afterDatabaseId, status: $status, type: $type) {
        edges { node { databaseId type toAddress subject status attempts lastError nextAttemptAt sentAt createdAt } }
        pageInfo { hasNextPage endCursor }
      }
    }`,
    pagedList: (data) => data.emailOutbox,
    // Newest first; `?status=failed` for the ones given up on, `?type=password-reset` for one kind, `?limit=` and `?after=` as on the other admin lists.
    variables: ({ query }) => ({
      ...restPage(query),
      status: restEnum(query, "status", ["PENDING", "SENT", "FAILED"] as const),
      type: restEnum(query, "type", EMAIL_TYPES),
    }),
    answer: (data) => data.emailOutbox.edges.map(({ node }: any) => toRestEmail(node)),
  },
];

/** An outbox email as the REST paths answer it: the numeric id, the status in lower case. */
export function toRestEmail(node: any) {
  return {
    id: node.databaseId,
    type: node.type,
    to: node.toAddress,
    subject: node.subject,
    status: node.status.toLowerCase(),
    attempts: node.attempts,
    lastError: node.lastError,
    nextAttemptAt: node.nextAttemptAt,
    sentAt: node.sentAt,
    createdAt: node.createdAt,
  };
}
