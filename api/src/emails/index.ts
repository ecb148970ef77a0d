// The emails domain's public module: what other domains use of it. Outside emails/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
export { announceDueEmails, queueEmail, queueReferralEmail } from "./outbox.ts";
export { clearOldEmailBodies, ERASED_EMAIL_BODY, REMOVED_EMAIL_BODIES } from "./retention.ts";
export type { SecondFactorChange } from "./templates.ts";
export { fillReferralName } from "./templates.ts";
