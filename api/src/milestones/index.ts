// The milestones domain's public module: what other domains use of it. Outside milestones/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
export { MilestoneKeyEnum } from "./schema.ts";
