import type { RestRoute } from "../rest/route.ts";

const ERROR_FIELDS = "... on Error { code message }";

export const emailRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/email-stats",
    operation: "query RestEmailStats { emailStats { pending sent failed configured } }",
    answer: (data) => data.emailStats,
  },
  {
    method: "POST",
    path: "/api/admin/process-emails",
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
];
