// The audit domain's public module: what other domains use of it. Outside audit/, compose/ imports its other files
// (.dependency-cruiser.mjs). It exports services and plain types: no schema or REST module loads from here.
export { AUDIT_IP_RETENTION_DAYS, auditNamesOf, clearOldAuditIps, recordAudit } from "./service.ts";
