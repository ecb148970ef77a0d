// What other domains' schema and REST files use of customers: the GraphQL refs they extend or return, the
// typed errors of an admin action, and the REST shape of a profile. index.ts stays free of them, so a rule loads no transport code.
export { ActivityType } from "./activitySchema.ts";
export { CustomerSegmentEnum } from "./adminListSchema.ts";
export { CUSTOMER_PROFILE_FIELDS, restProfileSchema, toRestProfile, viewerCustomer } from "./restRoutes.ts";
export { CustomerStatusEnum, CustomerType } from "./schema.ts";
export { ADMIN_ACTION_ERRORS } from "./selfDealingSchema.ts";
