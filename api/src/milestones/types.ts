// GraphQL refs other domains use (referrals' purchase types name a milestone): Pothos only, no service.
import { Milestone } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";

export const MilestoneKeyEnum = builder.enumType(Milestone, {
  name: "MilestoneKey",
  description: "M33, M66 and M100: the milestones at 33%, 66% and 100% of the original purchase.",
});
