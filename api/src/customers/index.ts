// The customers domain's public module: what other domains use of it. Outside customers/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
export { mayReadCustomerData, verifiedOnlyError } from "./access.ts";
export { activityDescriptions } from "./activityDescriptions.ts";
export { ActivityType } from "./activitySchema.ts";
export { CustomerSegmentEnum } from "./adminListSchema.ts";
export { customerIdFromGlobalId } from "./approval.ts";
export { creditsLoader, currentCredits } from "./credits.ts";
export { milestonePaymentsNow, withCreditsAndPayments } from "./figures.ts";
export { CUSTOMER_PROFILE_FIELDS, restProfileSchema, toRestProfile, viewerCustomer } from "./restRoutes.ts";
export { CustomerType } from "./schema.ts";
export type { SegmentKey } from "./segments.ts";
export { customerSegment, SEGMENT_NAMES, SEGMENTS, segmentOf } from "./segments.ts";
export type { SelfDealingAction } from "./selfDealing.ts";
export { auditingSelfDealing, refuseSelfDealing } from "./selfDealing.ts";
export { ADMIN_ACTION_ERRORS } from "./selfDealingSchema.ts";
export { recordActivity } from "./service.ts";
