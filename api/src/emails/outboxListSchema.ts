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

const OutboxEmailType = builder.objectRef<OutboxEmail>("OutboxEmail").implement({
  description: "An email in the outbox: to whom, what, and how sending it went. Its body is not shown.",
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    type: t.exposeString("type", { description: 'What the email is, e.g. "PASSWORD_RESET".' }),
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
    description: `The email outbox, newest first, of one status or all; ${ADMIN_LIST_DEFAULT_SIZE} per page by default, at most ${MAX_PAGE_SIZE}. Pages forwards (first, after). Administrators only.`,
    authScopes: { admin: true },
    args: { status: t.arg({ type: EmailStatusEnum }) },
    resolve: (_root, args, context) => outboxPage(context.sql, args, args.status ?? null),
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
