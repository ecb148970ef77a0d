-- DropIndex
DROP INDEX "Referral_customerId_createdAt_idx";

-- DropIndex
DROP INDEX "Activity_customerId_createdAt_idx";

-- CreateIndex
CREATE INDEX "Referral_customerId_createdAt_id_idx" ON "Referral"("customerId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Activity_customerId_createdAt_id_idx" ON "Activity"("customerId", "createdAt" DESC, "id" DESC);

