// The settings domain's public module: what other domains use of it. Outside settings/, compose/ imports its other files
// (.dependency-cruiser.mjs). It exports services and plain types: no schema or REST module loads from here.
export {
  creditRateTexts,
  DEFAULT_FLAGGED_VERIFICATION_APPROVAL_PENCE,
  DEFAULT_SIGNAL_AMOUNT_FACTOR_PERCENT,
  DEFAULT_SIGNAL_BURST_PER_HOUR,
  formatBasisPointsAsPercent,
  getCreditRate,
  getFlaggedVerificationApproval,
  getPayoutApprovalThreshold,
  getProgrammeContact,
  getReferralDailyLimit,
  getSignalAmountFactor,
  getSignalBurstPerHour,
  MAX_SIGNAL_BURST_PER_HOUR,
  type ProgrammeContact,
  programmeContactFromJson,
  programmeContactJson,
} from "./service.ts";
