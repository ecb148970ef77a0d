// The privacy domain's public module (GDPR: download my data, delete my account, erasure on request).
// Outside privacy/, only the composition roots (graphql/schema.ts, rest/routes.ts, ...) import its other files.
export { myDataExport } from "./export.ts";
export { deleteMyAccount, eraseCustomerOnRequest, eraseReferralOnRequest, PRIVACY_MESSAGES } from "./service.ts";
