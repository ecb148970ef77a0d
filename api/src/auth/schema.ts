import { builder } from "../graphql/builder.ts";
import { MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import { HASHES_PASSWORD } from "../graphql/requestLimits.ts";
import { isErasedUsername, shownEmail, shownUsername } from "../lib/displayName.ts";
import { actsAsAdmin, mustEnrolSecondFactor, SecondFactorRequiredError } from "../secondFactor/index.ts";
import { resendEmailConfirmation } from "./emailConfirmation.ts";
import { completePasswordReset, endAllSessions, registerUser, requestPasswordReset, signIn } from "./service.ts";
import { readCookie } from "./session.ts";
import { deviceCookieName } from "./throttle.ts";
import { completePasswordResetSchema, passwordResetRequestSchema, registerUserSchema } from "./validation.ts";

export const RoleEnum = builder.enumType("Role", {
  description: "A user's one role (docs/rules/roles.md).",
  values: {
    CUSTOMER: { description: "A customer: their own account, referrals and milestones." },
    STAFF: { description: "A member of staff: signed in, nothing of administration." },
    ADMIN: { description: "An administrator: everything, under REQUIRE_ADMIN_MFA once enrolled." },
  } as const,
});

export const UserType = builder.prismaNode("User", {
  id: { field: "id" },
  // A user is visible to themselves and to administrators only, through any field or node(id).
  authScopes: (user, context) => actsAsAdmin(context) || context.viewer?.id === user.id,
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    // An erased account's placeholders read "erased", wherever a user is shown.
    username: t.string({ resolve: (user) => shownUsername(user.username) }),
    email: t.string({ resolve: (user) => shownEmail(user.email) }),
    erased: t.boolean({
      description: "True once the account was deleted or erased on request: its personal data is gone.",
      resolve: (user) => isErasedUsername(user.username),
    }),
    firstName: t.exposeString("firstName", { nullable: true }),
    lastName: t.exposeString("lastName", { nullable: true }),
    profileImageUrl: t.exposeString("profileImageUrl", { nullable: true }),
    role: t.field({
      type: RoleEnum,
      description: "What the user may do (docs/rules/roles.md): the access table decides by it.",
      resolve: (user) => user.role,
    }),
    deactivatedAt: t.expose("deactivatedAt", {
      type: "DateTime",
      nullable: true,
      description: "When an administrator deactivated the account (sign-in refused since), or null.",
    }),
    secondFactorEnabled: t.exposeBoolean("secondFactorEnabled", {
      description: "Sign-in asks for a TOTP or recovery code.",
    }),
    mustEnrolSecondFactor: t.boolean({
      description:
        "An administrator (REQUIRE_ADMIN_MFA) or staff member (REQUIRE_STAFF_MFA) who must enrol a second factor before acting in their role.",
      resolve: (user, _args, context) => context.viewer?.id === user.id && mustEnrolSecondFactor(context),
    }),
    emailConfirmed: t.boolean({
      description:
        "False until the emailed confirmation link is opened; until then only confirmation and reset emails are sent.",
      resolve: (user) => user.emailConfirmedAt !== null,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  viewer: t.field({
    type: UserType,
    nullable: true,
    description: "The signed-in user, or null when signed out.",
    // The session's statement read the user and profile; deeper fields load what they need.
    resolve: (_root, _args, context) => context.viewer,
  }),
}));

const RegisterInput = builder.inputType("RegisterInput", {
  fields: (t) => ({
    username: t.string({ required: true }),
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    firstName: t.string(),
    lastName: t.string(),
  }),
});

const SignInInput = builder.inputType("SignInInput", {
  fields: (t) => ({
    username: t.string({ required: true }),
    password: t.string({ required: true }),
    code: t.string({
      description: "The authenticator's 6-digit code, or a recovery code, when the account has a second factor.",
    }),
  }),
});

const RequestPasswordResetInput = builder.inputType("RequestPasswordResetInput", {
  fields: (t) => ({
    username: t.string({ required: true }),
    newPassword: t.string({
      description: "Accepted for compatibility and ignored: the password is chosen on the emailed link's page.",
    }),
  }),
});

const CompletePasswordResetInput = builder.inputType("CompletePasswordResetInput", {
  fields: (t) => ({
    token: t.string({ required: true, description: "The token from the emailed link." }),
    newPassword: t.string({ required: true, description: "The password the holder of the link chose." }),
  }),
});

const SignOutInput = builder.inputType("SignOutInput", {
  fields: (t) => ({
    everywhere: t.boolean({ description: "Kept for clarity: signing out always ends every session of the user." }),
  }),
});

export const MessagePayload = builder.objectRef<{ message: string }>("MessagePayload").implement({
  fields: (t) => ({ message: t.exposeString("message") }),
});

builder.mutationFields((t) => ({
  register: t.field({
    type: UserType,
    description: "Creates an account and signs it in.",
    extensions: HASHES_PASSWORD,
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: RegisterInput, required: true, validate: { schema: registerUserSchema } }) },
    resolve: async (_root, { input }, context) => {
      await context.app.loginThrottle.assertAnonymousAllowed("signUp", context.ip);
      const user = await registerUser({ db: context.prisma, publicUrl: context.app.config.publicUrl }, input);
      await context.app.sessionCookies.start(context, user);
      context.viewer = { ...user, customer: null };
      return user;
    },
  }),
  signIn: t.field({
    type: UserType,
    extensions: HASHES_PASSWORD,
    errors: { types: [SecondFactorRequiredError, ...MUTATION_ERRORS] },
    args: { input: t.arg({ type: SignInInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const { loginThrottle, config, secretBox } = context.app;
      const deviceCookie = readCookie(context.cookieHeader, deviceCookieName(config.production));
      const user = await signIn({ db: context.prisma, loginThrottle, secretBox }, input, {
        ip: context.ip,
        deviceCookie,
      });
      await context.app.sessionCookies.start(context, user);
      context.responseCookies.push(loginThrottle.deviceCookieFor(user.username));
      context.viewer = { ...user, customer: null };
      return user;
    },
  }),
  signOut: t.field({
    type: MessagePayload,
    description: "Ends the session: every cookie issued to this user before stops working.",
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: SignOutInput }) },
    resolve: async (_root, _args, context) => {
      // Signing out twice, or with a stale cookie, still succeeds and clears the cookie.
      if (context.viewer) await endAllSessions(context.prisma, context.viewer.id);
      context.app.sessionCookies.clear(context);
      context.viewer = null;
      return { message: "You have been successfully signed out." };
    },
  }),
  requestPasswordReset: t.field({
    type: MessagePayload,
    description:
      "Emails a single-use link (valid 30 minutes) to a page where the holder of the email chooses the new password. Throttled per username and address; the same answer for unknown usernames.",
    errors: { types: MUTATION_ERRORS },
    args: {
      input: t.arg({
        type: RequestPasswordResetInput,
        required: true,
        validate: { schema: passwordResetRequestSchema },
      }),
    },
    resolve: async (_root, { input }, context) => ({
      message: await requestPasswordReset(
        { db: context.prisma, publicUrl: context.app.config.publicUrl, throttle: context.app.loginThrottle },
        input,
        { ip: context.ip },
      ),
    }),
  }),
  completePasswordReset: t.field({
    type: MessagePayload,
    description:
      "Sets the password chosen on the emailed link's page, uses up the link, confirms the email address and signs out every session of that user.",
    extensions: HASHES_PASSWORD,
    errors: { types: MUTATION_ERRORS },
    args: {
      input: t.arg({
        type: CompletePasswordResetInput,
        required: true,
        validate: { schema: completePasswordResetSchema },
      }),
    },
    resolve: async (_root, { input }, context) => {
      await completePasswordReset(context.prisma, input, { ip: context.ip });
      context.app.sessionCookies.clear(context);
      context.viewer = null;
      return { message: "Your password has been updated. Please sign in with your new password." };
    },
  }),
  resendEmailConfirmation: t.field({
    type: MessagePayload,
    description: "Emails the signed-in user a new confirmation link (throttled).",
    authScopes: { signedIn: true },
    errors: { types: MUTATION_ERRORS },
    resolve: async (_root, _args, context) => ({
      message: await resendEmailConfirmation(
        { db: context.prisma, publicUrl: context.app.config.publicUrl, throttle: context.app.loginThrottle },
        context.viewer!,
      ),
    }),
  }),
}));
