// What other domains' schema files use of referrals: the Referral GraphQL ref they extend or return.
// index.ts stays free of it, so a rule loads no transport code.

export { ReferralDetailType } from "./adminListsSchema.ts";
export { ReferralChannelEnum, ReferralStatusEnum, ReferralType } from "./schema.ts";
