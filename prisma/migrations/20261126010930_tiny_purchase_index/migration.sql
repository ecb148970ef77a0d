-- CreateIndex
CREATE INDEX "CustomerProfile_originalPurchaseAmountPence_idx" ON "CustomerProfile"("originalPurchaseAmountPence");

