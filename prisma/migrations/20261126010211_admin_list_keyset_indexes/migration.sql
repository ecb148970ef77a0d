-- DropIndex
DROP INDEX "CustomerProfile_status_createdAt_idx";

-- DropIndex
DROP INDEX "CustomerProfile_createdAt_idx";

-- CreateIndex
CREATE INDEX "CustomerProfile_status_createdAt_id_idx" ON "CustomerProfile"("status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "CustomerProfile_createdAt_id_idx" ON "CustomerProfile"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Referral_customerId_status_idx" ON "Referral"("customerId", "status");

