import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import type { RestRoute } from "../rest/route.ts";
import { restEmailSchema, toRestEmail } from "./outboxListRestRoutes.ts";

const ERROR_FIELDS = "... on Error { code message }";

export const emailRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/email-stats",
    docs: {
      answer: z.object({
        pending: z.number().int(),
        sent: z.number().int(),
        failed: z.number().int(),
        configured: z.boolean(),
      }),
    },
    operation: "query RestEmailStats { emailStats { pending sent failed configured } }",
    answer: (data) => data.emailStats,
  },
  {
    method: "POST",
    path: "/api/admin/process-emails",
    docs: {
      summary: "Send the due emails now",
      body: z.object({ limit: z.number().int().optional() }),
      answer: z.object({
        processed: z.number().int(),
        sent: z.number().int(),
        failed: z.number().int(),
        configured: z.boolean(),
        message: z.string(),
      }),
    },
    operation: `mutation RestProcessEmails($input: ProcessEmailsInput) {
      processEmails(input: $input) {
        ... on MutationProcessEmailsSuccess { data { processed sent failed configured message } }
        ${ERROR_FIELDS}
      }
    }`,
    // The documented call has an empty body; `limit` is an optional extra. A limit that is not a
    // whole number becomes 0, which the service refuses with its message (after the rights check).
    variables: ({ body }) => {
      if (body.limit === undefined || body.limit === null) return { input: {} };
      const valid =
        typeof body.limit === "number" && Number.isSafeInteger(body.limit) && Math.abs(body.limit) < 2 ** 31;
      return { input: { limit: valid ? body.limit : 0 } };
    },
    answer: (data) => data.processEmails.data,
  },
  {
    method: "POST",
    path: "/api/admin/emails/retry-failed",
    docs: { answer: z.object({ retried: z.number().int(), notRetried: z.number().int(), message: z.string() }) },
    operation: `mutation RestRetryFailedEmails {
      retryFailedEmails {
        ... on MutationRetryFailedEmailsSuccess { data { retried notRetried message } }
        ${ERROR_FIELDS}
      }
    }`,
    answer: (data) => data.retryFailedEmails.data,
  },
  {
    method: "POST",
    path: "/api/admin/emails/:id/retry",
    docs: { answer: restEmailSchema },
    operation: `mutation RestRetryEmail($input: RetryEmailInput!) {
      retryEmail(input: $input) {
        ... on MutationRetryEmailSuccess { data { databaseId type toAddress subject status attempts lastError nextAttemptAt sentAt createdAt } }
        ${ERROR_FIELDS}
      }
    }`,
    // Not a number: passed on as is, so the mutation answers 404 after the rights check.
    variables: ({ params }) => ({
      input: {
        emailId:
          params.id && /^\d{1,10}$/.test(params.id)
            ? encodeGlobalID("OutboxEmail", params.id)
            : `invalid:${params.id ?? ""}`,
      },
    }),
    answer: (data) => toRestEmail(data.retryEmail.data),
  },
];
