import { NotAuthenticatedError } from "../lib/errors.ts";
import { bodyText, optionalBodyTextOrBlank } from "../rest/bodyFields.ts";
import type { RestRoute } from "../rest/route.ts";

const USER_FIELDS = "databaseId username email firstName lastName isAdmin emailConfirmed profileImageUrl createdAt";
const ERROR_FIELDS = "... on Error { code message }";

/** The REST answer for a user: the spec's field names, the numeric id. */
export function toRestUser(user: Record<string, unknown> & { databaseId: number }) {
  const { databaseId, ...rest } = user;
  return { id: databaseId, ...rest };
}

export const authRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/user",
    operation: `query RestUser { viewer { ${USER_FIELDS} } }`,
    answer: (data) => {
      if (!data.viewer) throw new NotAuthenticatedError();
      return toRestUser(data.viewer);
    },
  },
  {
    method: "POST",
    path: "/api/login",
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
    operation: `mutation RestLogout { signOut { ... on MutationSignOutSuccess { data { message } } ${ERROR_FIELDS} } }`,
    answer: (data) => data.signOut.data,
  },
  {
    method: "POST",
    path: "/api/reset-password",
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
    operation: `mutation RestConfirmEmail($input: ConfirmEmailInput!) {
      confirmEmail(input: $input) { ... on MutationConfirmEmailSuccess { data { message } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({ input: { token: bodyText(body, "token") } }),
    answer: (data) => data.confirmEmail.data,
  },
  {
    method: "POST",
    path: "/api/confirm-email/resend",
    operation: `mutation RestResendEmailConfirmation {
      resendEmailConfirmation { ... on MutationResendEmailConfirmationSuccess { data { message } } ${ERROR_FIELDS} }
    }`,
    answer: (data) => data.resendEmailConfirmation.data,
  },
];
