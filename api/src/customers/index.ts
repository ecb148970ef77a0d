// The customers domain's public module: what other domains use of it. Outside customers/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
export { mayReadCustomerData, verifiedOnlyError } from "./access.ts";
export { activityDescriptions } from "./activityDescriptions.ts";
export { ActivityType } from "./activitySchema.ts";
export type { KeysetPosition } from "./admin.ts";
export {
  customerIdFromGlobalId,
  decodeListCursor,
  encodeListCursor,
  INTEGER_TEXT,
  keysetCondition,
  parseSearch,
  runSql,
  TIMESTAMP_TEXT,
} from "./admin.ts";
export { restEnum, restListAfter, restListLimit } from "./adminRestRoutes.ts";
export { ADMIN_LIST_DEFAULT_SIZE, CustomerSegmentEnum } from "./adminSchema.ts";
export { creditsLoader, currentCredits } from "./credits.ts";
export { milestonePaymentsNow, withCreditsAndPayments } from "./figures.ts";
export type { MilestoneView } from "./milestoneOverview.ts";
export { milestoneFromTypeName, milestoneOverview, milestoneTypeName } from "./milestoneOverview.ts";
export type { MilestoneKey } from "./milestoneRules.ts";
export {
  MILESTONE_PERCENT,
  milestonesMadeReady,
  milestoneTranches,
  overpaidPence,
  progressPercentage,
  totalPaidPence,
} from "./milestoneRules.ts";
export { CUSTOMER_PROFILE_FIELDS, toRestProfile, viewerCustomer } from "./restRoutes.ts";
export { CustomerType } from "./schema.ts";
export type { SegmentKey } from "./segments.ts";
export { creditedSegmentSql, customerSegment, SEGMENT_NAMES, SEGMENTS } from "./segments.ts";
export type { SelfDealingAction } from "./selfDealing.ts";
export { auditingSelfDealing, refuseSelfDealing } from "./selfDealing.ts";
export { ADMIN_ACTION_ERRORS } from "./selfDealingSchema.ts";
export { recordActivity } from "./service.ts";
