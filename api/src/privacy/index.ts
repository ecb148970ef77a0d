// The privacy domain's public module (GDPR: download my data, delete my account, erasure on request).
// Outside privacy/, compose/ imports its other files.
export { myDataExport } from "./export.ts";
export {
  deleteMyAccount,
  eraseCustomerOnRequest,
  eraseReferralForFriend,
  eraseReferralOnRequest,
  PRIVACY_MESSAGES,
} from "./service.ts";
