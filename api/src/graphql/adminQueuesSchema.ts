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
      "An event within a second of each committed change to an admin list or count, made anywhere; bursts arrive as one event per quarter second. Over Server-Sent Events (Accept: text/event-stream).",
    authScopes: { admin: true },
    subscribe: (_root, _args, context) => context.app.adminQueues.subscribe(),
    resolve: (change) => change,
  }),
);
