// The emails domain's public module: what other domains use of it. Outside emails/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
export { announceDueEmails, queueEmail } from "./outbox.ts";
export { clearOldEmailBodies } from "./retention.ts";
