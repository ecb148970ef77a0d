/** Every event an endpoint may subscribe to, grouped as the create form shows them, by its wire name. */
export const WEBHOOK_EVENT_GROUPS = [
  {
    label: "Customer",
    events: [
      { value: "CUSTOMER_REGISTERED", name: "customer.registered" },
      { value: "CUSTOMER_APPROVED", name: "customer.approved" },
      { value: "CUSTOMER_REJECTED", name: "customer.rejected" },
    ],
  },
  {
    label: "Referral",
    events: [
      { value: "REFERRAL_ADDED", name: "referral.added" },
      { value: "REFERRAL_EXPIRED", name: "referral.expired" },
    ],
  },
  {
    label: "Purchase",
    events: [
      { value: "PURCHASE_VERIFIED", name: "purchase.verified" },
      { value: "PURCHASE_CANCELLED", name: "purchase.cancelled" },
    ],
  },
  {
    label: "Milestone",
    events: [
      { value: "MILESTONE_READY", name: "milestone.ready" },
      { value: "MILESTONE_REQUESTED", name: "milestone.requested" },
      { value: "MILESTONE_PAID", name: "milestone.paid" },
    ],
  },
  {
    label: "Email",
    events: [{ value: "EMAIL_FAILED", name: "email.failed" }],
  },
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENT_GROUPS)[number]["events"][number]["value"];

const NAMES = new Map<string, string>(
  WEBHOOK_EVENT_GROUPS.flatMap((group) => group.events.map((e) => [e.value, e.name])),
);

/** "PURCHASE_VERIFIED" → "purchase.verified" (the payload's `type`); an unknown value as it came. */
export function webhookEventName(value: string): string {
  return NAMES.get(value) ?? value;
}
