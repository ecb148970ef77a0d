import { z } from "zod";
import { restUserSchema, toRestUser } from "../auth/types.ts";
import { bodyText, optionalBodyText } from "../rest/bodyFields.ts";
import { messageAnswer } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";

const USER_FIELDS = "databaseId username email firstName lastName role emailConfirmed profileImageUrl createdAt";
const ERROR_FIELDS = "... on Error { code message }";

/** Account settings: the signed-in user's password, name and email (cookie mutations, CSRF-checked like every other). */
export const accountRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/account/password",
    docs: { body: z.object({ currentPassword: z.string(), newPassword: z.string() }), answer: restUserSchema },
    operation: `mutation RestChangePassword($input: ChangePasswordInput!) {
      changePassword(input: $input) { ... on MutationChangePasswordSuccess { data { ${USER_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({
      input: { currentPassword: bodyText(body, "currentPassword"), newPassword: bodyText(body, "newPassword") },
    }),
    answer: (data) => toRestUser(data.changePassword.data),
  },
  {
    method: "POST",
    path: "/api/account/name",
    docs: {
      summary: "Change the name (a field left out keeps its value; null or blank clears it)",
      body: z.object({ firstName: z.string().nullable().optional(), lastName: z.string().nullable().optional() }),
      answer: restUserSchema,
    },
    operation: `mutation RestUpdateName($input: UpdateNameInput!) {
      updateName(input: $input) { ... on MutationUpdateNameSuccess { data { ${USER_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    // A field left out keeps its value; null or blank clears it.
    variables: ({ body }) => ({
      input: Object.fromEntries(
        (["firstName", "lastName"] as const)
          .filter((field) => field in body)
          .map((field) => [field, optionalBodyText(body, field)]),
      ),
    }),
    answer: (data) => toRestUser(data.updateName.data),
  },
  {
    method: "POST",
    path: "/api/account/email",
    docs: {
      summary: "Change the email address (confirmed by a link sent to the new one)",
      body: z.object({ newEmail: z.string(), currentPassword: z.string() }),
      answer: messageAnswer,
    },
    operation: `mutation RestRequestEmailChange($input: RequestEmailChangeInput!) {
      requestEmailChange(input: $input) { ... on MutationRequestEmailChangeSuccess { data { message } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({
      input: { newEmail: bodyText(body, "newEmail"), currentPassword: bodyText(body, "currentPassword") },
    }),
    answer: (data) => data.requestEmailChange.data,
  },
];
