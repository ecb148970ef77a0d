-- CreateIndex
CREATE INDEX "Referral_createdAt_id_idx" ON "Referral"("createdAt", "id");

