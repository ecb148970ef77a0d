import { z } from "zod";
import { NotAuthenticatedError } from "../lib/errors.ts";
import { bodyText, optionalBodyTextOrBlank } from "../rest/bodyFields.ts";
import { id, messageAnswer, timestamp } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";

/** The REST user (toRestUser's answer). */
export const restUserSchema = z.object({
  id,
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(["CUSTOMER", "STAFF", "ADMIN"]).describe("What the user may do (docs/rules/roles.md)"),
  emailConfirmed: z.boolean(),
  profileImageUrl: z.string().nullable(),
  createdAt: timestamp,
});

const USER_FIELDS = "databaseId username email firstName lastName role emailConfirmed profileImageUrl createdAt";
const ERROR_FIELDS = "... on Error { code message }";

/** The REST answer for a user: the documented field names, the numeric id. */
export function toRestUser(user: Record<string, unknown> & { databaseId: number }) {
  const { databaseId, ...rest } = user;
  return { id: databaseId, ...rest };
}

export const authRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/user",
    docs: { summary: "The signed-in user", answer: restUserSchema },
    operation: `query RestUser { viewer { ${USER_FIELDS} } }`,
    answer: (data) => {
      if (!data.viewer) throw new NotAuthenticatedError();
      return toRestUser(data.viewer);
    },
  },
  {
    method: "POST",
    path: "/api/login",
    docs: {
      summary: "Sign in: sets the session cookie",
      body: z.object({
        username: z.string(),
        password: z.string(),
        code: z.string().optional().describe("The authenticator code, when the account has a second factor"),
      }),
      answer: restUserSchema,
    },
    operation: `mutation RestLogin($input: SignInInput!) {
      signIn(input: $input) { ... on MutationSignInSuccess { data { ${USER_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({
      input: {
        username: bodyText(body, "username"),
        password: bodyText(body, "password"),
        code: optionalBodyTextOrBlank(body, "code"),
      },
    }),
    answer: (data) => toRestUser(data.signIn.data),
  },
  {
    method: "POST",
    path: "/api/register",
    docs: {
      summary: "Create an account (and sign in)",
      body: z.object({
        username: z.string(),
        email: z.string(),
        password: z.string(),
        firstName: z.string().optional(),
        lastName: z.string().optional(),
      }),
      answer: restUserSchema,
    },
    operation: `mutation RestRegister($input: RegisterInput!) {
      register(input: $input) { ... on MutationRegisterSuccess { data { ${USER_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({
      input: {
        username: bodyText(body, "username"),
        email: bodyText(body, "email"),
        password: bodyText(body, "password"),
        firstName: optionalBodyTextOrBlank(body, "firstName"),
        lastName: optionalBodyTextOrBlank(body, "lastName"),
      },
    }),
    answer: (data) => toRestUser(data.register.data),
  },
  {
    method: "POST",
    path: "/api/logout",
    docs: { summary: "Sign out", answer: messageAnswer },
    operation: `mutation RestLogout { signOut { ... on MutationSignOutSuccess { data { message } } ${ERROR_FIELDS} } }`,
    answer: (data) => data.signOut.data,
  },
  {
    method: "POST",
    path: "/api/reset-password",
    docs: {
      summary: "Email a password-reset link",
      body: z.object({ username: z.string() }),
      answer: messageAnswer,
    },
    operation: `mutation RestResetPassword($input: RequestPasswordResetInput!) {
      requestPasswordReset(input: $input) { ... on MutationRequestPasswordResetSuccess { data { message } } ${ERROR_FIELDS} }
    }`,
    // newPassword is part of the documented payload and still accepted; the server ignores it.
    variables: ({ body }) => ({
      input: { username: bodyText(body, "username"), newPassword: optionalBodyTextOrBlank(body, "newPassword") },
    }),
    answer: (data) => data.requestPasswordReset.data,
  },
  {
    method: "POST",
    path: "/api/reset-password/confirm",
    docs: {
      summary: "Set a new password with the emailed token",
      body: z.object({ token: z.string(), newPassword: z.string() }),
      answer: messageAnswer,
    },
    operation: `mutation RestConfirmPasswordReset($input: CompletePasswordResetInput!) {
      completePasswordReset(input: $input) { ... on MutationCompletePasswordResetSuccess { data { message } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({
      input: { token: bodyText(body, "token"), newPassword: bodyText(body, "newPassword") },
    }),
    answer: (data) => data.completePasswordReset.data,
  },
  {
    method: "POST",
    path: "/api/confirm-email",
    docs: {
      summary: "Confirm the email address with the emailed token",
      body: z.object({ token: z.string() }),
      answer: messageAnswer,
    },
    operation: `mutation RestConfirmEmail($input: ConfirmEmailInput!) {
      confirmEmail(input: $input) { ... on MutationConfirmEmailSuccess { data { message } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({ input: { token: bodyText(body, "token") } }),
    answer: (data) => data.confirmEmail.data,
  },
  {
    method: "POST",
    path: "/api/confirm-email/resend",
    docs: { summary: "Send the confirmation email again", answer: messageAnswer },
    operation: `mutation RestResendEmailConfirmation {
      resendEmailConfirmation { ... on MutationResendEmailConfirmationSuccess { data { message } } ${ERROR_FIELDS} }
    }`,
    answer: (data) => data.resendEmailConfirmation.data,
  },
];
