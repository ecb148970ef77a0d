/** Every event an endpoint may subscribe to: GraphQL enum name to wire name (the payload's `type`, the REST names). */
export const WEBHOOK_EVENT_TYPES = {
  CUSTOMER_REGISTERED: "customer.registered",
  CUSTOMER_APPROVED: "customer.approved",
  CUSTOMER_REJECTED: "customer.rejected",
  REFERRAL_ADDED: "referral.added",
  REFERRAL_EXPIRED: "referral.expired",
  PURCHASE_VERIFIED: "purchase.verified",
  PURCHASE_CANCELLED: "purchase.cancelled",
  MILESTONE_READY: "milestone.ready",
  MILESTONE_REQUESTED: "milestone.requested",
  MILESTONE_PAID: "milestone.paid",
  EMAIL_FAILED: "email.failed",
} as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[keyof typeof WEBHOOK_EVENT_TYPES];

/** Sent only by "send test event", to one endpoint, whatever it subscribes to. */
export const TEST_EVENT_TYPE = "webhook.test";

export const WEBHOOK_WIRE_NAMES: readonly WebhookEventType[] = Object.values(WEBHOOK_EVENT_TYPES);

/** The data of an event: database ids and amounts ("12.34"), never a referred friend's personal details. */
export type WebhookData = Record<string, string | number | boolean | null>;
