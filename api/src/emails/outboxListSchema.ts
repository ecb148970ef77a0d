import { builder } from "../graphql/builder.ts";
import { MAX_PAGE_SIZE } from "../graphql/requestLimits.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";
import { type OutboxEmail, outboxPage, recipientEmailsPage } from "./outboxList.ts";

export const EmailStatusEnum = builder.enumType("EmailStatus", {
  values: {
    PENDING: { description: "Queued, or waiting for a retry." },
    SENT: { description: "Accepted by the SMTP server." },
    FAILED: { description: "Given up after the last attempt; lastError says why." },
  } as const,
});

export const EmailTypeEnum = builder.enumType("EmailType", {
  values: {
    REGISTRATION_CONFIRMATION: { description: "A customer completed their registration." },
    ACCOUNT_VERIFICATION: { description: "An administrator approved a registration." },
    ACCOUNT_REJECTION: { description: "An administrator rejected a registration, with the reason." },
    NEW_REFERRAL_ALERT: { description: "A customer added a referral." },
    CREDITS_EARNED: { description: "A referral's purchase was verified." },
    MILESTONE_ACHIEVEMENT: { description: "A customer's credits reached 33%, 66% or 100%." },
    MILESTONE_PAID: { description: "A milestone was paid." },
    PASSWORD_RESET: { description: "A password-reset link." },
    EMAIL_CONFIRMATION: { description: "An email-address confirmation link." },
    REFERRAL_EXPIRY_WARNING: { description: "A pending referral expires in ten days." },
    REFERRAL_EXPIRED: { description: "A referral expired after 90 days and its details were erased." },
    PURCHASE_CANCELLED: { description: "A referral's purchase was cancelled: the credits reversed, with the reason." },
    EMAIL_CHANGE_CONFIRMATION: { description: "A link, sent to the new address, that completes an email change." },
    EMAIL_CHANGE_NOTICE: { description: "Tells the old address that an email change was asked for." },
    PASSWORD_CHANGED: { description: "Tells a customer their password was changed." },
    SECOND_FACTOR_CHANGED: {
      description: "Tells an account that its two-step verification was turned on, turned off or reset.",
    },
    STAFF_INVITATION: { description: "Invites a new staff member: a link to choose their password (7 days)." },
    SHARE_LINK_FRIEND_CONFIRMATION: {
      description:
        "Tells a friend who added their details on a share link page what was stored, with a withdrawal link.",
    },
  } as const,
});

export const OutboxEmailType = builder.objectRef<OutboxEmail>("OutboxEmail").implement({
  description: "An email in the outbox: to whom, what, and how sending it went. Its body is not shown.",
  fields: (t) => ({
    id: t.globalID({ resolve: (email) => ({ type: "OutboxEmail", id: email.id }) }),
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    type: t.expose("type", { type: EmailTypeEnum, description: "What the email is." }),
    toAddress: t.exposeString("toAddress"),
    subject: t.exposeString("subject"),
    status: t.expose("status", { type: EmailStatusEnum }),
    attempts: t.exposeInt("attempts", { description: "Sending attempts so far." }),
    lastError: t.exposeString("lastError", { nullable: true, description: "Why the last attempt failed." }),
    nextAttemptAt: t.expose("nextAttemptAt", { type: "DateTime", description: "When a pending email is tried next." }),
    sentAt: t.expose("sentAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  emailOutbox: t.connection({
    type: OutboxEmailType,
    description: `The email outbox, newest first, of one status or all and one type or all; ${ADMIN_LIST_DEFAULT_SIZE} per page by default, at most ${MAX_PAGE_SIZE}. Pages forwards (first, after). Administrators only.`,
    authScopes: { admin: true },
    args: {
      status: t.arg({ type: EmailStatusEnum }),
      type: t.arg({ type: EmailTypeEnum }),
      afterDatabaseId: t.arg.int({
        description: "Continue after the email with this databaseId (the REST `?after=`).",
      }),
    },
    resolve: (_root, args, context) =>
      outboxPage(context.sql, args, { status: args.status ?? null, type: args.type ?? null }),
  }),
}));

builder.prismaObjectFields("CustomerProfile", (t) => ({
  emails: t.connection({
    type: OutboxEmailType,
    description: `The emails sent to the customer's account, newest first, with how sending went (never their bodies); ${ADMIN_LIST_DEFAULT_SIZE} per page by default. Administrators only.`,
    authScopes: { admin: true },
    resolve: (customer, args, context) => recipientEmailsPage(context.sql, customer.userId, args),
  }),
}));
