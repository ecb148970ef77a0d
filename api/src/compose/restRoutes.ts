// The route table: every documented /api path, each mapped to one GraphQL operation. A domain adds its file here.
import { accountRoutes } from "../account/restRoutes.ts";
import { analyticsRoutes } from "../analytics/restRoutes.ts";
import { tokenMayRunOperation } from "../apiTokens/index.ts";
import { apiTokenRoutes } from "../apiTokens/restRoutes.ts";
import { auditRoutes } from "../audit/restRoutes.ts";
import { authRoutes } from "../auth/restRoutes.ts";
import { adminCustomerListRoutes } from "../customers/adminListRestRoutes.ts";
import { customerApprovalRoutes } from "../customers/approvalRestRoutes.ts";
import { customerRoutes } from "../customers/restRoutes.ts";
import { outboxListRoutes } from "../emails/outboxListRestRoutes.ts";
import { emailRoutes } from "../emails/restRoutes.ts";
import { holdRoutes } from "../fraud/holdRestRoutes.ts";
import { customerPaymentRequestRoutes } from "../milestones/customerPaymentRequestRestRoutes.ts";
import { milestonePaymentRoutes } from "../milestones/paymentRestRoutes.ts";
import { payoutApprovalRoutes } from "../milestones/payoutApprovalRestRoutes.ts";
import { pendingListRoutes } from "../milestones/pendingListRestRoutes.ts";
import { milestoneRoutes } from "../milestones/restRoutes.ts";
import { privacyRoutes } from "../privacy/restRoutes.ts";
import { adminReferralListRoutes } from "../referrals/adminListsRestRoutes.ts";
import { purchaseRoutes } from "../referrals/purchaseRestRoutes.ts";
import { referralRoutes } from "../referrals/restRoutes.ts";
import { verificationRequestRoutes } from "../referrals/verificationRequestRestRoutes.ts";
import { assertUniqueOperationIds } from "../rest/openapi.ts";
import { compileRoutes } from "../rest/shim.ts";
import { roleRoutes } from "../roles/restRoutes.ts";
import { secondFactorRoutes } from "../secondFactor/restRoutes.ts";
import { settingChangeRequestRoutes } from "../settings/changeRequestRestRoutes.ts";
import { settingsRoutes } from "../settings/restRoutes.ts";
import { shareLinkRoutes } from "../shareLinks/restRoutes.ts";
import { staffRoutes } from "../staff/restRoutes.ts";
import { webhookRoutes } from "../webhooks/restRoutes.ts";
import { schema } from "./schema.ts";

export const restRoutes = compileRoutes(
  [
    ...authRoutes,
    ...accountRoutes,
    ...settingsRoutes,
    ...settingChangeRequestRoutes,
    ...emailRoutes,
    ...outboxListRoutes,
    ...auditRoutes,
    ...customerRoutes,
    ...referralRoutes,
    ...milestoneRoutes,
    ...analyticsRoutes,
    ...purchaseRoutes,
    ...pendingListRoutes,
    ...milestonePaymentRoutes,
    ...payoutApprovalRoutes,
    ...customerPaymentRequestRoutes,
    ...adminCustomerListRoutes,
    ...customerApprovalRoutes,
    ...adminReferralListRoutes,
    ...secondFactorRoutes,
    ...privacyRoutes,
    ...apiTokenRoutes,
    ...roleRoutes,
    ...webhookRoutes,
    ...shareLinkRoutes,
    ...staffRoutes,
    ...holdRoutes,
    ...verificationRequestRoutes,
  ],
  { schema, tokenMayRunOperation },
);

// Two paths with one operationId would make /api/openapi.json invalid: the server refuses to start instead.
assertUniqueOperationIds(restRoutes);
