// The settings domain's public module: what other domains use of it. Outside settings/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
export {
  creditRateTexts,
  formatBasisPointsAsPercent,
  getCreditRate,
  getPayoutApprovalThreshold,
  getReferralDailyLimit,
  type ProgrammeContact,
  programmeContactFromJson,
  programmeContactJson,
} from "./service.ts";
