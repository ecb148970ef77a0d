// The milestones domain's public module: what other domains use of it. Outside milestones/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
// Only the pure rule and the shared GraphQL ref: customers reads the rule, and milestones' service imports customers.
export type { MilestoneKey, MilestoneState, MilestoneView, PaidMilestone, PaymentFact } from "./rules.ts";
export {
  MILESTONE_PERCENT,
  MILESTONES,
  milestoneFromTypeName,
  milestoneOverview,
  milestonesMadeReady,
  milestoneTranches,
  milestoneTypeName,
  overpaidPence,
  progressPercentage,
  totalPaidPence,
} from "./rules.ts";
export { MilestoneKeyEnum } from "./types.ts";
