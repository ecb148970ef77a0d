import { deviceCookieName, readCookie } from "../auth/index.ts";
import { UserType } from "../auth/types.ts";
import { customerIdFromGlobalId } from "../customers/index.ts";
import { ADMIN_ACTION_ERRORS, CustomerType } from "../customers/types.ts";
import { builder } from "../graphql/builder.ts";
import { databaseIdOf } from "../graphql/globalIds.ts";
import { HASHES_PASSWORD } from "../graphql/requestLimits.ts";
import { actorOf } from "../lib/actor.ts";
import { ReferralType } from "../referrals/types.ts";
import { myDataExport } from "./export.ts";
import { deleteMyAccount, eraseCustomerOnRequest, eraseReferralOnRequest, PRIVACY_MESSAGES } from "./service.ts";

builder.objectField(UserType, "myData", (t) =>
  t.field({
    type: "JSON",
    description:
      "Everything the programme holds about you (GDPR art. 15 and 20): account, profile, referrals, ledger, payments, activities and emails, as one JSON document. Only the signed-in user's own; never a secret. Each list holds at most 5,000 rows (emails 1,000), newest first; `truncated` names a cut list.",
    // Your own data only: not even an administrator reads another person's download.
    authScopes: (user, _args, context) => context.viewer?.id === user.id,
    resolve: (user, _args, context) => myDataExport(context.prisma, user.id),
  }),
);

const DeleteMyAccountInput = builder.inputType("DeleteMyAccountInput", {
  fields: (t) => ({
    password: t.string({
      required: true,
      description: "The account's password, asked again (throttled like sign-in).",
    }),
  }),
});

const DeleteMyAccountPayload = builder.objectRef<{ message: string }>("DeleteMyAccountPayload").implement({
  fields: (t) => ({ message: t.exposeString("message") }),
});

const EraseCustomerInput = builder.inputType("EraseCustomerInput", {
  fields: (t) => ({
    customerId: t.id({ required: true, description: "The Customer's global id." }),
    reason: t.string({ required: true, description: "Why (the request it answers): required, kept in the audit log." }),
  }),
});

const EraseReferralInput = builder.inputType("EraseReferralInput", {
  fields: (t) => ({
    referralId: t.id({ required: true, description: "The Referral's global id." }),
    reason: t.string({ required: true, description: "Why (the request it answers): required, kept in the audit log." }),
  }),
});

builder.mutationFields((t) => ({
  deleteMyAccount: t.field({
    type: DeleteMyAccountPayload,
    description:
      "Deletes the signed-in customer's account: erases its personal data and its referrals' (pending ones are withdrawn), keeps the financial records anonymised, ends every session. Refused while a milestone payment is ready (ask for it first).",
    authScopes: { signedIn: true },
    extensions: HASHES_PASSWORD,
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: DeleteMyAccountInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const deviceCookie = readCookie(context.cookieHeader, deviceCookieName(context.app.config.production));
      await deleteMyAccount(
        { db: context.prisma, loginThrottle: context.app.loginThrottle },
        context.viewer,
        { password: input.password },
        { ip: context.ip, deviceCookie },
      );
      context.app.sessionCookies.clear(context);
      context.viewer = null;
      return { message: PRIVACY_MESSAGES.deleted };
    },
  }),
  eraseCustomer: t.field({
    type: CustomerType,
    description:
      "Erases a customer's personal data on request (as deleteMyAccount does), with a reason for the audit. Never the administrator's own account. Administrators only.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: EraseCustomerInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const customerId = customerIdFromGlobalId(input.customerId);
      await eraseCustomerOnRequest(context.prisma, { customerId, reason: input.reason }, actorOf(context));
      return context.prisma.customerProfile.findUniqueOrThrow({ where: { id: customerId } });
    },
  }),
  eraseReferral: t.field({
    type: ReferralType,
    description:
      "Erases one referral's personal data on request (a pending one is withdrawn), with a reason for the audit. Administrators only.",
    authScopes: { admin: true },
    errors: { types: ADMIN_ACTION_ERRORS },
    args: { input: t.arg({ type: EraseReferralInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const { referralId } = await eraseReferralOnRequest(
        context.prisma,
        { referralId: databaseIdOf(input.referralId, "Referral"), reason: input.reason },
        actorOf(context),
      );
      return context.prisma.referral.findUniqueOrThrow({ where: { id: referralId } });
    },
  }),
}));
