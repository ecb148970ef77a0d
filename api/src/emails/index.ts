// The emails domain's public module: what other domains use of it. Outside emails/, compose/ imports its other files
// (.dependency-cruiser.mjs). It exports services and plain types: no schema or REST module loads from here.
export { announceDueEmails, queueEmail, queueReferralEmail } from "./outbox.ts";
export { clearOldEmailBodies, ERASED_EMAIL_BODY, REMOVED_EMAIL_BODIES } from "./retention.ts";
export type { SecondFactorChange } from "./templates.ts";
export { fillReferralName, PROGRAMME_NAME } from "./templates.ts";
