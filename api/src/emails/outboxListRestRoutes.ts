import { z } from "zod";
import { id, timestamp } from "../rest/docSchemas.ts";
import { restEnum, restPage } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";
import { EMAIL_TYPES } from "./templates.ts";

/** An outbox email as REST answers it (toRestEmail). */
export const restEmailSchema = z.object({
  id,
  type: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: timestamp.nullable(),
  sentAt: timestamp.nullable(),
  createdAt: timestamp,
});

export const outboxListRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/emails",
    docs: {
      summary: "The email outbox, newest first",
      query: z.object({
        status: z.enum(["pending", "sent", "failed"]).optional(),
        type: z.string().optional().describe("An email type, e.g. password-reset"),
      }),
      answer: z.array(restEmailSchema),
    },
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
