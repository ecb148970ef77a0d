import { confirmEmail, deviceCookieName, readCookie } from "../auth/index.ts";
import { MessagePayload, UserType } from "../auth/types.ts";
import { builder } from "../graphql/builder.ts";
import { MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import type { Context } from "../graphql/context.ts";
import { HASHES_PASSWORD } from "../graphql/requestLimits.ts";
import { changePassword, recordEmailChangedActivity, requestEmailChange, updateName } from "./service.ts";

const ChangePasswordInput = builder.inputType("ChangePasswordInput", {
  fields: (t) => ({
    currentPassword: t.string({ required: true }),
    newPassword: t.string({ required: true, description: "At least 8 characters, not a common password." }),
  }),
});

const UpdateNameInput = builder.inputType("UpdateNameInput", {
  fields: (t) => ({
    firstName: t.string({ description: "Blank or null clears it." }),
    lastName: t.string({ description: "Blank or null clears it." }),
  }),
});

const RequestEmailChangeInput = builder.inputType("RequestEmailChangeInput", {
  fields: (t) => ({
    newEmail: t.string({ required: true }),
    currentPassword: t.string({ required: true }),
  }),
});

const ConfirmEmailInput = builder.inputType("ConfirmEmailInput", {
  fields: (t) => ({
    token: t.string({ required: true, description: "The token from the emailed confirmation link." }),
  }),
});

function accountDeps(context: Context) {
  return { db: context.prisma, publicUrl: context.app.config.publicUrl, loginThrottle: context.app.loginThrottle };
}

function requestMeta(context: Context) {
  return {
    ip: context.ip,
    deviceCookie: readCookie(context.cookieHeader, deviceCookieName(context.app.config.production)),
  };
}

builder.mutationFields((t) => ({
  changePassword: t.field({
    type: UserType,
    description:
      "Sets a new password after checking the current one (throttled like sign-in). Every other session ends; this one stays signed in.",
    authScopes: { signedIn: true },
    extensions: HASHES_PASSWORD,
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: ChangePasswordInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const viewer = context.viewer!;
      const user = await changePassword(accountDeps(context), viewer, input, requestMeta(context));
      // The session version moved on: this browser gets a cookie carrying the new one.
      await context.app.sessionCookies.start(context, user);
      context.viewer = { ...user, customer: viewer.customer };
      return user;
    },
  }),
  updateName: t.field({
    type: UserType,
    description: "Edits the signed-in user's first and last name (registration's rules).",
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: UpdateNameInput, required: true }) },
    resolve: (_root, { input }, context) => updateName(context.prisma, context.viewer!, input, { ip: context.ip }),
  }),
  requestEmailChange: t.field({
    type: MessagePayload,
    description:
      "Emails a confirmation link to the new address and tells the current one; the account's email changes when the link is opened (confirmEmail).",
    authScopes: { signedIn: true },
    extensions: HASHES_PASSWORD,
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: RequestEmailChangeInput, required: true }) },
    resolve: async (_root, { input }, context) => ({
      message: await requestEmailChange(accountDeps(context), context.viewer!, input, requestMeta(context)),
    }),
  }),
  // Here rather than in auth/: completing an email change adds the customer's activity.
  confirmEmail: t.field({
    type: MessagePayload,
    description:
      "Confirms the email address an emailed link was sent to; held emails then go out. An email change's link makes the new address the account's.",
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: ConfirmEmailInput, required: true }) },
    resolve: async (_root, { input }, context) => ({
      message: await confirmEmail(context.prisma, input, { ip: context.ip }, recordEmailChangedActivity),
    }),
  }),
}));
