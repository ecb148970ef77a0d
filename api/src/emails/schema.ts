import { builder } from "../graphql/builder.ts";
import { MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import { databaseIdOf } from "../graphql/globalIds.ts";
import { actorOf } from "../lib/actor.ts";
import { NotFoundError } from "../lib/errors.ts";
import { OutboxEmailType } from "./outboxListSchema.ts";
import { EMAIL_MAX_ATTEMPTS, type EmailStats, getEmailStats, type SendPendingResult } from "./sender.ts";
import {
  processAllPendingEmails,
  RETRY_EMAIL_MESSAGES,
  type RetryFailedResult,
  retryEmail,
  retryFailedEmails,
} from "./service.ts";

const EmailStatsType = builder.objectRef<EmailStats>("EmailStats").implement({
  description: "The email outbox, counted by status.",
  fields: (t) => ({
    pending: t.exposeInt("pending", { description: "Queued, including those waiting for a retry." }),
    sent: t.exposeInt("sent"),
    failed: t.exposeInt("failed", {
      description: `Given up after ${EMAIL_MAX_ATTEMPTS} failed attempts; the last error is kept.`,
    }),
    configured: t.exposeBoolean("configured", {
      description: "False when no SMTP server is configured: emails stay queued.",
    }),
  }),
});

const ProcessEmailsResultType = builder
  .objectRef<SendPendingResult & { message: string }>("ProcessEmailsResult")
  .implement({
    fields: (t) => ({
      processed: t.exposeInt("processed", { description: "Emails attempted." }),
      sent: t.exposeInt("sent"),
      failed: t.exposeInt("failed", {
        description: "Attempts that failed; those emails are retried later unless they reached the attempt limit.",
      }),
      configured: t.exposeBoolean("configured"),
      message: t.exposeString("message", { description: "A sentence for the administrator." }),
    }),
  });

const ProcessEmailsInput = builder.inputType("ProcessEmailsInput", {
  fields: (t) => ({ limit: t.int({ description: "Send at most this many; every pending email when omitted." }) }),
});

const RetryFailedEmailsResultType = builder.objectRef<RetryFailedResult>("RetryFailedEmailsResult").implement({
  fields: (t) => ({
    retried: t.exposeInt("retried", { description: "Failed emails put back in the queue, due now." }),
    notRetried: t.exposeInt("notRetried", {
      description:
        "Failed emails left failed: their text was removed (reset and confirmation links, or after 90 days).",
    }),
    message: t.exposeString("message", { description: "A sentence for the administrator." }),
  }),
});

const RetryEmailInput = builder.inputType("RetryEmailInput", {
  fields: (t) => ({ emailId: t.id({ required: true, description: "The OutboxEmail's global id." }) }),
});

builder.queryFields((t) => ({
  emailStats: t.field({
    type: EmailStatsType,
    authScopes: { admin: true },
    resolve: (_root, _args, context) => getEmailStats(context.app),
  }),
}));

builder.mutationFields((t) => ({
  processEmails: t.field({
    type: ProcessEmailsResultType,
    description: "Sends every pending email now, including those waiting for a retry.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: ProcessEmailsInput }) },
    resolve: (_root, { input }, context) =>
      processAllPendingEmails(context.app, { limit: input?.limit ?? undefined }, actorOf(context)),
  }),
}));

builder.mutationFields((t) => ({
  retryEmail: t.field({
    type: OutboxEmailType,
    description:
      "Puts one failed email back in the queue, due now, for one more attempt (attempts are kept). A sent or pending email, or one whose text was removed, is refused and left as it is. Audited.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: RetryEmailInput, required: true }) },
    resolve: (_root, { input }, context) => {
      const emailId = databaseIdOf(input.emailId, "OutboxEmail");
      if (emailId === null) throw new NotFoundError(RETRY_EMAIL_MESSAGES.notFound);
      return retryEmail(context.prisma, emailId, actorOf(context));
    },
  }),
  retryFailedEmails: t.field({
    type: RetryFailedEmailsResultType,
    description:
      "Puts every failed email back in the queue, due now, except those whose text was removed. Audited when it changes something.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    resolve: (_root, _args, context) => retryFailedEmails(context.prisma, actorOf(context)),
  }),
}));
