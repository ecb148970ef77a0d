// The customers domain's public module: what other domains use of it. Outside customers/, compose/ imports its other files;
// other domains' schema and REST files use its types.ts (.dependency-cruiser.mjs). No schema or REST module loads from here.
export { mayReadCustomerData, verifiedOnlyError } from "./access.ts";
export { activityDescriptions } from "./activityDescriptions.ts";
export { customerIdFromGlobalId } from "./approval.ts";
export { creditsLoader, currentCredits } from "./credits.ts";
export { milestonePaymentsNow, withCreditsAndPayments } from "./figures.ts";
export type { SegmentKey } from "./segments.ts";
export { customerSegment, SEGMENT_NAMES, SEGMENTS, segmentOf } from "./segments.ts";
export type { SelfDealingAction } from "./selfDealing.ts";
export { auditingSelfDealing, refuseSelfDealing } from "./selfDealing.ts";
export { recordActivity } from "./service.ts";
