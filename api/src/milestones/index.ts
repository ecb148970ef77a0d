// The milestones domain's public module: what other domains use of it. Outside milestones/, compose/ imports its other files;
// other domains' schema and REST files use its types.ts (.dependency-cruiser.mjs). No schema or REST module loads from here.
// Only the pure rule: customers reads it, and milestones' service imports customers (no cycle).
export type { MilestoneKey, MilestoneState, MilestoneView, PaidMilestone, PaymentFact } from "./rules.ts";
export {
  MILESTONE_PERCENT,
  MILESTONE_TITLES,
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
