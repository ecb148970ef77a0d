// The composition root's schema: imports every domain's schema part, then builds the schema. Nothing else belongs here.
import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "../graphql/builder.ts";
import "../graphql/commonTypes.ts";
import "../graphql/adminQueuesSchema.ts";
import "../auth/schema.ts";
import "../account/schema.ts";
import "../settings/schema.ts";
import "../settings/changeRequestSchema.ts";
import "../customers/schema.ts";
import "../customers/activitySchema.ts";
import "../referrals/schema.ts";
import "../milestones/schema.ts";
import "../referrals/purchaseSchema.ts";
import "../referrals/verificationRequestSchema.ts";
import "../referrals/ledgerSchema.ts";
import "../milestones/pendingListSchema.ts";
import "../milestones/paymentSchema.ts";
import "../milestones/payoutApprovalSchema.ts";
import "../milestones/customerPaymentRequestSchema.ts";
import "../emails/schema.ts";
import "../emails/outboxListSchema.ts";
import "../audit/schema.ts";
import "../analytics/schema.ts";
import "../customers/adminListSchema.ts";
import "../customers/approvalSchema.ts";
import "../referrals/adminListsSchema.ts";
import "../secondFactor/schema.ts";
import "../privacy/schema.ts";
import "../apiTokens/schema.ts";
import "../roles/schema.ts";
import "../webhooks/schema.ts";
import "../shareLinks/schema.ts";
import "../staff/schema.ts";
import "../fraud/schema.ts";
import "../fraud/holdSchema.ts";

export const schema = builder.toSchema();

export function printSchemaSdl(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
