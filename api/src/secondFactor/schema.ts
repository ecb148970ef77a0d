import { deviceCookieName, readCookie } from "../auth/index.ts";
import { USER_ROLES } from "../graphql/access.ts";
import { builder } from "../graphql/builder.ts";
import { ErrorInterface, MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import type { Context } from "../graphql/context.ts";
import { HASHES_PASSWORD } from "../graphql/requestLimits.ts";
import { NotAuthenticatedError } from "../lib/errors.ts";
import { mustEnrolSecondFactor } from "./adminGate.ts";
import {
  confirmEnrolment,
  disableSecondFactor,
  type SecondFactorDeps,
  SecondFactorRequiredError,
  type SecondFactorStatus,
  secondFactorStatus,
  startEnrolment,
} from "./service.ts";

builder.objectType(SecondFactorRequiredError, {
  name: "SecondFactorRequiredError",
  description: "The password was right and the account has a second factor: send signIn again with `code`.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof SecondFactorRequiredError,
  fields: () => ({}),
});

const SecondFactorStatusType = builder
  .objectRef<SecondFactorStatus & { required: boolean; mustEnrol: boolean }>("SecondFactorStatus")
  .implement({
    description: "The signed-in user's two-step verification.",
    fields: (t) => ({
      enabled: t.exposeBoolean("enabled"),
      enabledAt: t.expose("enabledAt", { type: "DateTime", nullable: true }),
      recoveryCodesLeft: t.exposeInt("recoveryCodesLeft", { description: "Unused recovery codes (each works once)." }),
      required: t.exposeBoolean("required", {
        description: "True when this server requires administrators to have one (REQUIRE_ADMIN_MFA).",
      }),
      mustEnrol: t.exposeBoolean("mustEnrol", {
        description: "True for an administrator who can do nothing else until they enrol.",
      }),
    }),
  });

const SecondFactorEnrolment = builder
  .objectRef<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }>("SecondFactorEnrolment")
  .implement({
    description: "Shown once: scan the QR code (or type the secret) into an authenticator app, then confirm a code.",
    fields: (t) => ({
      secret: t.exposeString("secret", { description: "The base32 secret, for typing in by hand." }),
      otpauthUri: t.exposeString("otpauthUri"),
      qrCodeDataUrl: t.exposeString("qrCodeDataUrl", { description: "The otpauth URI as an SVG QR code data URL." }),
    }),
  });

const RecoveryCodes = builder.objectRef<{ recoveryCodes: string[] }>("SecondFactorRecoveryCodes").implement({
  description: "Ten single-use recovery codes, shown once; only their hashes are kept.",
  fields: (t) => ({ recoveryCodes: t.exposeStringList("recoveryCodes") }),
});

const CURRENT_PASSWORD_DESCRIPTION = "The account's password, asked again (throttled like sign-in).";

const StartSecondFactorEnrolmentInput = builder.inputType("StartSecondFactorEnrolmentInput", {
  fields: (t) => ({
    currentPassword: t.string({ required: true, description: CURRENT_PASSWORD_DESCRIPTION }),
    restart: t.boolean({ description: "Kept for clarity: starting again always replaces an unconfirmed set-up." }),
  }),
});
const SecondFactorCodeInput = builder.inputType("SecondFactorCodeInput", {
  fields: (t) => ({
    code: t.string({
      required: true,
      description: "A 6-digit code from the app (or, to turn it off, a recovery code).",
    }),
    currentPassword: t.string({ required: true, description: CURRENT_PASSWORD_DESCRIPTION }),
  }),
});

function signedInActor(context: Context) {
  if (!context.viewer) throw new NotAuthenticatedError();
  return context.viewer;
}

function secondFactorDeps(context: Context): SecondFactorDeps {
  return { db: context.prisma, secretBox: context.app.secretBox, loginThrottle: context.app.loginThrottle };
}

/** The request's address and device cookie, for the sign-in throttle that counts the password asked again. */
function requestMeta(context: Context) {
  return {
    ip: context.ip,
    deviceCookie: readCookie(context.cookieHeader, deviceCookieName(context.app.config.production)),
  };
}

async function statusFor(context: Context) {
  const viewer = signedInActor(context);
  const status = await secondFactorStatus(context.prisma, viewer.id);
  // Required by the setting of the viewer's role, as the access table names it (graphql/access.ts, USER_ROLES).
  const setting = USER_ROLES[viewer.role].secondFactorRequiredBy;
  return {
    ...status,
    required: setting !== null && context.app.config[setting],
    mustEnrol: mustEnrolSecondFactor(context),
  };
}

builder.queryFields((t) => ({
  secondFactor: t.field({
    type: SecondFactorStatusType,
    authScopes: { signedIn: true },
    description: "The signed-in user's second factor.",
    resolve: (_root, _args, context) => statusFor(context),
  }),
}));

builder.mutationFields((t) => ({
  startSecondFactorEnrolment: t.field({
    type: SecondFactorEnrolment,
    authScopes: { signedIn: true },
    description:
      "Administrators: a new TOTP secret with its QR code, pending until confirmSecondFactorEnrolment. Needs the current password.",
    extensions: HASHES_PASSWORD,
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: StartSecondFactorEnrolmentInput, required: true }) },
    resolve: (_root, { input }, context) =>
      startEnrolment(secondFactorDeps(context), signedInActor(context), input, requestMeta(context)),
  }),
  confirmSecondFactorEnrolment: t.field({
    type: RecoveryCodes,
    authScopes: { signedIn: true },
    description:
      "Turns two-step verification on with a first code and the current password, returns ten recovery codes (shown once) and emails the account.",
    extensions: HASHES_PASSWORD,
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: SecondFactorCodeInput, required: true }) },
    resolve: (_root, { input }, context) =>
      confirmEnrolment(secondFactorDeps(context), signedInActor(context), input, requestMeta(context)),
  }),
  disableSecondFactor: t.field({
    type: SecondFactorStatusType,
    authScopes: { signedIn: true },
    description:
      "Turns two-step verification off with the current password and a current code or a recovery code (audited; the account is emailed).",
    extensions: HASHES_PASSWORD,
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: SecondFactorCodeInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const viewer = signedInActor(context);
      await disableSecondFactor(secondFactorDeps(context), viewer, input, requestMeta(context));
      context.viewer = { ...viewer, secondFactorEnabled: false };
      return statusFor(context);
    },
  }),
}));
