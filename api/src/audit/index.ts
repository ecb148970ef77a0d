// The audit domain's public module: what other domains use of it. Outside audit/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
export { AUDIT_IP_RETENTION_DAYS, auditNamesOf, clearOldAuditIps, recordAudit } from "./service.ts";
