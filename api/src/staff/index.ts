// The staff domain's public module: what other domains use of it. Outside staff/, compose/ imports its other files
// (.dependency-cruiser.mjs). It exports services and plain types: no schema or REST module loads from here.
export {
  recorderName,
  recordReferralForCustomer,
  STAFF_CONSENT_WORDING,
  type StaffAttributionRow,
  staffAttributionReport,
  staffFigures,
} from "./service.ts";
