-- DropIndex
DROP INDEX "ReferralPurchase_verifiedAt_idx";

-- DropIndex
DROP INDEX "AuditEntry_resourceType_resourceId_idx";

-- CreateIndex
CREATE INDEX "Referral_createdAt_status_expiresAt_idx" ON "Referral"("createdAt", "status", "expiresAt");

-- CreateIndex
CREATE INDEX "ReferralPurchase_verifiedAt_liveReferralId_amountPence_idx" ON "ReferralPurchase"("verifiedAt", "liveReferralId", "amountPence");

-- CreateIndex
CREATE INDEX "ReferralPurchase_cancelledAt_id_idx" ON "ReferralPurchase"("cancelledAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "CreditLedgerEntry_createdAt_kind_amountPence_idx" ON "CreditLedgerEntry"("createdAt", "kind", "amountPence");

-- CreateIndex
CREATE INDEX "AuditEntry_resourceType_resourceId_id_idx" ON "AuditEntry"("resourceType", "resourceId", "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEntry_action_id_idx" ON "AuditEntry"("action", "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEntry_actorId_id_idx" ON "AuditEntry"("actorId", "id" DESC);

