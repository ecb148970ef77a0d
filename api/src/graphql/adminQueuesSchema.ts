import { ADMIN_QUEUES } from "../db/adminQueues.ts";
import { builder } from "./builder.ts";
import type { AdminQueuesChange } from "./context.ts";

const AdminQueue = builder.enumType("AdminQueue", {
  description:
    "A part of the admin panel the live updates name: REFERRALS (pending and purchased referrals), CUSTOMERS (approval, all customers), MILESTONES (ready milestones, payout requests), EMAILS (the outbox).",
  values: ADMIN_QUEUES,
});

const AdminQueuesChangeType = builder.objectRef<AdminQueuesChange>("AdminQueuesChange").implement({
  description: "Admin queues changed (on any app instance); the first event of a subscription names none.",
  fields: (t) => ({
    queues: t.expose("queues", { type: [AdminQueue] }),
    at: t.expose("at", { type: "DateTime" }),
  }),
});

builder.subscriptionField("adminQueuesChanged", (t) =>
  t.field({
    type: AdminQueuesChangeType,
    description:
      "An event within a second of each committed change to an admin list or count, made anywhere; bursts arrive as one event per quarter second. Over Server-Sent Events (Accept: text/event-stream). The stream ends when the session ends or the viewer is no longer an administrator (checked at least every 30 s and before each event); at most 5 open at once per user per instance (RATE_LIMITED beyond).",
    authScopes: { admin: true },
    subscribe: (_root, _args, context) => {
      const userId = context.viewer!.id;
      return context.app.adminQueues.subscribe({
        userId,
        // The same credentials read again: a sign-out, a revoked session or a lost role ends the stream.
        stillAllowed: async () => {
          const viewer = await context.viewerAgain();
          return (
            viewer !== null && viewer.id === userId && context.app.adminGate.actsAsAdmin({ viewer, app: context.app })
          );
        },
      });
    },
    resolve: (change) => change,
  }),
);
