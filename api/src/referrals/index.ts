// The referrals domain's public module: what other domains use of it. Outside referrals/, compose/ imports its other files;
// other domains' schema and REST files use its types.ts (.dependency-cruiser.mjs). No schema or REST module loads from here.
export { erasedReferralDetails } from "./erasure.ts";
export { addReferral, daysRemaining, REFERRAL_EXPIRY_DAYS, type ReferralOrigin, STATUS_DISPLAY } from "./service.ts";
export { normalisePhone, parseReferral } from "./validation.ts";
