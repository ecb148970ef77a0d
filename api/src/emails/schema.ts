import { builder } from "../graphql/builder.ts";
import { MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import { actorOf } from "../lib/actor.ts";
import { EMAIL_MAX_ATTEMPTS, type EmailStats, getEmailStats, type SendPendingResult } from "./sender.ts";
import { processAllPendingEmails } from "./service.ts";

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
