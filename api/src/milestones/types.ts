// What other domains' schema files use of milestones: the MilestoneKey GraphQL enum. index.ts stays free of
// it, so a rule loads no transport code.
export { MilestoneKeyEnum } from "./schema.ts";
