// The referrals domain's public module: what other domains use of it. Outside referrals/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).

export { erasedReferralDetails } from "./erasure.ts";
export { ReferralType } from "./schema.ts";
export { daysRemaining } from "./service.ts";
